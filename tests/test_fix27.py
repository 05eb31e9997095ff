"""Classes from holdout27's unsafe answers (twenty-seventh session's fix round), as variants I
wrote and near misses that must not change."""

from __future__ import annotations

import numpy as np
import pytest

from hil.llm.head import head_decision
from tests.helpers import rule_actions
from twin.assistant.heard import rejoined
from twin.assistant.scope import out_of_scope

# 1. another person's own device or habit is told of, never ordered to this cabin
VOLUME = ["media_volume_set", "media_volume_up", "climate_set_temperature", "unknown"]


def _volume(text: str, lang: str) -> tuple[str, str]:
    d = head_decision(VOLUME, np.array([0.85, 0.05, 0.05, 0.05]), text, lang, 0.6)
    return d.intent, d.why


@pytest.mark.parametrize(("text", "lang"), [
    ("my nan keeps her radio at volume twenty all day", "en"),
    ("my grandad keeps his radio on volume twenty all day bless him", "en"),
    ("she has her stereo at volume fifteen bless her", "en"),
    ("my neighbour's radio is on volume forty most of the time", "en"),
    ("our uncle's heating is at twenty six all winter", "en"),
    ("她的收音机一天到晚开着音量三十", "zh-CN"),
    ("我姥姥的收音机音量一直开到二十", "zh-CN"),
    ("我外公天天把收音机开到音量二十五", "zh-CN"),
    ("邻居那台音响开到最大", "zh-CN"),
    ("我妈的收音机音量调到四十", "zh-CN"),
])
def test_another_persons_device_or_habit_is_refused(text: str, lang: str) -> None:
    assert out_of_scope(text) in ("someone_else", "elsewhere")
    assert _volume(text, lang) == ("unknown", "out_of_scope")


@pytest.mark.parametrize(("text", "lang"), [
    ("keep the radio at volume twenty", "en"),
    ("turn the radio up my gran cannot hear it", "en"),
    ("turn her seat heater on", "en"),
    ("open her window a bit", "en"),
    ("set my radio to volume twelve", "en"),
    ("给奶奶把收音机开大点", "zh-CN"),
    ("妈的收音机怎么没声了 大点声", "zh-CN"),
    ("他妈的收音机太吵了 关小点", "zh-CN"),
    ("把她的座椅加热打开", "zh-CN"),
    ("收音机音量开到二十", "zh-CN"),
])
def test_this_cabins_things_and_whom_an_order_is_for_stay_orders(text: str, lang: str) -> None:
    assert out_of_scope(text) is None


# 2. "not a single song played" after a place or a time (一路上/车上/晚上) is no previous song
@pytest.mark.parametrize("text", [
    "开会回来一路上一首歌都没放 真没劲", "一路上一首歌也没放过", "车上一首歌都没听 闷死了",
    "今天晚上一首曲子都没放", "这一路上一首音乐都没有放",
])
def test_no_song_played_is_no_previous_song(text: str) -> None:
    assert "上一首" not in rejoined(text)
    assert "上 一首" in rejoined(text)


@pytest.mark.parametrize("text", [
    "放上一首", "切回上一首歌", "把上一首再放一遍", "车上一首歌都没听完就切了", "上一首歌没听清",
    "路上一首接一首地放",
])
def test_the_previous_song_keeps_its_words(text: str) -> None:
    assert rejoined(text) == text


# 3a. the fog as the object of 除, the glass it is on said first: the defrost, in a part too
@pytest.mark.parametrize("text", [
    "把挡风玻璃上的雾除一除，顺便温度高一点", "把前窗的雾除掉 再把风开大点",
    "把车窗上的雾气除一下 音乐暂停",
])
def test_the_fog_removed_from_the_glass_is_the_defrost_in_a_part(text: str) -> None:
    assert ("climate_defrost", None) in rule_actions("zh-CN", text)


@pytest.mark.parametrize("text", ["把玻璃的雾除掉吧", "将前挡上的雾气除一下", "把后窗的哈气除干净"])
def test_the_fog_removed_from_the_glass_is_the_defrost(text: str) -> None:
    assert rule_actions("zh-CN", text) == [("climate_defrost", None)]


@pytest.mark.parametrize("text", ["玻璃上的雾是外面的", "把玻璃擦一下",
                                  "外面雾好大 除了你谁都不信"])
def test_other_fog_and_glass_words_are_no_defrost(text: str) -> None:
    assert ("climate_defrost", None) not in rule_actions("zh-CN", text)


# 3b. an order word in the past tense where an order begins is the order
@pytest.mark.parametrize(("text", "read"), [
    ("paused the song and open the window", "pause the song"),
    ("stopped the music then close the window mate", "stop the music"),
    ("turn up the fan and paused the radio", "and pause the radio"),
    ("closed the window, mute the radio", "close the window, mute the radio"),
    ("skipped this track then open the back window", "skip this track then open the back"),
])
def test_a_past_tense_order_word_where_an_order_begins_is_the_order(text: str, read: str) -> None:
    assert read in rejoined(text)


@pytest.mark.parametrize("text", [
    "i paused the music", "we opened the window earlier", "he stopped the music",
    "someone closed the window", "the song paused and started again",
    "closed the window, muted the radio",
    "i turned the fan off, opened the window and play some music",
    "yesterday we closed the window and turn the fan up",
])
def test_a_past_tense_told_keeps_its_words(text: str) -> None:
    assert rejoined(text) == text


@pytest.mark.parametrize("text", [
    "paused the song and open the window", "turn up the fan and paused the radio"])
def test_the_rules_read_both_orders(text: str) -> None:
    assert len(rule_actions("en", text)) == 2


# 3c. 关 heard as 观/官/管 after a window's or a door's word, before 上: 关上
@pytest.mark.parametrize("text", ["关掉空调 把车窗官上 外面太吵", "下一首 把车窗管上",
                                  "把窗户观上吧", "暂停一下 车窗观上"])
def test_a_homophone_of_close_after_the_window_is_close(text: str) -> None:
    assert ("window_close", None) in rule_actions("zh-CN", text)


@pytest.mark.parametrize("text", ["管上孩子", "观上海的夜景", "官上加官", "车窗管家"])
def test_the_homophones_elsewhere_keep_their_words(text: str) -> None:
    assert rejoined(text) == text
