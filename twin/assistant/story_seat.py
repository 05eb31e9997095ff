"""The seat a story names: a reason that says whose comfort is meant, beside an order that names
a seat heater without an owner ("my wife is freezing so turn the seat heater on", "我老婆冷死了，
把座椅加热打开"). The seat served is that person's, by the conventions the labelled sets use:
the passenger, a spouse or partner, the one beside the speaker sit in front (the passenger's
seat); a child, a parent or a friend not said to sit in front has no seat the words give (the
rules leave it, the fallback asks which seat); the speaker and the companion together are both
front seats. The speaker's own complaint, a past story, a question, someone outside the car
change nothing: those stay as the rules read them.

:func:`story_seat` returns ``(whose, readings)``: ``whose`` is ``"passenger"``, ``"both"`` or
``"unplaced"``, ``readings`` the sentence and its order alone, each said for that seat (or those
seats); None when the sentence tells no such story.
"""

from __future__ import annotations

import re

from twin.assistant.seat_words import EN_COMPANIONS, EN_SEAT_HEATERS, ZH_COMPANIONS

_EN_FRONT = (r"(?:the|my|our) (?:front )?passenger|"
             rf"(?:my|the) (?:{EN_COMPANIONS}|date)|"
             r"the (?:lady|woman|girl|guy|man|person) (?:next to|beside) me|she")
_EN_UNPLACED = (r"(?:my|the|our) (?:little )?(?:kids?|child(?:ren)?|baby|son|daughter|boy|girl|"
                r"mum|mom|mam|mother|dad|father|grand\w+|gran|nan|granny|brother|sister|friend|"
                r"mate|colleague|boss|guest)|(?:mum|mom|mam|dad|grandma|grandpa)|he|they")
_EN_BOTH = (rf"(?:{_EN_FRONT}) and (?:i|me)|(?:i|me) and (?:{_EN_FRONT})|we|both of us")
_EN_FEEL = (r"(?:'s|'re| is| are| feels?| gets?| keeps?| says? (?:she|he)(?:'s| is)| (?:is|are) "
            r"getting)\s+(?:(?:so|really|very|a bit|a little|absolutely|bloody|quite|"
            r"pretty|getting|feeling|just|both|all)\s+)*"
            r"(?:freezing|frozen|cold|chilly|shivering|perishing|an icicle|too (?:hot|warm)|"
            r"boiling|roasting|sweating|baking|cooking|the cold)\b")
_EN_STORY = re.compile(
    rf"(?:^|[,.;]\s*|\b(?:so|and|but|because|cause|cos|coz|as|since)\s+)"
    rf"(?P<who>{_EN_BOTH}|{_EN_UNPLACED}|{_EN_FRONT}){_EN_FEEL}", re.IGNORECASE)
_EN_DEVICE = re.compile(rf"\b(?:the )?{EN_SEAT_HEATERS}\b", re.IGNORECASE)
_EN_PLURAL = re.compile(r"\bseats\b|\bheaters\b|\bwarmers\b", re.IGNORECASE)
_EN_LEAD = re.compile(r"^[\s,.;]*(?:(?:so|and|but|because|cause|cos|coz|as|since)\b[\s,]*)?",
                      re.IGNORECASE)
_ZH_LEAD = re.compile(r"^[\s，,。；;]*(?:所以|因为|那)?[\s，,]*")
_EN_OWNED = re.compile(
    r"\b(?:my|mine|our|your|her|his|their|hers|both|all|either|driver\w*|rear|back|front|"
    r"(?:passenger|driver)(?:'s)? (?:seat|side))\b|"
    r"'s (?:seat|heated)|\?|^(?:is|are|was|were|do|does|did|can|could) (?:my|the|she|he|it)\b|"
    r"\b(?:was|were|had been|yesterday|last (?:night|week|time)|at home|at work|in the house|"
    r"back home|outside|in the office)\b", re.IGNORECASE)

_ZH_FRONT = (rf"(?:我|俺)?{ZH_COMPANIONS}|"
             r"副驾驶?(?:上|那)?(?:的人|的|那位)?|坐副驾的|旁边(?:的人|这位|那位)?|她")
_ZH_UNPLACED = (r"(?:我|俺)?(?:孩子|小孩|宝宝|儿子|女儿|闺女|妈妈?|老妈|爸爸?|老爸|奶奶|爷爷|"
                r"姥姥|外婆|姥爷|外公|朋友|同事)|他们?|大家")
_ZH_BOTH = rf"我(?:和|跟)(?:{_ZH_FRONT})|我们|咱们|咱俩|我俩"
_ZH_STORY = re.compile(
    rf"(?:^|[，,。；;\s]|因为)(?P<who>{_ZH_BOTH}|{_ZH_UNPLACED}|{_ZH_FRONT})"
    r"(?:说)?(?:她|他)?(?:都|也|真|好|很|有点儿?|太|特别|快|要)?"
    r"(?:冷|冻|凉|怕冷|发抖|热死|热坏|太热|烫)[^，,。；;！!？?\s]*")
_ZH_DEVICE = re.compile(r"(?:座椅|座位)加热|加热座椅")
_ZH_OWNED = re.compile(r"主驾|副驾|我的|我这|她的|她那|他的|他那|后排|前排|两个|[？?吗]|"
                       r"昨天|前天|上次|那天|以前|在家|家里|公司|外面")


def _whose(who: str, both: str, unplaced: str) -> str:
    """Which seat the person ``who`` (the story's subject) sits in, by the sets' conventions."""
    if re.fullmatch(both, who, re.IGNORECASE):
        return "both"
    if re.fullmatch(unplaced, who, re.IGNORECASE):
        return "unplaced"
    return "passenger"


def story_seat(text: str, lang: str) -> tuple[str, tuple[str, ...]] | None:
    """Whose seat the order of ``text`` serves when a reason names the person and the order names
    a seat heater with no owner, and the order said for that seat: the whole sentence, then the
    order without the story (module docstring); else None."""
    zh = lang == "zh-CN"
    story = (_ZH_STORY if zh else _EN_STORY).search(text)
    if story is None or (_ZH_DEVICE if zh else _EN_DEVICE).search(text) is None:
        return None
    order = (text[:story.start()] + " " + text[story.end():]).strip()
    if (_ZH_OWNED if zh else _EN_OWNED).search(order):
        return None  # an owner, a question, a past or elsewhere story: read as said
    whose = _whose(story.group("who"), *((_ZH_BOTH, _ZH_UNPLACED) if zh
                                         else (_EN_BOTH, _EN_UNPLACED)))
    order = (_ZH_LEAD if zh else _EN_LEAD).sub("", order, count=1)
    if zh:
        zone = "主驾副驾" if whose == "both" else "副驾"
        said = [_ZH_DEVICE.sub(f"{zone}座椅加热", line, count=1) for line in (text, order)]
        if whose == "both":
            said = [line if "都" in line else re.sub(r"(?<=座椅加热)(?=[开打调给]|$)", "都", line,
                                                       count=1) for line in said]
        return whose, tuple(said)
    if whose != "both" and _EN_PLURAL.search(order):
        return None  # "the seat heaters" for one person: which seats is not said
    device = "both seat heaters" if whose == "both" else "the passenger seat heater"
    return whose, tuple(_EN_DEVICE.sub(device, line, count=1) for line in (text, order))
