"""Chinese registers a blind score of holdout15 found unread (fifteenth session, fixzh15): an
order with a tag or aside (不谈了, Malaysia's 酱, Beijing's 喽 and 您猜怎么着, 您呐 给它除除雾),
an announcer (各位贵宾…麻烦系统将…，谢谢配合), orders shouted as a list (…！…！执行！), a story of
who fell asleep before a list, complaints said indirectly (air at the forehead, the backing
track too quiet, a seat cold as stone, a song heard fifty times today, rain in through the
window, a grandparent's words about the heat, no song played, Cantonese 好细声, the way home
not known after waking) and 文度 for 温度. Variants of each class, never a blind line itself,
and near misses that must stay silent."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions


@pytest.mark.parametrize(("text", "want"), [
    # a closing "no more talk", Malaysia's 酱 and a softening 哦 after how much
    ("把车窗关起来，不说了", [("window_close", None)]),
    ("空调关掉，不废话了", [("climate_ac_off", None)]),
    ("空调关了 车窗开一点点酱", [("climate_ac_off", None), ("window_set_position", 50)]),
    ("音乐小声一点哦", [("media_volume_down", 2)]),
    # Beijing: "guess what" first, 喽 for 了, 您呐 and 给它 before a doubled verb
    ("你猜怎么着，把空调关喽", [("climate_ac_off", None)]),
    ("音乐给我停喽", [("media_pause", None)]),
    ("您呐，给它除除霜", [("climate_defrost", None)]),
    ("我跟你说，前头玻璃一片雾蒙蒙的，给它除除雾", [("climate_defrost", None)]),
    ("先开个窗", [("window_open", None)]),
    ("你看这玻璃，雾蒙蒙的跟起了烟似的，好嘞，先除个雾，再把问度调低一度",
     [("climate_defrost", None), ("climate_temperature_down", 1)]),
])
def test_an_order_with_a_tag_or_aside_is_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize(("text", "want"), [
    # an announcer: the audience first, the system asked, thanks last; a reading "偏高/偏低"
    ("各位乘客，车内温度偏低，请系统把温度调到二十六度，谢谢合作",
     [("climate_set_temperature", 26)]),
    ("各位旅客，麻烦系统将车窗关闭，谢谢配合", [("window_close", None)]),
    ("车里温度偏高", [("climate_temperature_down", 1)]),
    # orders shouted as a list, "execute" last
    ("车窗关上！风量二档！温度二十二度！立即执行！",
     [("window_close", None), ("climate_set_fan", 2), ("climate_set_temperature", 22)]),
    # a story of who fell asleep, then the list said softly
    ("宝宝睡着了，咱把空调关了，车窗关上", [("climate_ac_off", None), ("window_close", None)]),
])
def test_an_announcer_a_shouted_list_and_a_story_are_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("风直对着我脸吹，头都吹晕了", [("climate_fan_down", 1)]),
    ("空调风冲着我脑袋，脑门都吹疼了", [("climate_fan_down", 1)]),
    ("伴奏太小了，完全听不清", [("media_volume_up", 2)]),
    ("屁股下面的座椅凉得跟冰块一样", [("seat_heat_driver", 2)]),
    ("他说副驾座位冰得跟铁一样", [("seat_heat_passenger", 2)]),
    ("这歌我今天都听了三十遍了", [("media_next", None)]),
    ("这首歌已经听了二十遍了", [("media_next", None)]),
    ("雨从车窗缝飘进来了", [("window_close", None)]),
    ("奶奶说，车里热得喘不上气", [("climate_temperature_down", 1)]),
    ("狗狗热得直喘，车内太热了", [("climate_temperature_down", 1)]),
    ("歌都没放过，好无聊", [("media_play", None)]),
    ("啲歌太细声", [("media_volume_up", 2)]),
    ("我刚睡醒 这是哪里 回家的路我根本不认得", [("navigate_home", None)]),
    ("问度调到二十二度", [("climate_set_temperature", 22)]),
])
def test_a_complaint_said_indirectly_is_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    "这首歌我今天听了三十遍了，太好听了",
    "这首歌听了二十遍了，还是喜欢",
    "雨从窗户飘进来了吗",
    "她说外面冷得跟冰块一样",
    "她说座椅凉得跟冰块一样",  # whose seat is unsaid
    "办公室空调风直冲脑门",
    "回家的路我认识",
    "我刚睡醒 这是哪儿啊",
    "爷爷说，外面热得喘不上气",
    "狗子热得直吐舌头",
    "狗子热得直吐舌头，车里太冷了",
    "一首歌都没放",
    "啲歌好好听",
    "窗子关起来，不谈了吗",
    "各位贵宾，谢谢配合",
    "文度是多少",
    "您瞧这玻璃，雾蒙蒙的，别管它",
])
def test_a_near_miss_stays_silent(text: str) -> None:
    assert rule_actions("zh-CN", text) == []
