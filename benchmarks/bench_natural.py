"""Rule NLU on natural speech: parse + decide per line, beside the short commands' figure.

``rule_nlu_natural_us``: thread CPU time per line of ``RuleNLU.parse`` and then the rules-only
``decide`` (no resolver: what ``twin nlu --eval`` without ``--llm`` and
``tools/rules_at_commit.py`` decide, the check that no part is dropped included), over a fixed
set of natural development lines shipped in the repository (:data:`NATURAL_FILES`:
``holdout6``-``holdout22`` and ``multidev1``-``multidev4``, without the lines
:data:`hil.llm.training.HELD_BACK` holds back), after a warm-up pass over the same lines.
p50/p95/p99 of parse + decide and of the parse alone (CPU time, and wall clock beside it), per
language too. In the same run, alternating line by line (each natural line followed by the
next short command, so both see the same machine load), the same measurement over the
``rule_nlu_latency_us`` bench's set (``cabin_commands.jsonl``, short commands): its parse CPU
p99 is the ``baseline``. Long, several-command and unpunctuated lines pay for the cut and
re-read readings: the 1 ms rule target is the short commands', reported here for scale.
"""

from __future__ import annotations

import itertools
import os
import re
import time
from typing import Any

import numpy as np

from hil.llm.training import DEV_FILES, HELD_BACK, MULTI_DEV_FILES
from twin.assistant.nlu import shared_nlu
from twin.assistant.policy import AssistantPolicy, decide
from twin.assistant.queries import LabelledQuery, load_queries

NATURAL_FILES = (
    *(p for p in DEV_FILES if re.fullmatch(r"holdout\d+", p.parent.name)),
    *MULTI_DEV_FILES,
)
"""Natural development lines written blind by earlier sessions (never a blind set): the numbered
hold-outs the head trains on (:data:`hil.llm.training.DEV_FILES`, one place for which are
development data) and the several-command development sets
(:data:`hil.llm.training.MULTI_DEV_FILES`)."""
QUICK_EVERY = 16
"""``--quick`` times every sixteenth natural line, once."""


def natural_lines(every: int = 1) -> list[LabelledQuery]:
    """The lines of :data:`NATURAL_FILES` (every ``every``-th), held-back lines left out."""
    lines = []
    for path in NATURAL_FILES:
        parity = HELD_BACK.get(path.parent.name)
        lines += [q for n, q in enumerate(load_queries(path))
                  if parity is None or n % 2 != parity]
    return lines[::every]


def _q(values_ns: list[int]) -> dict[str, float]:
    p50, p95, p99 = np.percentile(np.asarray(values_ns) / 1000.0, [50, 95, 99])
    return {"p50": round(float(p50), 1), "p95": round(float(p95), 1), "p99": round(float(p99), 1)}


class _Times:
    """Per line: CPU ns of the parse, of parse + decide, wall ns of parse + decide, language."""

    def __init__(self) -> None:
        self.parse: list[int] = []
        self.total: list[int] = []
        self.wall: list[int] = []
        self.langs: list[str] = []

    def time(self, q: LabelledQuery, policy: AssistantPolicy) -> None:
        nlu = shared_nlu(q.lang)
        wall, cpu = time.perf_counter_ns(), time.thread_time_ns()
        rules = nlu.parse(q.text, q.history)
        parsed = time.thread_time_ns()
        decide(q.text, q.history, q.lang, rules, None, policy)
        end = time.thread_time_ns()
        self.wall.append(time.perf_counter_ns() - wall)
        self.parse.append(parsed - cpu)
        self.total.append(end - cpu)
        self.langs.append(nlu.lang)

    def report(self) -> dict[str, Any]:
        by_lang = {lang: _q([t for t, k in zip(self.total, self.langs, strict=True) if k == lang])
                   for lang in sorted(set(self.langs))}
        return {"parse_decide_cpu": _q(self.total), "parse_cpu": _q(self.parse),
                "parse_decide_wall": _q(self.wall), "parse_decide_cpu_by_lang": by_lang}


def _measure(natural: list[LabelledQuery], short: list[LabelledQuery],
             reps: int) -> tuple[_Times, _Times]:
    policy = AssistantPolicy()
    times = _Times(), _Times()
    cycle = itertools.cycle(short)
    for _ in range(reps):
        for q in natural:
            times[0].time(q, policy)
            times[1].time(next(cycle), policy)
    return times


def rule_nlu_natural(quick: bool) -> list[dict[str, Any]]:
    natural = natural_lines(QUICK_EVERY if quick else 1)
    short = load_queries()  # the rule_nlu_latency_us bench's set
    reps = 1 if quick else 2
    _measure(natural, short, 1)  # warm-up: first reads, tries and caches
    load_before = os.getloadavg()
    nat, cmd = (t.report() for t in _measure(natural, short, reps))
    value = nat["parse_decide_cpu"]["p99"]
    baseline = cmd["parse_cpu"]["p99"]
    return [{
        "name": "rule_nlu_natural_us",
        "value": value,
        "unit": "us",
        **nat["parse_decide_cpu"],
        **nat,
        "baseline": baseline,
        "baseline_name": "rule NLU parse CPU p99 on the rule_nlu_latency_us set "
                         "(cabin_commands.jsonl), same run, alternating line by line",
        "ratio": round(value / baseline, 3),
        "short_commands": cmd,
        "target_us": 1000,
        "lines": len(natural),
        "files": [f"{p.parent.name}/{p.name}" for p in NATURAL_FILES],
        "repetitions": reps,
        "load_average": [round(x, 2) for x in (*load_before, *os.getloadavg())],
    }]


BENCHMARKS = {"rule_nlu_natural_us": rule_nlu_natural}
