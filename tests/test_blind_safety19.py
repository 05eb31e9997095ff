"""Unsafe answers the nineteenth blind score found, fixed as classes (variants written here, not
the scored lines): a seat level misread by the fallback, a second seat given the first seat's
level, a play order read from 放 before a noun, and a part naming a function dropped."""

from __future__ import annotations

import pytest

from hil.llm.clauses import clause_topics, command_parts, commanding
from hil.llm.several import several_parts
from hil.llm.slots import read_slots
from twin.assistant.nlu import shared_nlu
from twin.assistant.phrasing import other_zone


@pytest.mark.parametrize("text", [
    "把座椅加热给我开到顶",
    "主驾座椅加热拉到最顶",
    "座椅加热直接顶格",
    "put my seat heater to the top",
    "seat warmer on its very top please",
    "seat heat, top setting",
])
def test_the_top_of_a_seat_heater_is_level_three(text: str) -> None:
    read = read_slots("seat_heat", text, "seat_heat_driver")
    assert read is not None and read[1] == 3


@pytest.mark.parametrize(("text", "level"), [
    ("副驾那个小姑娘说座位凉飕飕的", 2),  # 小 of a person: no level, the cold seat's default
    ("旁边小朋友座椅加热开一下", 2),
    ("主驾座椅加热开小点", 1),  # a small amount said: the low level, as before
    ("座椅加热调小一些", 1),
    ("座椅加热 副驾 一", 1),  # a bare numeral after the seat is the level
    ("座椅加热 主驾 三", 3),
    ("top up the seat heater", 2),  # "top up" is no top
])
def test_seat_level_words(text: str, level: int) -> None:
    read = read_slots("seat_heat", text, "seat_heat_driver")
    assert read is not None and read[1] == level


@pytest.mark.parametrize("text", [
    "座椅加热 副驾 二 好了",
    "座椅加热，主驾，一档",
    "seat heater, passenger's, level two",
])
def test_a_seat_and_level_after_a_bare_seat_function_complete_it(text: str) -> None:
    assert len(several_parts(text)) <= 1  # one command, read whole (never "another seat")


@pytest.mark.parametrize("text", [
    "座椅加热开一下，副驾的也开",  # the other seat with a way of its own: two commands
    "座椅加热副驾的关掉，我的开一档",
    "heat my seat on high, and hers on low",
])
def test_another_seat_with_its_own_way_stays_its_own_command(text: str) -> None:
    assert len(several_parts(text)) == 2


@pytest.mark.parametrize("text", [
    "放风筝的人都热坏了", "放假回来车里闷", "放心吧孩子睡了", "放学路上好晒"])
def test_fang_before_a_noun_names_no_music(text: str) -> None:
    assert "media_playback" not in clause_topics(text)


@pytest.mark.parametrize("text", ["放首歌", "放点音乐", "放周杰伦的歌", "歌放起来", "放吧"])
def test_fang_before_music_names_music(text: str) -> None:
    assert "media_playback" in clause_topics(text)


def test_fang_in_a_list() -> None:
    parts = several_parts("车窗关上 风量调到五档 放风筝的都晒蔫了")
    assert parts and not any(p.startswith("放风筝") for p in parts)
    assert "放个歌" in several_parts("车窗关上 风量调到四档 放个歌")
    assert "放学了" not in several_parts("放学了 车窗关上 风量调到三档")


@pytest.mark.parametrize("text", [
    "歌先停一下", "音乐停下来", "let the music play", "let some tunes play"])
def test_stops_after_their_thing_and_let_orders_command(text: str) -> None:
    assert commanding(text)


@pytest.mark.parametrize("text", ["音乐停了", "let me know what song this is"])
def test_a_stop_told_and_let_me_know_are_no_commands(text: str) -> None:
    assert not commanding(text)


def test_a_stop_said_first_stays_a_part() -> None:
    parts = command_parts("歌曲先停一下，再把副驾窗户打开，然后导航回家")
    assert len(parts) == 3 and "停" in parts[0]


@pytest.mark.parametrize(("text", "want"), [
    ("heat my seat to two and the passenger's to one",
     [("seat_heat_driver", 2), ("seat_heat_passenger", 1)]),
    ("warm my seat to one and my wife's on high",
     [("seat_heat_driver", 1), ("seat_heat_passenger", 3)]),
    ("heat my seat to two and do hers too", [("seat_heat_driver", 2), ("seat_heat_passenger", 2)]),
])
def test_a_second_seat_gets_its_own_level(text: str, want: list[tuple[str, int]]) -> None:
    found = shared_nlu("en").parse(text)
    assert [(p.intent, p.value) for p in found.parts] == want


def test_other_zone_never_copies_a_level_over_the_one_said() -> None:
    assert other_zone("the passenger's to two", "en", "heat my seat to three") is None
    assert other_zone("and the passenger's too", "en", "heat my seat to three") is not None


@pytest.mark.parametrize("text", ["放风筝的都晒蔫了", "听评书的人都睡着了", "放羊的一个个都晒黑了"])
def test_the_rules_play_no_title_that_tells_of_people(text: str) -> None:
    assert shared_nlu("zh-CN").parse(text).intent != "media_play"


@pytest.mark.parametrize("text", ["放周杰伦的歌", "放一首邓丽君的甜蜜蜜"])
def test_the_rules_still_play_a_singers_song(text: str) -> None:
    assert shared_nlu("zh-CN").parse(text).intent == "media_play"
