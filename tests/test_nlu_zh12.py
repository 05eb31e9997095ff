"""Chinese readings added in the twelfth session (twin.assistant.colloquial, multi, the zh-CN
templates): a final 。/！ that blocked the end-anchored readings, speech recognition's homophones
of cabin words, dialect words (俺/咱, 一下下, 瞅, 校), a closing verb with its result (关严实),
someone addressed or served first, a bare volume way with its steps, fog "on" the glass, a
clause of the situation said beside one command. Variants of each class, never a development
line itself, and the wrong actuations found (pinned with their variants)."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions


@pytest.mark.parametrize("text", [
    "我不知道怎么回家了。",
    "把座椅加热关了！",
    "帮我把窗户打开吧。",
])
def test_a_final_full_stop_does_not_hide_the_reading(text: str) -> None:
    assert rule_actions("zh-CN", text) == rule_actions("zh-CN", text.rstrip("。！"))
    assert rule_actions("zh-CN", text) != []


@pytest.mark.parametrize(("text", "want"), [
    # speech recognition's homophones of a cabin word
    ("坐椅加热开到二档", [("seat_heat_driver", 2)]),
    ("把做椅加热打开", [("seat_heat_driver", 2)]),
    ("音亮调到十二", [("media_volume_set", 12)]),
    # a dialect's "I", 一下下, 瞅, Cantonese 校
    ("俺的座椅加热关了", [("seat_heat_driver", 0)]),
    ("咱这边座椅加热开个二档", [("seat_heat_driver", 2)]),
    ("暂停一下下", [("media_pause", None)]),
    ("前挡风玻璃起雾了，啥也瞅不清", [("climate_defrost", None)]),
    ("温度校到二十五度", [("climate_set_temperature", 25)]),
    # a closing verb said with its result
    ("车窗关紧", [("window_close", None)]),
    ("把窗户给我关严了", [("window_close", None)]),
    # someone addressed first, someone the order is for (never a seat)
    ("师傅啊，把空调打开", [("climate_ac_on", None)]),
    ("儿子呀帮爷爷把音量调小一点", [("media_volume_down", 2)]),
    # a measure word before a percentage, 整 before warmer
    ("车窗开个百分之四十", [("window_set_position", 40)]),
    ("弄凉快点", [("climate_temperature_down", 1)]),
    # a bare way with its steps
    ("音量再小两格", [("media_volume_down", 2)]),
    ("声音大三格", [("media_volume_up", 3)]),
    # the seat ice-cold, fog "on" the glass, mute said as a setting
    ("我的座椅冰凉", [("seat_heat_driver", 2)]),
    ("挡风玻璃上起雾了", [("climate_defrost", None)]),
    ("把声音调成静音", [("media_mute", None)]),
    ("音乐先停一下", [("media_pause", None)]),
])
def test_a_spoken_word_is_read_as_the_plain_one(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize(("text", "want"), [
    # something done, said before the command: its situation
    ("下班了，带我回家", [("navigate_home", None)]),
    ("客人到了，把音乐打开", [("media_play", None)]),
    # a short clause naming nothing of the cabin's, said after it
    ("把音乐暂停一下，我接个人", [("media_pause", None)]),
    ("把空调关掉 省电", [("climate_ac_off", None)]),
    ("放首歌吧，有点犯困", [("media_play", None)]),
])
def test_the_situation_beside_one_command_is_no_command(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    # found on this branch while it was written: a person said after a seat heater request
    # ("给我老婆") was left out as an idle aside, and the DRIVER's seat was heated
    "打开座椅加热 给我老婆",
    "把座椅加热打开，给我妈",
    "座椅加热开到三档 给孩子",
    "把座椅加热打开 我妈说的",
    # the aside wants the other way: less air, not more
    "把风调大 吹得人头疼",
    "风量加大一点，吹得我眼睛疼",
    # how much, a side, a time, a refusal or a correction said after it is no idle aside
    "把窗户打开，一点点就行",
    "把车窗关上 后面的",
    "打开车窗 等会儿",
    "导航回家 明天",
    "打开窗户 不要了",
    "错了，把车窗关上",
])
def test_whose_seat_or_a_contrary_aside_acts_on_nothing(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


@pytest.mark.parametrize("text", [
    # found in main: a cold person said beside the seat heater ("她冷") was read as the
    # request's reason, and the DRIVER's seat was heated; since the eighteenth session the
    # person the labelled sets place in front (她, 老婆) names the passenger's seat
    # (twin/assistant/story_seat.py)
    "把座椅加热打开，她冷",
    "座椅加热开一下，我老婆说冷",
])
def test_a_cold_companion_beside_the_seat_heater_is_the_passenger(text: str) -> None:
    assert rule_actions("zh-CN", text) == [("seat_heat_passenger", 2)]


@pytest.mark.parametrize(("text", "want"), [
    # the seat said as the speaker's own, or a passenger's seat named: read as said
    ("把我的座椅加热打开，孩子睡着了", [("seat_heat_driver", 2)]),
    ("老婆说她冷，把副驾座椅加热打开", [("seat_heat_passenger", 2)]),
    # what the aside wants agrees with the command
    ("把风调小 吹得人头疼", [("climate_fan_down", 1)]),
])
def test_a_seat_named_or_an_agreeing_aside_is_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize(("text", "want"), [
    # a complaint said with a degree phrase (煞了, 到原地去世, 冰得跟…似的)
    ("冷到原地去世了", [("climate_temperature_up", 1)]),
    ("车里冰得跟冰窖一样", [("climate_temperature_up", 1)]),
    ("这座椅冰得跟铁板似的", [("seat_heat_driver", 2)]),
    # air blowing at the face, eyes that cannot stay open
    ("那风吹得我眼睛都睁不开", [("climate_fan_down", 1)]),
    ("冷风一直朝着我的头吹", [("climate_fan_down", 1)]),
    # dust coming in through the window, said with 往里
    ("灰尘一直从车窗往里钻", [("window_close", None)]),
    # the lyrics unheard, the music pounding one's ears
    ("歌词听不清楚", [("media_volume_up", 2)]),
    ("这音乐震得我耳朵疼", [("media_volume_down", 2)]),
    # a tag said first, 开上 for 打开, 往高里 for 往上, the cabin made warmer by name
    ("好不好，把音乐暂停", [("media_pause", None)]),
    ("把主驾加热开上", [("seat_heat_driver", 2)]),
    ("温度往低里调两度", [("climate_temperature_down", 2)]),
    ("把车里弄暖和点", [("climate_temperature_up", 1)]),
    # both front seats said as "me and my wife"
    ("我跟我老婆的座椅加热都关掉", [("seat_heat_driver", 0), ("seat_heat_passenger", 0)]),
    # a reason said after a command, and a tag after a list
    ("把窗户打开，想兜兜风", [("window_open", None)]),
    ("把空调关了，再导航回家，行不行？", [("climate_ac_off", None), ("navigate_home", None)]),
])
def test_a_complaint_or_a_dialect_way_is_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    "风别对着脸吹",
    "别让风对着我的脸吹",
    "风对着脸吹挺舒服的",
    "天窗往里灌风",
    # the reason wants the window open: a command to close it beside it is not read
    "把车窗关上，想吹吹风",
])
def test_a_near_complaint_or_a_contrary_reason_acts_on_nothing(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


@pytest.mark.parametrize(("text", "want"), [
    # a programmer's half-English: the cabin word said in English
    ("把Volume调到十", [("media_volume_set", 10)]),
    ("fan speed开到二档", [("climate_set_fan", 2)]),
    ("temperature调低两度", [("climate_temperature_down", 2)]),
    ("把window关上", [("window_close", None)]),
    ("先pause一下music", [("media_pause", None)]),
    ("把fan开到max", [("climate_set_fan", 7)]),
    ("music暂停，volume调小点", [("media_pause", None), ("media_volume_down", 2)]),
    # the north-east's and Shanghai's "very", a verb said twice around 一, the driver addressed
    # last, an exclamation said first
    ("贼热，温度调低两度", [("climate_temperature_down", 2)]),
    ("车里老冷了", [("climate_temperature_up", 1)]),
    ("侬帮我把车窗关一关", [("window_close", None)]),
    ("暂停一下吧师傅", [("media_pause", None)]),
    ("我的天，这也太热了", [("climate_temperature_down", 1)]),
    ("前风挡上全是雾", [("climate_defrost", None)]),
    ("乖孙，帮爷爷把车窗关上", [("window_close", None)]),
])
def test_half_english_and_a_regional_word_are_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    # English that names nothing of the cabin's, or something else to play
    "我想play一下游戏",
    "我是你的fan",
    # "老" before a word that is no complaint, a refusal before "那么"
    "这风老大了",
])
def test_half_english_or_a_near_word_acts_on_nothing(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


@pytest.mark.parametrize("text", [
    # found on this branch while it was written (by holdout5's aggregate out-of-domain
    # actuation, its lines unread): "这么冷" read as a complaint dropped the words before it, so
    # a remark on the weather warmed the cabin
    "今天怎么这么冷",
    "外面这么热",
    "天气这么热",
    "北京怎么这么冷啊",
    "为什么这么吵",
    "今年冬天贼冷",
    "外面老热了",
    "这好吵",
])
def test_a_remark_on_the_weather_or_a_question_acts_on_nothing(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


@pytest.mark.parametrize(("text", "want"), [
    # 再把 starts the next command and keeps its 把 ("把X开了" is an order, "X开了" a state)
    ("车窗关上再把音乐开了", [("window_close", None), ("media_play", None)]),
    # a Taiwan-style 耶, the AC's name before cooler, the music louder by its name
    ("好冷耶", [("climate_temperature_up", 1)]),
    ("冷气调暖和一点", [("climate_temperature_up", 1)]),
    ("歌放大声一点", [("media_volume_up", 2)]),
    # the window shut all the way, a song changed, the music stopped, the range's end
    ("车窗关到头", [("window_close", None)]),
    ("切首歌吧", [("media_next", None)]),
    ("歌停掉", [("media_pause", None)]),
    ("温度开最高", [("climate_set_temperature", 30)]),
    ("我们该回家了", [("navigate_home", None)]),
])
def test_a_plain_variant_is_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize(("text", "want"), [
    # setting off said first, whom the music is for said after it
    ("客人接到了咱走吧 把温度调到二十三度再放点音乐给她听",
     [("climate_set_temperature", 23), ("media_play", None)]),
    # a kind of song and then its title, or the singer and the kind
    ("播放儿歌小星星", [("media_play", None)]),
    ("我想听情歌后来", [("media_play", None)]),
    ("放周杰伦唱的情歌", [("media_play", None)]),
])
def test_setting_off_or_a_titled_kind_of_song_is_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    # the request taken back where a title would be
    "播放儿歌不要了",
    "我想听摇滚乐算了",
    # setting off alone asks nothing of the cabin
    "人接到了，咱走吧",
])
def test_a_song_taken_back_or_setting_off_acts_on_nothing(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


@pytest.mark.parametrize(("text", "want"), [
    # a request asked politely ("can you … ?"): the order inside it
    ("可以帮我把车窗关上吗", [("window_close", None)]),
    ("你能把音乐暂停吗？", [("media_pause", None)]),
    ("能帮我开一下除霜吗", [("climate_defrost", None)]),
    # 忒 for 太, a final 伐, "热死个人" without 了, why said after the window let down
    ("风量忒小了", [("climate_fan_up", 1)]),
    ("车窗关上伐", [("window_close", None)]),
    ("空调打开，热死个人", [("climate_ac_on", None)]),
    ("把车窗降下来透透气", [("window_open", None)]),
])
def test_a_polite_question_or_a_regional_word_is_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    # a question about the car's state, or a refusal, stays unread
    "车窗关了吗",
    "空调能开吗",
    "能不能别开窗",
    "能把温度调到多少度",
    "你可以唱歌吗",
])
def test_a_question_about_the_state_acts_on_nothing(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


@pytest.mark.parametrize(("text", "want"), [
    # a sore body part said after the complaint is its aside
    ("太吵了，耳朵疼", [("media_volume_down", 2)]),
    ("我爸说这声音太大了，他耳朵受不了", [("media_volume_down", 2)]),
    ("音响有点太响了", [("media_volume_down", 2)]),
    ("音量调小点，耳朵好痛", [("media_volume_down", 2)]),
])
def test_a_sore_ear_beside_a_complaint_is_its_aside(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    # the sore ears or eyes want the other way than the command beside them
    "把音量调大，耳朵受不了",
    "音量调大点，耳朵好痛",
    "把风调大，眼睛难受",
])
def test_a_sore_ear_against_the_command_acts_on_nothing(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


@pytest.mark.parametrize(("text", "want"), [
    ("宝贝儿，帮爷爷把空调关一下", [("climate_ac_off", None)]),
    ("哎哟这车里头凉飕飕的", [("climate_temperature_up", 1)]),
    ("声音给我整大声点", [("media_volume_up", 2)]),
])
def test_a_grandparent_or_a_dialect_verb_is_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize(("text", "want"), [
    # 完了 before 导航, 最后 before the last command, thanks said last, 开下除霜, 也小点声
    ("风量调大完了导航回家", [("climate_fan_up", 1), ("navigate_home", None)]),
    ("先关窗，再开空调，最后放点音乐",
     [("window_close", None), ("climate_ac_on", None), ("media_play", None)]),
    ("把车窗打开，把音乐暂停，谢谢", [("window_open", None), ("media_pause", None)]),
    ("帮我把空调关了顺便开下除雾", [("climate_ac_off", None), ("climate_defrost", None)]),
    ("窗户关上 声音也大点声", [("window_close", None), ("media_volume_up", 2)]),
    # a reason against one of them: not read
    ("窗户关上 太吵了 声音也大点声", []),
])
def test_a_list_joined_as_drivers_say_it_is_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want
