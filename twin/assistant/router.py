"""Route a request to the terminal, edge or cloud model.

A complexity score (length, entities, history) picks the smallest route that can handle the
request, provided that route's rolling p90 latency is within its limit; otherwise the request
goes to the next larger route (and, if every route is over its limit, to the one with the
lowest p90). Each route keeps its last ``window`` latencies in a ring buffer with a sorted copy
maintained by bisection, so a decision is O(1) in the request count and O(window) worst case
in memory moves for a window of tens of samples; each route's p90 is read off when a sample
comes in, a query's text score is kept, and the rule is a precomputed table, so a decision
does little more than index it.
Same history, same decisions. A reading of
the live L1-L4 monitor (:mod:`twin.assistant.levels`) overrides that choice when a level is in
alarm (:meth:`Router.choose`).
"""

from __future__ import annotations

import re
from bisect import bisect_left, insort
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from twin.assistant.levels import Levels
from twin.assistant.resolver import Turn

Route = Literal["terminal", "edge", "cloud"]
ROUTES: tuple[Route, ...] = ("terminal", "edge", "cloud")

_WORDS = re.compile(r"[A-Za-z]+|\d+|[\u3400-\u9fff]")
_NUMBER = re.compile(r"\d+|[零一二两三四五六七八九十百]+")
_ENTITY_WORDS = (
    "temperature", "degree", "fan", "seat", "window", "volume", "music", "song", "track",
    "home", "defrost", "ac", "passenger", "driver",
    "温度", "度", "风", "座椅", "车窗", "窗", "音量", "声音", "歌", "回家", "除霜", "空调",
    "副驾", "主驾",
)  # fmt: skip


@dataclass(frozen=True)
class RouterConfig:
    """Score weights and per-route limits (the seed: score < 5 and p90 < 40 ms -> terminal)."""

    terminal_max_score: float = 5.0
    edge_max_score: float = 12.0
    terminal_p90_ms: float = 40.0
    edge_p90_ms: float = 80.0
    cloud_p90_ms: float = 300.0
    length_weight: float = 0.25
    entity_weight: float = 1.5
    history_weight: float = 1.0
    window: int = 64


def complexity(
    query: str, history: Sequence[Turn] = (), config: RouterConfig = RouterConfig()
) -> float:
    """Length (words or CJK characters), entities (numbers and cabin nouns) and history turns."""
    length = len(_WORDS.findall(query))
    lowered = query.lower()
    entities = len(_NUMBER.findall(query)) + sum(1 for w in _ENTITY_WORDS if w in lowered)
    return (
        config.length_weight * length
        + config.entity_weight * entities
        + config.history_weight * len(history)
    )


class _RollingP90:
    """The last ``window`` samples in a ring, plus a sorted copy for a cheap quantile."""

    __slots__ = ("_next", "_ring", "_sorted", "_window", "value")

    def __init__(self, window: int) -> None:
        self._window = window
        self._ring: list[float] = []
        self._sorted: list[float] = []
        self._next = 0
        #: the current p90 (kept up to date by :meth:`add`)
        self.value = 0.0

    def add(self, value: float) -> None:
        if len(self._ring) < self._window:
            self._ring.append(value)
        else:
            old = self._ring[self._next]
            del self._sorted[bisect_left(self._sorted, old)]
            self._ring[self._next] = value
            self._next = (self._next + 1) % self._window
        insort(self._sorted, value)
        n = len(self._sorted)
        self.value = self._sorted[min(n - 1, -(-9 * n // 10) - 1)]

    def p90(self) -> float:
        """Nearest-rank p90; 0.0 with no samples (an unmeasured route looks fast)."""
        return self.value


#: query texts whose length-and-entities score a router keeps (cleared when full)
SCORE_CACHE = 4096

#: the monitor's alarms as bits of a decision's index (Levels fields l1-l4 are 5-8)
_L1, _L2, _L3, _L4 = 1, 2, 4, 8


def _rule(band: int, alarms: int, ok: int) -> tuple[int, Route, str]:
    """The decision rule of :meth:`Router.choose` for a score ``band`` (0: every route may
    serve it, 1: edge or cloud, 2: cloud), the monitor's ``alarms`` (bits ``_L1``-``_L4``) and
    ``ok`` (bit k: ``ROUTES[k]``'s p90 is within its limit): (-1, the route, the reason), or
    (k, "", reason) when the fastest of ``ROUTES[k:]`` by p90 wins."""
    first, reason = band, "score"
    if alarms:
        local_busy = alarms & (_L2 | _L3)
        if alarms & _L4 and not local_busy:
            return -1, "terminal", "l4_keep_local"
        if local_busy and not alarms & _L4 and first == 0:
            first, reason = 1, ("l3_offload" if alarms & _L3 else "l2_offload")
        elif alarms & _L1:
            return first, "terminal", "l1_fastest"
    for k in range(first, len(ROUTES)):
        if ok >> k & 1:
            return -1, ROUTES[k], reason
    return first, "terminal", "p90"


#: every decision, by ``band * 128 + alarms * 8 + ok`` (computed once: a decision reads one)
_TABLE: tuple[tuple[int, Route, str], ...] = tuple(
    _rule(band, alarms, ok) for band in range(3) for alarms in range(16) for ok in range(8))


class Router:
    """Chooses a route per request and learns each route's latency from what it observes.

    Everything a decision needs but the request is kept ready: each route's p90 against its
    limit and the fastest route of each candidate list (updated by :meth:`observe`), each
    query text's score (:meth:`warm` fills it at session start), and the rule itself as a
    table (``_TABLE``). A decision is a dictionary read, two comparisons and a table read,
    so it touches little memory: in a run, where other work runs between decisions, that is
    what its time is (BENCHMARKS.md, issue 27)."""

    __slots__ = ("_edge_max", "_fastest", "_history_weight", "_limits", "_ok", "_p90",
                 "_terminal_max", "_text_scores", "config", "reason")

    def __init__(self, config: RouterConfig = RouterConfig()) -> None:
        self.config = config
        self._p90 = {route: _RollingP90(config.window) for route in ROUTES}
        self._limits = (config.terminal_p90_ms, config.edge_p90_ms, config.cloud_p90_ms)
        self._terminal_max = config.terminal_max_score
        self._edge_max = config.edge_max_score
        self._history_weight = config.history_weight
        self._text_scores: dict[str, float] = {}
        self._ok = 0
        self._fastest: list[Route] = list(ROUTES)
        self._refresh()
        self.reason = "score"  # which rule made the last decision

    def _refresh(self) -> None:
        """Which routes are within their limit, and each candidate list's fastest route (the
        smaller route on a tie): what :meth:`choose` reads instead of the p90s."""
        values = [self._p90[r].value for r in ROUTES]
        self._ok = sum(1 << k for k, (v, limit) in enumerate(zip(values, self._limits,
                                                                  strict=True)) if v < limit)
        for first in range(len(ROUTES)):
            best = first
            for k in range(first + 1, len(ROUTES)):
                if values[k] < values[best]:
                    best = k
            self._fastest[first] = ROUTES[best]

    def _text_score(self, query: str) -> float:
        """:func:`complexity` of the text alone, kept per text (bounded)."""
        if len(self._text_scores) >= SCORE_CACHE:
            self._text_scores.clear()
        text = self._text_scores[query] = complexity(query, (), self.config)
        return text

    def warm(self, texts: Iterable[str]) -> None:
        """Score these query texts now (session start), so their decisions only read it."""
        for text in texts:
            if text not in self._text_scores:
                self._text_score(text)

    def _score(self, query: str, history: Sequence[Turn]) -> float:
        """:func:`complexity`, its text part kept per query text (same float, same order)."""
        text = self._text_scores.get(query)
        if text is None:
            text = self._text_score(query)
        return text + self._history_weight * len(history) if history else text

    def observe(self, route: Route, latency_ms: float) -> None:
        """Record a measured (or simulated) latency of ``route``."""
        self._p90[route].add(float(latency_ms))
        self._refresh()

    def p90(self, route: Route) -> float:
        return self._p90[route].p90()

    def choose(self, query: str, history: Sequence[Turn] = (),
               levels: Levels | None = None) -> Route:
        """The smallest capable route within its p90 limit; else the fastest by p90. With a
        reading of the L1-L4 monitor (:mod:`twin.assistant.levels`), its alarms come first:

        - L4 (the network: RTT and jitter over the seed's limits), the local accelerator not
          in alarm: ``terminal``, whatever the score (the seed: millisecond interaction must
          stay on the terminal when the network cannot carry it);
        - L3 or L2 (the local accelerator saturated, or the local model's stage slow), the
          network not in alarm: a networked route (offload), if the score allows one;
        - L1 (users wait more than 100 ms): the fastest capable route by measured p90.

        ``reason`` says which rule decided (for the report). The rule is :func:`_rule`."""
        score = self._text_scores.get(query)
        if score is None:
            score = self._text_score(query)
        if history:
            score += self._history_weight * len(history)
        index = self._ok + (0 if score < self._terminal_max
                            else 128 if score < self._edge_max else 256)
        if levels is not None:
            index += (levels[5] + 2 * levels[6] + 4 * levels[7] + 8 * levels[8]) * 8
        fastest, route, self.reason = _TABLE[index]
        return route if fastest < 0 else self._fastest[fastest]
