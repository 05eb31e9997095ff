"""Route a request to the terminal, edge or cloud model.

A complexity score (length, entities, history) picks the smallest route that can handle the
request, provided that route's rolling p90 latency is within its limit; otherwise the request
goes to the next larger route (and, if every route is over its limit, to the one with the
lowest p90). Each route keeps its last ``window`` latencies in a ring buffer with a sorted copy
maintained by bisection, so a decision is O(1) in the request count and O(window) worst case
in memory moves for a window of tens of samples; each route's p90 is read off when a sample
comes in and a query's text score is kept, so a decision does little more than compare.
Same history, same decisions. A reading of
the live L1-L4 monitor (:mod:`twin.assistant.levels`) overrides that choice when a level is in
alarm (:meth:`Router.choose`).
"""

from __future__ import annotations

import re
from bisect import bisect_left, insort
from collections.abc import Sequence
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


class Router:
    """Chooses a route per request and learns each route's latency from what it observes."""

    def __init__(self, config: RouterConfig = RouterConfig()) -> None:
        self.config = config
        self._p90 = {route: _RollingP90(config.window) for route in ROUTES}
        self._limits = {
            "terminal": config.terminal_p90_ms,
            "edge": config.edge_p90_ms,
            "cloud": config.cloud_p90_ms,
        }
        # (route, its p90, its limit) per candidate list the score can pick
        self._within = {c: tuple((r, self._p90[r], self._limits[r]) for r in c)
                        for c in (ROUTES, ROUTES[1:], ROUTES[2:])}
        self._text_scores: dict[str, float] = {}
        self.reason = "score"  # which rule made the last decision

    def _score(self, query: str, history: Sequence[Turn]) -> float:
        """:func:`complexity`, its text part kept per query text (same float, same order)."""
        text = self._text_scores.get(query)
        if text is None:
            if len(self._text_scores) >= SCORE_CACHE:
                self._text_scores.clear()
            text = self._text_scores[query] = complexity(query, (), self.config)
        return text + self.config.history_weight * len(history) if history else text

    def observe(self, route: Route, latency_ms: float) -> None:
        """Record a measured (or simulated) latency of ``route``."""
        self._p90[route].add(float(latency_ms))

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

        ``reason`` says which rule decided (for the report)."""
        score = self._score(query, history)
        if score < self.config.terminal_max_score:
            candidates: tuple[Route, ...] = ROUTES
        elif score < self.config.edge_max_score:
            candidates = ("edge", "cloud")
        else:
            candidates = ("cloud",)
        if levels is not None and (levels.l1 or levels.l2 or levels.l3 or levels.l4):
            local_busy = levels.l2 or levels.l3
            if levels.l4 and not local_busy:
                self.reason = "l4_keep_local"
                return "terminal"
            if local_busy and not levels.l4 and candidates[0] == "terminal":
                candidates = candidates[1:]
                self.reason = "l3_offload" if levels.l3 else "l2_offload"
            elif levels.l1:
                self.reason = "l1_fastest"
                return self._fastest(candidates)
            else:
                self.reason = "score"
        else:
            self.reason = "score"
        for route, p90, limit in self._within[candidates]:
            if p90.value < limit:
                return route
        self.reason = "p90"
        return self._fastest(candidates)

    def _fastest(self, candidates: tuple[Route, ...]) -> Route:
        """The candidate with the lowest p90 (the smaller route on a tie)."""
        best: Route | None = None
        low = 0.0
        for route, p90, _ in self._within[candidates]:
            if best is None or p90.value < low:
                best, low = route, p90.value
        assert best is not None
        return best
