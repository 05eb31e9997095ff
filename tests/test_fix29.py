"""Classes from holdout29's unsafe answers (twenty-ninth session's fix round), as variants I
wrote and near misses that must not change: a word left over from a thing the cabin lacks is
never played (:func:`twin.assistant.multi._lacking_run_on`)."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions
from twin.assistant.no_asking import without_asking
from twin.assistant.story_first import after_story


# 1. a media noun in a purpose phrase after a device the cabin lacks is no order to play
@pytest.mark.parametrize("text", [
    "switch on the massage chair in the back for the jazz music",
    "turn on the disco lights for the party music",
    "turn on the reading lamp for the kids music",
    "switch the mood lighting on for the dinner music",
    "turn on the reading light for the kids' film",
])
def test_a_media_noun_left_over_from_a_lacking_device_is_not_played(text: str) -> None:
    assert rule_actions("en", text) == []


@pytest.mark.parametrize(("text", "want"), [
    ("turn on the reading light and some music", [("media_play", None)]),
    ("flash the lights crank the music up", [("media_volume_up", 2)]),
    ("honk the horn music on", [("media_play", None)]),
    ("turn on the reading light turn the music up", [("media_volume_up", 2)]),
    ("play some choir music", [("media_play", None)]),
])
def test_a_real_second_order_after_a_lacking_device_still_acts(text: str, want: list[tuple]
                                                               ) -> None:
    assert rule_actions("en", text) == want


# 2. "get me home" after a story is an order of its own, as "take me home" is
@pytest.mark.parametrize(("text", "want"), [
    ("i'm shattered just get me home and stick the radio on",
     [("navigate_home", None), ("media_play", None)]),
    ("we're done in just get us home and turn the fan up",
     [("navigate_home", None), ("climate_fan_up", 1)]),
    ("this traffic is mental just get me home", [("navigate_home", None)]),
    ("home please and stick the radio on", [("navigate_home", None), ("media_play", None)]),
])
def test_get_me_home_after_a_story_is_its_own_part(text: str, want: list[tuple]) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize("text", [
    "if it rains just get me home",
    "i told you to get me home",
    "i never said get me home",
    "whoever is driving later should get me home",
])
def test_a_bound_or_reported_get_me_home_is_not_acted(text: str) -> None:
    assert rule_actions("en", text) == []


# 3. a part that only says not to ask is no part: the orders beside it are read whole
@pytest.mark.parametrize(("lang", "text", "want"), [
    ("zh-CN", "温度调高两度，风量减一档，别问了。",
     [("climate_temperature_up", 2), ("climate_fan_down", 1)]),
    ("zh-CN", "风量加一档，温度降两度，别废话。",
     [("climate_fan_up", 1), ("climate_temperature_down", 2)]),
    ("zh-CN", "温度降三度，风量调大一档，啥也别问。",
     [("climate_temperature_down", 3), ("climate_fan_up", 1)]),
    ("zh-CN", "风量加一档，什么都不用问", [("climate_fan_up", 1)]),
    ("en", "turn the temperature down two degrees, fan up one, no questions",
     [("climate_temperature_down", 2), ("climate_fan_up", 1)]),
    ("en", "fan up one notch and temperature down three, don't ask me anything",
     [("climate_fan_up", 1), ("climate_temperature_down", 3)]),
    ("en", "turn the fan up and don't ask", [("climate_fan_up", 1)]),
])
def test_a_dont_ask_tail_costs_no_part(lang: str, text: str, want: list[tuple]) -> None:
    assert rule_actions(lang, text) == want


@pytest.mark.parametrize(("lang", "text"), [
    ("zh-CN", "别问了"),
    ("zh-CN", "啥也别问"),
    ("en", "no questions"),
    ("en", "don't ask me to turn the fan up"),
    ("zh-CN", "别问我风量多少"),
])
def test_a_dont_ask_alone_or_with_an_object_is_no_order(lang: str, text: str) -> None:
    assert rule_actions(lang, text) == []


@pytest.mark.parametrize(("lang", "text", "kept"), [
    ("zh-CN", "别问了", "别问了"),
    ("zh-CN", "别问我风量多少", "别问我风量多少"),
    ("en", "don't ask me to turn the fan up", "don't ask me to turn the fan up"),
    ("en", "turn the fan up, don't ask why", "turn the fan up, don't ask why"),
    ("zh-CN", "风量加一档，甚也别问。", "风量加一档"),
])
def test_without_asking_drops_only_a_last_part_that_asks_nothing(lang: str, text: str,
                                                                  kept: str) -> None:
    assert without_asking(text, lang) == kept


# 4. a story of tiredness told before clear orders: the orders alone (rules and fallback)
@pytest.mark.parametrize(("lang", "text", "kept"), [
    ("zh-CN", "爬了一天山累得不想说话，直接导航回家，路上放首歌。", "直接导航回家，路上放首歌。"),
    ("zh-CN", "加班到半夜困得睁不开眼，导航回家", "导航回家"),
    ("en", "moved house all day and I'm too tired to talk, just take me home and play some music",
     "just take me home and play some music"),
    ("en", "I'm so tired, get me home", "get me home"),
])
def test_a_tired_story_before_orders_is_left_out(lang: str, text: str, kept: str) -> None:
    assert after_story(text, lang) == kept


@pytest.mark.parametrize(("lang", "text"), [
    ("zh-CN", "累得不想说话"),
    ("zh-CN", "如果累了，导航回家"),
    ("zh-CN", "累了，别开空调"),
    ("zh-CN", "累死了，空调开大点"),
    ("zh-CN", "我好累，可以导航回家吗"),
    ("zh-CN", "开车开了一天累死了，导航回家"),
    ("en", "I'm knackered, if it rains close the window"),
    ("en", "I'm tired, the music is loud, turn it down"),
    ("en", "we drove all day, turn the fan up"),
])
def test_a_story_that_binds_names_or_tells_no_tiredness_stays(lang: str, text: str) -> None:
    assert after_story(text, lang) == text


def test_a_tired_story_costs_the_rules_no_part() -> None:
    assert rule_actions("en", "loaded the van all afternoon and I'm wrecked, just navigate "
                        "home and play some songs") == [("navigate_home", None),
                                                        ("media_play", None)]
