"""Several commands in one sentence, each part judged on its own (twenty-third session,
``multi23``). Variants written here, not dev lines.

* A Chinese correction said first, then a value alone, then another command ("不对，四档，然后
  …"): the value is the last turn's function's, the other command acts too.
* An answer that acts on fewer requests than the sentence makes says something of each one it
  read loosely (a complaint, a function spoken of, a part the cabin cannot do, an order it could
  not read), never dropping it silently; a reason or a follow-up about "it" asks nothing.
"""

from __future__ import annotations

import pytest

from twin.assistant.commands import Command, make_command
from twin.assistant.feedback import ask_part, cannot_part, feedback_for
from twin.assistant.leftover import cannot_alone, confirm, unsaid
from twin.assistant.nlu import shared_nlu
from twin.assistant.policy import decide
from twin.assistant.resolver import Turn


def _said(text: str, history: list[Turn]) -> list[tuple[str, object]]:
    d = decide(text, history, "zh-CN", shared_nlu("zh-CN").parse(text, history), None)
    return [(c.intent, c.value) for c in d.commands]


@pytest.mark.parametrize(("last", "text", "want"), [
    (Turn("把温度调到二十度", "climate_set_temperature", 20), "不对，二十二度，然后把车窗关上",
     [("climate_set_temperature", 22), ("window_close", None)]),
    (Turn("把温度调到二十度", "climate_set_temperature", 20), "不对二十二度再放首歌",
     [("climate_set_temperature", 22), ("media_play", None)]),
    (Turn("风量调到两档", "climate_set_fan", 2), "哦不 三档 再放首歌",
     [("climate_set_fan", 3), ("media_play", None)]),
    (Turn("风量调到两档", "climate_set_fan", 2), "三档，然后把车窗关上",
     [("climate_set_fan", 3), ("window_close", None)]),
])
def test_a_value_after_a_correction_is_the_last_turns_beside_another_command(
        last: Turn, text: str, want: list[tuple[str, object]]) -> None:
    assert _said(text, [last]) == want


@pytest.mark.parametrize("text", ["三档，然后把车窗关上", "不对，然后把车窗关上"])
def test_a_value_alone_with_no_turn_before_it_is_never_guessed(text: str) -> None:
    assert not any(i != "unknown" for i, _ in _said(text, []))


def _asked(text: str, lang: str, acted: list[tuple[str, object]]) -> list[str]:
    """What :func:`unsaid` adds to an answer that acted on ``acted`` (as a fallback's would)."""
    nlu = shared_nlu(lang)

    def read(clause: str) -> tuple[Command | None, float, bool]:
        alone = nlu.parse(clause)
        return alone.command, alone.confidence, cannot_alone(alone, clause, lang)

    answered = [c for i, v in acted if (c := make_command(i, v)) is not None]
    return unsaid(text, lang, answered, " ".join(feedback_for(c, lang) for c in answered), read)


@pytest.mark.parametrize(("text", "lang", "acted", "topics"), [
    # complaints listed, no order among them: each one a request
    ("the windscreen is fogged up, my hands are frozen and I can't hear the radio", "en",
     [("climate_defrost", None)], {"climate_temperature", "media_volume"}),
    # a function spoken of with a way, not named
    ("temperature to twenty one, and the music down a little", "en",
     [("climate_set_temperature", 21)], {"media_volume"}),
    ("风量调到三档，歌给我放上", "zh-CN", [("climate_set_fan", 3)], {"media_playback"}),
])
def test_a_request_read_loosely_beside_commands_is_asked_about(
        text: str, lang: str, acted: list[tuple[str, object]], topics: set[str]) -> None:
    asked = _asked(text, lang, acted)
    assert {t for t in topics if confirm(t, lang) in asked} == topics, asked


@pytest.mark.parametrize(("text", "lang", "acted", "part", "cannot"), [
    ("put the hazards on, close the window and pause the music", "en",
     [("window_close", None), ("media_pause", None)], "put the hazards on", True),
    ("set us on course for home and skip this song", "en", [("media_next", None)],
     "set us on course for home", False),
    ("切歌，然后导航回到俺屋头", "zh-CN", [("media_next", None)], "导航回到俺屋头", False),
])
def test_a_part_not_read_is_said_as_said(text: str, lang: str, acted: list[tuple[str, object]],
                                         part: str, cannot: bool) -> None:
    asked = _asked(text, lang, acted)
    assert asked == [cannot_part(part, lang) if cannot else ask_part(part, lang)]


@pytest.mark.parametrize(("text", "lang", "acted"), [
    ("pause the music, the judge is on the phone", "en", [("media_pause", None)]),  # why
    ("turn the AC on, it's roasting in here", "en", [("climate_ac_on", None)]),
    ("set the fan to four, crank it right up", "en", [("climate_set_fan", 4)]),  # "it": the same
    ("空调打开，热死了", "zh-CN", [("climate_ac_on", None)]),
    ("把上一首再放一遍", "zh-CN", [("media_previous", None)]),
    ("先暂停一下，来电话了", "zh-CN", [("media_pause", None)]),
])
def test_a_reason_or_the_same_request_again_asks_nothing(
        text: str, lang: str, acted: list[tuple[str, object]]) -> None:
    assert _asked(text, lang, acted) == []


@pytest.mark.parametrize(("text", "lang"), [
    ("打开双闪 把音乐暂停 车窗关上 前边积水了", "zh-CN"),
    ("pop the boot, pause the music and shut the window, the road ahead is flooded", "en"),
])
def test_a_lacking_device_beside_commands_is_not_cannot_for_the_whole(text: str, lang: str
                                                                      ) -> None:
    rules = shared_nlu(lang).parse(text)
    said_cannot = rules.confidence >= 0.85 and not rules.actuates
    assert not said_cannot, rules  # acted on in part, or left to the fallback; never "cannot"


@pytest.mark.parametrize(("text", "lang"), [("打开双闪", "zh-CN"), ("pop the boot", "en"),
                                            ("把天窗打开，透透气", "zh-CN")])
def test_a_lacking_device_alone_is_still_cannot(text: str, lang: str) -> None:
    rules = shared_nlu(lang).parse(text)
    assert rules.confidence >= 0.85 and not rules.actuates
