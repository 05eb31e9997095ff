"""English classes a blind score of holdout19 found refused: an order said outright with a story
after it and no pause between ("turn the fan down to one the maps keep blowing about"), read by
the rules as an order and an aside (twin.assistant.nlu) and by the fallback as an order and a
reason left out (hil.llm.clauses.focus); a learner's "you" before an order; "is too hot" said with
its "it" unsaid, which is no question (twin.assistant.scope). Variants written here, and near
misses whose story says another place or the other way: they must act on nothing."""

from __future__ import annotations

import pytest

from hil.llm.clauses import focus
from hil.llm.direction import normalised
from tests.helpers import rule_actions
from twin.assistant.scope import out_of_scope

_READ = [
    ("turn the fan down to one the maps keep blowing about", [("climate_set_fan", 1)]),
    ("set the blower to three please the twins are sweating in the back",
     [("climate_set_fan", 3)]),
    ("shut the window the lorry fumes are getting in", [("window_close", None)]),
    ("mute it and close the window the tunnel is so noisy",
     [("media_mute", None), ("window_close", None)]),
]


@pytest.mark.parametrize(("text", "want"), _READ)
def test_an_order_keeps_its_reading_whatever_story_follows(text: str, want: list) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize("text", [
    "turn the volume up the kids are asleep",  # the story wants it the other way
    "turn the heat up it's boiling in here",
    "turn the fan up the house is cold",  # another place
    "open the window the office is stuffy",
    "turn the volume up the kitchen radio is too quiet",
])
def test_a_story_of_another_place_or_the_other_way_acts_on_nothing(text: str) -> None:
    assert rule_actions("en", text) == []


@pytest.mark.parametrize(("text", "order"), [
    ("kill the fan completely the papers on the dash keep flying", "kill the fan completely"),
    ("switch the blower off the dog's ears keep flapping", "switch the blower off"),
    ("you make the fan lower one level, is too noisy for the baby",
     "you make the fan lower one level"),
])
def test_the_fallback_reads_the_order_without_its_story(text: str, order: str) -> None:
    assert focus(text).text == order


@pytest.mark.parametrize("text", [
    "turn the fan up the house is cold",  # somewhere else: the whole line is judged
    "open the window the office is stuffy",
    "what is the fan on the heater is broken",  # no order
])
def test_a_story_of_elsewhere_keeps_the_line_whole(text: str) -> None:
    assert focus(text).text == text


def test_a_state_with_its_it_unsaid_is_no_question() -> None:
    assert out_of_scope(normalised("is too hot for the cello")) is None
    assert out_of_scope(normalised("is so stuffy for the puppy")) is None
    assert out_of_scope(normalised("is the window open")) == "question"
    assert out_of_scope(normalised("is it too hot in here")) == "question"


@pytest.mark.parametrize(("text", "want"), [
    ("it's roasting in here my son is cooking in his school uniform",
     [("climate_temperature_down", 1)]),
    ("I'm freezing in here my gym kit is still wet", [("climate_temperature_up", 1)]),
])
def test_a_place_naming_what_is_worn_is_no_place(text: str, want: list) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize("text", ["it's boiling in the school", "it's freezing at the gym"])
def test_the_place_itself_still_is_elsewhere(text: str) -> None:
    assert out_of_scope(normalised(text)) == "elsewhere"
    assert rule_actions("en", text) == []


@pytest.mark.parametrize(("text", "want"), [
    ("copy that fan up two volume down three over",
     [("climate_fan_up", 2), ("media_volume_down", 3)]),
    ("ten four temp up one blower down one",
     [("climate_temperature_up", 1), ("climate_fan_down", 1)]),
])
def test_settings_listed_back_to_back_in_a_radio_voice(text: str, want: list) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize("text", ["volume down two music up loud",
                                  "turn it down one notch up there"])
def test_a_list_whose_second_item_reads_nothing_acts_on_nothing(text: str) -> None:
    assert rule_actions("en", text) == []
