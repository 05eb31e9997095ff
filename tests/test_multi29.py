"""Several commands (twenty-ninth session): a follow-up that adds an order of its own is read part
by part with the conversation (:mod:`hil.llm.followed`), so the part that continues the last
turn is not dropped. Sentences are variants written here, never lines of a hold-out."""

from __future__ import annotations

from collections.abc import Callable

from hil.llm.followed import followed, pieces
from hil.llm.head import HeadDecision, _act
from hil.llm.several import Several
from twin.assistant.resolver import Turn

_UNSURE = HeadDecision("unknown", None, "?", "not_grounded", None)


def _reading(readings: dict[str, HeadDecision]) -> tuple[Callable[[str], HeadDecision],
                                                          list[str]]:
    """A stand-in for each part's reading (not grounded otherwise) and the parts it was given."""
    seen: list[str] = []

    def read(text: str) -> HeadDecision:
        seen.append(text)
        return readings.get(text, _UNSURE)

    return read, seen


def _acted(several: Several) -> list[tuple[str, object]]:
    return [(d.intent, d.value) for d in several.parts if d.intent != "unknown"]


def test_a_follow_up_and_an_order_of_its_own_are_both_acted_on() -> None:
    read, seen = _reading({
        "那就全开吧": _act("window", "window_open", None, "zh-CN"),
        "风量也开大一档": _act("climate_fan", "climate_fan_up", 1, "zh-CN")})
    last = Turn("车窗开一半", "window_set_position", 50)
    several = followed("那就全开吧，然后风量也开大一档", _UNSURE, last, "zh-CN", read)
    assert several is not None
    assert _acted(several) == [("window_open", None), ("climate_fan_up", 1)]
    assert seen == ["那就全开吧", "风量也开大一档"]


def test_a_filler_is_no_part_and_a_way_alone_asks_about_the_last_turn() -> None:
    read, _ = _reading({"the fan on four": _act("climate_fan", "climate_set_fan", 4, "en")})
    last = Turn("open the window a little", "window_open", None)
    several = followed("Right, a bit more now, and the fan on four", _UNSURE, last, "en", read)
    assert several is not None
    assert _acted(several) == [("climate_set_fan", 4)]
    asked = [d for d in several.parts if d.intent == "unknown"]
    assert [(d.why, d.topic) for d in asked] == [("low_confidence", "window")]
    assert len(several.parts) == 2  # "Right" is no part


def test_one_function_two_ways_is_read_whole() -> None:
    read, _ = _reading({
        "louder": _act("media_volume", "media_volume_up", 2, "en"),
        "quieter on the music": _act("media_volume", "media_volume_down", 2, "en"),
        "the fan on two": _act("climate_fan", "climate_set_fan", 2, "en")})
    last = Turn("volume to ten", "media_volume_set", 10)
    assert followed("louder, then quieter on the music and the fan on two", _UNSURE, last,
                    "en", read) is None


def test_two_parts_on_one_function_are_the_later_said() -> None:
    read, _ = _reading({
        "好热": _act("climate_temperature", "climate_temperature_down", 1, "zh-CN"),
        "再降三度": _act("climate_temperature", "climate_temperature_down", 3, "zh-CN"),
        "把车窗关上": _act("window", "window_close", None, "zh-CN")})
    last = Turn("温度调到二十五度", "climate_set_temperature", 25)
    several = followed("好热，再降三度，顺便把车窗关上", _UNSURE, last, "zh-CN", read)
    assert several is not None
    assert _acted(several) == [("climate_temperature_down", 3), ("window_close", None)]


def test_the_whole_reading_is_kept_when_the_parts_act_on_less() -> None:
    read, _ = _reading({"and the fan on two": _act("climate_fan", "climate_set_fan", 2, "en")})
    whole = _act("window", "window_open", None, "en")
    last = Turn("window halfway", "window_set_position", 50)
    # the parts act on the fan alone (the window part read as nothing): not less than the whole
    assert followed("open it up more and the fan on two", whole, last, "en", read) is None


def test_no_function_named_outright_is_read_whole() -> None:
    read, seen = _reading({})
    last = Turn("volume to ten", "media_volume_set", 10)
    assert followed("a bit more and then a bit more again", _UNSURE, last, "en", read) is None
    assert seen == []


def test_one_piece_is_no_several() -> None:
    read, seen = _reading({})
    assert followed("the fan on two please", _UNSURE, Turn("fan up", "climate_fan_up", 1),
                    "en", read) is None
    assert seen == []


def test_pieces_cut_where_the_rules_cut() -> None:
    assert pieces("Actually all the way, and the fan on two.", "en") == [
        "Actually all the way", "the fan on two"]
    assert len(pieces("再大两格，然后下一首。", "zh-CN")) == 2
