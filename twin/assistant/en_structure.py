"""English readings by structure, not by vocabulary: the shapes a driver's sentence takes
around an order (:func:`twin.assistant.colloquial.plainly` reads them).

:data:`FIRST` is read before the register table, on the sentence as heard: a learner's word
order ("please you play the music", "you make the window close", "the window make open"), a
verb of softening or lifting on a known device noun ("let's soften the fan", "ease the music"),
an order after a story of any length that leads into "let's" ("… and as we breathe out let's
…"), a change narrated as it happens ("… folks the volume goes up two notches"), a robot's
register ("INITIATE WINDSCREEN DEFROST PROTOCOL"), someone beside the speaker telling of her seat.
:data:`LAST` is read after it, on the order as the table left it: an order or a way word
said again ("the radio louder dear LOUDER the radio louder", "down down down"), a bare window
with the whole way and its state ("window all the way down"), the climate made colder by name
("make climate colder"), a thing "of" its owner ("the heating of the seat of my wife"), what an
order is for ("… so I can pay"), the volume's steps with a unit, a way said bare with its amount,
a song tired of and how often it was heard. Like the table, a reading only drops a word or says
it plainly: it never adds a request.
"""

from __future__ import annotations

import re
from typing import Any

from twin.assistant.binding_words import EN_NUMBERS, binds
from twin.assistant.speech_words import EN_CRIES

__all__ = ["BOUND", "FIRST", "LAST", "REFUSED"]

BOUND = re.compile(
    r"\b(?:if|when|whenever|once|unless|until|till|later|tomorrow|tonight|soon|instead|rather|"
    r"seat|window\w*|fan|heat\w*|temp\w*|music|volume|radio|a ?c|aircon|air|defrost\w*|song|"
    r"track|home|blower|vents?|cold|hot|freez\w*|boiling|loud|quiet)\b|[?]", re.IGNORECASE)
"""A story that binds the decision after it (a time, a condition) or names a cabin function or
a complaint (which may point another way)."""
REFUSED = re.compile(r"\b(?:no|not|never|don'?t|do not|can'?t|won'?t|stop|nothing)\b|n't\b",
                      re.IGNORECASE)
"""A refusal said in a story: it may be about the order after it."""

_VERBS = (r"turn|switch|put|open|close|shut|play|pause|stop|mute|unmute|skip|set|make|roll|wind|"
          r"raise|lower|start|give|bring|drop|take|navigate|resume")
"""Order verbs a learner says after "you" ("please you play …")."""
_DEVICE = (r"fan|blower|air ?flow|music|volume|radio|sound|heat|heating|heater|temperature|"
           r"temp")
"""Device nouns a way can be said of (up or down), not the window (its verbs are its own)."""
_THINGS = (r"song|track|music|tunes|radio|volume|sound|windows?|fan|ac|aircon|heat|heating|"
           r"heater|warmer|defrost|temperature|temp|it|them")
"""What an order ends on before a reason said without a pause: its thing (then perhaps its way;
never a particle before another object, "turn off the six am alarm")."""
_STATE = (r"open|close|closed|shut|louder|quieter|softer|warmer|cooler|colder|hotter|higher|"
          r"lower|stronger|weaker")
_SOFTEN = r"soften|ease|calm|gentle|mellow|tame|quieten|settle|relax|lighten"
"""Verbs of softening, easing (a yoga teacher's register): the device turned down (not "hush":
the templates read it as mute)."""
_LIFT = r"lift|liven up|perk up|open up|wake up"
"""Verbs of lifting or opening up: the device turned up (not "brighten": a screen's)."""
_BESIDE = (r"(?:who'?s |who is |sitting |sat |riding )?(?:next to me|beside me|up front|"
           r"in the front|(?:up front )?in the (?:front )?passenger seat)")
"""Where someone sits that is the passenger's seat: beside the driver, up front."""
_NOT_AFTER = r"(?!\s+(?:up|down|on|off|open|higher|lower|louder|quieter|to|at|by)\b)"
"""A way or a value said after the device: the verb is not the whole way, not read."""


def _story_before_lets(m: re.Match[str]) -> str:
    """The order after "let's" alone, unless the story before it binds it or refuses."""
    story = m.group("s")
    return m.group(0) if BOUND.search(story) or REFUSED.search(story) else m.group("c")


def _narrated(m: re.Match[str]) -> str:
    """:data:`_NARRATED`'s change as an order, unless what is said around it binds or refuses."""
    around = f"{m.group('s')} {m.group('t') or ''}".strip()
    if not around or BOUND.search(around) or REFUSED.search(around) or _ELSEWHERE.search(around):
        return m.group(0)
    return f"turn the {m.group('d')} {m.group('w')}{m.group('n') or ''}"


_ELSEWHERE = re.compile(r"\b(?:car|old|other|usually|always|sometimes|normally|every|each|used)\b",
                        re.IGNORECASE)
"""Words that make a narrated change another car's or a habit ("in my old car the volume goes
up")."""
_NARRATED = re.compile(
    r"^(?P<s>(?:[a-z']+[\s,]+){0,8}?)(?:the )?(?P<d>volume|music|fan|temperature) "
    r"(?:goes|is going) (?P<w>up|down)"
    r"(?P<n> (?:by )?(?:one|two|three|a) (?:notch(?:es)?|steps?|clicks?|levels?))?"
    r"(?P<t>[\s,]+(?:folks|" + EN_CRIES + r")(?:[\s,]+[a-z']+){0,3})?\s*[.!]*$",
    re.IGNORECASE)
"""A change narrated as it happens, a commentator's register ("and he's going for it folks the
volume goes up two notches what a moment"): the change as an order, when nothing said around it
binds it (a time, a condition, a cabin word, another car) and it ends there or on a cry; never
said bare (a clause after a pause may be a story's: "in my old car, the volume goes up …")."""


def _said_again(m: re.Match[str]) -> str:
    """An order said again with at most two words between ("the radio louder dear LOUDER the
    radio louder"): said once, when each word between is a word of the order or binds nothing
    (a name, a tag); else as said."""
    words = m.group(0).split()
    low = [w.lower().strip(",.!") for w in words]
    if low[0] not in low[2:]:
        return m.group(0)
    for size in range(min(6, len(low) // 2), 1, -1):
        between = low[size:len(low) - size]
        if len(between) > 2 or low[:size] != low[len(low) - size:]:
            continue
        if all(w in low[:size] or not binds(w) for w in between):
            return " ".join(words[:size])
    return m.group(0)


FIRST: tuple[tuple[Any, ...], ...] = (
    # an order after a story that leads into "let's" ("and breathe in and as we breathe out
    # let's soften the fan"): the order alone, unless the story binds it (BOUND) or refuses
    (re.compile(rf"^(?P<s>(?:\S+\s+){{3,}}?)(?P<c>let'?s\s+(?:{_VERBS}|{_SOFTEN}|{_LIFT})\b.*)$",
                re.IGNORECASE),
     _story_before_lets,
     ("let",)),
    (_NARRATED, _narrated, ("goes", "going")),
    # a robot's register: its noises and acknowledgements read away, "initiate X protocol" and
    # "execute X" the order ("BEEP BOOP COMMAND RECEIVED INITIATE WINDSCREEN DEFROST PROTOCOL")
    (re.compile(r"\b(?:beep|bleep)[\s,]+(?:boop|bloop)\b[\s,.!]*", re.IGNORECASE), "",
     ("boop", "bloop")),
    (re.compile(r"[\s,]+(?:beep|boop|bleep|bloop)(?:[\s,]+(?:beep|boop|bleep|bloop))*\s*[.!]*$",
                re.IGNORECASE), "", ("beep", "boop", "bleep", "bloop")),
    (re.compile(r"\b(?:command|order|request|instruction)s? (?:received|accepted|acknowledged|"
                r"confirmed)\b[\s,.:]*", re.IGNORECASE), "",
     ("received", "accepted", "acknowledged", "confirmed")),
    (re.compile(r"^(?:initiate|engage|activate|commence)\s+(?P<x>(?:the )?(?:windscreen |"
                r"windshield |front |rear )?(?:defrost\w*|demist\w*|defog\w*))"
                r"(?:\s+(?:protocol|sequence|procedure|routine|subroutine|program(?:me)?|mode))?"
                r"(?=\s*[.!]*$)", re.IGNORECASE), r"turn on \g<x>",
     ("initiate", "engage", "activate", "commence")),
    (re.compile(r"^execute\s+(?=(?:media|music|climate|temperature|fan|volume|window|seat|"
                r"navigation|defrost)\b)", re.IGNORECASE), "", ("execute",)),
    (re.compile(r"\bdegree units\b", re.IGNORECASE), "degrees", ("units",)),
    # an order said again: "the radio louder dear LOUDER the radio louder" -> "the radio louder"
    (re.compile(r"^\S+(?:\s+\S+){3,13}$"), _said_again, (" ",)),
    # a learner's "you" before the order verb: "please you play the music and you put …"
    (re.compile(rf"^(?P<p>(?:please|kindly)\s+)you\s+(?=(?:{_VERBS})\b)", re.IGNORECASE),
     r"\g<p>",
     ("you",)),
    (re.compile(rf"^(?P<h>(?:please|kindly)\s+(?:{_VERBS})\b.*?\band)\s+you\s+(?=(?:{_VERBS})\b)",
                re.IGNORECASE),
     r"\g<h> ",
     ("and you",)),
    # "you make the window close": the causative said to the car, "you" first
    (re.compile(r"^(?P<p>(?:please\s+)?)you\s+(?=make\s+(?:the|my|our)\s)", re.IGNORECASE),
     r"\g<p>",
     ("you make",)),
    # a learner's "you" before an order said first ("you put the heating of my seat at the
    # maximum please"): the order, unless the sentence tells of another time or judges it
    (re.compile(r"^you\s+(?=(?:put|set|turn|switch|make|open|close|give)\s+(?:the|my|our)\s)"
                r"(?!.*\b(?:yesterday|earlier|last|before|again|already|ago|when|if|too|always|"
                r"never|wrong|why|didn'?t)\b)(?!.*[?])", re.IGNORECASE),
     "",
     ("you ",)),
    # the thing first, then "make" and its state: "the window make open" -> "make the window open"
    (re.compile(rf"^(?P<p>(?:please\s+)?)(?P<x>(?:the|my|our)\s+(?:\w+\s+)?(?:windows?|{_DEVICE}))"
                rf"\s+(?:you\s+)?make\s+(?P<s>{_STATE})\b", re.IGNORECASE),
     r"\g<p>make \g<x> \g<s>",
     ("make",)),
    # the thing first, then its verb, after "please" (a learner's order): "please the music
    # stop", "please the window open all the way" -> "please stop the music", "… open the window
    # all the way"; a call said before "please" is read away when it binds nothing
    (re.compile(rf"^(?:(?P<t>[a-z]+)\s*,?\s+)?(?P<p>please\s+)(?P<x>(?:the|my|our)\s+"
                rf"(?:\w+\s+)?(?:windows?|{_DEVICE}))\s+(?P<v>stop|pause|open|close|shut|mute|"
                r"play|start)\b", re.IGNORECASE),
     lambda m: m.group(0) if m.group("t") and binds(m.group("t")) else (
         f"{m.group('p')}{m.group('v')} {m.group('x')}"),
     ("please",)),
    # a verb of softening or lifting on a device: "let's soften the fan just a touch"
    (re.compile(rf"\b(?:let'?s\s+|let us\s+)?(?:{_SOFTEN})\s+(?:down\s+|off\s+)?"
                rf"(?P<a>(?:the|my|our|that|this)\s+)?(?P<d>{_DEVICE})\b(?:\s+(?:down|off)\b)?"
                rf"{_NOT_AFTER}", re.IGNORECASE),
     r"turn \g<a>\g<d> down",
     ("soften", "ease", "calm", "gentle", "mellow", "tame", "quieten", "settle", "relax",
      "lighten")),
    (re.compile(rf"\b(?:let'?s\s+|let us\s+)?(?:{_LIFT})\s+(?P<a>(?:the|my|our|that|this)\s+)?"
                rf"(?P<d>{_DEVICE})\b(?:\s+up\b)?{_NOT_AFTER}", re.IGNORECASE),
     r"turn \g<a>\g<d> up",
     ("lift", "liven", "perk", "open up", "wake up")),
    # someone said to sit beside the speaker tells of her seat ("the nurse sitting next to me
    # says her seat is freezing"): the passenger seat (never a past state: "was")
    (re.compile(rf"^(?:the|my|our) [a-z]+(?: [a-z]+)? {_BESIDE} (?:says|said|reckons|tells me|"
                r"is saying|keeps saying|complains)(?: that)? (?:her|his|their) seat"
                r"(?=(?:'s| is| feels)\b)", re.IGNORECASE),
     "the passenger seat",
     ("next to me", "beside me", "up front", "in the front", "passenger seat")),
)
"""Read before the register table (see the module doc)."""

LAST: tuple[tuple[Any, ...], ...] = (
    # a way word said again, last: "window whole way down down down down" -> "… down" (never
    # before a value: "on, on high" says how high)
    (re.compile(r"\b(?P<w>down|up|more|louder|quieter|higher|lower|warmer|cooler|open|closed|"
                r"shut|on|off)(?:[\s,!.]+(?P=w)\b)+(?=\s*[.!]*$)", re.IGNORECASE),
     r"\g<w>",
     ("down", "up", "more", "louder", "quieter", "higher", "lower", "warmer", "cooler", "open",
      "closed", "shut", "on", "off")),
    # a bare window, the whole way and its state: "window all the way down"
    (re.compile(r"^(?:the\s+|my\s+)?(?P<d>windows?)\s+(?:all the way|fully|completely|right)\s+"
                r"(?P<s>down|open)\s*[.!]*$", re.IGNORECASE),
     r"open the \g<d> all the way",
     ("all the way", "fully", "completely", "right")),
    # the climate made colder by name: "make climate colder by two degrees" -> "make it colder"
    (re.compile(r"\bmake\s+(?:the\s+)?(?:climate|temperature|temp)\s+(?=(?:a (?:bit|little|touch|"
                r"lot) |much )?(?:colder|cooler|warmer|hotter)\b)", re.IGNORECASE),
     "make it ",
     ("climate", "temp")),
    # a learner's "with cold" for a feeling: "she is with cold" -> "she is cold"
    (re.compile(r"\b(?P<s>(?:she|he|i|we|they|it)\s+(?:is|am|are|'s|'m|'re))\s+with\s+"
                r"(?P<f>cold|heat)\b", re.IGNORECASE),
     lambda m: f"{m.group('s')} {'cold' if m.group('f').lower() == 'cold' else 'hot'}",
     (" with cold", " with heat")),
    # the heat said to be in a seat: "the heat in the seat of my wife", "the heat in my seat"
    # -> the seat heating (of whose seat)
    (re.compile(r"\bthe (?:heat|heating|warmth|warming) in the seat\b", re.IGNORECASE),
     "the seat heating",
     (" in the seat",)),
    (re.compile(r"\bthe (?:heat|heating|warmth|warming) in (?P<p>(?:my|our) \w+'s|my|her|his) "
                r"seat\b", re.IGNORECASE),
     r"\g<p> seat heating",
     (" seat",)),
    # a learner's "make the X to close": "make the air condition to close" -> "turn the … off"
    (re.compile(r"\bmake (?P<x>(?:the|my) (?:air ?condition\w*|a ?c|aircon|fan|blower|heater|"
                r"heating|radio|music)) to (?P<s>close|stop|off|shut|open|on|start)\b",
                re.IGNORECASE),
     lambda m: f"turn {m.group('x')} "
     f"{'on' if m.group('s').lower() in ('open', 'on', 'start') else 'off'}",
     (" to ",)),
    # a learner's reason said without its subject: ", is enough cold now" -> ", it's cold enough"
    (re.compile(r",\s*is (?P<q>enough|too|very|so|already) (?P<a>cold|hot|warm|cool|loud|quiet|"
                r"cold enough|hot enough)\b", re.IGNORECASE),
     lambda m: f", it's {m.group('a')} enough" if m.group("q").lower() == "enough" else (
         f", it's {m.group('q')} {m.group('a')}"),
     (", is ",)),
    # a thing "of" its owner: "the heating of the seat of my wife" -> "my wife's seat heating"
    (re.compile(r"\bthe (?P<a>heating|heater|warmer|warming) of the seat\b", re.IGNORECASE),
     r"the seat \g<a>",
     (" of the seat",)),
    (re.compile(r"\bthe (?P<a>heating|heater|warmer|warming) of (?P<p>my|her|his) seat\b",
                re.IGNORECASE),
     r"\g<p> seat \g<a>",
     (" of my", " of her", " of his")),
    (re.compile(r"\bthe (?P<a>seat(?: heating| heater| warmer)?) of (?P<p>my|our) "
                r"(?P<w>wife|husband|partner|mother|father|mum|mom|dad|son|daughter)\b",
                re.IGNORECASE),
     r"\g<p> \g<w>'s \g<a>",
     (" of my", " of our")),
    # a reason said after the order without a pause ("turn on my wife's seat heating she is
    # cold"): the pause, so that the reason is judged as every aside is (never before a
    # thing's state: "close the window the fan is on")
    (re.compile(rf"^(?P<o>(?:(?:can|could|would|will) you\s+)?(?:please\s+)?(?:{_VERBS}|go|keep)\b"
                rf".*?\b(?:{_THINGS}|everything)"
                r"(?:\s+(?:up|down|on|off|louder|quieter|warmer|cooler))?"
                r"(?:\s+(?:a bit|a little|a touch|a tad|a notch|please|now|for a minute|"
                r"(?:for )?(?:a|one) (?:minute|moment|sec|second)))?)\s+"
                r"(?=(?:i\s+am|(?:we|she|he|they|it|there|(?:the|my|our|his|her) (?:\w+ )?\w+)"
                r"(?:\s+(?:is|are|was|were|(?:wants|needs)(?!\s+(?:it|this|that|them)\b))|'s)|"
                r"this is)\b"
                r"(?!\s+(?:up|down|on|off|open|closed|shut)\s*[.!]*$))",
                re.IGNORECASE),
     r"\g<o>, ",
     (" is ", " are ", "i am ", " was ", " were ", "'s ", " wants ", " needs ")),
)
"""Read after the register table (see the module doc)."""
_NAMED = _THINGS.removesuffix("|it|them")
"""What an order ends on, named (not "it": "turn it up so I can hear" may not be the music)."""
_PURPOSE = (re.compile(rf"^(?P<o>(?:please\s+)?(?:{_VERBS})\b[^,]*?\b(?:{_NAMED})\b"
                       r"(?:[^,]*?\b(?:up|down|on|off|all the way))?(?:\s+(?:please|now))?)"
                       r"\s*,?\s+(?:so (?:that )?(?:i|we|you|she|he|they|the \w+) can(?!'|not)|"
                       r"make (?:i|we|una|dem)(?! no\b))\b"
                       r"(?P<r>.*)$", re.IGNORECASE),
            lambda m: m.group(0) if REFUSED.search(m.group("r")) else m.group("o"),
            (" so ", " make "))
"""What a complete order is for, said after it ("wind my window all the way down so I can hand
the ticket over"; Pidgin "pause the song make I hear ...": so that I hear): the order alone (a
purpose binds nothing; "so I can't …" is left as said)."""
_UNIT_OF_VOLUME = (
    re.compile(r"\b(?P<h>(?:volume|music|radio|sound|it) (?:up|down) (?:by )?(?:one|two|three|four|"
               r"five|[1-5])) (?:notch(?:es)?|steps?|clicks?|levels?|bars?)(?=\s*[.!,]*$)",
               re.IGNORECASE),
    r"\g<h>",
    ("notch", "step", "click", "level", "bar"))
"""The volume's steps said with a unit ("turn the volume up two notches"): the steps as a number
(the templates read "volume up two")."""
_BARE_COMPARED = (
    re.compile(r"(?:^|\b(?P<j>then|and) )(?:(?:the )?(?:climate|temperature|temp|cabin) )?"
               rf"(?=(?:cooler|warmer|colder|hotter) by {EN_NUMBERS} degrees?"
               r"\s*[.!]*$)", re.IGNORECASE),
    lambda m: f"{m.group('j')} make it " if m.group("j") else "make it ",
    ("cooler", "warmer", "colder", "hotter"))
"""A way and its amount said bare, or of the climate by name ("then climate cooler by two
degrees"): the cabin made so; a step past the range too ("warmer by eight degrees": refused,
its range said, beside the other commands acting)."""
_SONG_HEARD = (
    re.compile(r"^(?P<c>(?:i'?m|i am|we'?re|we are)\s+(?:so\s+|really\s+)?(?:sick|tired|bored)"
               r"(?:\s+to death)?\s+of)\s+(?:the|this|that)\s+(?P<o>song|track|tune)\s*,?\s+"
               r"(?P<r>(?:we|i|they|you|the kids)(?:'ve| have) (?:had|played|heard) it\b.*)$",
               re.IGNORECASE),
    lambda m: m.group(0) if REFUSED.search(m.group("r")) else (
        f"{m.group('c')} this {m.group('o')}"),
    ("had it", "played it", "heard it"))
"""Tiredness of a song and how often it was heard ("I'm sick to death of this song we've had it
on repeat since the campsite"): the tiredness alone (a refusal after it is left as said)."""
LAST = (*LAST, _PURPOSE, _UNIT_OF_VOLUME, _BARE_COMPARED, _SONG_HEARD)
