"""Chinese lines holdout23's blind score found unsafe (twenty-third session, fixzh23).

* A smell or dust said coming in *through* something ("…的味儿全从窗户灌进来了"): the window
  closes, never opens (the fallback opened it: a wrong way). The class is in holdout13 and
  gatedev1 ("沙子都从窗户吹进来了", "…灰尘全从窗户吹进来了"), read by
  :mod:`hil.llm.direction`'s window complaint, which stopped at four characters before the verb.
* Someone else's habit said with 老把, 总爱, 总喜欢 ("我小舅子开车老把暖风开到三十度"): told, not
  this cabin now; the fallback refuses (:func:`hil.llm.here_now.told_elsewhere`'s ``habit``).
  The class is in holdout6, 7, 8 and 10 (all out of domain).
* A question of which setting is best ("风量开哪一档最安静？"): a question, not an order
  (``asked``); variants only.
* A story or a show the back row cannot hear ("后排孩子说听不清讲的故事"): its volume, never a
  play (the rules played).
* The song just played, wished to hear again ("我想听刚才那首，再来一遍"): not a title for the
  wildcard play; the rules leave it, the plain reading or the fallback reads the previous song.
  刚才那首 is the previous song on many dev lines (holdout7, 9, 17, 19, multidev2 ...).

Variants written for this file (no holdout23 line itself), and near misses that must not change.
"""

from __future__ import annotations

import pytest

from hil.llm.clauses import clauses
from hil.llm.direction import complaint_of, normalised
from hil.llm.head import _orders, decided
from hil.llm.here_now import told_elsewhere
from tests.helpers import rule_actions, sure_probs

CLASSES = ("window_open", "window_close", "climate_set_fan", "climate_set_temperature",
           "media_play", "media_previous", "media_volume_up", "unknown")


SMELLS_IN = [
    "化工厂的臭味全从窗户灌进来了",
    "烧秸秆的烟全从窗缝钻进来了",
    "臭气都从车窗飘进来了",
    "前面货车的尾气从窗子钻进来了",
]


@pytest.mark.parametrize("text", SMELLS_IN)
def test_a_smell_coming_in_through_the_window_never_opens_it(text: str) -> None:
    assert complaint_of("window_open", text) == -1
    got = decided(CLASSES, sure_probs(CLASSES, "window_open"), text, "zh-CN")
    assert got.intent != "window_open"


@pytest.mark.parametrize("text", ["车里有股味，开窗透透气", "车里一股烟味，把窗户打开"])
def test_a_smell_inside_still_opens(text: str) -> None:
    assert complaint_of("window_open", text) == 0
    got = decided(CLASSES, sure_probs(CLASSES, "window_open"), text, "zh-CN")
    assert got.intent == "window_open"


TOLD = [
    ("我小姨子开车老把空调开到十八度", "habit", "climate_set_temperature"),
    ("我表姐总爱把车窗开着", "habit", "window_open"),
    ("我同事老喜欢把风量开到最大", "habit", "climate_set_fan"),
    ("座椅加热开哪一档最舒服？", "asked", "climate_set_fan"),
    ("温度调到几度最省电啊", "asked", "climate_set_temperature"),
]


@pytest.mark.parametrize(("text", "gate", "intent"), TOLD)
def test_a_habit_or_a_question_is_told_elsewhere(text: str, gate: str, intent: str) -> None:
    assert told_elsewhere(normalised(text), clauses, _orders) == gate
    assert decided(CLASSES, sure_probs(CLASSES, intent), text, "zh-CN").intent == "unknown"


@pytest.mark.parametrize(("text", "intent", "value"), [
    ("把暖风开到三十度", "climate_set_temperature", 30),
    ("风量开到最大", "climate_set_fan", 7),
    ("老婆把车窗打开一下", "window_open", None),
])
def test_an_order_is_not_gated(text: str, intent: str, value: int | None) -> None:
    assert told_elsewhere(normalised(text), clauses, _orders) is None
    got = decided(CLASSES, sure_probs(CLASSES, intent), text, "zh-CN")
    assert (got.intent, got.value) == (intent, value)


@pytest.mark.parametrize("text", ["后排孩子说听不清讲的故事", "后排的老人听不见放的评书",
                                  "后面听不清相声"])
def test_a_show_the_back_row_cannot_hear_is_its_volume(text: str) -> None:
    assert rule_actions("zh-CN", text) == [("media_volume_up", 2)]


@pytest.mark.parametrize(("text", "want"), [("我想听故事", "media_play"),
                                            ("后排听不清歌", "media_volume_up")])
def test_a_show_asked_for_still_plays(text: str, want: str) -> None:
    assert [a for a, _ in rule_actions("zh-CN", text)] == [want]


@pytest.mark.parametrize("text", ["哎，我想听刚才那首，再来一遍", "想听刚刚那首歌，再放一遍",
                                  "我想听刚才那首"])
def test_the_song_just_played_is_never_a_play(text: str) -> None:
    assert ("media_play", None) not in rule_actions("zh-CN", text)


@pytest.mark.parametrize("text", ["哎，我想听刚才那首，再来一遍", "想听刚刚那首歌，再放一遍"])
def test_the_song_just_played_again_is_the_previous(text: str) -> None:
    got = decided(CLASSES, sure_probs(CLASSES, "media_play"), text, "zh-CN")
    assert got.intent == "media_previous"


@pytest.mark.parametrize("text", ["我想听刚才说的那首歌", "我想听周杰伦的歌"])
def test_a_song_named_still_plays(text: str) -> None:
    assert rule_actions("zh-CN", text) == [("media_play", None)]
