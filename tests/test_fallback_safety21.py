"""Classes of wrong fallback actions found leave-one-file-out on the development files (each
class seen in at least two files), made impossible by positive evidence: a value said in a
clause of its own after the command is the command's (:func:`hil.llm.slots.with_values`); "on
number three" is a setting's number (:mod:`hil.llm.bound`); a song told by when it played is
the one before (:data:`hil.llm.direction.BEFORE_THIS`); another's car, a habit or a dream is
no order to this cabin (:data:`hil.llm.grounding.NOT_HERE_NOW`). Variants written here (no
development line), each class with near misses that must keep their reading."""

from __future__ import annotations

import pytest

from hil.llm.clauses import focus
from hil.llm.direction import direction_of
from hil.llm.grounding import NOT_HERE_NOW
from hil.llm.slots import read_slots, with_values
from tests.helpers import with_grams

# -- a value said in a clause of its own, after the command ---------------------------------


@pytest.mark.parametrize(("text", "probs", "want"), [
    ("warm up my wife's seat for her, top setting", {"seat_heat_passenger": 0.9},
     ("seat_heat_passenger", 3)),
    ("heat my seat for me, the highest", {"seat_heat_driver": 0.9}, ("seat_heat_driver", 3)),
    ("put the seat warmer on for my mum, lowest", {"seat_heat_passenger": 0.9},
     ("seat_heat_passenger", 1)),
])
def test_a_value_said_apart_is_the_commands(text: str, probs: dict, want: tuple) -> None:
    d = with_grams(text, "en", None, **probs)
    assert (d.intent, d.value) == want  # main: the default level 2


@pytest.mark.parametrize("text", [
    "heat my seat, it has been a long day at the farm",  # a reason, no value: the default
    "heat my seat for me, my little one is asleep",
    "warm up my seat, the top of the hill was freezing",  # "top" of a place, no setting
])
def test_a_reason_without_a_value_keeps_the_default(text: str) -> None:
    part = focus(text)
    assert read_slots("seat_heat", with_values(part.text, part.reasons).lower(),
                      "seat_heat_driver") == ("seat_heat_driver", 2)


def test_with_values_keeps_only_value_clauses() -> None:
    said = with_values("heat my seat", ("long drive", "top setting"))
    assert said == "heat my seat , top setting"
    assert with_values("heat my seat", ("最高档吧",)) == "heat my seat , 最高档吧"
    assert with_values("heat my seat", ("three kids in the back",)) == "heat my seat"
    assert with_values("heat my seat", ("pretty please",)) == "heat my seat"  # no "-ty" number
    assert with_values("volume", ("twenty-five",)) == "volume , twenty-five"
    assert with_values("heat my seat", ()) == "heat my seat"


# -- "on number three": a setting's number, not a name --------------------------------------


@pytest.mark.parametrize(("topic", "text", "want"), [
    ("seat_heat", "could you put my seat warmer on number three", ("seat_heat_driver", 3)),
    ("seat_heat", "passenger seat heat to number 1 for my gran", ("seat_heat_passenger", 1)),
    ("climate_fan", "whack the fan on number two", ("climate_set_fan", 2)),
])
def test_on_number_n_is_a_setting(topic: str, text: str, want: tuple) -> None:
    first = {"seat_heat": "seat_heat_driver", "climate_fan": "climate_set_fan"}[topic]
    assert read_slots(topic, text.lower(), first) == want


@pytest.mark.parametrize("text", [
    "this tune was number one the year i was born, heat my seat",
    "we're number 3 in the car wash queue, warm my seat",
])
def test_a_number_of_a_name_is_still_no_level(text: str) -> None:
    assert read_slots("seat_heat", text.lower(), "seat_heat_driver") == ("seat_heat_driver", 2)


# -- a song told by when it played: the one before ------------------------------------------


@pytest.mark.parametrize("text", [
    "could we have that ballad from before again",
    "put on the tune from earlier once more",
    "the song we heard earlier, play it again",
])
def test_a_song_from_before_is_the_previous_track(text: str) -> None:
    assert direction_of("media_previous", text) == -1


@pytest.mark.parametrize("text", [
    "i've heard this one before, skip it",  # next, never back
    "heard this track before, next please",
    "play something before we get there",
])
def test_before_in_another_sense_is_no_previous(text: str) -> None:
    assert direction_of("media_previous", text) != -1


# -- another's car, a habit or a dream: no order to this cabin ------------------------------


@pytest.mark.parametrize("text", [
    "我表哥那车空调一开就一股味儿",
    "我舅舅开车从来不开暖风",
    "my brother's car blasts the heat all the time",
    "she always has the windows down in her car",
    "i dreamt the car played heavy metal at full volume",
    "昨晚做梦车窗自己全开了",
])
def test_a_story_of_elsewhere_is_not_here_now(text: str) -> None:
    assert NOT_HERE_NOW.search(text.lower()) is not None


@pytest.mark.parametrize("text", [
    "这车空调太冷了",
    "那车太吵了，把音乐开大",  # another car's noise: still an order for this cabin's sound
    "我老婆冷，座椅加热开一下",
    "my brother is cold, heat his seat",
    "turn the heat up, i'm dreaming of summer",
])
def test_this_cabin_now_keeps_its_order(text: str) -> None:
    assert NOT_HERE_NOW.search(text.lower()) is None


def test_a_dream_is_never_acted_on() -> None:
    d = with_grams("i dreamt the car opened every window and blasted the radio", "en", None,
                   media_volume_set=0.9)
    assert d.intent == "unknown"


# -- a user who cannot make out what plays: never a pause ----------------------------------


@pytest.mark.parametrize("text", [
    "i can't make out a single word the newsreader says",
    "honestly i cannot catch the lyrics of this one",
    "she can barely make out what the comedian is saying",
])
def test_cannot_make_out_never_pauses(text: str) -> None:
    assert read_slots("media_playback", text, "media_pause") is None  # ask, never pause


@pytest.mark.parametrize(("text", "want"), [
    ("i can't hear the baby over this, pause it", ("media_pause", None)),  # the way said
    ("the lyrics of this one are daft", ("media_pause", None)),  # the head's own choice
    ("i can't make out the words, play it louder", ("media_play", None)),
])
def test_a_way_said_or_no_hearing_keeps_its_reading(text: str, want: tuple) -> None:
    assert read_slots("media_playback", text, "media_pause") == want
