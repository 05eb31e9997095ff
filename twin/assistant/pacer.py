"""Streaming pacer: the first 3 tokens within 50 ms, then one every 120 +- 20 ms.

The pacer turns token arrival times (ms from the start of the stream) into emit times: the
first ``first_tokens`` go out as they arrive; later tokens are buffered and released one per
``interval_ms`` (never earlier than they arrived). Violations are flagged, not hidden: a late
start (token ``first_tokens`` after ``first_within_ms``) and any gap outside
``interval_ms +- tolerance_ms`` (starvation: the model was slower than the pace).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class PacedStream:
    """Emit times per token and the violations found."""

    emit_ms: tuple[float, ...]
    violations: tuple[str, ...] = field(default_factory=tuple)

    @property
    def ok(self) -> bool:
        return not self.violations


@dataclass(frozen=True)
class StreamPacer:
    first_tokens: int = 3
    first_within_ms: float = 50.0
    interval_ms: float = 120.0
    tolerance_ms: float = 20.0

    def pace(self, arrival_ms: Sequence[float]) -> PacedStream:
        """Emit times for tokens that arrived at ``arrival_ms`` (non-decreasing)."""
        emit: list[float] = []
        violations: list[str] = []
        for i, arrived in enumerate(arrival_ms):
            if i > 0 and arrived < arrival_ms[i - 1]:
                raise ValueError(f"arrival times must not decrease (token {i})")
            if i < self.first_tokens:
                emit.append(float(arrived))
                continue
            due = emit[-1] + self.interval_ms
            emit.append(max(float(arrived), due))
            gap = emit[-1] - emit[-2]
            if gap > self.interval_ms + self.tolerance_ms:
                violations.append(
                    f"token {i}: gap {gap:.1f} ms > {self.interval_ms + self.tolerance_ms:.0f}"
                )
        head = min(self.first_tokens, len(emit))
        if head and emit[head - 1] > self.first_within_ms:
            violations.insert(
                0, f"first {head} tokens at {emit[head - 1]:.1f} ms > {self.first_within_ms:.0f}"
            )
        return PacedStream(tuple(emit), tuple(violations))
