# Over 400 lines: one generator of every family's states and its scorer, kept together so a
# line's label and the outcome that judges it are read side by side
"""A direction probe generated from word families: states that want a way, said every way.

``python tools/direction_probe.py --write FILE`` writes the probe as a labelled JSONL file
(``twin nlu --eval FILE`` reads it; each line also carries ``wants``, the moves that are right,
``optional`` when doing nothing is right too, and ``cls``, the class of its shape).
``python tools/direction_probe.py --score [--llm]`` runs the rules (and with ``--llm`` the
fallback on what they leave, no deadline) on every line and prints the counts of
:func:`outcome` in total, per class and per language, as one JSON object; ``-v`` also prints
each unsafe line (a wrong way, an action on a line that wants none, an out-of-domain action).
The lines are built here, never copied from any data set.

For each function with a way (the temperature, the fan, the volume, a window, each seat's
heating, the defrost), a state said in English and Chinese that wants it up or down ("I'm
freezing", 热死了, "I can't hear the radio", 闷得慌) is crossed with intensifiers, and said as
a negation ("not warm enough", 不够暖), a comparison ("warmer than I'd like"), a device's
state ("the heating's too strong") or the person's, a past state ("was freezing, fine now":
nothing), another person's state ("my wife is cold": her seat or the cabin) and the world
outside ("it's boiling outside": nothing or the natural way, never the other). Each line is
labelled by the way a person would want, by construction, never from the code's answer.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

ROOT = __import__("pathlib").Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.probe_run import probe_main  # noqa: E402

EN, ZH = "en", "zh-CN"
TEMP, FAN, VOL, WIN = "climate_temperature", "climate_fan", "media_volume", "window"
SEAT_D, SEAT_P, DEFROST = "seat_heat_driver", "seat_heat_passenger", "climate_defrost"

# The moves that answer a person's warmth: the cabin first, a seat or the AC as well.
COLD = ((TEMP, 1), (SEAT_D, 1))
HOT = ((TEMP, -1), (FAN, 1))
COLD_THEM = ((TEMP, 1), (SEAT_P, 1))
HOT_THEM = ((TEMP, -1), (FAN, 1), (SEAT_P, -1))
STUFFY = ((WIN, 1), (FAN, 1), (TEMP, -1))

# The representative intent each first move writes to the JSONL label.
_INTENT = {(TEMP, 1): "climate_temperature_up", (TEMP, -1): "climate_temperature_down",
           (FAN, 1): "climate_fan_up", (FAN, -1): "climate_fan_down",
           (VOL, 1): "media_volume_up", (VOL, -1): "media_volume_down",
           (WIN, 1): "window_open", (WIN, -1): "window_close",
           (SEAT_D, 1): "seat_heat_driver", (SEAT_D, -1): "seat_heat_driver",
           (SEAT_P, 1): "seat_heat_passenger", (SEAT_P, -1): "seat_heat_passenger",
           (DEFROST, 1): "climate_defrost"}


@dataclass(frozen=True)
class ProbeLine:
    """One probe sentence and what is right for it."""

    text: str
    lang: str
    cls: str
    wants: tuple[tuple[str, int], ...]
    """The moves that are right ((topic, +1/-1)); empty: nothing is (no action, or OOD)."""
    optional: bool = False
    """Doing nothing is right too (a wait, the world outside)."""
    ood: bool = False

    def as_json(self) -> dict[str, object]:
        """The labelled-query JSON object (``twin nlu --eval`` reads it)."""
        if self.ood or not self.wants:  # a state over or outside: no action, as an OOD line
            intent, kind = "ood", "out_of_domain"
        else:
            intent, kind = _INTENT[self.wants[0]], "indirect"
        return {"text": self.text, "lang": self.lang, "intent": intent,
                "value": None if intent == "ood" else "any", "kind": kind,
                "wants": [list(w) for w in self.wants], "optional": self.optional,
                "cls": self.cls}


def _cross(lang: str, cls: str, shapes: Sequence[str], fills: dict[str, Sequence[str]],
           wants: tuple[tuple[str, int], ...], **kw: bool) -> Iterator[ProbeLine]:
    """Every shape with every word of each ``{slot}`` it names."""
    for shape in shapes:
        texts = [shape]
        for slot, words in fills.items():
            if "{" + slot + "}" in shape:
                texts = [t.replace("{" + slot + "}", w) for t in texts for w in words]
        for t in texts:
            yield ProbeLine(" ".join(t.split()) if lang == EN else t, lang, cls, wants, **kw)


# English: how much (an intensifier before an adjective), the adjectives of each way.
_EN_SO = ("", "so ", "really ", "way too ", "too ", "absolutely ", "a bit ")
_EN_HOT = ("hot", "boiling", "roasting", "warm", "sweltering")
_EN_COLD = ("cold", "freezing", "chilly", "frozen")
_ZH_SO = ("好", "太", "有点", "特别", "真")
_ZH_END = ("", "了", "啊", "死了")


def _temperature() -> Iterator[ProbeLine]:
    yield from _cross(EN, "person", ("I'm {so}{hot}", "we're {so}{hot} back here",
                                     "I am {so}{hot} right now"),
                      {"so": _EN_SO, "hot": _EN_HOT}, HOT)
    yield from _cross(EN, "person", ("I'm {so}{cold}", "we're {so}{cold} back here",
                                     "I am {so}{cold} right now"),
                      {"so": _EN_SO, "cold": _EN_COLD}, COLD)
    yield from _cross(EN, "cabin", ("it's {so}{hot} in here", "the car is {so}{hot}"),
                      {"so": _EN_SO, "hot": _EN_HOT}, HOT)
    yield from _cross(EN, "cabin", ("it's {so}{cold} in here", "the car is {so}{cold}"),
                      {"so": _EN_SO, "cold": _EN_COLD}, COLD)
    yield from _cross(EN, "idiom", (
        "my teeth are chattering", "I can't feel my fingers", "I've got goosebumps",
        "it's like a fridge in here", "I'm shivering back here", "my hands are like ice",
        "it's like an igloo in here"), {}, COLD)
    yield from _cross(EN, "idiom", (
        "I'm dripping with sweat", "I'm melting", "it's like an oven back here",
        "I'm sweating buckets", "it's like a sauna in here", "my shirt is soaked with sweat"),
        {}, HOT)
    yield from _cross(EN, "negated", (
        "it's not warm enough in here", "it isn't warm enough yet", "not hot enough in here",
        "the car is not warm enough", "it's still not warm enough"), {}, COLD)
    yield from _cross(EN, "negated", (
        "it's not cool enough in here", "it isn't cold enough in here",
        "the car is not cool enough yet", "still not cool enough"), {}, HOT)
    yield from _cross(EN, "compare", (
        "it's {hot}er than I'd like", "it's a bit {hot}er in here than I want",
        "{hot}er than I'd like in here"), {"hot": ("warm", "hott")}, HOT)
    yield from _cross(EN, "compare", (
        "it's {cold}er than I'd like", "it's a bit {cold}er in here than I want",
        "{cold}er than I'd like in here"), {"cold": ("cold", "cool", "chilli")}, COLD)
    yield from _cross(EN, "device", (
        "the heating's too strong", "the heater is way too high", "the heat is too much",
        "the heating is too hot"), {}, ((TEMP, -1),))
    yield from _cross(EN, "device", (
        "the AC is too cold", "the air conditioning is too cold", "the AC is freezing me"),
        {}, ((TEMP, 1), (FAN, -1)))
    yield from _cross(EN, "device_wait", (
        "the heating's not warm yet", "the heater isn't hot yet"), {}, ((TEMP, 1),),
        optional=True)
    yield from _cross(EN, "past", (
        "I was freezing earlier, fine now", "it was boiling a minute ago but it's fine now",
        "I was cold before but I'm ok now", "I'm no longer cold", "I'm not cold any more",
        "it's not that hot any more", "I was roasting earlier, all good now"), {}, ())
    yield from _cross(EN, "other_person", (
        "my wife is cold", "my wife says she's freezing", "she's {so}cold",
        "my passenger is freezing"), {"so": ("", "really ")}, COLD_THEM)
    yield from _cross(EN, "other_person", (
        "my wife is too hot", "the kids in the back are boiling", "she's really warm",
        "my passenger is roasting"), {}, HOT_THEM)
    yield from _cross(EN, "outside", (
        "it's boiling outside", "it's so hot out there today", "it's freezing outside",
        "it's really cold out there"), {}, (), optional=True)
    yield from _cross(EN, "ood", (
        "my coffee is too hot", "the oven at home is too hot", "the pool was freezing",
        "my soup is cold", "the office is always freezing", "my flat is boiling in summer"),
        {}, (), ood=True)
    # Chinese
    for word, wants in (("热", HOT), ("冷", COLD)):
        yield from _cross(ZH, "person", ("我{so}" + word + "{end}",),
                          {"so": _ZH_SO, "end": _ZH_END}, wants)
        yield from _cross(ZH, "cabin", ("车里{so}" + word + "{end}",),
                          {"so": _ZH_SO, "end": _ZH_END}, wants)
    yield from _cross(ZH, "idiom", ("冻死了", "冷得发抖", "牙齿打颤", "手都冻僵了", "冷得受不了",
                                    "车里像冰箱一样", "我都起鸡皮疙瘩了"), {}, COLD)
    yield from _cross(ZH, "idiom", ("热死了", "热得受不了", "满头大汗", "车里像蒸笼一样",
                                    "跟烤箱似的", "汗都湿透了", "热得要命"), {}, HOT)
    yield from _cross(ZH, "negated", ("车里不够暖", "还不够热", "不够暖和", "车里还不暖和"), {},
                      COLD)
    yield from _cross(ZH, "negated", ("还不够凉快", "车里不够凉", "一点都不凉快"), {}, HOT)
    yield from _cross(ZH, "compare", ("车里比我想要的热", "比我想要的热一点"), {}, HOT)
    yield from _cross(ZH, "compare", ("车里比我想要的冷", "比我想要的冷一点"), {}, COLD)
    yield from _cross(ZH, "device", ("暖气太足了", "暖气开得太猛了", "制热太强了"), {},
                      ((TEMP, -1),))
    yield from _cross(ZH, "device", ("空调太冷了", "冷气太冷了"), {}, ((TEMP, 1), (FAN, -1)))
    yield from _cross(ZH, "past", ("刚才冻死了，现在好了", "没那么热了", "不冷了", "现在不热了",
                                   "刚才好热，现在还行"), {}, ())
    yield from _cross(ZH, "other_person", ("我老婆说她冷", "副驾的人很冷", "孩子说冷"), {},
                      COLD_THEM)
    yield from _cross(ZH, "other_person", ("孩子们热坏了", "我老婆说太热了", "副驾的人很热"), {},
                      HOT_THEM)
    yield from _cross(ZH, "outside", ("外面热死了", "外面好冷啊", "今天外面冻死了"), {}, (),
                      optional=True)
    yield from _cross(ZH, "ood", ("这汤太烫了", "咖啡太烫了", "办公室冷死了", "家里热得要命"),
                      {}, (), ood=True)


def _volume() -> Iterator[ProbeLine]:
    down, up = ((VOL, -1),), ((VOL, 1),)
    yield from _cross(EN, "device", ("the music is {so}loud", "the radio is {so}loud",
                                     "the volume is {so}high"),
                      {"so": ("", "so ", "way too ", "too ", "a bit ")}, down)
    yield from _cross(EN, "device", ("the music is {so}quiet", "the radio is {so}quiet",
                                     "the volume is {so}low"),
                      {"so": ("", "so ", "way too ", "too ", "a bit ")}, up)
    yield from _cross(EN, "person", (
        "I can't hear the radio", "I can barely hear the music", "I can't hear it",
        "we can't hear the song back here", "I can hardly hear the podcast"), {}, up)
    yield from _cross(EN, "person", (
        "my ears are ringing from the music", "the music is deafening me",
        "the music is giving me a headache, it's so loud", "the radio's blasting my ears off"),
        {}, down)
    yield from _cross(EN, "negated", ("the music is not loud enough", "the radio isn't loud enough",
                                      "the volume's not high enough"), {}, up)
    yield from _cross(EN, "compare", ("the music is louder than I'd like",
                                      "the radio is a bit louder than I want"), {}, down)
    yield from _cross(EN, "compare", ("the music is quieter than I'd like",
                                      "the radio is a bit quieter than I want"), {}, up)
    yield from _cross(EN, "past", ("the music was too loud earlier, it's fine now",
                                   "it's not too loud any more"), {}, ())
    yield from _cross(EN, "other_person", ("my wife can't hear the music",
                                           "the kids in the back can't hear it"), {}, up)
    yield from _cross(EN, "other_person", ("the kids say the music is too loud",
                                           "my wife says the radio is too loud"), {}, down)
    yield from _cross(EN, "ood", ("the neighbours' music was too loud last night",
                                  "the concert was deafening", "my phone's ringer is too quiet"),
                      {}, (), ood=True)
    yield from _cross(ZH, "device", ("音乐{so}吵{end}", "声音{so}大{end}", "音量{so}高{end}"),
                      {"so": _ZH_SO, "end": ("了", "啊")}, down)
    yield from _cross(ZH, "device", ("音乐{so}小声{end}", "声音{so}小{end}", "音量{so}低{end}"),
                      {"so": _ZH_SO, "end": ("了", "啊")}, up)
    yield from _cross(ZH, "person", ("听不见", "听不清歌", "我听不到音乐", "后排听不见声音"), {},
                      up)
    yield from _cross(ZH, "person", ("吵死了", "耳朵都要聋了", "音乐吵得我头疼"), {}, down)
    yield from _cross(ZH, "negated", ("音乐不够响", "声音不够大", "音量还不够"), {}, up)
    yield from _cross(ZH, "compare", ("音乐比我想要的吵",), {}, down)
    yield from _cross(ZH, "past", ("没那么吵了", "刚才好吵，现在还行"), {}, ())
    yield from _cross(ZH, "ood", ("邻居家太吵了", "演唱会吵死了"), {}, (), ood=True)


def _other_families() -> Iterator[ProbeLine]:
    fan_down, fan_up = ((FAN, -1),), ((FAN, 1),)
    yield from _cross(EN, "device", ("the fan is {so}strong", "the fan is {so}loud",
                                     "there's {so}much air blowing on me"),
                      {"so": ("way too ", "too ", "a bit too ")}, fan_down)
    yield from _cross(EN, "device", ("the fan is {so}weak", "there's {so}little air"),
                      {"so": ("way too ", "too ", "a bit too ")}, fan_up)
    yield from _cross(EN, "person", ("I can't feel any air", "the fan's not strong enough"), {},
                      fan_up)
    yield from _cross(EN, "person", ("the air is blowing my hair everywhere",), {}, fan_down)
    for word, wants in (("大", fan_down), ("小", fan_up)):
        yield from _cross(ZH, "device", ("风{so}" + word + "{end}",),
                          {"so": ("太", "有点", "好"), "end": ("了", "啊")}, wants)
    yield from _cross(ZH, "person", ("风吹得我头疼", "风量太猛了"), {}, fan_down)
    yield from _cross(ZH, "person", ("感觉不到风", "风不够大"), {}, fan_up)
    yield from _cross(EN, "stuffy", ("it's {so}stuffy in here", "I need some fresh air",
                                     "the air in here is stale"),
                      {"so": ("", "so ", "really ")}, STUFFY)
    yield from _cross(EN, "device", ("there's a draft from the window", "the window noise is awful",
                                     "it's raining in through the window"), {}, ((WIN, -1),))
    yield from _cross(ZH, "stuffy", ("车里{so}闷{end}", "闷得慌", "透不过气"),
                      {"so": ("好", "太", "有点"), "end": ("", "了", "啊")}, STUFFY)
    yield from _cross(ZH, "device", ("窗户漏风", "雨飘进来了", "风从窗户灌进来"), {}, ((WIN, -1),))
    yield from _cross(EN, "device", ("my seat is {so}hot", "the seat is getting {so}warm"),
                      {"so": ("too ", "way too ")}, ((SEAT_D, -1),))
    yield from _cross(EN, "device", ("my seat is {so}cold", "my bum is freezing"),
                      {"so": ("", "so ", "really ")}, ((SEAT_D, 1), (TEMP, 1)))
    yield from _cross(EN, "device_wait", ("the seat's not hot yet", "my seat isn't warm yet"),
                      {}, ((SEAT_D, 1),), optional=True)
    yield from _cross(EN, "other_person", ("my wife's seat is too hot",
                                           "the passenger seat is too warm"), {}, ((SEAT_P, -1),))
    yield from _cross(EN, "other_person", ("my wife's seat is cold",
                                           "the passenger seat is freezing"), {},
                      ((SEAT_P, 1), (TEMP, 1)))
    yield from _cross(ZH, "device", ("座椅太烫了", "座椅太热了", "我的座椅太热了"), {},
                      ((SEAT_D, -1),))
    yield from _cross(ZH, "device", ("座椅好凉", "屁股好冰"), {}, ((SEAT_D, 1), (TEMP, 1)))
    yield from _cross(ZH, "device_wait", ("座椅还不够热", "座椅还没热"), {}, ((SEAT_D, 1),),
                      optional=True)
    yield from _cross(ZH, "other_person", ("副驾座椅太热了",), {}, ((SEAT_P, -1),))
    yield from _cross(EN, "device", ("the windscreen is all fogged up", "the windshield is misty",
                                     "I can't see out, the glass is steamed up"), {},
                      ((DEFROST, 1),))
    yield from _cross(ZH, "device", ("玻璃上全是雾", "前挡风起雾了", "挡风玻璃看不清了"), {},
                      ((DEFROST, 1),))
    yield from _cross(EN, "ood", ("the screen is too bright", "the sun is in my eyes",
                                  "my glasses fogged up in the shop", "it's so foggy on the road"),
                      {}, (), ood=True)
    yield from _cross(ZH, "ood", ("屏幕太亮了", "太阳好刺眼", "外面雾好大"), {}, (), ood=True)


def _wishes_and_limits() -> Iterator[ProbeLine]:
    """A wish said softly ("could be warmer", 要是能凉快点就好了), a "less" of a state, a limit
    reached ("warm enough now", 够热了: nothing more that way), a likeness and an idiom of
    the body."""
    yield from _cross(EN, "wish", ("it could be {adj}", "I could do with it {adj}",
                                   "I wouldn't mind it a bit {adj}", "I'd rather it were {adj}"),
                      {"adj": ("warmer", "toastier")}, COLD)
    yield from _cross(EN, "wish", ("it could be {adj}", "I could do with it {adj}",
                                   "I wouldn't mind it a bit {adj}", "I'd rather it were {adj}"),
                      {"adj": ("cooler", "colder")}, HOT)
    yield from _cross(EN, "wish", ("the music could be {adj}", "I'd like the radio a bit {adj}"),
                      {"adj": ("louder",)}, ((VOL, 1),))
    yield from _cross(EN, "wish", ("the music could be {adj}", "I'd like the radio a bit {adj}"),
                      {"adj": ("quieter", "softer")}, ((VOL, -1),))
    yield from _cross(EN, "wish", ("a bit less cold would be nice", "less chilly would be good"),
                      {}, COLD)
    yield from _cross(EN, "wish", ("a bit less hot would be nice", "less stuffy would be good"),
                      {}, HOT)
    yield from _cross(ZH, "wish", ("要是能暖和点就好了", "再暖和一点就好了", "暖和点就好了"), {},
                      COLD)
    yield from _cross(ZH, "wish", ("要是能凉快点就好了", "再凉快一点就好了", "凉快点就好了"), {},
                      HOT)
    yield from _cross(ZH, "wish", ("声音再大点就好了",), {}, ((VOL, 1),))
    yield from _cross(ZH, "wish", ("声音再小点就好了",), {}, ((VOL, -1),))
    yield from _cross(EN, "enough_now", (
        "it's warm enough now", "that's warm enough, thanks", "it's cool enough now",
        "that's loud enough", "that's quiet enough now", "it's finally warm in here",
        "ok it's nice and cool now"), {}, ())
    yield from _cross(ZH, "enough_now", ("够热了", "已经够凉快了", "声音够大了", "现在暖和了",
                                         "这下凉快了"), {}, ())
    yield from _cross(EN, "idiom", ("it's cold as hell in here", "brr", "the cold is killing me",
                                    "it's cooler than a fridge in here"), {}, COLD)
    yield from _cross(EN, "idiom", ("it's hot as hell in here", "the heat is killing me",
                                    "I'm dying of heat back here",
                                    "it's hotter than hell in this car"), {}, HOT)
    yield from _cross(ZH, "idiom", ("冷飕飕的", "凉飕飕的", "冷冰冰的"), {}, COLD)
    yield from _cross(ZH, "idiom", ("汗流浃背", "热乎乎的太难受了", "闷热闷热的"), {}, HOT)


def probe() -> list[ProbeLine]:
    """Every probe line, in a fixed order (no randomness), each sentence once."""
    seen: set[str] = set()
    out: list[ProbeLine] = []
    for line in [*_temperature(), *_volume(), *_other_families(), *_wishes_and_limits()]:
        if line.text not in seen:
            seen.add(line.text)
            out.append(line)
    return out


def moves(acted: Sequence[tuple[str, object]]) -> list[tuple[str, int]]:
    """Each actuating command as a move (topic, +1/-1), judged from the catalogue's default
    state as the scorer does (a window set to 20 % from 50 % closes it): the AC on is the
    cabin cooler, off warmer; the defrost is its own move up; a seat's heating set on at its
    default level is on."""
    from twin.assistant.scoring import movement
    out: list[tuple[str, int]] = []
    for intent, value in acted:
        if intent == "climate_ac_on":
            out.append((TEMP, -1))
        elif intent == "climate_ac_off":
            out.append((TEMP, 1))
        elif intent == "climate_defrost":
            out.append((DEFROST, 1))
        elif (m := movement(intent, value, ())) is not None:
            out.append(m)
        elif intent in (SEAT_D, SEAT_P) and isinstance(value, int):
            out.append((intent, 1 if value else -1))  # on at its default level: on
        else:
            out.append((intent, 0))
    return out


def outcome(line: ProbeLine, acted: Sequence[tuple[str, object]]) -> str:
    """``right``, ``wait_ok`` (an optional line left alone), ``wrong_way`` (a wanted topic
    moved the other way, or an optional line's outside state answered against its grain),
    ``acted_none`` (a line that wants nothing acted on), ``ood_acted``, ``other`` (something
    else acted) or ``no_action`` (asked or refused: safe, not right)."""
    done = moves(acted)
    if line.ood:
        return "ood_acted" if done else "right"
    for topic, way in done:
        if (topic, -way) in line.wants:
            return "wrong_way"
        if line.cls == "outside" and topic == TEMP and way == _outside_way(line.text):
            return "wrong_way"
    if not line.wants:
        return "right" if not done or line.optional else "acted_none"
    if any(m in line.wants for m in done):
        return "right"
    if done:
        return "other"
    return "wait_ok" if line.optional else "no_action"


def _outside_way(text: str) -> int:
    """The way that would go against the weather outside: warmer when it is hot out."""
    hot = any(w in text for w in ("boiling", "hot", "热"))
    return 1 if hot else -1


_UNSAFE = ("wrong_way", "acted_none", "ood_acted")


def _acted(commands: list[Any]) -> list[Any]:
    return [(c.intent, c.value) for c in commands]


def _label(line: ProbeLine) -> str:
    return line.cls


def _keys(line: ProbeLine, o: str) -> list[str]:
    return [f"{line.cls}|{o}", f"{line.lang}|{o}"]


def _shown(line: ProbeLine, o: str) -> bool:
    return o in (*_UNSAFE, "other")


def main(argv: Sequence[str] | None = None) -> int:
    return probe_main(argv, __doc__, probe, _acted, outcome, _keys, _label, _shown,
                      "print each unsafe line")


if __name__ == "__main__":
    sys.exit(main())
