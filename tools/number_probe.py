"""A systematic number probe generated from the catalogue: every number slot, said every way.

``python tools/number_probe.py --write FILE`` writes the probe as a labelled JSONL file
(``twin nlu --eval FILE`` reads it; each line also carries ``accept``, the values that are
right, and ``form``, how its number was said). ``python tools/number_probe.py --score [--llm]``
runs the rules (and with ``--llm`` the fallback on what they leave, no deadline) on every probe
line and prints the counts of :func:`outcome` per slot, form and language, as one JSON object;
``-v`` also prints each unsafe line (a misread number, a wrong way, an out-of-range line acted
on). The probe lines are built here, never copied from any data set.

For every intent whose catalogue value is a number (:data:`~twin.assistant.intents.INTENTS`,
kind ``int``), the carrier sentences of :data:`CARRIERS` (both languages; a set, a step up, a
step down) are crossed with numbers in and out of the slot's range, said as digits, as words
("twenty-two", 二十二, 两), with a unit or a level word ("level three", 三档, 百分之三十,
"30 percent"), as a range end ("max", 最低), as a half ("twenty-two and a half", 二十二度半:
either neighbour is right) and with a filler or tag after it ("like", "yeah", 吧). Each line is
labelled by construction: the command it asks for, or ``out_of_range`` (right when nothing on
its topic acts).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.probe_run import probe_main  # noqa: E402
from twin.assistant.intents import INTENTS  # noqa: E402
from twin.assistant.scoring import topic_of  # noqa: E402

EN, ZH = "en", "zh-CN"

_EN_ONES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
            "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
            "seventeen", "eighteen", "nineteen")
_EN_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
            "ninety")
_ZH_DIGITS = "零一二三四五六七八九"


def en_words(n: int, sep: str = "-") -> str:
    """``n`` (0..999) in English words: 22 -> "twenty-two" (``sep`` joins tens and ones)."""
    if n < 20:
        return _EN_ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _EN_TENS[tens] + (sep + _EN_ONES[ones] if ones else "")
    hundreds, rest = divmod(n, 100)
    return _EN_ONES[hundreds] + " hundred" + (" and " + en_words(rest, sep) if rest else "")


def zh_words(n: int, liang: bool = False) -> str:
    """``n`` (0..999) in Chinese numerals: 22 -> 二十二, 15 -> 十五, 2 -> 两 with ``liang``."""
    if n == 2 and liang:
        return "两"
    if n < 10:
        return _ZH_DIGITS[n]
    if n < 20:
        return "十" + (_ZH_DIGITS[n % 10] if n % 10 else "")
    if n < 100:
        tens, ones = divmod(n, 10)
        return _ZH_DIGITS[tens] + "十" + (_ZH_DIGITS[ones] if ones else "")
    hundreds, rest = divmod(n, 100)
    tail = "" if not rest else ("零" + zh_words(rest) if rest < 10 else
                                "一" + zh_words(rest) if rest < 20 else zh_words(rest))
    return _ZH_DIGITS[hundreds] + "百" + tail


# Carrier sentences per intent and language: {n} is the number said (with its unit where the
# carrier has none). The unit each slot's number takes: (en, zh) templates around {v}.
CARRIERS: dict[str, dict[str, tuple[str, ...]]] = {
    "climate_set_temperature": {
        EN: ("set the temperature to {n}", "temperature to {n}", "make it {n} in here",
             "can you put the heat on {n}", "turn the temperature up to {n}",
             "bring the temperature down to {n}"),
        ZH: ("温度调到{n}", "把空调设成{n}", "温度{n}", "温度调高到{n}", "温度降到{n}")},
    "climate_temperature_up": {
        EN: ("turn the temperature up by {n}", "make it {n} warmer", "raise the temp by {n}",
             "turn the heat up {n}"),
        ZH: ("温度调高{n}", "温度升高{n}", "再高{n}")},
    "climate_temperature_down": {
        EN: ("turn the temperature down by {n}", "make it {n} cooler", "drop the temp by {n}",
             "turn the heat down {n}"),
        ZH: ("温度调低{n}", "温度降低{n}", "再低{n}")},
    "climate_set_fan": {
        EN: ("set the fan to {n}", "fan speed {n}", "put the fan on {n}"),
        ZH: ("风量调到{n}", "风速{n}", "把风扇开到{n}")},
    "climate_fan_up": {
        EN: ("turn the fan up by {n}", "fan up {n}"),
        ZH: ("风量调大{n}", "风速加{n}")},
    "climate_fan_down": {
        EN: ("turn the fan down by {n}", "fan down {n}"),
        ZH: ("风量调小{n}", "风速减{n}")},
    "seat_heat_driver": {
        EN: ("heated seat on for me, {n}", "set my seat heating to {n}",
             "driver seat heater on {n}"),
        ZH: ("主驾座椅加热{n}", "把我的座椅加热开到{n}", "主驾座椅加热调到{n}")},
    "seat_heat_passenger": {
        EN: ("passenger seat heating to {n}", "heat the passenger seat, {n}"),
        ZH: ("副驾座椅加热{n}", "副驾座椅加热调到{n}")},
    "window_set_position": {
        EN: ("open the window to {n}", "put the window at {n}", "window {n} open"),
        ZH: ("车窗开到{n}", "窗户打开{n}", "把车窗开到{n}")},
    "media_volume_set": {
        EN: ("volume to {n}", "set the volume at {n}", "turn the radio up to {n}",
             "turn the volume down to {n}"),
        ZH: ("音量调到{n}", "把音量设为{n}", "收音机音量调到{n}", "声音调到{n}")},
    "media_volume_up": {
        EN: ("turn the volume up by {n}", "louder by {n}"),
        ZH: ("音量调大{n}格", "声音调高{n}格")},
    "media_volume_down": {
        EN: ("turn the volume down by {n}", "quieter by {n}"),
        ZH: ("音量调小{n}格", "声音调低{n}格")},
}

# How each topic's number is said, per language: (unit template, a level template or None).
_UNITS: dict[str | None, dict[str, tuple[str, ...]]] = {
    "climate_temperature": {EN: ("{v} degrees", "{v}"), ZH: ("{v}度",)},
    "climate_fan": {EN: ("level {v}", "{v}"), ZH: ("{v}档",)},
    "seat_heat": {EN: ("level {v}",), ZH: ("{v}档",)},
    "window": {EN: ("{v} percent", "{v}%"), ZH: ("百分之{v}", "{v}%")},
    "media_volume": {EN: ("{v}",), ZH: ("{v}",)},
}

FILLERS: dict[str, tuple[str, ...]] = {
    EN: ("", " like", " yeah", " please", ", thanks", " mate", " or so"),
    ZH: ("", "吧", "啊", "哦", "谢谢", "左右"),
}

# Out-of-range numbers per intent (above the top; a set's slot never goes below 0).
_OUT: dict[str, tuple[int, ...]] = {
    "climate_set_temperature": (35, 10, 85), "climate_temperature_up": (8, 10),
    "climate_temperature_down": (7, 10), "climate_set_fan": (9, 12),
    "climate_fan_up": (5,), "climate_fan_down": (6,), "seat_heat_driver": (5,),
    "seat_heat_passenger": (4,), "window_set_position": (150,),
    "media_volume_set": (45, 80), "media_volume_up": (15,), "media_volume_down": (20,),
}

# Range ends said as words: (en words, zh words, the value: "high" or "low").
_ENDS = ((("max", "maximum"), ("最大", "最高"), "high"),
         (("the lowest", "minimum"), ("最低",), "low"))
# The lowest a range end may mean where 0 is "off": the lowest level that is on.
_LOWEST_ON = {"climate_set_fan": 1, "seat_heat_driver": 1, "seat_heat_passenger": 1}


@dataclass(frozen=True)
class ProbeLine:
    """One probe sentence and what is right for it."""

    text: str
    lang: str
    intent: str
    value: int
    accept: tuple[int, ...]
    form: str
    out_of_range: bool = False
    way: int = 0
    """The way a set's carrier says it goes ("up to", 降到): +1, -1, or 0."""

    def as_json(self) -> dict[str, object]:
        """The labelled-query JSON object (``twin nlu --eval`` reads it)."""
        return {"text": self.text, "lang": self.lang, "intent": self.intent, "value": self.value,
                "kind": "out_of_range" if self.out_of_range else "paraphrase",
                "accept": list(self.accept), "form": self.form}


def number_intents() -> list[str]:
    """The catalogue's intents whose value is a number, each with carriers here."""
    return [name for name, s in INTENTS.items() if s.kind == "int" and name in CARRIERS]


def _said(v: int, lang: str) -> list[tuple[str, str]]:
    """(form, words) for the number ``v`` in ``lang``."""
    if lang == EN:
        forms = [("digits", str(v)), ("words", en_words(v))]
        if 20 < v < 100 and v % 10:
            forms.append(("words", en_words(v, " ")))
        return forms
    forms = [("digits", str(v)), ("words", zh_words(v))]
    if v == 2:
        forms.append(("liang", zh_words(v, liang=True)))
    return forms


def _in_range(intent: str) -> list[int]:
    s = INTENTS[intent]
    assert s.low is not None and s.high is not None
    mid = (s.low + s.high) // 2
    picks = {s.low, s.high, mid, min(s.high, s.low + 2)}
    if intent == "window_set_position":
        picks = {10, 30, 50, 75, 100}
    if intent == "media_volume_set":
        picks |= {20, 25}
    if INTENTS[intent].low == 0:
        picks.discard(0)  # "set it to zero" is an "off" class of its own
    return sorted(picks)


def _lines_for(intent: str) -> Iterator[ProbeLine]:
    s = INTENTS[intent]
    topic = topic_of(intent)
    k = 0
    for lang in (EN, ZH):
        units = _UNITS[topic][lang]
        fillers = FILLERS[lang]
        step = intent.endswith(("_up", "_down"))
        for carrier in CARRIERS[intent][lang]:
            for out in (False, True):
                for v in (_OUT[intent] if out else _in_range(intent)):
                    for form, words in _said(v, lang):
                        unit = units[k % len(units)]
                        if step and lang == EN and unit.startswith("level"):
                            unit = "{v}"  # "fan up level two" is a set to level two
                        if form != "digits" and unit == "{v}%":
                            unit = units[0]  # a sign after digits only
                        if form == "liang" and unit == "{v}" and "格" not in carrier:
                            continue  # 两 wants a measure word after it
                        said = unit.format(v=words)
                        if v == 1 and said.endswith("degrees"):
                            said = said[:-1]
                        text = carrier.format(n=said) + fillers[k % len(fillers)]
                        k += 1
                        yield ProbeLine(text, lang, intent, v, (v,), form, out, _way(carrier))
            if intent in ("climate_set_temperature", "climate_set_fan", "seat_heat_driver",
                          "seat_heat_passenger", "media_volume_set"):
                for en_ends, zh_ends, end in _ENDS:
                    v = s.high if end == "high" else _LOWEST_ON.get(intent, s.low)
                    assert v is not None
                    for words in (en_ends if lang == EN else zh_ends):
                        text = carrier.format(n=words) + fillers[k % len(fillers)]
                        k += 1
                        yield ProbeLine(text, lang, intent, v, (v,), "range_end")
            yield from _extra(intent, carrier, lang, fillers[k % len(fillers)])
            k += 1


def _way(carrier: str) -> int:
    """The way a set's carrier names: "up to" +1, "down to" -1, none 0."""
    if any(w in carrier for w in (" up to", "调高到", "升到")):
        return 1
    return -1 if any(w in carrier for w in (" down to", "降到", "调低到")) else 0


def _extra(intent: str, carrier: str, lang: str, filler: str) -> Iterator[ProbeLine]:
    """The forms one slot has alone: a half degree, half a window, a volume in percent."""
    if intent == "climate_set_temperature":
        halves = (("twenty-two and a half degrees", "22.5 degrees") if lang == EN else
                  ("二十二度半", "二十二点五度"))
        for words in halves:
            yield ProbeLine(carrier.format(n=words) + filler, lang, intent, 22, (22, 23), "half")
    if intent == "window_set_position":
        for words in (("half", "halfway") if lang == EN else ("一半",)):
            yield ProbeLine(carrier.format(n=words) + filler, lang, intent, 50, (50,), "half")
    if intent == "media_volume_set":  # a percent of the 0-30 scale: 50 % is 15
        for pct, v in ((50, 15), (100, 30)):
            words = f"{pct} percent" if lang == EN else f"百分之{zh_words(pct)}"
            yield ProbeLine(carrier.format(n=words) + filler, lang, intent, v, (v,), "percent")


def probe() -> list[ProbeLine]:
    """Every probe line, in a fixed order (no randomness: the same probe every run)."""
    return [line for intent in number_intents() for line in _lines_for(intent)]


def outcome(line: ProbeLine, acted: Sequence[tuple[str, object]]) -> str:
    """How the commands that actuated (``acted``: (intent, value)) answer ``line``: ``right``,
    ``range_handled`` (out of range, nothing on its topic acted), ``misread`` (its topic acted
    with another number, or an out-of-range number clamped), ``wrong_way`` (its topic moved the
    other way), ``other`` (something else acted), or ``no_action`` (an in-range line asked or
    refused: safe, not right)."""
    topic = topic_of(line.intent)
    way = _WAY.get(line.intent) or line.way
    for intent, _ in acted:
        if topic_of(intent) == topic and way and _WAY.get(intent) == -way:
            return "wrong_way"
    on_topic = [(i, v) for i, v in acted if topic_of(i) == topic]
    if line.out_of_range:
        if on_topic:
            return "misread"
        return "other" if acted else "range_handled"
    if len(acted) == 1 and acted[0][0] == line.intent and acted[0][1] in line.accept:
        return "right"
    if any(isinstance(v, int) and not isinstance(v, bool) for _, v in on_topic):
        return "misread"
    return "other" if acted else "no_action"


# The way each step intent moves its topic (a set has none: judged by its number).
_WAY = {"climate_temperature_up": 1, "climate_temperature_down": -1, "climate_fan_up": 1,
        "climate_fan_down": -1, "media_volume_up": 1, "media_volume_down": -1,
        "climate_ac_on": 1, "climate_ac_off": -1}


def _acted(commands: list[Any]) -> list[Any]:
    return [(c.intent, c.value) for c in commands]


def _label(line: ProbeLine) -> str:
    return line.form


def _keys(line: ProbeLine, o: str) -> list[str]:
    return [f"{line.intent}|{o}", f"{line.lang}|{line.form}|{o}"]


def _shown(line: ProbeLine, o: str) -> bool:
    return o in ("misread", "wrong_way") or (o == "other" and line.out_of_range)


def main(argv: Sequence[str] | None = None) -> int:
    return probe_main(argv, __doc__, probe, _acted, outcome, _keys, _label, _shown,
                      "print each unsafe line")


if __name__ == "__main__":
    sys.exit(main())
