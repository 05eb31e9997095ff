"""English classes a blind score of holdout20 found refused (hil.llm, the fallback): a bare "no"
as said ("naw", "nah", "nope") between two amounts corrects the first ("twenty one naw twenty
two"); a follow-up said alone beside a state ("nah make it five actually, it's stuffy in here")
is read. Variants written here (no model), and near misses that must not change."""

from __future__ import annotations

import pytest

from hil.llm.corrections import corrected
from hil.llm.followup import follow_up
from hil.llm.grounding import named_topics, narrowed
from twin.assistant.resolver import Turn


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
