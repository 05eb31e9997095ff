"""Chunked runs: peak memory and speed against the whole run, each in a fresh process.

``twin_chunked_memory`` runs a fleet-sized scenario (1000 requests/s Poisson, 32 inference
slots, handover spikes, loss, pauses) whole at 10^6 and 10^7 requests and chunked at 10^7
and 10^8 (quick: 10^5 and 10^6), each in its own process, and reports each one's peak
resident memory (the process's ``ru_maxrss``), wall time and e2e percentiles: the whole and
the chunked 10^7 runs give the same percentiles, which the record checks.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

FLEET: dict[str, Any] = {
    "name": "bench_fleet",
    "workload": {"kind": "poisson", "rate_per_s": 1000},
    "stages": {"profile": "ideal"},
    "resources": {"inference": 32},
    "faults": [
        {"kind": "rtt_spike", "start_ms": 5000, "duration_ms": 300, "every_ms": 20000},
        {"kind": "packet_loss", "loss": 0.01, "rto_ms": 200},
        {"kind": "pause", "start_ms": 1000, "duration_ms": 20, "every_ms": 10000},
    ],
}
CHUNK = 1 << 18

_CHILD = """
import json, resource, sys, time
from twin.scenario import scenario_from_dict
from twin.runner import run_scenario
from twin import kernels_stream
kernels_stream.warm_up()
raw, n, chunk = json.loads(sys.argv[1]), int(sys.argv[2]), json.loads(sys.argv[3])
sc = scenario_from_dict(raw, "benchmarks/bench_chunked.py")
t0 = time.perf_counter()
result = run_scenario(sc, seed=1, requests=n, chunk=chunk)
wall = time.perf_counter() - t0
print(json.dumps({"wall_s": wall, "peak_rss_mb": resource.getrusage(
    resource.RUSAGE_SELF).ru_maxrss / 1024, "e2e": result.report["e2e"]}))
"""


def _child(n: int, chunk: int | None) -> dict[str, Any]:
    proc = subprocess.run([sys.executable, "-c", _CHILD, json.dumps(FLEET), str(n),
                          json.dumps(chunk)], capture_output=True, text=True, timeout=3600,
                         check=True, env={**os.environ})
    return json.loads(proc.stdout.strip().splitlines()[-1])


def chunked_memory(quick: bool) -> list[dict[str, Any]]:
    small, large, huge = (10**5, 10**5, 10**6) if quick else (10**6, 10**7, 10**8)
    runs = {("whole", small): _child(small, None), ("whole", large): _child(large, None),
            ("chunked", large): _child(large, CHUNK), ("chunked", huge): _child(huge, CHUNK)}
    same = runs[("whole", large)]["e2e"] == runs[("chunked", large)]["e2e"]
    whole_large = runs[("whole", large)]
    out = []
    for (how, n), r in runs.items():
        rec = {"name": f"twin_{how}_run_peak_rss_mb", "value": round(r["peak_rss_mb"]),
               "unit": "MB", "requests": n, "wall_s": round(r["wall_s"], 2),
               "requests_per_s": round(n / r["wall_s"]), "e2e_p95_ms": r["e2e"]["p95_ms"],
               "e2e_p99_ms": r["e2e"]["p99_ms"]}
        if how == "chunked":
            rec.update(chunk=CHUNK, baseline=round(whole_large["peak_rss_mb"]),
                       baseline_name=f"whole run of {large:,} requests",
                       ratio=round(r["peak_rss_mb"] / whole_large["peak_rss_mb"], 3),
                       percentiles_equal_whole=same if n == large else None)
        out.append(rec)
    return out


BENCHMARKS = {"twin_chunked_memory": chunked_memory}
