"""Hypothesis strategies: every fault the project models (time, duration, magnitude), link
faults for a rig, the modelled LLM's quality and speed, workloads and query mixes, and whole
schedules. Everything they draw is a plain dict (see :mod:`twin.verify.schedule`)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from twin.assistant.queries import KINDS

DEVICES = ("hvac", "seat", "window", "media", "hmi")
TWIN_FAULT_KINDS = ("rtt_spike", "packet_loss", "cold_load", "pause", "fragmentation",
                    "slow_llm")
CAN_FAULT_KINDS = ("can_drop", "can_delay", "can_duplicate", "can_corrupt")

ms = st.integers(0, 3000).map(float)  # a time on the schedule's clock
durations = st.integers(1, 2000).map(float)


def _window(start: float, duration: float | None) -> dict[str, float]:
    return {"start_ms": start} if duration is None else {"start_ms": start,
                                                         "duration_ms": duration}


def twin_fault(start: st.SearchStrategy[float] = ms,
               duration: st.SearchStrategy[float | None] = durations) -> st.SearchStrategy[
                   dict[str, Any]]:
    """One latency fault of the twin, as a ``[[faults]]`` table."""
    def build(kind: str, s: float, d: float | None, m: float) -> dict[str, Any]:
        w = _window(s, d)
        if kind == "rtt_spike":  # network RTT spike / 5G handover
            return {"kind": kind, **w, "base_ms": 12.0, "spike_ms": 12.0 + m}
        if kind == "packet_loss":  # loss with retransmission timeouts
            return {"kind": kind, **w, "loss": round(min(m / 400.0, 0.6), 3),
                    "rto_ms": 20.0 + m / 2}
        if kind == "cold_load":  # model evicted: the next request pays the load
            return {"kind": kind, **w, "cold_ms": 5.0 + 2 * m}
        if kind == "pause":  # stop-the-world (GC, thermal)
            return {"kind": kind, "start_ms": s, "duration_ms": 0.5 + m / 2}
        if kind == "fragmentation":  # growth per second since the window start
            return {"kind": kind, **w, "growth_per_s": round(m / 100.0, 3),
                    "stages": ["model_load", "inference"]}
        # slow LLM: the inference stage takes m ms longer (an RTT-spike model on inference)
        return {"kind": "rtt_spike", **w, "base_ms": 0.0, "spike_ms": 1.0 + m,
                "stages": ["inference"]}

    return st.builds(build, st.sampled_from(TWIN_FAULT_KINDS), start, duration,
                     st.integers(0, 400).map(float))


def link_fault(devices: tuple[str, ...] = DEVICES, start: st.SearchStrategy[float] = ms,
               duration: st.SearchStrategy[float | None] = durations) -> st.SearchStrategy[
                   dict[str, Any]]:
    """One fault of the rig's links (link kinds of :mod:`twin.config.faults`): CAN
    drop/delay/duplicate/corrupt, a silent device, or a serial disconnect."""
    can_fault = st.builds(
        lambda kind, dev, s, d, p, delay: {
            "kind": kind, "device": dev, **_window(s, d), "probability": p,
            **({"delay_ms": delay} if kind == "can_delay" else {})},
        st.sampled_from(CAN_FAULT_KINDS), st.sampled_from(("*", *devices)), start, duration,
        st.sampled_from((1.0, 0.5)), st.integers(1, 120).map(float))
    silent = st.builds(lambda dev, s, d: {"kind": "device_silent", "device": dev,
                                          **_window(s, d)},
                       st.sampled_from(devices), start, duration)
    disconnect = st.builds(lambda s: {"kind": "serial_disconnect", "start_ms": s}, start)
    return st.one_of(can_fault, silent, disconnect)


def llm_settings() -> st.SearchStrategy[dict[str, float]]:
    """The modelled LLM: accuracy, malformed-output rate, and a latency scale on the
    unoptimised (80-300 ms) inference model: 0.1 is fast, 2 is very slow."""
    return st.builds(
        lambda acc, bad, scale: {"accuracy": acc, "malformed_rate": min(bad, 1.0 - acc),
                                 "inference_scale": scale},
        st.sampled_from((0.0, 0.5, 0.75, 0.9, 1.0)), st.sampled_from((0.0, 0.1, 0.3, 1.0)),
        st.sampled_from((0.1, 0.25, 0.5, 1.0, 2.0)))


#: query mixes by kind weight factor: the shipped traffic, commands only, the fallback's share
MIXES: tuple[dict[str, float], ...] = (
    {"indirect": 1.0, "long_tail": 1.0},
    dict.fromkeys(KINDS, 1.0),
    {"direct": 1.0, "paraphrase": 1.0},
    {"followup": 1.0, "direct": 1.0},
    {"out_of_domain": 1.0, "indirect": 1.0},
    {"direct": 1.0, "indirect": 5.0, "long_tail": 5.0, "followup": 5.0},
)


def query_mixes() -> st.SearchStrategy[dict[str, Any]]:
    """A language and a weight factor per query kind (direct commands to out-of-domain)."""
    return st.builds(lambda lang, kinds: {"lang": lang, "kinds": dict(kinds)},
                     st.sampled_from(("mixed", "en", "zh-CN")), st.sampled_from(MIXES))


def policies() -> st.SearchStrategy[dict[str, Any]]:
    return st.builds(
        lambda th, deg: {"threshold": th, "ack_deadline_ms": 45.0, "degrade_deadline_ms": deg,
                         "degrade": True},
        st.sampled_from((0.85, 0.95, 1.0)), st.sampled_from((60.0, 80.0)))


def workloads(max_requests: int = 12) -> st.SearchStrategy[list[float]]:
    """Arrival times: a few users, each speaking every ``period`` ms (with jitter)."""
    def build(users: int, period: int, rounds: int, jitter: list[int]) -> list[float]:
        times = [float(u * 7 + r * period + jitter[(u * rounds + r) % len(jitter)])
                 for u in range(users) for r in range(rounds)]
        return sorted(times)[:max_requests]

    return st.builds(build, st.integers(1, 4), st.integers(20, 1500), st.integers(1, 4),
                     st.lists(st.integers(0, 200), min_size=1, max_size=4))


def schedules(max_faults: int = 4, link: bool = False) -> st.SearchStrategy[dict[str, Any]]:
    """A whole schedule: workload, LLM, mix, policy and up to ``max_faults`` faults."""
    fault = st.one_of(twin_fault(), link_fault()) if link else twin_fault()
    return st.builds(
        lambda seed, arrivals, slots, llm, mix, policy, faults: {
            "seed": seed, "arrivals_ms": arrivals, "inference_slots": slots, "llm": llm,
            "mix": mix, "policy": policy, "faults": faults},
        st.integers(0, 2**16), workloads(), st.integers(1, 2), llm_settings(), query_mixes(),
        policies(), st.lists(fault, max_size=max_faults))
