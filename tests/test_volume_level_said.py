"""A volume said as a number with no percent word is the level itself (fix27 found
"收音机音量调到二十" set the volume to 6: Home Assistant's volume intent reads its number as a
percentage, and the rules scaled every one to the 0-30 range). A percent said is still scaled; a
level past the range is never set."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions


@pytest.mark.parametrize(("lang", "text", "want"), [
    ("zh", "收音机音量调到二十", [("media_volume_set", 20)]),
    ("zh", "收音机音量调到十二", [("media_volume_set", 12)]),
    ("zh", "收音机音量调到15", [("media_volume_set", 15)]),
    # a percent said: half of the 0-30 range
    ("zh", "收音机音量调到百分之五十", [("media_volume_set", 15)]),
    ("en", "set the radio volume to 50 percent", [("media_volume_set", 15)]),
])
def test_the_level_said_is_the_level_set(lang: str, text: str, want: list) -> None:
    assert rule_actions(lang, text) == want


@pytest.mark.parametrize("text", ["收音机音量调到50", "收音机音量调到四十"])
def test_a_level_past_the_range_is_not_scaled_into_it(text: str) -> None:
    assert rule_actions("zh", text) == []
