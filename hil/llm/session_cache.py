"""An LRU of conversation KV snapshots, with pinned warm snapshots for frequent situations.

A snapshot is the KV state of one sequence (prefix + history turns) as bytes, with the tokens it
covers. Conversations are keyed by their history tokens, so two cars in the same situation share
an entry. Pinned (warm) entries are never evicted and do not count against ``capacity``.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass


@dataclass(frozen=True)
class Snapshot:
    tokens: tuple[int, ...]
    state: bytes

    @property
    def nbytes(self) -> int:
        return len(self.state)


class SessionCache:
    """Least-recently-used snapshots, keyed by token tuples, bounded by count and bytes."""

    def __init__(self, capacity: int = 50, max_bytes: int = 1 << 30) -> None:
        if capacity < 0 or max_bytes < 0:
            raise ValueError("capacity and max_bytes must be >= 0")
        self.capacity = capacity
        self.max_bytes = max_bytes
        self._lru: OrderedDict[tuple[int, ...], Snapshot] = OrderedDict()
        self._pinned: dict[tuple[int, ...], Snapshot] = {}
        self.hits = 0
        self.misses = 0
        self.evictions = 0

    def __len__(self) -> int:
        return len(self._lru)

    def __contains__(self, key: tuple[int, ...]) -> bool:
        return key in self._lru or key in self._pinned

    @property
    def nbytes(self) -> int:
        return sum(s.nbytes for s in self._lru.values())

    def get(self, key: tuple[int, ...]) -> Snapshot | None:
        snap = self._pinned.get(key)
        if snap is None:
            snap = self._lru.get(key)
            if snap is not None:
                self._lru.move_to_end(key)
        if snap is None:
            self.misses += 1
        else:
            self.hits += 1
        return snap

    def put(self, snap: Snapshot) -> None:
        if snap.tokens in self._pinned or self.capacity == 0:
            return
        self._lru[snap.tokens] = snap
        self._lru.move_to_end(snap.tokens)
        while len(self._lru) > self.capacity or (
            len(self._lru) > 1 and self.nbytes > self.max_bytes
        ):
            self._lru.popitem(last=False)
            self.evictions += 1

    def pin(self, snap: Snapshot) -> None:
        """Keep ``snap`` for good (a warm snapshot); it leaves the LRU if it was there."""
        self._lru.pop(snap.tokens, None)
        self._pinned[snap.tokens] = snap

    @property
    def pinned(self) -> int:
        return len(self._pinned)
