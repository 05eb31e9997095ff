"""A network impairment applied per message: the model the bench's TCP proxy applies to real
bytes, and the twin samples for a modelled run.

A message (one chunk read from a socket) travelling one way is held for half a round trip
(the RTT model: base, jitter, handover spikes), plus its transfer time at the link's bandwidth,
plus, for each of its packets that is lost, a retransmission: fast retransmit (one RTT) when the
flow is long enough for duplicate ACKs (>= 4 packets), else the retransmission timeout. Messages
on one connection stay in order (TCP): a message is never released before the one before it.

Time-dependent RTT models (5G handovers) are sampled per message at its own time, so a
message's chance of meeting a handover is right; consecutive messages' handovers are not
correlated.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from latency_models.network import RttModel
from latency_models.network_spec import rtt_from_spec


@dataclass(frozen=True)
class Impairment:
    rtt: RttModel
    bandwidth_mbps: float = 50.0
    loss: float = 0.0
    mss_kb: float = 1.4
    rto_ms: float = 200.0

    def one_way_ms(self, rng: np.random.Generator, t_ms: np.ndarray,
                   size_bytes: np.ndarray) -> np.ndarray:
        """The hold (ms) of messages of ``size_bytes`` sent at ``t_ms``."""
        t = np.asarray(t_ms, dtype=float)
        size = np.asarray(size_bytes, dtype=float)
        rtt = np.asarray(self.rtt.rtt_at(rng, t), dtype=float)
        transfer = size * 8.0 / (self.bandwidth_mbps * 1000.0)
        hold = rtt / 2.0 + transfer
        if self.loss > 0.0:
            packets = np.maximum(np.ceil(size / (self.mss_kb * 1024.0)), 1).astype(np.int64)
            lost = rng.binomial(packets, self.loss)
            recovery = np.where(packets >= 4, rtt, np.maximum(self.rto_ms, rtt))
            hold = hold + lost * recovery
        return np.asarray(hold)


def impairment_from_spec(spec: dict[str, Any], where: str = "network") -> Impairment:
    """From a validated :class:`twin.config.dut.Impairment` dump (raises SpecError on a bad
    ``rtt``)."""
    return Impairment(rtt_from_spec(spec.get("rtt", "lan"), f"{where}.rtt"),
                      float(spec.get("bandwidth_mbps", 50.0)), float(spec.get("loss", 0.0)),
                      float(spec.get("mss_kb", 1.4)), float(spec.get("rto_ms", 200.0)))
