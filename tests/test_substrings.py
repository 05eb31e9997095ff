"""Fixed strings found in a text by one look-up (twin.assistant.substrings) and the colouring
gates checked all at once (twin.assistant.regex_gate.GateIndex): each answers exactly what the
one-at-a-time loop answers, on written cases and on every gate of both colouring tables over
the development texts."""

from __future__ import annotations

import pytest

from twin.assistant import colloquial
from twin.assistant.queries import QUERIES_DIR, load_queries
from twin.assistant.regex_gate import GateIndex
from twin.assistant.substrings import FragmentIndex, grams

_FRAGMENTS = ["a", "ab", "abc", "abcd", "abce", "bcd", "热", "热死", "空调开", "空调开大点",
              " on", "can", "can you", "you", "", "\u212aick"]
_TEXTS = ["", "a", "abcd", "xabcex", "cab", "bc", "can yo", "can you", "turn it on",
          "这车里热死了，空调开大点", "空调开", "\u212aick it", "ABCD", "a\nb"]


@pytest.mark.parametrize("text", _TEXTS)
def test_present_is_every_fragment_in_the_text(text: str) -> None:
    index = FragmentIndex.of(_FRAGMENTS)
    assert index.present((text,)) == {f for f in _FRAGMENTS if f and f in text}


def test_present_reads_every_line_and_no_fragment_across_two() -> None:
    index = FragmentIndex.of(["ab", "abcd", "b\nc"])
    assert index.present(("xab", "cd")) == {"ab"}  # "abcd" spans the two lines: not in either
    assert index.present(("zz", "abcd")) == {"ab", "abcd"}


def test_grams_are_every_substring_up_to_three() -> None:
    assert grams(("abcd",)) == {"a", "b", "c", "d", "ab", "bc", "cd", "abc", "bcd"}
    assert grams(("ab", "x")) == {"a", "b", "ab", "x"}


_GATES = [
    (("can you", "could you"), "lowered"),
    (None, "text"),  # no gate: always tried
    (("热",), "text"),
    (("kick",), "ascii"),  # read lower-cased, only on an ASCII text
    (("Turn",), "text"),  # read as said: case counts
    (("", "zz"), "lowered"),  # an empty word: every text holds it
    (("on", " on", "off"), "lowered"),
]


def _loop(gates: list[tuple[tuple[str, ...] | None, str]], text: str) -> int:
    """The entries a loop over the gates tries (as plainly did, entry by entry)."""
    lowered = text.lower()
    found = 0
    for i, (words, where) in enumerate(gates):
        if words is not None and (where != "ascii" or lowered.isascii()):
            seen = text if where == "text" else lowered
            if not any(w in seen for w in words):
                continue
        found |= 1 << i
    return found


@pytest.mark.parametrize("text", [
    "Can You turn it on", "could you kick it", "\u212aick the fan", "turn it off", "Turn it OFF",
    "这里热死了", "热 kick", "nothing here", "", "TURN ON",
])
def test_gate_index_opens_what_the_loop_tries(text: str) -> None:
    assert GateIndex.of(_GATES).open(text) == _loop(_GATES, text)


def test_gate_index_names_its_entries_by_position() -> None:
    index = GateIndex.of(_GATES)
    assert index.open("nothing here") == 0b100010  # the ungated and the empty-word entries
    assert index.open("Can you TURN it on") & 0b1010001 == 0b1000001  # "Turn" read as said
    assert index.open("ça kick") >> 3 & 1  # not ASCII: the ascii gate is not read, tried


def test_a_gate_read_elsewhere_is_refused() -> None:
    with pytest.raises(ValueError, match="read in one of"):
        GateIndex.of([(("x",), "upper")])


def _dev_texts() -> list[tuple[str, str]]:
    files = [QUERIES_DIR / "cabin_commands.jsonl", *sorted((QUERIES_DIR / "train").glob("*.jsonl"))]
    return [(q.lang, q.text) for f in files for q in load_queries(f)]


def test_the_tables_gates_at_once_are_the_loops_on_the_dev_texts() -> None:
    gates = {lang: [(words, where) for _, _, words, where in rules]
             for lang, rules in colloquial._RULES.items()}
    checked = 0
    for lang, text in _dev_texts():
        for said in (text, text.upper(), f"{text}, mate", text[: len(text) // 2]):
            assert colloquial._GATES_AT_ONCE[lang].open(said) == _loop(gates[lang], said), said
            checked += 1
    assert checked > 1000
