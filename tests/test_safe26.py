"""The twenty-sixth session's safety readings of the fallback's values (:mod:`hil.llm.values`):
满 is a setting's top only when a setting is pushed to it ("拉满", "开到满", "满档"); inside a
word ("满月酒", "满天", "圆满") it is no top, so a number said for the setting is read, never
the range's end. Variants written for the tests, not development lines."""

from __future__ import annotations

import pytest

from hil.llm.direction import BEFORE_THIS, cant_hear, direction_of
from hil.llm.slots import read_slots
from hil.llm.values import max_said


@pytest.mark.parametrize("text", [
    "音量调到八 满月宴的客人都到了",
    "把声音调到十二，满天都是孔明灯",
    "音量设成六，今天的活动圆满成功",
])
def test_a_word_with_man_in_it_is_no_top(text: str) -> None:
    assert not max_said(text)
    assert read_slots("media_volume", text, "media_volume_set")[1] != 30


@pytest.mark.parametrize(("text", "value"), [
    ("音量调到八 满月宴的客人都到了", 8),
    ("把声音调到十二，满天都是孔明灯", 12),
])
def test_the_number_said_is_read(text: str, value: int) -> None:
    assert read_slots("media_volume", text, "media_volume_set") == ("media_volume_set", value)


@pytest.mark.parametrize("text", ["音量直接拉满", "把声音开到满", "风量给我开满", "座椅加热调满",
                                  "风量开满档"])
def test_a_setting_pushed_to_man_is_its_top(text: str) -> None:
    assert max_said(text)


@pytest.mark.parametrize("text", [
    "give the tunes a rest for a bit, we're nearly there",
    "let's take a break from the radio till the toll",
    "音乐先歇会儿，我接个电话",
    "让歌单休息一下",
    "先定住这首歌，我听听广播通知",
])
def test_a_rest_given_to_what_plays_is_a_pause(text: str) -> None:
    assert direction_of("media_play", text) == -1


@pytest.mark.parametrize("text", ["来首歌歇一歇", "放首歌休息一下", "play some music while we rest",
                                  "have a break from the driving"])
def test_music_asked_for_a_rest_is_no_pause(text: str) -> None:
    assert direction_of("media_play", text) != -1


@pytest.mark.parametrize("text", [
    "刚才那首歌被导航播报打断了",
    "之前放的那首，我跟人说话一句都没听",
    "前面那首曲子半路被电话打断了，再来",
])
def test_the_song_just_before_missed_is_the_one_before(text: str) -> None:
    assert BEFORE_THIS.search(text)


@pytest.mark.parametrize("text", ["刚才那首歌挺好听", "这首歌被打断了，接着放"])
def test_a_song_not_missed_is_not_the_one_before(text: str) -> None:
    assert not BEFORE_THIS.search(text)


@pytest.mark.parametrize("text", [
    "歌放着呢，可我一句也没进耳朵",
    "窗外风声太大，这首我一句都没听进",
    "音乐开着我都没听全",
])
def test_a_song_not_heard_never_goes_quieter(text: str) -> None:
    assert cant_hear(text)
    assert direction_of("media_volume_up", text) != -1
