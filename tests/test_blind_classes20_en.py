"""English classes a blind score of holdout20 found refused: an order said outright with a tag
word or in a dialect around it ("make volume eighteen davai", "y'all mind settin the fan on
four"), which the fallback's head puts out of domain though its words say it all. Acted on when
the words order one topic they name outright and read it completely and the character n-grams'
likeliest intent is the one read (hil.llm.head); every scope, home and refusal gate still first.
Variants written here, on fixed probabilities (no model), and near misses that must not act."""

from __future__ import annotations

import numpy as np
import pytest

from hil.llm.corrections import corrected
from hil.llm.followup import follow_up
from hil.llm.grounding import TOPICS, named_topics, narrowed
from hil.llm.head import head_decision
from twin.assistant.resolver import Turn

_CLASSES = sorted({i for t in TOPICS.values() for i in t} | {"unknown"})


def _sure(intent: str, p: float = 0.94) -> np.ndarray:
    probs = np.full(len(_CLASSES), 1e-3)
    probs[_CLASSES.index(intent)] = p
    return probs / probs.sum()


def _decide(text: str, grams: str) -> tuple[str, object]:
    d = head_decision(_CLASSES, _sure("unknown"), text, "en", second=_sure(grams))
    return d.intent, d.value


@pytest.mark.parametrize(("text", "want"), [
    ("make the volume eleven comrade", ("media_volume_set", 11)),
    ("set volume to nine amigo", ("media_volume_set", 9)),
    ("roll the window back up quick smart", ("window_close", None)),
    ("put the fan on three for the lads", ("climate_set_fan", 3)),
    ("would you mind puttin the fan on two", ("climate_set_fan", 2)),
    ("y'all mind settin the fan on five, we're fixin to leave", ("climate_set_fan", 5)),
])
def test_an_order_said_outright_keeps_its_reading_beside_a_tag_word(text: str,
                                                                     want: tuple) -> None:
    assert _decide(text, want[0]) == want


@pytest.mark.parametrize(("text", "grams"), [
    ("make the volume eleven comrade", "climate_set_fan"),  # the n-grams read another thing
    ("roll the window back up quick smart", "window_open"),  # ... or the other way
    ("don't make the volume eleven comrade", "media_volume_set"),  # refused
    ("make the volume eleven on the tv comrade", "media_volume_set"),  # not this cabin's
    ("make the volume eleven at home comrade", "media_volume_set"),
    ("why is the volume eleven comrade", "media_volume_set"),  # a question
    ("the volume eleven was great comrade", "media_volume_set"),  # no order
    ("put the fan on three and the volume on nine", "climate_set_fan"),  # two topics
])
def test_near_misses_of_an_order_said_outright_act_on_nothing(text: str, grams: str) -> None:
    assert _decide(text, grams)[0] == "unknown"


@pytest.mark.parametrize(("text", "want"), [
    ("put the temperature on twenty naw twenty one for us", "put the temperature on twenty one"),
    ("fan on two nah three", "fan on three"),
    ("set it to twenty, nope, twenty four", "set it to twenty four"),
])
def test_a_bare_no_as_said_between_two_amounts_corrects_the_first(text: str, want: str) -> None:
    assert corrected(text) == want


@pytest.mark.parametrize("text", [
    "the temp was twenty one nah it was fine",  # no amount after it
    "volume nine no one cares",
    "fan on two nah",
])
def test_a_bare_no_with_no_amount_after_it_corrects_nothing(text: str) -> None:
    assert corrected(text) == text


_FAN = Turn("fan on three", "climate_set_fan", 3)
_VOLUME = Turn("volume to ten", "media_volume_set", 10)


@pytest.mark.parametrize(("text", "last", "want"), [
    ("nah make it four actually, it's stuffy in here", _FAN, ("climate_set_fan", 4)),
    ("make it one, the windscreen is fogging up", _FAN, ("climate_set_fan", 1)),
    ("a bit louder, the engine is roaring", _VOLUME, ("media_volume_up", 2)),
])
def test_a_follow_up_said_alone_beside_a_state_is_read(text: str, last: Turn,
                                                       want: tuple) -> None:
    carried = follow_up(text, narrowed(named_topics(text), text), last)
    assert carried is not None and carried[1:] == want


@pytest.mark.parametrize("text", [
    "nah make it four actually, open the window",  # another order: several commands
    "the window is open, it's stuffy in here",  # no follow-up said
])
def test_a_follow_up_beside_another_order_or_none_is_not_carried(text: str) -> None:
    assert follow_up(text, narrowed(named_topics(text), text), _FAN) is None
