"""Chinese readings added in the fifteenth session (twin.assistant.colloquial): registers of
the north-east (干到顶, 整上, 来个…档, 脑瓜子), Shanxi (可热了), Guizhou (搞快点), Shanghai
(开开空调好伐), Taiwan (欸…, …齁), Xinjiang (朋友…, …亚克西), a lawyer's 兹请将…开启至, a
gamer's BGM, a group or a blessing said first, where the car is said first (隧道里…), a hedge
(要不…), an order stressed (我说…) or asked with 不 last, loudness said as 响 or as ringing ears,
air blown in the face, and a function said too much of before a bare 关了. Variants of each
class, never a development line itself, and near misses that must not act."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions


@pytest.mark.parametrize(("text", "want"), [
    # the north-east's 干 for 调 before a value, 来个 before a level, 整上 for 打开
    ("音量干到最大", [("media_volume_set", 30)]),
    ("空调干到十九度", [("climate_set_temperature", 19)]),
    ("风速干到头", [("climate_set_fan", 7)]),
    ("副驾座椅加热来个最高档", [("seat_heat_passenger", 3)]),
    ("风量来个二档", [("climate_set_fan", 2)]),
    ("把空调整上", [("climate_ac_on", None)]),
    ("音乐给整上吧", [("media_play", None)]),
    # Shanxi's 可…了 for 太…了, Guizhou's 搞快点, Shanghai's 开开/关关 before a tag
    ("车里可冷了", [("climate_temperature_up", 1)]),
    ("这风可大了", [("climate_fan_down", 1)]),
    ("搞快点 把窗户关上", [("window_close", None)]),
    ("冷气搞快点打开", [("climate_ac_on", None)]),
    ("开开窗户好伐", [("window_open", None)]),
    ("窗户关关好伐", [("window_close", None)]),
    # Taiwan's 欸 said first and 齁 said last, Xinjiang's 朋友 and 亚克西, a lawyer's 兹请将…开启至
    ("欸 冷气关掉齁", [("climate_ac_off", None)]),
    ("喂 下一首齁", [("media_next", None)]),
    ("朋友，风量调到三档 亚克西", [("climate_set_fan", 3)]),
    ("老乡 帮我导航回家", [("navigate_home", None)]),
    ("兹请将车窗开启至一半", [("window_set_position", 50)]),
    # a gamer's BGM, a group or a blessing said first, 学员注意
    ("BGM整起来", [("media_play", None)]),
    ("把BGM调小点", [("media_volume_down", 2)]),
    ("姐妹们 把空调打开", [("climate_ac_on", None)]),
    ("感谢主 导航回家", [("navigate_home", None)]),
    ("同学们注意 把车窗关上", [("window_close", None)]),
])
def test_a_register_word_is_read_as_the_plain_one(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize(("text", "want"), [
    # 把那/把这 before the thing, where the car is said first
    ("把那空调关了", [("climate_ac_off", None)]),
    ("把这车窗打开", [("window_open", None)]),
    ("地库里把车窗关上", [("window_close", None)]),
    ("高架上温度调到二十三度", [("climate_set_temperature", 23)]),
    # a hedge said first, an order stressed first or closed with 再说/喂, a request asked with 不
    ("要不放首歌吧", [("media_play", None)]),
    ("要不咱把窗户关了", [("window_close", None)]),
    ("我说把音量调小点", [("media_volume_down", 2)]),
    ("听见没 把窗户关上", [("window_close", None)]),
    ("先把座椅加热打开再说", [("seat_heat_driver", 2)]),
    ("能把车窗关上不", [("window_close", None)]),
    ("车窗可以关一下不", [("window_close", None)]),
    # 你/给 between the thing and its verb
    ("音乐你给我暂停", [("media_pause", None)]),
    ("把歌给停了", [("media_pause", None)]),
    # a small gap, a window wound up
    ("窗户开一条小缝", [("window_set_position", 50)]),  # a crack: the 50 % start is kept (wish.py)
    ("车窗摇起来", [("window_close", None)]),
    # a level after 打开, 增加 for 加大 before a step, the window's share after it
    ("副驾座椅加热打开一档", [("seat_heat_passenger", 1)]),
    ("风量增加一档", [("climate_fan_up", 1)]),
    ("打开窗户一半", [("window_set_position", 50)]),
])
def test_a_pointing_word_place_or_hedge_said_around_the_order_is_read(text: str, want: list
                                                                       ) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize(("text", "want"), [
    # loud said as 响, ears ringing
    ("太响了啊", [("media_volume_down", 2)]),
    ("歌声震得耳朵嗡嗡的", [("media_volume_down", 2)]),
    ("把那声音整小点 吵得脑瓜仁嗡嗡的", [("media_volume_down", 2)]),
    # air blown in the face (and the eyes it shuts)
    ("风口一直对着我脸吹", [("climate_fan_down", 1)]),
    ("空调风冲着眼睛吹，眼睛都睁不开", [("climate_fan_down", 1)]),
    # a function said too much of, then a bare "off"
    ("座椅加热好烫 关掉吧", [("seat_heat_driver", 0)]),
    ("冷气太冻了，快关了吧", [("climate_ac_off", None)]),
    ("座椅加热有点烫了", [("seat_heat_driver", 0)]),
])
def test_a_complaint_in_a_register_is_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize(("text", "want"), [
    # speech recognition's homophones of a cabin word
    ("空挑关了吧", [("climate_ac_off", None)]),
    ("把车创关上", [("window_close", None)]),
    ("座以加热开一下", [("seat_heat_driver", 2)]),
    ("导行回家吧", [("navigate_home", None)]),
    ("风俩调小点", [("climate_fan_down", 1)]),
    ("除舞开一下", [("climate_defrost", None)]),
    ("请把车窗关币", [("window_close", None)]),
    ("先暂停音了", [("media_pause", None)]),
    ("空调调到二十五读", [("climate_set_temperature", 25)]),
    # a hedge before how one feels, a tag asking agreement, a final 哎
    ("好像有点热", [("climate_temperature_down", 1)]),
    ("我觉得车里有点冷", [("climate_temperature_up", 1)]),
    ("车里好热对吧", [("climate_temperature_down", 1)]),
    ("好冷哎", [("climate_temperature_up", 1)]),
])
def test_a_homophone_or_hedge_is_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize(("text", "want"), [
    # Taiwan's 拜托 first or last, music as 动静, not enough as too little, the verb before 太,
    # a window let down with 整
    ("拜托 窗户关一下", [("window_close", None)]),
    ("音乐暂停啦拜托", [("media_pause", None)]),
    ("放点动静", [("media_play", None)]),
    ("音量还是不够大", [("media_volume_up", 2)]),
    ("冷气不够凉快", [("climate_temperature_down", 1)]),
    ("音乐放得太响了", [("media_volume_down", 2)]),
    ("车窗弄下来一点", [("window_set_position", 50)]),  # a crack: the 50 % start is kept (wish.py)
])
def test_a_courtesy_or_not_enough_is_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    "过隧道的时候把车窗关上",  # a later time, not now
    "进隧道前把车窗关上",
    "隧道里太吵了",  # noise of the tunnel, nothing the cabin makes
    "外面太响了",
    "鞭炮太响了",
    "我耳朵一直嗡嗡响",  # ringing ears with nothing loud named
    "风对着窗户吹",
    "今天可冷了",  # the weather
    "这可不行",
    "不可能",
    "朋友说这首歌好听",
    "亚克西",
    "兹定于明天开会",
    "开启至尊模式",
    "把那首歌发给我",
    "把那天的照片找出来",
    "整上两瓶酒",
    "把后备箱整上",
    "把窗户整上",  # 整上 is never a window's (摇上 shuts it)
    "你干到几点",
    "活干到一半",
    "来个最低价",
    "要不要把窗户打开",  # a question
    "空调开着没",
    "BGM是什么歌",
    "愿主保佑",
    "姐妹们 今天好开心",
    "座椅加热可以开到几档",
    "空调太冷了吗",
    "座椅加热不太热了，关了吧",  # not "too hot": the complaint is not said
    "困得眼睛都睁不开了",  # sleepy, not the air
    "座椅加热打开了吗",  # a question about the state
    "风量增大了",
    "打开车窗一半的照片",
    "车穿过隧道",  # 车穿 is the car going through, not the window
    "坐以待毙",
    "到航站楼",
    "听不到声音了吗",
    "外面好像有点冷",  # the weather outside
    "是不是有点热",  # a question
    "热了是吧",
    "拜托",
    "外面什么动静",
    "钱不够大",  # not enough of something the cabin has no setting for
    "空调不凉",  # maybe broken: not read as a wish
])
def test_near_misses_do_not_act(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


@pytest.mark.parametrize("text", [
    "来个三档的冰淇淋",  # food: 来 with no song measure is "give me"
    "来个大份的薯条",
    "来一个小杯的奶茶",
    "来个热乎的汤",
    "来个三档的风",  # not a song, whatever the fan wants
])
def test_give_me_a_thing_with_a_modifier_plays_no_music(text: str) -> None:
    assert ("media_play", None) not in rule_actions("zh-CN", text)


@pytest.mark.parametrize("text", [
    "来首周杰伦的歌", "来点周杰伦的摇滚", "来一首五月天的倔强吧", "来个适合小朋友听的儿歌",
    "来一个周杰伦的歌", "来些好听的轻音乐",
])
def test_a_song_asked_with_its_measure_or_a_song_word_still_plays(text: str) -> None:
    assert rule_actions("zh-CN", text) == [("media_play", None)]
