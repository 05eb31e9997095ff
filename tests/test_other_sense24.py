"""An instrument played is no playback of the cabin's (the twenty-fourth session,
:data:`hil.llm.other_sense.OTHER_SENSE`): however sure the head is of ``media_play``, "my son
plays this track on his guitar" acts on nothing, and an order to play keeps playing. Variants
written for the tests, not development lines."""

from __future__ import annotations

import pytest

from tests.helpers import is_zh, with_grams


@pytest.mark.parametrize("text", [
    "my nephew plays that song on the ukulele",
    "grandad played this one on his old fiddle every christmas",
    "她会用钢琴弹这首",
    "我儿子拉小提琴拉的就是这首",
])
def test_an_instrument_played_never_plays(text: str) -> None:
    lang = "zh-CN" if is_zh(text) else "en"
    d = with_grams(text, lang, "media_play", media_play=0.95, unknown=0.05)
    assert d.intent == "unknown"


@pytest.mark.parametrize("text", ["play some piano music", "play the guitar version please"])
def test_an_order_to_play_still_plays(text: str) -> None:
    assert with_grams(text, "en", "media_play", media_play=0.95,
                      unknown=0.05).intent == "media_play"
