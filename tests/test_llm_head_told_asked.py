"""A state of this cabin told now, that names one topic, that the head puts out of domain, is
asked about that topic when the n-grams' likeliest cabin intent agrees, not refused
(:func:`hil.llm.head._told_asked`, the thirtieth session). Variants written here, not
development lines: the head puts 0.7 on ``unknown`` and 0.2 on an unrelated intent, the n-grams
0.7 on ``unknown`` and 0.2 on the given intent, so that no earlier path acts. A question never
actuates; a line whose n-grams like another topic, that asks a question of its own, tells
someone else's habit or refuses stays refused."""

from __future__ import annotations

import numpy as np
import pytest

from hil.llm.clauses import clauses, commanding, focus
from hil.llm.head import HeadDecision, focused_decision
from hil.llm.here_now import told_elsewhere
from tests.helpers import HEAD_CLASSES as CLASSES


def _probs(**given: float) -> np.ndarray:
    rest = (1.0 - sum(given.values())) / (len(CLASSES) - len(given))
    return np.array([given.get(c, rest) for c in CLASSES])


def _answer(text: str, lang: str, grams_like: str) -> HeadDecision:
    return focused_decision(CLASSES, _probs(unknown=0.7, seat_heat_passenger=0.2), focus(text),
                            lang, second=_probs(unknown=0.7, **{grams_like: 0.2}))


ASKED = [
    ("there's hardly a breath of air coming out of these vents", "en", "climate_fan_up",
     "climate_fan"),
    ("i'm dripping with sweat, the heat in this car is unreal", "en",
     "climate_temperature_down", "climate_temperature"),
    ("出风口这风跟蚊子叫似的，一点感觉都没有", "zh-CN", "climate_fan_up", "climate_fan"),
    ("这歌小得跟蚊子哼哼似的，啥也听不清", "zh-CN", "media_volume_up", "media_volume"),
]


@pytest.mark.parametrize(("text", "lang", "grams_like", "topic"), ASKED)
def test_a_state_told_of_one_topic_is_asked_about_not_refused(
        text: str, lang: str, grams_like: str, topic: str) -> None:
    d = _answer(text, lang, grams_like)
    assert (d.intent, d.value, d.why, d.topic) == ("unknown", None, "low_confidence", topic)


@pytest.mark.parametrize(("text", "lang"), [(t, lang) for t, lang, _, _ in ASKED])
def test_n_grams_liking_another_topic_keep_it_refused(text: str, lang: str) -> None:
    d = _answer(text, lang, "window_close")
    assert (d.intent, d.why) == ("unknown", "out_of_domain")


@pytest.mark.parametrize(("text", "lang", "grams_like"), [
    ("hang on, is the radio even on right now?", "en", "media_play"),  # a question of its own
    ("my husband drives with the fan on seven all year round", "en", "climate_set_fan"),  # habit
    ("我老公开车总是把风开到最大", "zh-CN", "climate_set_fan"),
    ("don't bother with the fan, the air in here is fine", "en", "climate_fan_up"),  # refused
    ("风口的风不用管，车里挺舒服的", "zh-CN", "climate_fan_up"),
])
def test_questions_habits_and_refusals_are_never_asked_about(text: str, lang: str,
                                                             grams_like: str) -> None:
    d = _answer(text, lang, grams_like)
    assert d.intent == "unknown" and d.why in ("out_of_domain", "out_of_scope", "negated")


@pytest.mark.parametrize(("text", "habit"), [
    ("my husband drives with the fan on seven all year round", True),
    ("my sister has the heat on full every single day", True),
    ("my seat is freezing right now", False),
])
def test_someone_elses_year_round_habit_is_told_elsewhere(text: str, habit: bool) -> None:
    assert (told_elsewhere(text, clauses, commanding) == "habit") is habit
