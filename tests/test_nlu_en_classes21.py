"""English classes of twenty-first session's misses: a song heard too often said with a count,
and a tag after an order in accented letters, a Thai particle or a regional vocative."""

from __future__ import annotations

import pytest

from twin.assistant.nlu import shared_nlu
from twin.assistant.policy import decide


def _said(text: str) -> tuple[str, list[tuple[str, object]]]:
    d = decide(text, [], "en", shared_nlu("en").parse(text, []), None)
    return d.path, [(c.intent, c.value) for c in d.commands if c.intent != "unknown"]


@pytest.mark.parametrize("text", [
    "I've heard this song about six times now",
    "ive heard this track around twenty times since lunch",
    "we've heard this song 7 times since we left the ferry",
    "I've heard this Christmas tune nearly ten times today",
    "i have heard that song at least eight times already",
    "we've had this same track three times since we left the farm",
])
def test_a_song_heard_a_count_of_times_is_a_skip(text: str) -> None:
    assert _said(text) == ("rule", [("media_next", None)])


@pytest.mark.parametrize("text", [
    "I've heard this song three times",  # a small count is no complaint
    "I heard this song five times at the concert",  # somewhere else
    "have you heard this song five times",  # a question
    "I've had this song on my phone for years",  # owned, not heard over and over
])
def test_a_song_heard_a_few_times_or_elsewhere_is_not_skipped(text: str) -> None:
    assert _said(text)[1] == []


@pytest.mark.parametrize(("text", "want"), [
    ("fan down two, hè", [("climate_fan_down", 2)]),
    ("turn the volume up three, né", [("media_volume_up", 3)]),
    ("open the window a bit, na khrap", [("window_set_position", 50)]),
    ("turn it down a bit, kha", [("media_volume_down", 2)]),
    ("shut the window me son", [("window_close", None)]),
    ("fan up one, hinny", [("climate_fan_up", 1)]),
    ("next song and turn it down a bit, na krub",
     [("media_next", None), ("media_volume_down", 2)]),
    ("pause the music and turn the heat up a bit, pal",
     [("media_pause", None), ("climate_temperature_up", 1)]),
])
def test_a_tag_after_an_order_is_read_away(text: str, want: list[tuple[str, object]]) -> None:
    assert _said(text) == ("rule", want)


@pytest.mark.parametrize("text", [
    "call my pal",  # a pal to call is no tag
    "play my son's playlist",  # "my son" binds the playlist
])
def test_a_vocative_that_binds_the_order_is_no_tag(text: str) -> None:
    _path, said = _said(text)
    assert ("media_volume_up", 2) not in said and said in ([], [("media_play", None)])


@pytest.mark.parametrize(("text", "want"), [
    ("Muuuute!", [("media_mute", None)]),
    ("Stoooop!", [("media_pause", None)]),
    ("it's sooo cold in here", [("climate_temperature_up", 1)]),
    ("it's tooo hot", [("climate_temperature_down", 1)]),
    ("turn it up pleeease", [("media_volume_up", 2)]),
])
def test_a_stretched_word_is_read_as_the_word(text: str, want: list[tuple[str, object]]) -> None:
    assert _said(text) == ("rule", want)


def test_a_stretched_word_not_of_an_order_keeps_its_letters() -> None:
    from twin.assistant.heard import as_heard
    assert as_heard("brrr yaaay") == "brrr yaaay"
    assert as_heard("Muuute the raaadio") == "Mute the raaadio"


@pytest.mark.parametrize("text", [
    "I can barely make out the match commentary",
    "uh, I can't hear the game commentary",
    "I can hardly hear the radio commentary",
])
def test_a_commentary_named_by_its_match_not_heard_is_louder(text: str) -> None:
    assert _said(text) == ("rule", [("media_volume_up", 2)])


def test_a_commentary_made_out_is_no_complaint() -> None:
    assert _said("I can make out the match commentary")[1] == []
