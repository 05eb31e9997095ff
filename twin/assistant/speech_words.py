"""Words about the saying, not the cabin: one list of each for the rules and the fallback.

* :data:`EN_HESITATIONS`, :data:`ZH_HESITATIONS`: a sound made while thinking ("um", "erm",
  "嗯", "呃"), read away wherever the readers meet it. Readers that also drop other fillers
  ("like", "you know", "啊", "那个") name those beside the list.
* :data:`EN_TAKE_BACK`, :data:`ZH_TAKE_BACK`: words that take back what was said ("never mind",
  "scratch that", "算了", "不用了"). Readers that take more back ("no" said last, "逗你玩的") name
  those beside the list.
* :data:`EN_CORRECTION_MARKS`, :data:`ZH_CORRECTION_MARKS`: words that say the words before them
  were misspoken, the wish said after them replacing it ("fan on five, no wait, four", "静音
  哦不 暂停"). "不是" is not in the Chinese list: it is a correction only where a reader can tell
  it from a plain "is not" (said alone, or before a pause).
* :data:`EN_CRIES`: a cry said after an order ("what a day", "here we go"), no order of its own.
* :data:`EN_CLAUSE_START`: a clause of its own starting (a subject and its verb, "the maps keep
  blowing about", "it's roasting"), where a story follows an order said with no pause.

Regex fragments (non-capturing groups), not compiled; :mod:`twin.assistant.colloquial`,
:mod:`twin.assistant.phrasing`, :mod:`twin.assistant.shapes`, :mod:`twin.assistant.ellipsis`,
:mod:`twin.assistant.nlu`, :mod:`twin.assistant.multi` and the fallback's readers of clauses,
corrections and several commands import them.
"""

from __future__ import annotations

__all__ = ["EN_CLAUSE_START", "EN_CORRECTION_MARKS", "EN_CRIES", "EN_HESITATIONS", "EN_TAKE_BACK",
           "ZH_CORRECTION_MARKS", "ZH_HESITATIONS", "ZH_TAKE_BACK"]

EN_HESITATIONS = r"(?:um+|uh+|er+|erm+|uhm+)"
"""A hesitation said in English, its sound held or not ("um", "ummm", "uhh", "erm")."""

ZH_HESITATIONS = r"(?:嗯+|呃+|额+)"
"""A hesitation said in Chinese ("嗯", "呃呃", "额")."""

EN_CRIES = (r"(?:what an? [a-z]+|here we go|oh my(?: god| gosh| word)?|"
            r"thank (?:god|goodness|heavens))")
"""A cry said after an order, with or without a pause ("… get me home what a wedding", "…
the volume goes up two notches what a moment"): a remark, no order."""

EN_TAKE_BACK = r"(?:never ?mind|forget (?:it|that|about it)|cancel(?: that| it)?|scratch that)"
"""Words that take back what was said, in English."""

ZH_TAKE_BACK = r"(?:还是算了|算了|不要了|不用了|取消)"
"""Words that take back what was said, in Chinese."""

EN_CORRECTION_MARKS = (r"(?:no|nope|nah|wait|sorry|oops|actually|i mean|scratch that|correction|"
                       r"or rather|rather)")
"""Words that mark a self-correction, in English."""

ZH_CORRECTION_MARKS = r"(?:不对|说错了|搞错了|弄错了|错了|哦不|啊不|呃不|不不)"
"""Words that mark a self-correction, in Chinese (without "不是": module docstring)."""

EN_CLAUSE_START = (r"(?i:(?:the|my|our|her|his|their|your|this|that|these|those)\s+"
                   r"(?:[\w']+\s+){0,4}?"
                   r"(?:keeps?|kept|is|are|was|were|has|have|won't|can't|isn't|aren't)\b|"
                   r"(?:i'?m|i am|we'?re|we are|she'?s|he'?s|they'?re|it'?s|it is|it keeps|"
                   r"is too|is so)\b)")
"""A clause of its own starting in English: a subject and its verb ("the dog's lead is
tangled", "we're roasting"), or a verb whose "it" was left unsaid ("is too hot")."""
