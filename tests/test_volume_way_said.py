"""往下 / 往上 said of the volume give its way (ask27 found "音量往下调四格" asked
"音量调大还是调小？", a question naming back a way the user gave): the fallback reads the way,
and "下一首" (the next song) is no way of the volume."""

from __future__ import annotations

import pytest

from hil.llm.direction import direction_of


@pytest.mark.parametrize(("text", "way"), [
    ("音量往下调四格", -1),
    ("声音往下调一点", -1),
    ("音量往上推一推", 1),
    ("把音量往上调两格", 1),
])
def test_the_way_said_is_read(text: str, way: int) -> None:
    assert direction_of("media_volume_down", text) == way


def test_the_next_song_is_no_way_of_the_volume() -> None:
    assert direction_of("media_volume_down", "下一首") == 0
