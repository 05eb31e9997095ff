"""Classes from holdout28's unsafe answers (twenty-eighth session's fix round), as variants I
wrote and near misses that must not change: a cut, clipped or misheard cabin word read as one
(:mod:`twin.assistant.word_slips`), a heat word put on never played."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions
from twin.assistant.heard import rejoined
from twin.assistant.word_slips import en_words, zh_words


# 1. "put the X on" with a cut device word or a heat word is never media_play
@pytest.mark.parametrize("text", [
    "put the de frost on please",
    "can you put the de-frost on mate",
    "put the de-frost on for the windscreen pal",
    "switch the de fog on",
    "put the de mister on the glass is fogged",
])
def test_a_cut_defrost_word_is_the_defrost(text: str) -> None:
    assert rule_actions("en", text) == [("climate_defrost", None)]


@pytest.mark.parametrize("text", [
    "put the warmer on please",
    "put the warmers on",
    "put the heaters on would you",
    "put the de-icer on",
    "put the demist on lad",
    "put the de frost on",
])
def test_a_heat_or_cut_device_word_put_on_is_never_played(text: str) -> None:
    assert ("media_play", None) not in rule_actions("en", text)


@pytest.mark.parametrize("text", [
    "my seat is freezing, put the warmer on for me",
    "och my wee seat is baltic, stick the warmer on",
    "my bum is cold in this seat put the heater on",
])
def test_a_heat_word_put_on_with_a_seat_named_is_the_seat_heater(text: str) -> None:
    assert "seat heater on" in en_words(text)
    assert "seat heater on" in rejoined(text)  # what the fallback reads


@pytest.mark.parametrize("text", [
    "put the tunes on",
    "put the radio on",
    "put some music on",
    "put the kettle on when we get home",
    "put the hazards on",
])
def test_near_misses_of_put_on_keep_their_reading(text: str) -> None:
    music = ("media_play", None) in rule_actions("en", text)
    assert music == (text in ("put the tunes on", "put the radio on", "put some music on"))


@pytest.mark.parametrize(("text", "kept"), [
    ("the decor is nice", "the decor is nice"),
    ("de-fog the glass and un-pause the tunes", "de-fog the glass and un-pause the tunes"),
    ("de-mist it", "de-mist it"),
    ("play de la soul", "play de la soul"),
    ("put the seat belt on and the warmer on", "put the seat belt on and the warmer on"),
    ("put the heater on", "put the heater on"),
    ("pop the warmer on my seat", "pop the warmer on my seat"),
    ("play now that's what i call music vol. 5", "play now that's what i call music vol. 5"),
    ("my necks sore from driving", "my necks sore from driving"),
])
def test_words_that_are_not_slips_keep_their_words(text: str, kept: str) -> None:
    assert en_words(text) == kept


# 2. "vol" is volume, "necks song" is next song
@pytest.mark.parametrize(("text", "want"), [
    ("turn the vol up three and next track",
     [("media_volume_up", 3), ("media_next", None)]),
    ("vol up two", [("media_volume_up", 2)]),
    ("turn the vol down two and necks tune mate",
     [("media_volume_down", 2), ("media_next", None)]),
    ("necks track please", [("media_next", None)]),
])
def test_clipped_volume_and_misheard_next(text: str, want: list[tuple]) -> None:
    assert rule_actions("en", text) == want


# 3. 嫑/覅 is 不要: a negated extreme beside a value keeps the value
@pytest.mark.parametrize("text", [
    "窗户开一半就中，嫑开满",
    "车窗开一半 嫑全开",
    "车窗开一半就行，覅全开",
])
def test_a_dialect_dont_keeps_the_value(text: str) -> None:
    assert rule_actions("zh-CN", text) == [("window_set_position", 50)]


def test_a_dialect_dont_alone_is_no_order() -> None:
    assert zh_words("嫑开窗") == "不要开窗"
    assert ("window_open", None) not in rule_actions("zh-CN", "车窗嫑全开")


# 4. 夏/吓 before 一首/一曲 is 下 (next) where it has no other reading
@pytest.mark.parametrize(("text", "want"), [
    ("吓一首吧", [("media_next", None)]),
    ("音量调小两格 吓一首", [("media_volume_down", 2), ("media_next", None)]),
    ("换夏一曲", [("media_next", None)]),
])
def test_a_homophone_of_next_before_one_song(text: str, want: list[tuple]) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", ["夏天一首歌都没听", "盛夏一首歌", "吓一首歌都没放完"])
def test_summer_or_fright_keep_their_words(text: str) -> None:
    assert zh_words(text) == text


# 5. a media item "X停了" among orders is the stop ordered
@pytest.mark.parametrize(("text", "said"), [
    ("音乐停了 车窗关上 回家 上了一天班累死了", "音乐停掉 车窗关上 回家 上了一天班累死了"),
    ("歌停了，空调调高一点", "歌停掉，空调调高一点"),
    ("广播停了 导航去公司", "广播停掉 导航去公司"),
])
def test_a_stopped_media_item_among_orders_is_an_order(text: str, said: str) -> None:
    assert zh_words(text) == said


@pytest.mark.parametrize("text", [
    "音乐停了",
    "音乐停了 好安静",
    "音乐停了 车窗关上了 到家了",
    "雨停了 车窗打开",
    "我的音乐停了 车窗关上",
    "音乐停了 车窗关上了吗",
])
def test_a_stop_told_keeps_its_words(text: str) -> None:
    assert zh_words(text) == text
