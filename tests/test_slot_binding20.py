"""The fallback's slot reader acts on a value only with positive evidence that it is the slot's
(:mod:`hil.llm.bound`, :func:`hil.llm.slots.read_slots`): a number bound to the slot's verb, noun
or unit; a seat level word in its sense of a level, in the seat's own clauses; a seat side named
of a seat, by someone in this car. Variants written here (no development line), each class with
near misses that must keep their reading."""

from __future__ import annotations

import pytest

from hil.llm.bound import UNCLEAR, bound_number, slot_numbers, topic_clauses
from hil.llm.grounding import named_topics
from hil.llm.slots import read_slots
from hil.llm.values import numbers_said, parse_number

_FIRST = {"seat_heat": "seat_heat_driver", "climate_temperature": "climate_set_temperature",
          "climate_fan": "climate_set_fan", "media_volume": "media_volume_set",
          "window": "window_set_position"}


def _read(topic: str, text: str) -> tuple[str, int | str | None] | None:
    return read_slots(topic, text.lower(), _FIRST[topic])


# -- a number that counts or names something else is no value ------------------------------

@pytest.mark.parametrize(("topic", "text", "want"), [
    # an age, a time, a duration, the weather, a told state, a track: the step's default
    ("climate_temperature", "my 4 year old is shivering, turn the heat up",
     ("climate_temperature_up", 1)),
    ("climate_temperature", "it's 1am and i'm frozen, warm it up please",
     ("climate_temperature_up", 1)),
    ("climate_temperature", "turn the temperature up, it's 6 below out there",
     ("climate_temperature_up", 1)),
    ("climate_temperature", "it's 29 in here, bring the temperature down",
     ("climate_temperature_down", 1)),
    ("climate_temperature", "车里都二十九度了，温度调低点", ("climate_temperature_down", 1)),
    ("climate_temperature", "温度调高点，刚从零下八度的外面进来", ("climate_temperature_up", 1)),
    ("climate_fan", "fan up a bit, it's 33 degrees out", ("climate_fan_up", 1)),
    ("climate_fan", "风扇调大点，外面三十三度", ("climate_fan_up", 1)),
    ("media_volume", "turn it up, we're on track 7", ("media_volume_up", 2)),
    ("media_volume", "声音小点，宝宝才三个月", ("media_volume_down", 2)),
    ("media_volume", "volume down please, the baby is 5 weeks old", ("media_volume_down", 2)),
    # a seat's level: never a time, an age or the weather ("零下" is no level 0, no "off")
    ("seat_heat", "at 4 o'clock sharp heat my seat", ("seat_heat_driver", 2)),
    ("seat_heat", "it's 2 below outside, heat my seat please", ("seat_heat_driver", 2)),
    ("seat_heat", "外面零下五度，座椅加热打开", ("seat_heat_driver", 2)),
    ("seat_heat", "my 3 year old is cold, heat the passenger seat", ("seat_heat_passenger", 2)),
    ("seat_heat", "三号线停运了，座椅加热开开", ("seat_heat_driver", 2)),
])
def test_a_number_of_something_else_is_no_value(topic: str, text: str, want: tuple) -> None:
    assert _read(topic, text) == want


@pytest.mark.parametrize(("topic", "text", "want"), [
    # near misses: a number bound by a setting word, the slot's noun or its unit
    ("climate_temperature", "set the temperature to 21 in 10 minutes",
     ("climate_set_temperature", 21)),
    ("climate_temperature", "it's 17 in here, set it to 23", ("climate_set_temperature", 23)),
    ("climate_temperature", "车里太冷了，温度调到二十五度", ("climate_set_temperature", 25)),
    ("climate_temperature", "二十三度", ("climate_set_temperature", 23)),
    ("climate_temperature", "空调二十三", ("climate_set_temperature", 23)),
    ("climate_temperature", "make it 21", ("climate_set_temperature", 21)),
    ("climate_temperature", "warmer by three degrees", ("climate_temperature_up", 3)),
    ("climate_fan", "风量开到四", ("climate_set_fan", 4)),
    ("climate_fan", "fan 4", ("climate_set_fan", 4)),
    ("media_volume", "volume to about 25", ("media_volume_set", 25)),
    ("media_volume", "音量加三", ("media_volume_up", 3)),
    ("window", "车窗开到百分之四十", ("window_set_position", 40)),
    ("seat_heat", "heat my seat, one please", ("seat_heat_driver", 1)),
    ("seat_heat", "seat heater 3 please", ("seat_heat_driver", 3)),
    ("seat_heat", "座椅加热 副驾 三", ("seat_heat_passenger", 3)),
])
def test_a_bound_number_keeps_its_reading(topic: str, text: str, want: tuple) -> None:
    assert _read(topic, text) == want


@pytest.mark.parametrize(("topic", "text"), [
    ("seat_heat", "heat my seat we are 3"),  # a count or a level? the command's own clause: ask
    ("climate_temperature", "make the temperature warmer we have 2"),
    ("climate_fan", "the fan 2 3"),
])
def test_an_unclear_number_in_the_command_asks(topic: str, text: str) -> None:
    assert _read(topic, text) is None


def test_bound_number_kinds() -> None:
    assert bound_number("my 3 year old is cold, turn it up", "climate_temperature") is None
    assert bound_number("heat my seat we are 3", "seat_heat") == UNCLEAR
    assert bound_number("heat my seat at 3", "seat_heat") == 3  # "at" sets, as "fan at 3"
    assert slot_numbers("it's 18 in here, set it to 22", "climate_temperature") == [
        (18, "other"), (22, "bound")]


def test_below_zero_is_no_number_zero() -> None:
    # the valve's view: a value from no number word never reaches a command
    assert parse_number("外面零下三度") == 3
    assert numbers_said("外面零下三度") == [3]


# -- a step said with a word of more is a step, never a set ----------------------------------

@pytest.mark.parametrize(("topic", "text"), [
    ("climate_fan", "fan plus one"),  # set the fan to 1 would go the wrong way
    ("media_volume", "volume plus 5"),
    ("climate_fan", "bump the fan 2"),
    ("media_volume", "crank the volume 10"),
    ("climate_temperature", "temperature plus two"),
])
def test_a_step_word_without_a_way_is_never_a_set(topic: str, text: str) -> None:
    read = _read(topic, text)
    assert read is None or not read[0].endswith(("_set", "set_fan", "set_temperature"))


# -- a seat level word in another sense is no level ------------------------------------------

@pytest.mark.parametrize("text", [
    "i can't stop shivering, heat my seat",
    "at the next stop heat my seat",
    "停车场好冷，座椅加热开一下",
    "刚停好车，冻死了，座椅加热打开",
    "关窗，座椅加热开一下",  # the window's 关: another topic's clause
    "i'm feeling low, heat my seat",
    "my back is low on energy, warm my seat",
    "heat my seat, we're on the high road",
    "we're off to the slopes, heat my seat",
])
def test_a_level_word_of_another_sense_keeps_the_default(text: str) -> None:
    assert _read("seat_heat", text) == ("seat_heat_driver", 2)


def test_a_little_person_is_no_low_level() -> None:
    assert _read("seat_heat", "my little girl is freezing, put the heat on her seat") == (
        "seat_heat_passenger", 2)


@pytest.mark.parametrize(("text", "level"), [
    ("stop the seat heater", 0),
    ("turn off my seat heater", 0),
    ("座椅加热关了", 0),
    ("heat my seat on high", 3),
    ("my seat is freezing, put it on high", 3),
    ("my seat is too hot", 0),
    ("heat my seat a little", 1),
    ("seat warmer on its very top please", 3),
    ("座椅加热开小点", 1),
])
def test_level_words_of_the_seat_keep_their_level(text: str, level: int) -> None:
    read = _read("seat_heat", text)
    assert read is not None and read[1] == level


def test_topic_clauses_masks_only_another_topics_clause() -> None:
    assert "关窗" not in topic_clauses("关窗，座椅加热开一下", "seat_heat")
    assert topic_clauses("my seat is too hot", "seat_heat") == "my seat is too hot"


# -- a seat side of another thing, or a person elsewhere, names no seat ----------------------

@pytest.mark.parametrize("text", [
    "the passenger window is misted, heat my seat",
    "旁边的车好吵，座椅加热开一下",
    "右边车道有车超过去了，座椅加热打开",
    "右边后视镜有点脏，座椅加热开开",
])
def test_a_side_of_another_thing_is_no_seat(text: str) -> None:
    assert _read("seat_heat", text) == ("seat_heat_driver", 2)


@pytest.mark.parametrize("text", [
    "my friend is driving behind us, turn on the seat heater",
    "老婆打电话说冷，座椅加热开一下",
    "my wife called, she says heat the seat",
])
def test_a_person_elsewhere_names_no_seat(text: str) -> None:
    assert _read("seat_heat", text) is None


@pytest.mark.parametrize(("text", "intent"), [
    ("给老婆开座椅加热", "seat_heat_passenger"),
    ("副驾座椅加热开一下", "seat_heat_passenger"),
    ("my wife is freezing, heat the seat", "seat_heat_passenger"),
    ("heat the right seat", "seat_heat_passenger"),
    ("heat my seat", "seat_heat_driver"),
])
def test_a_seat_named_keeps_its_seat(text: str, intent: str) -> None:
    read = _read("seat_heat", text)
    assert read is not None and read[0] == intent


# -- the temperature's ends said by the feeling word ----------------------------------------

@pytest.mark.parametrize(("text", "want"), [
    ("coolest setting please", ("climate_set_temperature", 16)),  # once stepped *up* by 1
    ("make it the hottest it can go", ("climate_set_temperature", 30)),
    ("温度调到最冷", ("climate_set_temperature", 16)),
    ("the chilliest car i've ever sat in, warm it up", ("climate_temperature_up", 1)),
    ("今天是最冷的一天，温度调高", ("climate_temperature_up", 1)),
])
def test_the_temperatures_ends_said_by_feeling(text: str, want: tuple) -> None:
    assert _read("climate_temperature", text) == want


# -- an intent's verb in another sense names no topic ---------------------------------------

@pytest.mark.parametrize("text", [
    "the kids are playing in the back, it's fine",
    "we played football all afternoon, i'm shattered",
    "play it safe on these roads",
    "skip lunch today, we're running late",
    "let's pause for a coffee at the next stop",
    "stop at the next petrol station",
    "cool, thanks mate",
    "speak up, i can't hear you",
    "听说明天要下雪",
    "孩子今天特别听话",
    "热门景点人太多了",
    "停车场在哪儿",
])
def test_a_verb_in_another_sense_names_no_topic(text: str) -> None:
    assert not named_topics(text) & {"media_playback", "media_track", "media_volume",
                                     "climate_temperature"}


@pytest.mark.parametrize(("text", "topic"), [
    ("the kids are bored, play some music", "media_playback"),
    ("stop the music at the end of this song", "media_playback"),
    ("skip this tune please", "media_track"),
    ("hold the music", "media_playback"),
    ("cool the cabin down a touch", "climate_temperature"),
    ("i can barely hear the tunes back here", "media_volume"),
    ("i can't hear you over the music, turn it down", "media_volume"),
    ("音乐先停下", "media_playback"),
    ("太热了", "climate_temperature"),
])
def test_a_verb_in_its_own_sense_still_names_its_topic(text: str, topic: str) -> None:
    assert topic in named_topics(text)


# -- a sign, a back row, an idiom of noise ---------------------------------------------------

@pytest.mark.parametrize(("text", "want"), [
    ("set the temperature minus 4", ("climate_set_temperature", -4)),  # out of range: the range
    ("heat my seat on high, it's about minus six up here", ("seat_heat_driver", 3)),
])
def test_a_number_below_zero_keeps_its_sign(text: str, want: tuple) -> None:
    topic = "seat_heat" if "seat" in text else "climate_temperature"
    assert _read(topic, text) == want


@pytest.mark.parametrize(("text", "gone", "kept"), [
    ("the wee one in the back's shivering", "seat_heat", None),
    ("my back is killing me, warm the seat", None, "seat_heat"),
    ("the blower is roaring away, i can't hear myself think", "media_volume", None),
    ("can't hear myself think over this radio", None, "media_volume"),
])
def test_the_back_row_and_a_noise_idiom(text: str, gone: str | None, kept: str | None) -> None:
    named = named_topics(text)
    assert gone is None or gone not in named
    assert kept is None or kept in named


# -- another topic's words in the same breath: its number and its off are its own ----------

@pytest.mark.parametrize(("topic", "text", "want"), [
    ("seat_heat", "媳妇说她冷，给她开座椅加热，再把温度调高两度", ("seat_heat_passenger", 2)),
    ("seat_heat", "爷爷坐副驾怕冷把副驾座椅加热开上车窗也关了吧", ("seat_heat_passenger", 2)),
    # two numbers said, each in its own topic's span: still asked, as every two numbers are
    # (which is the topic's is the several-command reader's to tell)
    ("seat_heat", "主驾座椅加热关了太烫温度调低两度风量三档", None),
    ("climate_fan", "fan down three ac off window at 40", None),
    ("climate_fan", "fan down three and the ac off", ("climate_fan_down", 3)),
    ("seat_heat", "stop the seat heater", ("seat_heat_driver", 0)),  # a verb before its noun
    ("climate_temperature", "空调二十二", ("climate_set_temperature", 22)),  # the AC houses it
])
def test_another_topics_words_keep_their_own_values(topic: str, text: str, want: tuple | None
                                                    ) -> None:
    assert _read(topic, text) == want


@pytest.mark.parametrize(("text", "level"), [
    ("爷爷坐副驾怕冷把副驾座椅加热开上车窗也，关了吧", 2),  # the window's 关, said after a pause
    ("turn the fan off, and the seat heater too", 0),  # "too": the span before is its command
    ("风扇关了，座椅加热也关了", 0),
])
def test_a_span_goes_on_about_the_topic_before_it(text: str, level: int) -> None:
    read = _read("seat_heat", text)
    assert read is not None and read[1] == level
