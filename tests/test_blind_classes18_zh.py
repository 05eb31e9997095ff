"""Chinese in-domain shapes a blind score of holdout18 found unread (eighteenth session, fixzh18):
"you" said before a device-first order (侬…), a fan set to a step beside a feeling, 三档 heard as
散档, the air blowing at anyone's face and what it does, a night in the cold told before the
seat's cold, the passenger's seat cold as ice told by whoever sits there, a window opened to
hand something out, insects coming in through the window, music loud till the ears ring, a
song heard till one is fed up, the car's music drowned by a noise told first, no song and a dull
ride ahead, and not knowing how to get home after a story. Variants of each class, never a blind
line itself, and near misses that must stay silent."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions


@pytest.mark.parametrize(("text", "want"), [
    # "you" before a device-first order
    ("侬风量调小点好伐", [("climate_fan_down", 1)]),
    ("你温度升两度", [("climate_temperature_up", 2)]),
    # a fan set to a step, a feeling told after it (a set step answers either way)
    ("风速调到一档 老人家怕冷", [("climate_set_fan", 1)]),
    ("风量开到三档 孩子热得直冒汗", [("climate_set_fan", 3)]),
    # 三 heard as 散 before a fan's step
    ("风量调到散档", [("climate_set_fan", 3)]),
    # the air at someone's face, and what it does to them
    ("风对着宝宝脸猛吹 眼睛都吹干了", [("climate_fan_down", 1)]),
    ("出风口冲着老爷子脑门直吹", [("climate_fan_down", 1)]),
    # a night in the cold told before the seat's cold
    ("车在楼下冻了一晚上，这座椅冰得跟冰块似的", [("seat_heat_driver", 2)]),
    # the passenger's seat like ice, told by whoever sits there
    ("副驾的老太太说她座位跟冰窖似的", [("seat_heat_passenger", 2)]),
    # a window opened to hand something out
    ("把车窗打开 给收费员递一下卡", [("window_open", None)]),
    ("车窗降下来，要给保安看下证件", [("window_open", None)]),
    # insects or dust coming in through the window
    ("蚊子从车窗一直往里钻", [("window_close", None)]),
    ("好多灰从窗户缝里飘进来了", [("window_close", None)]),
    # music loud till the ears ring
    ("音量大得脑仁嗡嗡的", [("media_volume_down", 2)]),
    # a song heard from then till now, and the speaker fed up
    ("这首歌从早上放到现在 我实在听够了", [("media_next", None)]),
    # a noise told first, the car's own music not heard
    ("后面的卡车一直按喇叭 车里的音乐根本听不见", [("media_volume_up", 2)]),
    # no song, and a dull ride ahead
    ("车上一首歌都没放，待会儿客人上车多冷清", [("media_play", None)]),
    # a story, then not knowing how to get home
    ("修路一封，我压根不晓得咋回家了", [("navigate_home", None)]),
])
def test_a_class_the_blind_score_found_unread_is_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    "你温度感觉怎么样",  # no order after the device
    "侬音乐品味老好的",
    "风量开到二档 我不冷",  # the feeling refused
    "风量开到二档 如果她怕冷",  # a condition
    "空调散热不好",  # 散 not before a step
    "风对着外面吹",  # no one's face
    "风对着伴娘脸上吹吗",  # a question
    "她说车冻了一宿 座位太冰了",  # someone else's story
    "副驾的伴娘说她座位挺舒服",  # no complaint
    "把车窗打开 别给他递东西",  # a refusal after
    "车窗别打开 给检票的递票",  # the order refused
    "虫子从窗户飞出去了",  # going out
    "蚊子从窗户往里飞吗",  # a question
    "外面雨大得耳朵嗡嗡的",  # the rain outside, not the music
    "这首歌从早上放到现在 我还没听够",  # not fed up
    "他说车里的歌听不见",  # someone else's word
    "车里的歌听不见吗",  # a question
    "车里连首歌都没放吗",
    "他不知道咋回家了",  # someone else's way
    "要是下雪，我都不知道咋回家了",  # a condition
    "不知道咋回家吗",
    "隔壁车道的卡车一直按喇叭",  # a noise alone
])
def test_a_near_miss_stays_silent(text: str) -> None:
    assert rule_actions("zh-CN", text) == []
