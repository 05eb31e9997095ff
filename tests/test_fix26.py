"""Classes from holdout26's unsafe answers (twenty-sixth session's fix round), as variants and
near misses that must not change."""

from __future__ import annotations

import numpy as np
import pytest

from hil.llm.clauses import command_parts, focus
from hil.llm.grounding import LOUDNESS, narrowed
from hil.llm.head import head_decision
from tests.helpers import rule_actions, rule_reading
from twin.assistant.heard import rejoined
from twin.assistant.slips import en_slips, zh_slips


# 1a. a units word heard as a homophone is read as the number, never dropped
@pytest.mark.parametrize(("text", "read"), [
    ("set it to twenty won degrees", "twenty-one degrees"),
    ("heat to thirty won please", "thirty-one please"),
    ("make it twenty too degrees", "twenty-two degrees"),
    ("temperature twenty to please", "twenty-two please"),
    ("turn the heat to twenty tree degrees mate", "twenty-three degrees"),
    ("volume to twenty ate love", "twenty-eight love"),
    ("volume to forty free, ta", "forty-three, ta"),
    ("put the fan on tree please", "on three please"),
    ("fan down to won", "to one"),
])
def test_a_units_homophone_is_read_as_the_number(text: str, read: str) -> None:
    assert read in en_slips(text)
    assert read in rejoined(text)


@pytest.mark.parametrize("text", [
    "set the temperature to twenty degrees for the kids", "wake me at twenty to ten",
    "it's twenty too many", "drive to tree street", "set it to twenty, too",
    "the fan at twenty to nine", "thirty free minutes left", "twenty trees on the left",
])
def test_words_that_are_no_number_keep_their_words(text: str) -> None:
    assert en_slips(text) == text


@pytest.mark.parametrize(("text", "value"), [
    ("set the temperature to twenty won degrees", 21),
    ("set the temperature to twenty too please", 22),
    ("set the temperature to twenty tree degrees", 23),
    ("set the temperature to twenty one degrees", 21),
    ("set the temperature to twenty degrees for the kids", 20),
])
def test_the_rules_never_drop_a_part_of_a_misheard_number(text: str, value: int) -> None:
    intent, read = rule_reading(text)
    assert intent in ("climate_set_temperature", "unknown")
    assert read in (value, None)


# 1b. "pause" heard as a homophone before the media is a pause, never a play
@pytest.mark.parametrize("text", [
    "paws the music, old son", "Paws the radio for a sec", "pores the song please",
    "pours the tunes mate", "paws it for a minute",
])
def test_pause_heard_as_a_homophone_is_a_pause(text: str) -> None:
    assert en_slips(text).lower().startswith("pause ")
    assert rejoined(text).lower().startswith("pause ")
    assert rule_reading(text)[0] in ("media_pause", "unknown")


@pytest.mark.parametrize("text", [
    "the dog's paws are muddy, put some music on", "pour the coffee", "paws off my seat",
    "it pours with rain",
])
def test_paws_and_pours_elsewhere_keep_their_words(text: str) -> None:
    assert en_slips(text) == text


# 1c. 副驾 heard as a homophone is the passenger's seat, never the driver's by default
@pytest.mark.parametrize("text", ["付驾座椅加热开到二档", "复驾的座椅加热打开", "富驾座椅加热关掉",
                                  "付驾驶座加热开一档", "副架座椅加热开一档", "付假座椅加热关了"])
def test_passenger_seat_homophone_is_the_passenger(text: str) -> None:
    assert "副驾" in zh_slips(text)
    assert "副驾" in focus(text).text
    assert ("seat_heat_driver", 0) not in rule_actions("zh-CN", text)
    assert all(i != "seat_heat_driver" for i, _ in rule_actions("zh-CN", text))


@pytest.mark.parametrize("text", ["我付驾驶证的钱", "付款", "驾驶座加热开一档", "复印",
                                  "副价格", "度假的地方", "书架的灯", "恢复假的"])
def test_other_words_with_fu_keep_their_words(text: str) -> None:
    assert zh_slips(text) == text


def test_dialect_i_is_the_speaker() -> None:
    assert zh_slips("俺这个开最高") == "我这个开最高"
    assert zh_slips("俺们回家") == "我们回家"


# 3. advice reported from someone outside the car is no order, and nothing is asked about it
NAV = ["climate_temperature_up", "navigate_home", "seat_heat_driver", "unknown"]


def _nav(text: str, lang: str) -> tuple[str, str, str]:
    d = head_decision(NAV, np.array([0.05, 0.85, 0.05, 0.05]), text, lang, 0.6)
    return d.intent, d.feedback, d.why


@pytest.mark.parametrize(("text", "lang"), [
    ("医生说奶奶回家要多穿点", "zh-CN"), ("兽医说小狗回家要多喂点水", "zh-CN"),
    ("老师说孩子回家要注意保暖", "zh-CN"),
    ("the vet said the old dog should be kept warm once we get home", "en"),
    ("the doctor says grandad should keep warm at home", "en"),
])
def test_reported_advice_is_refused_never_asked(text: str, lang: str) -> None:
    intent, feedback, why = _nav(text, lang)
    assert intent == "unknown"
    assert why == "out_of_scope"
    assert "?" not in feedback and "？" not in feedback


@pytest.mark.parametrize(("text", "lang"), [("我们回家吧", "zh-CN"), ("导航回家", "zh-CN"),
                                            ("take us home please", "en")])
def test_going_home_still_navigates(text: str, lang: str) -> None:
    assert _nav(text, lang)[0] == "navigate_home"


# 2c. "bump/knock X up" said of the music is its loudness, never playing it
@pytest.mark.parametrize("text", [
    "bump the music up a bit sumimasen", "bump up the tunes a touch", "knock the radio up, ta",
    "knock the music down a bit", "whack the music up mate", "bump it up a bit",
])
def test_bumping_the_music_up_is_its_volume(text: str) -> None:
    assert LOUDNESS.search(text)
    assert narrowed({"media_playback", "media_volume"}, text) == {"media_volume"}


@pytest.mark.parametrize("text", ["play some music", "put some music on", "bump into a friend",
                                  "play pump it up by elvis costello"])
def test_playing_music_stays_playback(text: str) -> None:
    assert not LOUDNESS.search(text)


# 2b. where the person a seat's order is for sits, said after the order: that order's seat
@pytest.mark.parametrize(("text", "first"), [
    ("first turn the seat heater on for my nephew, he's in the passenger seat, then take us "
     "home please", "first turn the seat heater on for my nephew, he's in the passenger seat"),
    ("so warm the seat up for my niece, she's sitting in the passenger seat, and skip this song",
     "so warm the seat up for my niece, she's sitting in the passenger seat"),
    ("给我侄子把座椅加热打开，他坐副驾，然后导航回家", "他坐副驾"),
])
def test_where_the_person_sits_stays_with_the_seat_order(text: str, first: str) -> None:
    parts = command_parts(text)
    assert len(parts) == 2
    assert first in parts[0]
    assert "passenger" not in parts[1] and "副驾" not in parts[1]


@pytest.mark.parametrize(("text", "first"), [
    ("turn the seat heater on, she's cold, then take us home", "turn the seat heater on"),
    ("turn the volume up, she's in the passenger seat, then take us home", "turn the volume up"),
])
def test_other_clauses_stay_where_they_were(text: str, first: str) -> None:
    assert command_parts(text)[0] == first
