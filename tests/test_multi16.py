"""Several commands (sixteenth session): a part said as a softened doubled verb ("雾除一除"), as
its way before its thing ("quieter music"), or as the other seat after a seat's command ("…in
high, and for me in low", "…, and for me too": that seat at the level said before) is a part of
its own, never read whole and refused. Sentences are variants written here, never lines of a
hold-out."""

from __future__ import annotations

import pytest

from hil.llm.clauses import command_parts, commanding, focus
from hil.llm.head import _act
from hil.llm.several import several_decision, several_parts
from tests.helpers import sure_of
from twin.assistant.phrasing import same_for


@pytest.mark.parametrize("text", ["前挡的雾除一除", "玻璃上的雾给擦一擦", "窗户开开", "风量调一调",
                                  "把空调关关"])
def test_a_softened_doubled_verb_commands(text: str) -> None:
    assert commanding(text)


@pytest.mark.parametrize("text", ["听首歌开开心心的", "前挡的雾除一除了吗", "天一天比一天冷",
                                  "窗户上的雾", "一天一天地听这首歌"])
def test_a_doubled_word_that_is_no_order_does_not_command(text: str) -> None:
    assert not commanding(text)


@pytest.mark.parametrize(("text", "n"), [
    ("玻璃上的雾给除一除 再把车里弄凉快点", 2),
    ("前挡玻璃的雾擦一擦，然后把音乐关小点", 2),
    ("窗户开开 风量调小点", 2),
])
def test_a_doubled_verb_part_is_cut_from_the_next(text: str, n: int) -> None:
    assert len(several_parts(text)) == n


def test_a_doubled_verb_part_beside_an_order_is_answered_part_by_part() -> None:
    """Read whole, the head had said the cabin cannot do any of it: now each part is read, and
    the order the rules know acts (the temperature goes down, never up)."""
    parts = several_parts("玻璃上的雾给除一除 再把车里弄凉快点")
    done = several_decision(sure_of("unknown"), _act, parts, "zh-CN")
    assert done is not None
    acted = [(d.intent, d.value) for d in done.parts if d.intent != "unknown"]
    assert ("climate_temperature_down", 1) in acted
    assert not any(i in ("climate_temperature_up", "climate_set_temperature") for i, _ in acted)


@pytest.mark.parametrize("text", ["quieter music please", "a bit warmer please", "more air",
                                  "so louder music", "less fan please", "a little cooler"])
def test_a_way_said_before_its_thing_commands(text: str) -> None:
    assert commanding(text)


@pytest.mark.parametrize("text", ["this is louder music than I like", "more music like this",
                                  "it's quieter now", "cooler than yesterday outside",
                                  "less talking please"])
def test_a_comparison_that_asks_nothing_does_not_command(text: str) -> None:
    assert not commanding(text)


@pytest.mark.parametrize("text", ["the baby's asleep, so quieter music and a bit cooler please",
                                  "grandad's dozing, so softer music and a little warmer"])
def test_a_story_then_ways_before_things_is_two_commands(text: str) -> None:
    """Read whole, the head had refused it ("not something I can do in the car")."""
    assert len(command_parts(text)) == 2


SEATS = [
    ("put her seat heater in high and for me in low",
     [("seat_heat_passenger", 3), ("seat_heat_driver", 1)]),
    ("heat the passenger seat to high and for me on low",
     [("seat_heat_passenger", 3), ("seat_heat_driver", 1)]),
    ("heat the wife's seat in high and for me too",
     [("seat_heat_passenger", 3), ("seat_heat_driver", 3)]),
    ("heat her seat on low and mine too", [("seat_heat_passenger", 1), ("seat_heat_driver", 1)]),
]


@pytest.mark.parametrize(("text", "want"), SEATS)
def test_the_other_seat_after_a_seat_is_its_own_command(text: str, want: list) -> None:
    """"for me in low" had been kept with the seat before it (read whole: "Which seat heating,
    and how warm?"); "for me too" now carries the level said before, not the default."""
    parts = several_parts(text)
    assert len(parts) == 2
    done = several_decision(sure_of(want[0][0]), _act, parts, "en")
    assert done is not None
    assert [(d.intent, d.value) for d in done.parts] == want


@pytest.mark.parametrize("text", ["heat her seat on high and turn the music up for me",
                                  "turn the music up and for me too"])
def test_for_me_after_no_seat_or_beside_a_topic_is_no_seat(text: str) -> None:
    parts = several_parts(text) or [text]
    done = several_decision(sure_of("unknown"), _act, parts, "en")
    acted = [] if done is None else [d.intent for d in done.parts]
    assert "seat_heat_driver" not in acted


@pytest.mark.parametrize(("text", "whose"), [("for me too", "driver"), ("and for me as well",
                                                                        "driver"),
                                             ("for her too", "passenger")])
def test_for_someone_too_is_the_same_again(text: str, whose: str) -> None:
    assert same_for(text) == whose


@pytest.mark.parametrize("text", ["for me", "for me in low", "for the fan too", "for me, louder"])
def test_for_someone_saying_more_or_less_is_not_the_same_again(text: str) -> None:
    assert same_for(text) is None


@pytest.mark.parametrize(("text", "want"), [
    ("音量调大，风量也是", [("media_volume_up", 2), ("climate_fan_up", 1)]),
    ("把音量调小点，风量也是", [("media_volume_down", 2), ("climate_fan_down", 1)]),
    ("风量调大一点，音量也一样", [("climate_fan_up", 1), ("media_volume_up", 2)]),
])
def test_another_thing_the_same_way_is_that_way(text: str, want: list) -> None:
    """"风量也是" after "音量调大" had been asked about ("需要调节风量吗？"): the way is carried."""
    parts = several_parts(text)
    assert len(parts) == 2
    done = several_decision(sure_of("unknown"), _act, parts, "zh-CN")
    assert done is not None
    assert [(d.intent, d.value) for d in done.parts] == want


@pytest.mark.parametrize("text", ["风量调到三档，音量也是", "温度调到二十二度，风量也一样",
                                  "音量调大，我也是"])
def test_a_number_or_a_person_is_not_carried_to_another_thing(text: str) -> None:
    """A number set on one thing is no number for another (fan level 3 is no volume 3), and "我也是"
    names no thing: never acted on as the other thing's setting."""
    parts = several_parts(text) or [text]
    done = several_decision(sure_of("unknown"), _act, parts, "zh-CN")
    acted = [] if done is None else [(d.intent, d.value) for d in done.parts[1:]]
    assert not any(i in ("media_volume_set", "climate_set_fan") for i, _ in acted)


@pytest.mark.parametrize("text", ["空调关了，音乐也是", "把空调关了，音乐也一样"])
def test_another_thing_the_same_is_never_dropped_as_a_reason(text: str) -> None:
    """"音乐也是" had been left out as a reason (the AC off, the music said nothing of): now a
    part of its own, acted on or asked about."""
    assert focus(text).reasons == ()
    parts = several_parts(text)
    assert len(parts) == 2
    done = several_decision(sure_of("unknown"), _act, parts, "zh-CN")
    assert done is not None and len(done.said) == 2
    music = done.parts[1]
    assert music.intent != "unknown" or music.why == "low_confidence"


@pytest.mark.parametrize("text", ["空调关了，我也是", "孩子睡了，我也是"])
def test_a_person_the_same_is_no_part(text: str) -> None:
    assert len(several_parts(text) or [text]) == 1
