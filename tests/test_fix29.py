"""Classes from holdout29's unsafe answers (twenty-ninth session's fix round), as variants I
wrote and near misses that must not change: a word left over from a thing the cabin lacks is
never played (:func:`twin.assistant.multi._lacking_run_on`)."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions


# 1. a media noun in a purpose phrase after a device the cabin lacks is no order to play
@pytest.mark.parametrize("text", [
    "switch on the massage chair in the back for the jazz music",
    "turn on the disco lights for the party music",
    "turn on the reading lamp for the kids music",
    "switch the mood lighting on for the dinner music",
    "turn on the reading light for the kids' film",
])
def test_a_media_noun_left_over_from_a_lacking_device_is_not_played(text: str) -> None:
    assert rule_actions("en", text) == []


@pytest.mark.parametrize(("text", "want"), [
    ("turn on the reading light and some music", [("media_play", None)]),
    ("flash the lights crank the music up", [("media_volume_up", 2)]),
    ("honk the horn music on", [("media_play", None)]),
    ("turn on the reading light turn the music up", [("media_volume_up", 2)]),
    ("play some choir music", [("media_play", None)]),
])
def test_a_real_second_order_after_a_lacking_device_still_acts(text: str, want: list[tuple]
                                                               ) -> None:
    assert rule_actions("en", text) == want


# 2. "get me home" after a story is an order of its own, as "take me home" is
@pytest.mark.parametrize(("text", "want"), [
    ("i'm shattered just get me home and stick the radio on",
     [("navigate_home", None), ("media_play", None)]),
    ("we're done in just get us home and turn the fan up",
     [("navigate_home", None), ("climate_fan_up", 1)]),
    ("this traffic is mental just get me home", [("navigate_home", None)]),
    ("home please and stick the radio on", [("navigate_home", None), ("media_play", None)]),
])
def test_get_me_home_after_a_story_is_its_own_part(text: str, want: list[tuple]) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize("text", [
    "if it rains just get me home",
    "i told you to get me home",
    "i never said get me home",
    "whoever is driving later should get me home",
])
def test_a_bound_or_reported_get_me_home_is_not_acted(text: str) -> None:
    assert rule_actions("en", text) == []
