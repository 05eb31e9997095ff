"""One list of another device's English words: the refusal of another device and a play
wildcard's object both take every word of it."""

from __future__ import annotations

import pytest

from twin.assistant.device_words import EN_OTHER_DEVICES
from twin.assistant.play_object import object_kind
from twin.assistant.scope import out_of_scope


@pytest.mark.parametrize("word", ["lights", "sunroof", "mirror", "horn", "tv", "kettle"])
def test_the_shared_list_holds_the_devices_both_readers_named(word: str) -> None:
    assert word in EN_OTHER_DEVICES


@pytest.mark.parametrize("word", EN_OTHER_DEVICES)
def test_every_shared_device_word_is_refused_as_another_device(word: str) -> None:
    assert out_of_scope(f"switch the {word} on") == "other_device"


@pytest.mark.parametrize("word", EN_OTHER_DEVICES)
def test_every_shared_device_word_is_no_title_to_play(word: str) -> None:
    assert object_kind(f"the {word}") == "not_media"


@pytest.mark.parametrize(("text", "kind"), [
    ("check the washer fluid", "other_device"), ("start the seat massaging", "other_device"),
    ("switch the lightsaber on", None)])
def test_the_refusal_keeps_its_own_stems_beside_the_list(text: str, kind: str | None) -> None:
    assert out_of_scope(text) == kind
