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
