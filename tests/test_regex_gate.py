"""The literals a regular expression cannot match without (twin.assistant.regex_gate), and the
colouring-words reading (colloquial.plainly) that skips the patterns they rule out: the gates
are sound on written patterns and on every reading of both tables over the development files'
texts, and plainly reads each text as it does with every pattern tried."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from twin.assistant import colloquial
from twin.assistant.colloquial import plainly
from twin.assistant.queries import QUERIES_DIR, load_queries
from twin.assistant.regex_gate import gate


@pytest.mark.parametrize(("pattern", "want"), [
    (r"给狗透透气", {"给狗透透气"}),
    (r"(?:狗|狗狗|小狗)透气", {"透气"}),  # the longer run is the better gate
    (r"(?:狗|小狗)(?:呀|吧)?", {"狗"}),  # "狗狗" and "小狗" hold "狗": one string is enough
    (r"[冷热]+了", {"了"}),
    (r"[冷热]+", {"冷", "热"}),
    (r"(?P<a>[热冷])死了?", {"死"}),
    (r"(?:seat|window)s? (?:heat|open)", {"seat", "window"}),
    (r"(?i:AC) on", {" on"}),  # a case change inside is not read; the rest is
])
def test_gate_names_what_every_match_contains(pattern: str, want: set[str]) -> None:
    assert gate(re.compile(pattern)) == want


@pytest.mark.parametrize("pattern", [
    r"(?:给)?狗?",  # nothing is required
    r"(?<=把)\w+",  # a lookbehind consumes nothing
    r"[^冷]+",  # a negated class
    r"[一-龥]{2}",  # a range
    r"\d+|度",  # one branch needs no literal
    r"(?P<a>\w)(?P=a)",  # a back reference
])
def test_no_gate_where_nothing_literal_is_sure(pattern: str) -> None:
    assert gate(re.compile(pattern)) is None


def test_a_pattern_that_ignores_case_is_gated_lower_cased_and_ascii_only() -> None:
    assert gate(re.compile(r"\bTurn (?:UP|down)\b", re.IGNORECASE)) == {"turn "}
    assert gate(re.compile(r"\bcafé\b", re.IGNORECASE)) is None
    # the Kelvin sign matches "k" without case: plainly tries every pattern on such a text
    assert re.search(r"kick", "\u212aick", re.IGNORECASE)
    assert plainly("\u212aick the fan up", "en") == _every_pattern("\u212aick the fan up", "en")


def _every_pattern(text: str, lang: str) -> str:
    """plainly with no derived gate: every pattern tried (the table's own named gates kept)."""
    lowered = text.lower()
    for pattern, said, words, where in colloquial._RULES[lang]:
        if where == "lowered" and words is not None and not any(w in lowered for w in words):
            continue
        changed = pattern.sub(said, text)
        if changed != text:
            text, lowered = changed, changed.lower()
    return text.strip()


def _dev_texts() -> list[tuple[str, str]]:
    files = [QUERIES_DIR / "cabin_commands.jsonl", *sorted((QUERIES_DIR / "train").glob("*.jsonl"))]
    return [(q.lang, q.text) for f in files for q in load_queries(Path(f))]


_WRITTEN = [
    ("zh-CN", "这车里冷死个人了，空调开大点吧"), ("zh-CN", "把那个窗户给我关关"),
    ("zh-CN", "歌放起来嘛"),
    ("zh-CN", "家人们谁懂啊，热得慌"), ("zh-CN", "A C开一下"), ("zh-CN", "音乐……音乐小一点"),
    ("en", "um, it's like, freezing in here innit"), ("en", "CRANK the FAN up, bro"),
    ("en", "my better half's seat heater on high, yeah"), ("en", "the the window down a touch"),
]


def test_every_gate_is_sound_on_the_dev_texts() -> None:
    texts = _dev_texts() + _WRITTEN
    gated = 0
    for lang in ("en", "zh-CN"):
        for pattern, _said, words, where in colloquial._RULES[lang]:
            if words is None or where == "lowered":
                continue
            gated += 1
            for text_lang, text in texts:
                if text_lang != lang:
                    continue
                seen = text if where == "text" else text.lower()
                if where == "ascii" and not seen.isascii():
                    continue
                if not any(w in seen for w in words):
                    assert pattern.search(text) is None, (pattern.pattern, text)
    assert gated > 150  # most readings of both tables are gated


def test_plainly_reads_as_with_every_pattern_tried() -> None:
    for lang, text in _dev_texts() + _WRITTEN:
        assert plainly(text, lang) == _every_pattern(text, lang), text
