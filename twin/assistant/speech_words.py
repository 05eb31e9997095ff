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

Regex fragments (non-capturing groups), not compiled; :mod:`twin.assistant.colloquial`,
:mod:`twin.assistant.phrasing`, :mod:`twin.assistant.shapes`, :mod:`twin.assistant.ellipsis`,
:mod:`twin.assistant.nlu`, :mod:`twin.assistant.multi`, :mod:`hil.llm.clauses`,
:mod:`hil.llm.corrections` and :mod:`hil.llm.several` import them.
"""

from __future__ import annotations

__all__ = ["EN_CORRECTION_MARKS", "EN_HESITATIONS", "EN_TAKE_BACK", "ZH_CORRECTION_MARKS",
           "ZH_HESITATIONS", "ZH_TAKE_BACK"]

EN_HESITATIONS = r"(?:um+|uh+|er+|erm+|uhm+)"
"""A hesitation said in English, its sound held or not ("um", "ummm", "uhh", "erm")."""

ZH_HESITATIONS = r"(?:嗯+|呃+|额+)"
"""A hesitation said in Chinese ("嗯", "呃呃", "额")."""

EN_TAKE_BACK = r"(?:never ?mind|forget (?:it|that|about it)|cancel(?: that| it)?|scratch that)"
"""Words that take back what was said, in English."""

ZH_TAKE_BACK = r"(?:还是算了|算了|不要了|不用了|取消)"
"""Words that take back what was said, in Chinese."""

EN_CORRECTION_MARKS = (r"(?:no|nope|nah|wait|sorry|oops|actually|i mean|scratch that|correction|"
                       r"or rather|rather)")
"""Words that mark a self-correction, in English."""

ZH_CORRECTION_MARKS = r"(?:不对|说错了|错了|哦不|啊不|呃不|不不)"
"""Words that mark a self-correction, in Chinese (without "不是": module docstring)."""
