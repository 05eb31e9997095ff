"""The real capture stage: what the two VADs cost, and the endpoints they give.

``capture_vad_cost``: per 30 ms frame (16 kHz mono), the time one VAD call takes
(``probability``: Silero's ONNX network on one onnxruntime thread, a call per 512-sample
window; WebRTC's C VAD) and the real-time factor (audio played / compute), over every
utterance of the generated 20 dB set, the two VADs interleaved clip by clip in one process.
The seed's capture budget is 15 ms per request (typical 45-80 ms); the issue's target is
>= 50x real time on one core.

``capture_endpoint``: the end-of-speech decisions on the generated sets at three SNRs (20,
10, 5 dB) for both VADs at the shipped settings (30 ms frames, 300 ms minimum silence, 250 ms
minimum speech, Silero threshold 0.5, WebRTC mode 2): endpoint latency (the decision frame's
end minus the true end of speech, on the audio's clock) p50/p95, and the share of premature
(decided before the true end) and missed (no decision within 3 s after it) endpoints. This is
the stage's latency without the lockstep: a real run adds the last frame's compute (the
``capture_vad_cost`` figure) and the pacing lateness (``lockstep``), and is measured by
``twin run capture_real`` (``capture_real.latency_ms``). ``capture_min_silence``: the same at
10 dB for minimum silences of 100-800 ms, the trade-off the what-if heatmap shows in lockstep.

``capture_speculative``: speculative endpointing (``[capture] early_ms``) against the two
plain hangovers it sits between, at 20 dB, on the set as synthesised and on the same lines with
a 250 ms pause after the second word (a speaker's hesitation): a 300 ms hangover, a 120 ms one,
and a start at 120 ms of silence confirmed at 300 ms. Per configuration: the capture latency
of the ok endpoints (when the request starts: the early decision a confirmation kept), the
premature and missed shares, and the speculative starts speech cancelled (inferences wasted)
per utterance.
"""

from __future__ import annotations

import os
import time
from typing import Any

import numpy as np

from hil.capture.audioset import RATE_HZ, AudioSet
from hil.capture.generate import Settings, generated_set, query_lines
from hil.capture.vad import Endpointer, frames_of, make_vad

SNRS = (20.0, 10.0, 5.0)
TIMEOUT_MS = 3000.0
LOOP_MS = 500.0
SEED_BUDGET_MS = 15.0
SEED_TYPICAL = "45-80 ms"


def _set(snr: float, quick: bool) -> AudioSet:
    lines = query_lines()
    if quick:
        lines = lines[:20] + [x for x in lines if x.lang == "zh-CN"][:20]
    return generated_set(lines, Settings(snr_db=snr), "queries" if not quick else "bench")


def _machine() -> dict[str, Any]:
    return {"load_avg_1m": round(os.getloadavg()[0], 2), "cpus": os.cpu_count()}


def _vad(name: str, frame_ms: int = 30) -> Any:
    return make_vad(name, frame_ms, aggressiveness=2)


def vad_cost(quick: bool) -> list[dict[str, Any]]:
    audio = _set(20.0, quick)
    vads = {name: _vad(name) for name in ("silero", "webrtc")}
    costs: dict[str, list[float]] = {name: [] for name in vads}
    for i in range(len(audio.clips)):
        frames = frames_of(audio.audio(i), 30)
        for name, vad in vads.items():  # interleaved clip by clip: the same load for both
            vad.reset()
            us = costs[name]
            for frame in frames:
                t0 = time.perf_counter()
                vad.probability(frame)
                us.append((time.perf_counter() - t0) * 1e6)
    out = []
    for name, us_list in costs.items():
        us = np.array(us_list)
        rtf = us.size * 30e3 / float(us.sum())
        out.append({"name": f"capture_vad_cost_{name}", "value": round(float(np.median(us)), 2),
                    "unit": "us per 30 ms frame (p50)",
                    "p95": round(float(np.percentile(us, 95)), 2),
                    "p99": round(float(np.percentile(us, 99)), 2),
                    "real_time_factor": round(rtf, 1), "frames": int(us.size),
                    "target_rtf": 50, "seed_budget_ms": SEED_BUDGET_MS, **_machine()})
    return out


def _endpoint(audio: AudioSet, i: int, vad: Any, min_silence_ms: float,
              early_ms: float | None = None) -> tuple[str, float]:
    """(outcome, decision minus true end in ms) for clip ``i``, played whole."""
    outcome, latency, _ = _endpoint_spec(audio, i, vad, min_silence_ms, early_ms)
    return outcome, latency


def _endpoint_spec(audio: AudioSet, i: int, vad: Any, min_silence_ms: float,
                   early_ms: float | None) -> tuple[str, float, int]:
    """(outcome, start minus true end in ms, speculative starts cancelled) for clip ``i``:
    with ``early_ms`` the request starts at the early decision a confirmation kept."""
    clip = audio.clips[i]
    samples = audio.audio(i)
    need = int((clip.speech_end_ms + TIMEOUT_MS + 60) / 1000 * RATE_HZ)
    if samples.size < need:
        loop = samples[-int(LOOP_MS / 1000 * RATE_HZ):]
        samples = np.concatenate([samples, np.resize(loop, need - samples.size)])
    vad.reset()
    ep = Endpointer(0.5, min_silence_ms, vad.frame_ms, 250.0, early_ms)
    for frame in frames_of(samples, vad.frame_ms):
        if ep.push(vad.probability(frame)):
            break
        if ep.frames * vad.frame_ms > clip.speech_end_ms + TIMEOUT_MS:
            break
    if ep.ended_at_ms is None:
        return "timeout", TIMEOUT_MS, ep.cancelled
    start = ep.ended_at_ms if ep.early_at_ms is None else ep.early_at_ms
    latency = start - clip.speech_end_ms
    return ("premature" if latency < 0 else "ok"), latency, ep.cancelled


def _summary(name: str, rows: list[tuple[str, float]], **extra: Any) -> dict[str, Any]:
    ok = np.array([ms for outcome, ms in rows if outcome == "ok"])
    n = len(rows)
    return {"name": name, "value": round(float(np.median(ok)), 1) if ok.size else None,
            "unit": "ms endpoint latency (p50)",
            "p95": round(float(np.percentile(ok, 95)), 1) if ok.size else None,
            "premature_rate": round(sum(o == "premature" for o, _ in rows) / n, 4),
            "missed_rate": round(sum(o == "timeout" for o, _ in rows) / n, 4),
            "utterances": n, "seed_budget_ms": SEED_BUDGET_MS, "seed_typical": SEED_TYPICAL,
            **extra, **_machine()}


def endpoint(quick: bool) -> list[dict[str, Any]]:
    out = []
    for snr in SNRS:
        audio = _set(snr, quick)
        for name in ("silero", "webrtc"):
            vad = _vad(name)
            rows = [_endpoint(audio, i, vad, 300.0) for i in range(len(audio.clips))]
            out.append(_summary(f"capture_endpoint_{name}_snr{snr:g}", rows, vad=name,
                                snr_db=snr, min_silence_ms=300.0, frame_ms=30))
    return out


def min_silence(quick: bool) -> list[dict[str, Any]]:
    audio = _set(10.0, quick)
    out = []
    for name in ("silero", "webrtc"):
        vad = _vad(name)
        for ms in (100.0, 200.0, 300.0, 500.0, 800.0):
            rows = [_endpoint(audio, i, vad, ms) for i in range(len(audio.clips))]
            out.append(_summary(f"capture_min_silence_{name}_{ms:g}ms", rows, vad=name,
                                snr_db=10.0, min_silence_ms=ms, frame_ms=30))
    return out


SPECULATIVE = (("hangover 300 ms", 300.0, None), ("hangover 120 ms", 120.0, None),
               ("early 120 ms, confirmed at 300 ms", 300.0, 120.0))
PAUSE = (1, 250.0)  # after the second word, 250 ms


def speculative(quick: bool) -> list[dict[str, Any]]:
    lines = query_lines()
    if quick:
        lines = lines[:20] + [x for x in lines if x.lang == "zh-CN"][:20]
    sets = {"as synthesised": _set(20.0, quick),
            "250 ms pause after word 2": generated_set(
                lines, Settings(snr_db=20.0, pause=PAUSE), "bench-pause")}
    out = []
    for label, audio in sets.items():
        for name in ("silero", "webrtc"):
            vad = _vad(name)
            for config, ms, early in SPECULATIVE:
                rows = [_endpoint_spec(audio, i, vad, ms, early) for i in range(len(audio.clips))]
                wasted = sum(r[2] for r in rows)
                out.append(_summary(
                    f"capture_speculative_{name}_{'pause' if 'pause' in label else 'plain'}_"
                    f"{int(ms)}_{int(early) if early else 0}", [r[:2] for r in rows], vad=name,
                    snr_db=20.0, audio=label, config=config, min_silence_ms=ms,
                    early_ms=early, wasted_per_utterance=round(wasted / len(rows), 4)))
    return out


BENCHMARKS = {"capture_vad_cost": vad_cost, "capture_endpoint": endpoint,
              "capture_min_silence": min_silence, "capture_speculative": speculative}
