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
