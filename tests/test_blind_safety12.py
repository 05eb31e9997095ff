"""What the blind hold-out ``holdout12`` showed on its score after the twelfth session's merges,
pinned at its cause with variants (not its lines).

* A setting said with a way whose number was misheard ("turn the fan down to <a word that is no
  number>") was read as one step that way: the user asked for a level, which may lie the other
  way from the current one, so the fallback set the fan the wrong way. It now asks, and the
  question is not "more or less?" (the user said which way).
* A Chinese polite question inside a courtesy ("请问…可以…吗", "…吗？谢谢", "dbq，能帮我…吗")
  was read as a question about the car and declined by the rules.
* Two commands said as thing-and-way with no word between ("window up heat on my seat") were
  read whole: the fallback acted on one and said nothing of the other.
"""

from __future__ import annotations

import pytest

from hil.llm.clauses import command_parts
from hil.llm.slots import read_slots, said_a_setting
from twin.assistant.scoring import shared_nlu


@pytest.mark.parametrize(("topic", "text", "member"), [
    ("climate_fan", "turn the fan down to for", "climate_set_fan"),
    ("climate_fan", "fan down to fore please", "climate_set_fan"),
    ("climate_fan", "turn the fan up to tree", "climate_set_fan"),
    ("media_volume", "volume down to for", "media_volume_set"),
    ("media_volume", "turn the music up to ate", "media_volume_set"),
    ("climate_temperature", "turn the heat down to twenny", "climate_set_temperature"),
    ("climate_fan", "风调到适中", "climate_set_fan"),
    ("media_volume", "音量降到刚好", "media_volume_set"),
])
def test_a_setting_not_read_is_asked_never_stepped(topic: str, text: str, member: str) -> None:
    assert read_slots(topic, text, member) is None
    assert said_a_setting(text.lower())  # so the question is whether, not which way


@pytest.mark.parametrize(("topic", "text", "member", "want"), [
    ("climate_fan", "turn the fan down to four", "climate_set_fan", ("climate_set_fan", 4)),
    ("climate_fan", "turn the fan down a bit", "climate_set_fan", ("climate_fan_down", 1)),
    ("media_volume", "volume up please", "media_volume_set", ("media_volume_up", 2)),
    ("climate_fan", "风调到三档", "climate_set_fan", ("climate_set_fan", 3)),
])
def test_a_setting_read_and_a_bare_way_still_act(topic: str, text: str, member: str,
                                                 want: tuple) -> None:
    assert read_slots(topic, text, member) == want


def test_a_bare_way_is_no_setting() -> None:
    assert not said_a_setting("turn the fan down a bit")
    assert not said_a_setting("风再小一点")


@pytest.mark.parametrize(("text", "intent"), [
    ("请问可以放点音乐吗？谢谢", "media_play"),
    ("请问能把空调打开吗", "climate_ac_on"),
    ("dbq，能帮我切下一首吗？", "media_next"),
    ("不好意思，可以把车窗关上吗", "window_close"),
    ("可以帮我把音乐暂停吗 谢谢你", "media_pause"),
])
def test_a_polite_question_inside_its_courtesy_is_the_order(text: str, intent: str) -> None:
    got = shared_nlu("zh-CN").parse(text, [])
    assert (got.intent, got.confidence) == (intent, 1.0)


@pytest.mark.parametrize("text", [
    "请问空调开着吗", "请问车窗关了吗？谢谢", "请问能不能告诉我明天天气",
    "不好意思，音乐是静音的吗",
])
def test_a_question_about_the_car_inside_a_courtesy_still_acts_on_nothing(text: str) -> None:
    got = shared_nlu("zh-CN").parse(text, [])
    assert got.command is None or not got.command.actuates


@pytest.mark.parametrize(("text", "parts"), [
    ("window up heat on my seat", ["window up", "heat on my seat"]),
    ("radio on window down please", ["radio on", "window down please"]),
    ("AC off window down halfway", ["AC off", "window down halfway"]),
    ("music off fan up", ["music off", "fan up"]),
])
def test_commands_run_on_after_a_way_word_are_parts(text: str, parts: list[str]) -> None:
    # two commands said as thing-and-way with no word between: the fallback acted on one and
    # said nothing of the other (holdout12's multi_command.dropped_silently)
    assert command_parts(text) == parts


@pytest.mark.parametrize("text", [
    "turn the heat on my seat", "turn the fan on high", "put the heat up to twenty two",
    "turn the music up loud", "switch the fan off now",
])
def test_one_command_with_its_way_said_inside_stays_whole(text: str) -> None:
    assert command_parts(text) == [text]
