"""Arrival processes: open-loop Poisson, voice-burst users, scripted arrivals.

Open-loop arrivals are drawn up front. A closed-loop voice-burst workload (each user speaks
again one think-time after the previous answer) depends on completions, so only the SimPy engine
runs it; :func:`think_times` gives its draws.
"""

from __future__ import annotations

import numpy as np

from twin import kernels_stream
from twin.scenario import Workload


def open_loop_arrivals(w: Workload, n: int, rng: np.random.Generator) -> np.ndarray:
    """``n`` sorted arrival times (ms) for an open-loop workload."""
    if w.kind == "poisson":
        return np.cumsum(rng.exponential(1000.0 / w.rate_per_s, n))
    if w.kind == "script":
        times = np.asarray(w.arrivals_ms, dtype=float)
        reps = int(np.ceil(n / times.size))
        span = float(times[-1]) + 1.0
        return (times[None, :] + span * np.arange(reps)[:, None]).ravel()[:n]
    if w.kind == "voice_burst":
        times = np.cumsum(think_times(w, n, rng), axis=1).ravel()
        # a sort of values (equal values are equal bits, any order), compiled: O(n) for
        # arrivals spread over the run
        return kernels_stream.sorted_spread(times)[:n]
    raise ValueError(f"unknown workload kind {w.kind!r}")


def is_open_loop(w: Workload) -> bool:
    return not (w.kind == "voice_burst" and w.closed_loop)


def think_times(w: Workload, n: int, rng: np.random.Generator) -> np.ndarray:
    """(users, rounds) think times in ms for a closed-loop voice-burst; column 0 is the offset
    of each user's first request."""
    rounds = int(np.ceil(n / w.users)) + 1
    period = w.period_s * 1000.0
    first = rng.uniform(0.0, period, (w.users, 1))
    gaps = period * (1.0 + rng.uniform(-w.jitter, w.jitter, (w.users, rounds - 1)))
    return np.concatenate([first, gaps], axis=1)
