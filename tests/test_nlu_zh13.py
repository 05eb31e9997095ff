"""Chinese readings added in the thirteenth session (twin.assistant.colloquial, multi,
phrasing, the zh-CN templates): a word cut and said again after a pause ("温…温度"), dialect
function words (Wuhan 莫/哈子, Tianjin 介, Cantonese 唔该/少少/啲/细声/熄/闩/咗), internet shorthand
said first (yysy), a self-correction inside several commands ("静音 哦不是 暂停，然后…"), a bare
step after a request ("再小一档"), complaints said with who feels them and how ("宝宝热得一头汗",
"老爷子嫌…", "听得耳朵都起茧了"), why music is asked for ("来点音乐解解闷"). Variants of each
class, never a development line itself, and near misses that must not act."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions
from twin.assistant.resolver import Turn


@pytest.mark.parametrize(("text", "want"), [
    # a word cut and said again after a pause: the cut part once
    ("风…风量调到三档", [("climate_set_fan", 3)]),
    ("打…打开车窗", [("window_open", None)]),
    ("副驾…副驾座椅加热打开", [("seat_heat_passenger", 2)]),
    ("把温度调到二十…二十五度", [("climate_set_temperature", 25)]),
    ("音量...音量调小点", [("media_volume_down", 2)]),
    # a filler and a pause said first
    ("呃…把车窗关上", [("window_close", None)]),
    ("那个…可以帮我把音乐暂停吗", [("media_pause", None)]),
])
def test_a_word_said_again_after_a_pause_is_read_once(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize(("text", "want"), [
    # Wuhan and the south-west: 莫 for 别, 哈子 for 一下
    ("莫放了", [("media_pause", None)]),
    ("窗户开哈子", [("window_open", None)]),
    ("把音乐停哈子", [("media_pause", None)]),
    # Tianjin: 介 for 这
    ("介窗户关上", [("window_close", None)]),
    # Cantonese: 唔该 (please), 少少, 啲, 细声, 熄, 闩, 咗, 收音机
    ("唔该调高两度", [("climate_temperature_up", 2)]),
    ("唔该，播放音乐", [("media_play", None)]),
    ("将车窗开少少", [("window_set_position", 50)]),
    ("音乐细声啲", [("media_volume_down", 2)]),
    ("声音大声啲", [("media_volume_up", 2)]),
    ("熄咗冷气", [("climate_ac_off", None)]),
    ("闩咗车窗", [("window_close", None)]),
    ("打开收音机", [("media_play", None)]),
    # an on/off verb's 喽 at the end is its 了; a homophone of 风量
    ("把窗户开喽", [("window_open", None)]),
    ("把音乐关喽", [("media_mute", None)]),
    ("风亮开到五档", [("climate_set_fan", 5)]),
    # internet shorthand said first
    ("u1s1 把空调打开", [("climate_ac_on", None)]),
])
def test_a_dialect_word_is_read_as_the_plain_one(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    "关…开窗",  # cut, then another verb: which one is unsaid
    "莫开窗",  # a refusal stays one
    "唔好开窗",
    "莫名其妙",
    "介绍一下",
    "这首歌听得我想哭",
    "孩子说不冷",
])
def test_near_misses_do_not_act(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


@pytest.mark.parametrize(("text", "want"), [
    # a part taken back by a correction said as a part of its own
    ("打开车窗 不对 关上车窗，然后放音乐", [("window_close", None), ("media_play", None)]),
    ("暂停 哦不是 下一首，再把空调关了", [("media_next", None), ("climate_ac_off", None)]),
    # a number said instead stays the shapes' (the part before keeps its function)
    ("温度二十二，不对，二十一，然后打开车窗", [("climate_set_temperature", 21),
                                          ("window_open", None)]),
    # shorthand said first, then several commands
    ("yysy 车里好闷 车窗开条缝 风量调大", [("window_set_position", 50), ("climate_fan_up", 1)]),
    ("唔该开冷气 收音机细声啲", [("climate_ac_on", None), ("media_volume_down", 2)]),
])
def test_several_commands_with_a_correction_or_a_dialect_word(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


def test_a_correction_said_last_takes_nothing_back() -> None:
    # nothing follows the marker: the cancellation reading, never the first part alone
    assert rule_actions("zh-CN", "打开车窗，不对") == []


@pytest.mark.parametrize(("last", "text", "want"), [
    (Turn("风量调到四档", "climate_set_fan", 4), "再小一档", [("climate_fan_down", 1)]),
    (Turn("风量调到二档", "climate_set_fan", 2), "再大两档", [("climate_fan_up", 2)]),
    (Turn("音量调到十", "media_volume_set", 10), "大一格", [("media_volume_up", 1)]),
])
def test_a_bare_step_moves_the_last_function(last: Turn, text: str, want: list) -> None:
    assert rule_actions("zh-CN", text, (last,)) == want


def test_a_bare_step_without_its_unit_on_that_function_does_not_act() -> None:
    # degrees after the fan: not the fan's unit, not read
    assert rule_actions("zh-CN", "高一度", (Turn("风量调到四档", "climate_set_fan", 4),)) == []


@pytest.mark.parametrize(("text", "want"), [
    # how hot or cold, said with what it does to someone
    ("我热得一身汗", [("climate_temperature_down", 1)]),
    ("宝宝热得满头大汗", [("climate_temperature_down", 1)]),
    ("孩子冷得直哆嗦", [("climate_temperature_up", 1)]),
    ("热得吃不消", [("climate_temperature_down", 1)]),
    # a complaint passed on by someone the list did not name
    ("老太太嫌声音太大了", [("media_volume_down", 2)]),
    ("孩子一直喊冷", [("climate_temperature_up", 1)]),
    # a song heard too often
    ("这歌听得耳朵都起茧子了", [("media_next", None)]),
    ("这首歌我都听了一百遍了", [("media_next", None)]),
    # the air at one's face, said with 上
    ("空调的风一直往我头上吹", [("climate_fan_down", 1)]),
    # why music is asked for, said right after it
    ("放首歌提提神", [("media_play", None)]),
    ("来点音乐解解乏", [("media_play", None)]),
    # where the car is stuck, said before a command
    ("堵在高速上了，把窗户关上", [("window_close", None)]),
])
def test_a_complaint_or_a_reason_is_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize(("text", "want"), [
    # Taiwan and Fujian: 关起来/开起来, 开强/开弱, a final 厚
    ("把冷气关起来", [("climate_ac_off", None)]),
    ("车窗关起来", [("window_close", None)]),
    ("风开弱一点", [("climate_fan_down", 1)]),
    ("开一下冷气厚", [("climate_ac_on", None)]),
    # Cantonese: 部车 (the car), 细 after a verb
    ("部车好冷", [("climate_temperature_up", 1)]),
    ("音量调细啲", [("media_volume_down", 2)]),
    # "very" in Beijing, Tianjin, Shanghai
    ("车里倍儿热", [("climate_temperature_down", 1)]),
    ("交关冷", [("climate_temperature_up", 1)]),
    # speech recognition's homophones of cabin words
    ("空条关掉", [("climate_ac_off", None)]),
    ("把车床打开", [("window_open", None)]),
    ("拨放音乐", [("media_play", None)]),
    ("温渡调低一点", [("climate_temperature_down", 1)]),
    # a word said twice around a pause, an exclamation or 就是 said first
    ("把音乐，把音乐关了", [("media_mute", None)]),
    ("救命 车里好冷", [("climate_temperature_up", 1)]),
    ("就是把车窗关上", [("window_close", None)]),
    # the AC made cooler with 把 first
    ("把空调调凉一点", [("climate_temperature_down", 1)]),
])
def test_a_regional_word_or_a_slip_is_read_as_the_plain_one(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    "窗帘太厚",  # 厚 after a degree word is thickness, not a particle
    "热起来了",  # 起来 after a state is no on/off verb
    "空调开强了",  # a state, no "a little more"
])
def test_regional_near_misses_do_not_act(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


# Wrong actuations found in main while probing (variants of the probes, pinned):
# "空调开到最大" set the temperature to 30 (the warmest) and "空调开到最小" to 16 (the coldest):
# the AC's "max" without 温度 is as often the most cooling or the most air, so a set of the
# temperature may go the wrong way. The temperature is set only when 温度 is said.
@pytest.mark.parametrize("text", [
    "把空调开到最大",
    "冷气开到最大",
    "晒了一下午，冷气开到最大",
    "空调调到最小",
    "把冷气调到最低",
    "空调开到最高",
])
def test_the_acs_max_or_min_without_temperature_sets_no_temperature(text: str) -> None:
    assert not any(intent == "climate_set_temperature" for intent, _ in rule_actions("zh-CN", text))


@pytest.mark.parametrize(("text", "want"), [
    ("空调温度调到最高", [("climate_set_temperature", 30)]),
    ("把空调温度开到最低", [("climate_set_temperature", 16)]),
    ("温度调到最高", [("climate_set_temperature", 30)]),
    ("空调开到最冷", [("climate_set_temperature", 16)]),
    ("空调开到最大风", [("climate_set_fan", 7)]),
])
def test_the_temperature_said_at_its_end_is_still_set(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


# "请播放下一首" played music (a wildcard took "下一首" as a title): 请 is a courtesy before the
# order, and the next or previous song may be said with 曲目/曲子/歌曲.
@pytest.mark.parametrize(("text", "want"), [
    ("请播放下一首", [("media_next", None)]),
    ("请播放下一首歌", [("media_next", None)]),
    ("播放下一首曲目", [("media_next", None)]),
    ("请播放上一首曲子", [("media_previous", None)]),
    ("烦请将车窗关闭", [("window_close", None)]),
    ("劳烦调低音量", [("media_volume_down", 2)]),
])
def test_a_formal_courtesy_and_the_next_track(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


def test_a_formal_refusal_stays_one() -> None:
    assert rule_actions("zh-CN", "请勿打开车窗") == []


@pytest.mark.parametrize(("text", "want"), [
    # the AC "higher/lower" is its temperature (never 调大: that is its strength)
    ("空调调高一点", [("climate_temperature_up", 1)]),
    ("把暖气再调低一点", [("climate_temperature_down", 1)]),
    # Cantonese 冇 (no) wind, a window pulled down, the radio by its other name, 转 for 换
    ("冇风", [("climate_fan_up", 1)]),
    ("车窗拉下来一点", [("window_set_position", 50)]),
    ("把广播打开", [("media_play", None)]),
    ("广播声音小点", [("media_volume_down", 2)]),
    ("转下一首", [("media_next", None)]),
    ("转首歌", [("media_next", None)]),
    # hurry said before the verb
    ("车窗赶紧关上", [("window_close", None)]),
    ("快快快 把音乐关了", [("media_mute", None)]),
    # a smell said beside a command is its reason
    ("车里烟味太大，把窗户打开", [("window_open", None)]),
    ("一身汗味 车窗全开", [("window_open", None)]),
    # a 吧 said mid-sentence ends the clause
    ("把窗户关上吧太冷了", [("window_close", None)]),
    ("下一首吧这首太吵", [("media_next", None)]),
])
def test_more_spoken_shapes_are_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    "空调调大一点",  # stronger, not warmer: unsure which
    "冷气调低一点",
    "味道太冲了，别开窗",  # a refusal beside the smell
    "关了吧台灯",  # 吧台 is a word
    "马上就到家了",
])
def test_more_near_misses_do_not_act(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


@pytest.mark.parametrize(("text", "want"), [
    # a word said again at the end for stress is no part of its own
    ("把车窗全部关上 全部", [("window_close", None)]),
    ("温度调到二十二度 二十二度", [("climate_set_temperature", 22)]),
    # a song with no taste (Cantonese 冇味), home as 屋头 (south-west)
    ("这首歌没意思", [("media_next", None)]),
    ("带我回屋头", [("navigate_home", None)]),
    ("我不晓得咋个回家", [("navigate_home", None)]),
    # a verb said twice or around 一, 一下子, a measure word before a step, hurry said as a part
    ("音乐停一停", [("media_pause", None)]),
    ("温度往下降降", [("climate_temperature_down", 1)]),
    ("车窗关一下子", [("window_close", None)]),
    ("把空调温度升个两度", [("climate_temperature_up", 2)]),
    ("额 座椅加热开一下 还有车窗关一下", [("seat_heat_driver", 2), ("window_close", None)]),
    ("音乐暂停 车窗关上 快点", [("media_pause", None), ("window_close", None)]),
])
def test_stress_repeats_and_small_words_are_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    "关窗 不是",  # a correction said last, nothing instead
    "把窗户打开 半",  # a word said after that is no repeat of one before
])
def test_a_trailing_word_that_is_no_repeat_is_not_dropped(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


@pytest.mark.parametrize(("text", "want"), [
    # Wuhan 脑壳, Yunnan 给是 and 认不得, 空掉 for 空调, 搞开, 哈子 said first, 开个窗
    ("风吹得我脑壳疼", [("climate_fan_down", 1)]),
    ("给是有点热", [("climate_temperature_down", 1)]),
    ("回家的路我都认不得了", [("navigate_home", None)]),
    ("空掉打开", [("climate_ac_on", None)]),
    ("把空调整开", [("climate_ac_on", None)]),
    ("哈子关个窗", [("window_close", None)]),
    ("车窗开起来哦", [("window_open", None)]),
    # the temperature "too high/low", a window opened to half said formally
    ("温度太高了", [("climate_temperature_down", 1)]),
    ("麻烦将车窗打开至一半", [("window_set_position", 50)]),
    # a wish said as the order, a tag with a particle, a topic said first, a list's 然后 first
    ("我想关窗", [("window_close", None)]),
    ("我要把音乐关了", [("media_mute", None)]),
    ("关窗户好不好嘛", [("window_close", None)]),
    ("这个温度呢调高一点", [("climate_temperature_up", 1)]),
    ("然后那个把音乐暂停一下", [("media_pause", None)]),
    ("呃这个 音量调小点", [("media_volume_down", 2)]),
    ("好冷啊我要关窗", [("window_close", None)]),
    ("音乐切一首", [("media_next", None)]),
])
def test_the_registers_words_are_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    "外面温度太高了",  # outside
    "水温太高了",  # the engine
    "我要开车了",  # driving, not a window
    "我要开窗吗",  # a question
    "我想开空调但是太费电",  # a wish against itself
])
def test_the_registers_near_misses_do_not_act(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


@pytest.mark.parametrize(("text", "want"), [
    # the body said hot or cold, said as an animal or a thing, a size as a likeness
    ("背上都湿透了", [("climate_temperature_down", 1)]),
    ("汗都流下来了", [("climate_temperature_down", 1)]),
    ("脚底下有点冷", [("climate_temperature_up", 1)]),
    ("手指头都冻麻了", [("climate_temperature_up", 1)]),
    ("冻得直跺脚", [("climate_temperature_up", 1)]),
    ("热成狗了", [("climate_temperature_down", 1)]),
    ("快冻成冰棍了", [("climate_temperature_up", 1)]),
    ("后座热得跟蒸笼一样", [("climate_temperature_down", 1)]),
    ("音乐声音小得跟蚊子似的", [("media_volume_up", 2)]),
    # a loud song, no air felt, a rhetorical "who made it so loud"
    ("这首歌吵死了", [("media_volume_down", 2)]),
    ("一点风都感觉不到", [("climate_fan_up", 1)]),
    ("谁把声音开这么大", [("media_volume_down", 2)]),
    ("音乐放这么响干嘛", [("media_volume_down", 2)]),
    # beside a command, such a complaint is its reason
    ("把车窗关上，手都冻僵了", [("window_close", None)]),
    ("空调打开 热成狗了", [("climate_ac_on", None)]),
])
def test_a_complaint_of_the_body_or_a_likeness_is_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


# Found on this branch while it was written (a dev line's aggregate diff: right -> wrong, caught
# before any commit): a body's complaint read plainly ("手冻僵了" -> "太冷了") became a command of
# its own beside a request the cabin cannot do, warming the cabin. Pinned with variants.
@pytest.mark.parametrize("text", [
    "方向盘加热打开，手都冻僵了",
    "座椅通风开一下，后背都湿透了",
    "座椅按摩打开 后背全是汗",
    "把天窗关上，冻成冰棍了",
    "打开雨刮 热成狗了",
])
def test_a_complaint_beside_what_the_cabin_cannot_do_acts_on_nothing(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


@pytest.mark.parametrize(("text", "want"), [
    # a song asked for as "do you have …": in the car, a request to play it
    ("有没有邓丽君的歌", [("media_play", None)]),
    ("你这有没有张学友的粤语歌啊", [("media_play", None)]),
    ("孙燕姿的歌有没有", [("media_play", None)]),
])
def test_a_song_asked_for_as_do_you_have_it_is_played(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", ["车里有没有放歌的功能", "有没有人唱过这首歌", "有没有雨伞"])
def test_a_question_about_having_something_else_plays_nothing(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


# Wrong actuations found in main while probing: a self-correction to "a little" read the 一 of
# 一点/一半 as the number one, and set it ("音量调到二十，不对，小一点" -> volume 1, "风量开到五档
# 不对 开小一点" -> fan 1), or put back the request taken back ("窗户开一半，不对，开一点" -> 50%).
@pytest.mark.parametrize(("text", "want"), [
    ("音量调到十八 不对 小一点", [("media_volume_down", 2)]),
    ("风量调到六档，不是，调小一点", [("climate_fan_down", 1)]),
    ("车窗开一半，不对，开一点就行", [("window_set_position", 50)]),
    ("温度调到二十六度 不对 低一些", [("climate_temperature_down", 1)]),
])
def test_a_correction_to_a_little_is_no_number_one(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("风量调到五档 不对 一档", [("climate_set_fan", 1)]),  # the number one said as a number
    ("音量调到二十 不对 十一", [("media_volume_set", 11)]),
])
def test_a_corrected_number_is_still_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("车窗打开 透透气", [("window_open", None)]),
    ("把空调关了 车窗开条缝 透透气", [("climate_ac_off", None), ("window_set_position", 50)]),
])
def test_a_purpose_after_a_window_opened_is_its_own(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


def test_a_purpose_against_the_window_closed_acts_on_nothing() -> None:
    assert rule_actions("zh-CN", "车窗关上 透透气") == []


@pytest.mark.parametrize(("text", "want"), [
    # a degree written with its sign, a fraction of the way, the volume at half
    ("空调温度调到24℃", [("climate_set_temperature", 24)]),
    ("温度设成21°", [("climate_set_temperature", 21)]),
    ("车窗开到三分之二", [("window_set_position", 67)]),
    ("车窗开到四分之一", [("window_set_position", 25)]),
])
def test_a_sign_or_a_fraction_is_read_as_its_number(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize(("text", "want"), [
    # what happened, told before "你把…" without a pause: the request alone
    ("今天开了一天车累死了你帮我把车窗关上", [("window_close", None)]),
    ("我刚拿驾照手忙脚乱的你把音量调到五", [("media_volume_set", 5)]),
])
def test_a_story_told_before_the_request_is_left_out(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    "等会到了高速你把窗户关上",  # a time binds it
    "孩子刚睡着了你把音乐开大",  # the story wants the other way
    "我老婆怕冷你把座椅加热打开",  # whose seat
    "要是下雨了你把车窗关上",  # a condition
])
def test_a_story_that_binds_the_request_keeps_it_unread(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


@pytest.mark.parametrize(("text", "want"), [
    # a verb doubled after its object, the fog as the object of 除, "by the way" said first
    ("车窗关关", [("window_close", None)]),
    ("把雾除一下", [("climate_defrost", None)]),
    ("先把雾除了再把车窗关上", [("climate_defrost", None), ("window_close", None)]),
    ("车窗关上 对了音乐也暂停一下", [("window_close", None), ("media_pause", None)]),
])
def test_a_list_said_loosely_is_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


def test_by_the_way_before_a_question_acts_on_nothing() -> None:
    assert rule_actions("zh-CN", "对了明天几点出发") == []


@pytest.mark.parametrize(("text", "want"), [
    # a device the cabin lacks, said before its verb beside commands: the commands act, the
    # device is said to be out of reach
    ("尾门打开 然后把音乐暂停", [("media_pause", None)]),
    ("把内循环开一下，车窗关上", [("window_close", None)]),
    ("危险报警灯打开 空调关了", [("climate_ac_off", None)]),
])
def test_a_device_the_cabin_lacks_said_first_leaves_the_others(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", ["后备箱打开", "把座椅通风开一下", "遮阳帘拉上", "别把后备箱打开"])
def test_a_device_the_cabin_lacks_acts_on_nothing(text: str) -> None:
    assert rule_actions("zh-CN", text) == []
