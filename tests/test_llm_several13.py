"""Several commands and self-corrections the rules left (thirteenth session): a clipped joiner, a
run-on with no joiner, a correction said inside a command or a list, and a track move said with
"play" inside a polite wrapper. Sentences are variants written here, never lines of a hold-out;
the head's probabilities are given (pure decisions)."""

from __future__ import annotations

import pytest

from hil.llm.clauses import command_parts, focus
from hil.llm.corrections import corrected
from hil.llm.head import _act
from hil.llm.several import several_decision, several_parts
from tests.helpers import is_zh, several_acted, sure_of
from twin.assistant.nlu import shared_nlu
from twin.assistant.policy import AssistantPolicy
from twin.assistant.scope import not_a_song


# a joiner the speaker or the recogniser clipped, or none at all, between two orders
@pytest.mark.parametrize(("text", "want"), [
    ("shut the window an' put the fan on four", ["shut the window", "put the fan on four"]),
    ("turn the ac off n play some music", ["turn the ac off", "play some music"]),
    ("wind the window down nd turn the music up", ["wind the window down", "turn the music up"]),
    ("turn the heat up & open the window", ["turn the heat up", "open the window"]),
    ("close the window warm my seat up", ["close the window", "warm my seat up"]),
    ("roll the window up heat the passenger seat", ["roll the window up",
                                                    "heat the passenger seat"]),
    ("turn the ac on put the fan on four", ["turn the ac on", "put the fan on four"]),
    ("switch the air con off set the fan to one", ["switch the air con off",
                                                  "set the fan to one"]),
    ("heat up n window down", ["heat up", "window down"]),  # clipped after a way word
    ("volume down a bit nd fan up", ["volume down a bit", "fan up"]),
    ("heat up a touch window down a little", ["heat up a touch", "window down a little"]),
    ("pls shut window heat seat", ["pls shut window", "heat seat"]),
])
def test_a_clipped_or_missing_joiner_still_cuts_two_orders(text: str, want: list[str]) -> None:
    assert command_parts(text) == want


@pytest.mark.parametrize("text", [
    "play rock n roll",  # "n" inside a title: no order after it
    "turn the seat heat up",  # "heat" after its seat is the thing, not a verb
    "turn the heat up a bit",
    "put the seat heat on three",
])
def test_a_joiner_inside_a_title_or_heat_as_a_thing_cuts_nothing(text: str) -> None:
    assert command_parts(text) == [text]


# a speaker taking back what they said: the answer is what was said last
@pytest.mark.parametrize(("text", "meant"), [
    ("mute the- actually no pause the music", "pause the music"),
    ("switch the radio on, no, off", "switch the radio off"),
    ("turn the fan up, no, down", "turn the fan down"),
    ("turn the heat up, sorry I mean down", "turn the heat down"),
    ("open the window, no wait, close it", "close the window"),
    ("open the window, no, close the window and turn the fan off",
     "close the window and turn the fan off"),
    ("put the fan on four, no, the volume to six", "put the volume to six"),
    ("skip this song, no, the previous one, and open the window",
     "skip the previous one, and open the window"),
    ("set the fan to five, no wait, two, and open the window",
     "set the fan to two, and open the window"),
    ("turn on the ac and mute the- actually no pause the song",
     "turn on the ac and pause the song"),
    ("温度调高 不对 调低", "温度调低"),
    ("把车窗打开 不对 关上 然后放首歌", "把车窗关上 然后放首歌"),
    ("静音 哦不是 暂停", "暂停"),
    ("风量调到五档，啊不对，三档，再把车窗打开", "风量调到三档，再把车窗打开"),
    ("温度调到二十六，哦不对，二十四", "温度调到二十四"),
    ("put the window down halfway no all the way and the fan up",
     "put the window down all the way and the fan up"),
    ("set the temp to nineteen no twenty one", "set the temp to twenty one"),
    ("fan on two, no sorry, three", "fan on three"),
    ("车窗开一半 不对 全开 然后放音乐", "车窗全开 然后放音乐"),
    ("音量调到十二 不对 九 再把车窗打开", "音量调到九 再把车窗打开"),
])
def test_a_correction_keeps_what_was_said_last(text: str, meant: str) -> None:
    assert corrected(text) == meant


@pytest.mark.parametrize("text", [
    "sorry, can you turn it up",  # an apology said first, no correction
    "play some music, actually turn the volume up too",  # an addition, not a correction
    "turn the music up actually it's fine",  # nothing after it to act on
    "is it cold, no, it's fine",
    "哦不要开窗",  # "oh, don't": a refusal, never a correction
    "there's no one in the back, turn the rear heat off",
])
def test_what_is_no_correction_is_left_as_said(text: str) -> None:
    assert corrected(text) == text


@pytest.mark.parametrize(("text", "want"), [
    ("mute the- actually no pause the music and open the window",
     [("media_pause", None), ("window_open", None)]),
    ("close the window and turn the ac on, no, off",
     [("window_close", None), ("climate_ac_off", None)]),
    ("switch the music on, no, off", [("media_pause", None)]),
    ("开窗 哦不 关窗 再把温度调低", [("window_close", None), ("climate_temperature_down", 1)]),
    ("静音 不对 暂停 再把空调打开", [("media_pause", None), ("climate_ac_on", None)]),
])
def test_the_part_taken_back_is_never_acted_on(text: str, want: list[tuple[str, object]]
                                               ) -> None:
    # a head sure of the part taken back must not bring it back
    head = "media_mute" if "mute" in text or "静音" in text else "window_open"
    assert several_acted(text, head) == want


# "play" before a move to another track: no song to play (the rules' open template took it)
@pytest.mark.parametrize("text", [
    "please could you play the next song", "put the next track on please",
    "would you please play the song before this one", "请帮我播放下一首", "麻烦播放上一首歌",
])
def test_a_track_move_said_with_play_is_never_played(text: str) -> None:
    assert not_a_song(text)
    rules = shared_nlu("zh-CN" if is_zh(text) else "en").parse(text, [])
    assert not (rules.command is not None and rules.command.intent == "media_play"
                and rules.confidence >= AssistantPolicy().threshold)


@pytest.mark.parametrize("text", ["play some jazz", "play despacito please", "播放周杰伦的歌"])
def test_a_song_is_still_a_song(text: str) -> None:
    assert not not_a_song(text)


@pytest.mark.parametrize(("text", "level"), [
    ("both seats heated on high", 3), ("both front seats warmed to level one please", 1),
    ("me and the wife's seat heated on two", 2),
])
def test_both_seats_wished_at_a_level_are_heated_at_it(text: str, level: int) -> None:
    """A wish said as the state wanted, with its level, commands even with no verb first; a
    head sure of nothing must not stop it."""
    assert several_acted(text) == [("seat_heat_driver", level), ("seat_heat_passenger", level)]


@pytest.mark.parametrize(("text", "want"), [
    ("turn the fan up, turn the fan up please, and open the window",
     ["turn the fan up", "open the window"]),
    ("play some music, play some music, and close the window heat my seat",
     ["play some music", "close the window", "heat my seat"]),
    ("把车窗关上 把车窗关上 然后开空调 放首歌", ["把车窗关上", "开空调", "放首歌"]),
])
def test_a_command_said_twice_is_one_part_and_drops_no_other(text: str, want: list[str]
                                                               ) -> None:
    assert several_parts(text) == want


@pytest.mark.parametrize(("text", "lang"), [
    ("调到二十二 不对 二十四", "zh-CN"), ("开到三 哦不 五", "zh-CN"),
    ("set it to twenty, no wait, twenty two", "en"), ("make it five", "en"),
])
def test_a_setting_with_no_thing_is_asked_even_when_the_head_is_sure(text: str, lang: str
                                                                     ) -> None:
    """What a correction leaves without its thing is never acted on: asked, naming the words."""
    parts = several_parts(focus(text).text)
    done = several_decision(sure_of("climate_set_temperature"), _act, parts, lang)
    assert done is not None and not done.acted
    assert done.answer()["abstain"] == "low_confidence"


@pytest.mark.parametrize("text", ["put that on facebook", "make it quick", "set it up for me"])
def test_no_number_no_question_about_a_setting(text: str) -> None:
    assert several_parts(text) == []


@pytest.mark.parametrize(("text", "want"), [
    ("the temperature two degrees higher and the fan a notch less.",
     [("climate_temperature_up", 2), ("climate_fan_down", 1)]),
    ("please the fan one step more, and the window down.",
     [("climate_fan_up", 1), ("window_open", None)]),
])
def test_a_topic_with_its_amount_and_way_commands_with_no_verb(text: str,
                                                              want: list[tuple[str, object]]
                                                              ) -> None:
    assert several_acted(text) == want


@pytest.mark.parametrize(("text", "command"), [
    ("the traffic's not moving, open the window a bit", "open the window a bit"),
    ("we've been sat here ten minutes and it's still not moving, so, um, put the fan on two",
     "put the fan on two"),
    ("路上堵了二十分钟，把窗户打开一点", "把窗户打开一点"),
])
def test_a_story_with_a_state_said_not_or_a_time_is_a_reason(text: str, command: str) -> None:
    """A "not" of a state that names nothing of the cabin, or a time said in a story, is no
    refusal and no amount: the command beside it is answered."""
    said = focus(text)
    assert said.text == command and said.reasons


@pytest.mark.parametrize("text", [
    "it's not cold, turn the heat up",  # names a cabin topic: read whole
    "don't bother, open the window",  # a refusal
    "not now, open the window",
    "别开了，把窗户打开",
])
def test_a_no_or_a_state_of_the_cabin_is_never_left_out_as_a_reason(text: str) -> None:
    assert focus(text).text == text
