"""A song told worn out by its repeats is skipped (:mod:`hil.llm.worn`, the twenty-ninth
session). Variants written here, not development lines: the head puts 0.6 on ``unknown`` and
0.2 on an unrelated topic (the window), as it does out of file on such stories; a liked song, a
song asked for again, a question, a refusal, a joke told again and again, or a line the head
puts out of the cabin, never skips."""

from __future__ import annotations

import numpy as np
import pytest

from hil.llm.clauses import focus
from hil.llm.direction import normalised
from hil.llm.grounding import named_topics, narrowed
from hil.llm.head import TOLD_IN_DOMAIN, HeadDecision, focused_decision
from hil.llm.worn import worn_out
from tests.helpers import HEAD_CLASSES as CLASSES


def _answer(text: str, lang: str, **given: float) -> HeadDecision:
    rest = (1.0 - sum(given.values())) / (len(CLASSES) - len(given))
    probs = np.array([given.get(c, rest) for c in CLASSES])
    return focused_decision(CLASSES, probs, focus(text), lang)


def _worn(text: str) -> bool:
    lowered = normalised(text)
    return worn_out(lowered, narrowed(named_topics(lowered), lowered))


@pytest.mark.parametrize(("text", "lang"), [
    ("that's the seventh time we've heard this song", "en"),
    ("this tune is on for the third time now", "en"),
    ("this tune's on repeat for the third time now", "en"),
    ("这首歌从服务区放到现在都第五遍了", "zh-CN"),
    ("这首曲子已经放了六回了", "zh-CN"),
])
def test_a_song_worn_out_by_its_repeats_is_skipped(text: str, lang: str) -> None:
    d = _answer(text, lang, unknown=0.6, window_open=0.2)
    assert (d.intent, d.value) == ("media_next", None)


@pytest.mark.parametrize(("text", "lang"), [
    ("I love this song, that's the fifth time today", "en"),  # liked: nothing to skip
    ("play this song a sixth time", "en"),  # asked for again
    ("why is this the fourth time this song has played", "en"),  # a question of its own
    ("这首歌真好听，听了十遍了", "zh-CN"),
    ("这首歌再放一遍，第三遍了也不腻", "zh-CN"),
    ("don't skip it, it's only the third time this song has played", "en"),  # a refusal
    ("这个笑话他讲了八百遍了", "zh-CN"),  # a joke, not the music
])
def test_a_liked_asked_or_refused_song_is_never_skipped(text: str, lang: str) -> None:
    assert _answer(text, lang, unknown=0.6, window_open=0.2).intent != "media_next"


def test_the_head_must_put_the_line_in_the_cabin() -> None:
    text = "that's the seventh time we've heard this song"
    assert _answer(text, "en", unknown=0.9, window_open=0.05).intent == "unknown"
    assert TOLD_IN_DOMAIN == 0.2


@pytest.mark.parametrize(("text", "worn"), [
    ("this is the fourth time this tune has come round", True),
    ("这歌放到现在都第四遍了", True),
    ("turn it up three times", False),  # no song named
    ("I rang my sister three times today", False),
    ("this song is great, third time today", False),
])
def test_worn_out_reads_the_song_and_its_count(text: str, worn: bool) -> None:
    assert _worn(text) is worn
