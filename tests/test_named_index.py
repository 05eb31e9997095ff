"""The topics a clause names: the gated index finds exactly what a search per topic finds."""

from __future__ import annotations

import random
import re

import pytest

from twin.assistant.catalogue import active_catalogue
from twin.assistant.leftover import functions_named
from twin.assistant.named_index import NamedIndex, _caseless, _gate

_CLAUSES = (
    "turn the volume up", "the fan is too strong", "open the window a crack", "it's freezing",
    "crank the AC", "heat my seat", "next song please", "mute it", "take me home",
    "I can't hear the radio", "defrost the windscreen", "把音量调大", "风量调到三档", "车窗关上",
    "好冷啊", "空调打开", "座椅加热开一下", "下一首", "静音", "导航回家", "把volume调到十二",
    "the KELVIN \u212a sign", "ſong", "", "   ", "and", "算了",
)


def _searched(text: str, key: str) -> set[str]:
    """A search per topic of its words, both languages in one pattern (the plain way)."""
    out = set()
    for name, topic in active_catalogue().topics.items():
        words = getattr(topic, key)
        said = [p for p in (words.en, words.zh_CN) if p] if words is not None else []
        if said and re.search("|".join(f"(?:{p})" for p in said), text, re.IGNORECASE):
            out.add(name)
    return out


@pytest.mark.parametrize("key", ["explicit", "subject"])
def test_the_index_finds_what_a_search_per_topic_finds(key: str) -> None:
    rng = random.Random(28)
    letters = [*"abcdefhilmnorstuvw KS\u212a\u017f'.,风窗声音量温度空调加热",
               "volume", "fan", "air", "home", "mute", "seat", "hear", "music"]
    texts = list(_CLAUSES) + ["".join(rng.choice(letters) for _ in range(rng.randint(0, 8)))
                              for _ in range(3000)]
    for text in texts:
        assert functions_named(text, key) == _searched(text, key), text


def test_named_clauses() -> None:
    assert functions_named("turn the volume up") == {"media_volume"}
    assert functions_named("空调打开") == {"climate_ac"}
    assert functions_named("把音量调大 and the fan up") == {"media_volume", "climate_fan"}
    assert functions_named("it's freezing") == set()
    assert "climate_temperature" in functions_named("it's freezing", "subject")
    named = functions_named("turn the volume up")
    named.add("window")  # a caller's set of its own: the next answer is not changed
    assert functions_named("turn the volume up") == {"media_volume"}


def test_a_gate_only_where_it_holds() -> None:
    # an ASCII literal ignoring case: read in the lower-cased text, only when it is ASCII
    assert _gate(re.compile(r"\bvolume\b", re.IGNORECASE)) == (("volume",), "ascii")
    # Chinese literals have no case: read as written
    assert _gate(re.compile("音量|风速", re.IGNORECASE)) == (("音量", "风速"), "text")
    # a literal with a cased non-ASCII letter: no gate, always searched
    assert _gate(re.compile("é|音", re.IGNORECASE)) == (None, "text")
    assert _gate(re.compile(r"\w+", re.IGNORECASE)) == (None, "text")
    assert _caseless("音量") and not _caseless("é") and not _caseless("k")
    index = NamedIndex([("x", [r"é", "音"]), ("y", [r"\bkelvin\b"])])
    assert index.named("É") == {"x"}
    assert index.named("\u212aelvin") == {"y"}  # the Kelvin sign is a "k" ignoring case
    assert index.named("音") == {"x"}
    assert index.named("nothing") == frozenset()
