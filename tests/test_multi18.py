"""Several commands (eighteenth session): "more/less of it" said after a thing in Chinese
("鼓风机再加点", "风量减一些") is an order, so a list that ends with one is cut there instead of
being read whole with that part dropped; both front seats said as "主驾副驾" (with or without
和/的, or after "两个前排座椅…") are one seat-heating command per seat for the fallback, as the
rules already read them; "four" misheard as "for"/"fore" where the value ends ("the fan down to
for and ..."), as "twenty for" already was; and one verb and way said for two things, the
fallback reading one of them ("set the blower and the tunes to four"), asks about the other.
Sentences are variants written here, never lines of a hold-out."""

from __future__ import annotations

import pytest

from hil.llm.both_seats import both_seats
from hil.llm.clauses import command_parts, commanding
from hil.llm.head import HeadDecision, _act
from hil.llm.several import _ruled, several_parts, unread
from twin.assistant.heard import as_heard
from twin.assistant.nlu import shared_nlu


@pytest.mark.parametrize(("text", "parts"), [
    ("把雾吹吹，鼓风机再加点", ["把雾吹吹", "鼓风机再加点"]),
    ("放首歌，声音再加点", ["放首歌", "声音再加点"]),
    ("空调打开，风再加点", ["空调打开", "风再加点"]),
    ("窗户关一下，鼓风机减点", ["窗户关一下", "鼓风机减点"]),
    ("车窗关上，冷气再加点", ["车窗关上", "冷气再加点"]),  # asked about, never dropped
    ("窗户关上，风量减一些", ["窗户关上", "风量减一些"]),  # already cut: the thing said outright
])
def test_more_or_less_of_a_thing_is_a_part_of_its_own(text: str, parts: list[str]) -> None:
    assert command_parts(text) == parts
    assert several_parts(text) == parts


@pytest.mark.parametrize(("part", "intent"), [
    ("鼓风机再加点", "climate_fan_up"),
    ("鼓风机减点", "climate_fan_down"),
    ("声音再加点", "media_volume_up"),
    ("温度再加一点", "climate_temperature_up"),
])
def test_a_more_or_less_part_is_read_its_way(part: str, intent: str) -> None:
    assert commanding(part)
    ruled = _ruled(part, "zh-CN")
    assert ruled is not None and ruled[1] == intent


@pytest.mark.parametrize("text", [
    "打开车窗，再加点油",  # fuel: no cabin thing, the sentence stays whole
    "加点音乐",  # a way before its thing, no pause: as before
    "音乐加点劲",
])
def test_more_of_no_cabin_thing_is_no_part(text: str) -> None:
    assert command_parts(text) == [text]


@pytest.mark.parametrize(("text", "want"), [
    ("主驾副驾座椅加热都要开", [("seat_heat_driver", 2), ("seat_heat_passenger", 2)]),
    ("主驾驶和副驾驶的加热都要关", [("seat_heat_driver", 0), ("seat_heat_passenger", 0)]),
    ("主驾、副驾座椅加热都关掉", [("seat_heat_driver", 0), ("seat_heat_passenger", 0)]),
    ("主驾副驾的座椅加热都开到三档", [("seat_heat_driver", 3), ("seat_heat_passenger", 3)]),
])
def test_driver_and_passenger_said_together_are_each_seats_command(
        text: str, want: list[tuple[str, object]]) -> None:
    parts = several_parts(text)
    assert [(r[1], r[2]) for r in (_ruled(p, "zh-CN") for p in parts) if r] == want


def test_both_seats_said_twice_leave_no_seat_word_in_a_part() -> None:
    parts = both_seats("两个前排座椅加热都开上，主驾副驾都要")
    assert [p[:2] for p in parts] == ["主驾", "副驾"]
    assert not any("副驾" in p[2:] or "主驾" in p[2:] for p in parts)


@pytest.mark.parametrize("text", [
    "主驾副驾的车窗都打开",  # the windows: no seat heating, no split by seat
    "主驾副驾座椅加热都开，音量调大",  # another topic too: not split by seat
])
def test_driver_and_passenger_beside_no_seat_heating_are_not_split_by_seat(text: str) -> None:
    assert both_seats(text) == []


def test_a_single_seat_keeps_its_words() -> None:
    assert both_seats("主驾座椅加热都要开") == []


@pytest.mark.parametrize(("text", "heard"), [
    ("set the fan to for please", "set the fan to four please"),
    ("volume at fore then open the window", "volume at four then open the window"),
    ("turn the blower down to for and the music to ten", "turn the blower down to four and the "
     "music to ten"),
    ("turn the heat to twenty for please", "turn the heat to twenty-four please"),
])
def test_four_misheard_as_the_value_itself_is_four(text: str, heard: str) -> None:
    assert as_heard(text) == heard


@pytest.mark.parametrize("text", [
    "what are we waiting for",
    "head to fore street and turn the music up",
    "turn it up to go for a run",
    "set it up for me",
    "good enough to for now",  # "now" after it: no end of a value
])
def test_for_that_is_no_value_keeps_its_words(text: str) -> None:
    assert as_heard(text) == text


@pytest.mark.parametrize(("text", "want"), [
    ("turn the fan down to for and the volume to ten",
     [("climate_set_fan", 4), ("media_volume_set", 10)]),
    ("fan at fore and open the window", [("climate_set_fan", 4), ("window_open", None)]),
])
def test_a_list_with_four_misheard_is_read_whole(text: str, want: list[tuple[str, object]]) -> None:
    found = shared_nlu("en").parse(text, ())
    assert found.confidence >= 0.85
    assert [(p.intent, p.value) for p in (found.split or (found,))] == want


def _fan(level: int) -> HeadDecision:
    return _act("climate_fan", "climate_set_fan", level, "en")


@pytest.mark.parametrize(("text", "asked"), [
    ("set the blower and the tunes to four", "media_playback"),
    ("could you put the blower and the radio on four", "media_playback"),
    ("set the tunes and the blower to four", "media_playback"),
])
def test_the_other_thing_of_one_verb_and_way_is_asked_about(text: str, asked: str) -> None:
    several = unread(text, _fan(4), "en")
    assert several is not None
    assert (several.parts[0].intent, several.parts[0].value) == ("climate_set_fan", 4)
    assert [(d.intent, d.topic, d.why) for d in several.parts[1:]] == [
        ("unknown", asked, "low_confidence")]


@pytest.mark.parametrize("text", [
    "set the blower to four",
    "set the blower and the dog to four",  # no cabin thing beside it: nothing to ask
    "set the blower to four and the kids are asleep",
    "don't set the blower and the tunes to four",  # a no: read whole, as said
])
def test_nothing_asked_beside_one_thing_or_no_cabin_thing(text: str) -> None:
    assert unread(text, _fan(4), "en") is None
