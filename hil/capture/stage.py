"""The real ``capture`` stage: each request's utterance played frame by frame on the lockstep's
clock, a VAD run on every frame, the stage ended at the endpointer's end-of-speech decision.

A request reaches capture when its user starts speaking (the clip's first sample). Frame ``j``
(``frame_ms`` long) is complete ``(j + 1) * frame_ms`` later; the stage waits for that moment,
then runs the VAD and the endpointer on it as a real call (:meth:`LockstepEnvironment.call`,
so the VAD's compute time, and any wait for a CPU, is in the simulated time). The stage ends
when the endpointer declares the end of speech, or ``timeout_ms`` after the true end of speech
(a missed endpoint: ``timeout``, a failed capture; the request goes on with what was said).

After the run the request's arrival is moved to the moment its user stopped speaking
(:meth:`CaptureStage.retime`), the clock the seed's budgets start from: the capture stage then
lasts from the true end of speech to the decision, the capture latency. A decision before the
true end (``premature``) cuts the request: the assistant gets only the words that ended before
the decision (:func:`twin.assisted.hear`), the stage lasts 0 ms and the request starts at the
decision; ``capture_latency_ms`` (negative) says how early it was.

Speculative endpointing (``[capture] early_ms``): the request starts at the early decision of
the silence the endpointer confirms (:class:`hil.capture.vad.Endpointer`), so its capture
latency is that early decision; the stage still listens to the confirmation (the VAD's real
calls), and after the run (:meth:`CaptureStage.retime`) the request's later stages, which ran
after the confirmation, are moved back by the time it saved, their durations unchanged.
Starts that speech cancelled are counted (``capture_wasted``: inferences a speculative system
would have run for nothing), not run.

Audio faults (``[[faults]]`` of the audio domain, :class:`twin.config.faults.AudioFault`) hit
the utterances of requests arriving in their window: a noise burst mixed in, a microphone
dropout (zero frames), a source clock running fast (the reader, at the nominal rate, falls
behind by the drift: its frames come late) or slow (the reader waits for each frame).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from hil.capture import noise
from hil.capture.audioset import RATE_HZ, AudioSet, Clip
from hil.capture.vad import Endpointer, make_vad
from latency_models.stages import CAPTURE
from twin import assisted
from twin.capture_model import outcome_summary
from twin.config.capture import CaptureSection
from twin.config.faults import AudioFault
from twin.rng import stream
from twin.timings import Timings

LOOP_MS = 500.0  # past the file's end the microphone repeats its last half second


@dataclass
class Heard:
    """What the capture stage made of one request."""

    clip: int
    outcome: str = ""  # ok | premature | timeout
    started_ms: float = 0.0  # simulated time the user started speaking
    true_end_ms: float = 0.0  # simulated time the user stopped speaking
    decided_ms: float = float("nan")  # simulated time of the decision (or the timeout)
    early_ms: float | None = None  # simulated time of the confirmed speculative start
    wasted: int = 0  # speculative starts speech cancelled
    heard: str = ""
    frames: int = 0
    faults: list[str] = field(default_factory=list)

    @property
    def committed_ms(self) -> float:
        """When the request started: the confirmed speculative start, else the decision."""
        return self.decided_ms if self.early_ms is None else self.early_ms

    @property
    def latency_ms(self) -> float:
        return self.committed_ms - self.true_end_ms

    @property
    def saved_ms(self) -> float:
        """What a speculative start saved (0 without one)."""
        return self.decided_ms - self.committed_ms


class CaptureStage:
    """The per-request work and its hooks (bind, retime, columns, report)."""

    def __init__(self, config: CaptureSection, audio: AudioSet, faults: list[AudioFault],
                 seed: int, audio_label: dict[str, Any]) -> None:
        self.config = config
        self.audio = audio
        self.faults = faults
        self.seed = seed
        self.audio_label = audio_label
        self.heard: dict[int, Heard] = {}
        self.vad_us: list[float] = []
        self.ap: assisted.AssistedPlan | None = None
        self.clips: list[int] = []
        self.arrivals: np.ndarray | None = None
        self._hit_draws = np.zeros((0, 0))
        self._by_text = {(c.text, c.lang): k for k, c in enumerate(audio.clips)}

    # hooks --------------------------------------------------------------------------------
    def bind(self, plan: Any, ap: assisted.AssistedPlan | None) -> None:
        """Each request's clip: the one saying its query (a set without it: a drawn clip, whose
        words and labels replace the query's), or a drawn clip when there is no assistant."""
        rng = stream(plan.seed, "capture")
        n = plan.n
        drawn = rng.integers(len(self.audio.clips), size=n)
        self._hit_draws = stream(plan.seed, "capture", 1).random((n, max(len(self.faults), 1)))
        self.arrivals = plan.arrivals_ms
        self.ap = ap
        self.clips = []
        for i in range(n):
            k = int(drawn[i])
            if ap is not None:
                q = ap.queries[i]
                found = self._by_text.get((q.text, q.lang))
                if found is None:  # the user's own set: its line is the request
                    c = self.audio.clips[k]
                    assisted.hear(ap, i, c.text, labels=(c.lang, c.intent, c.value))
                else:
                    k = found
            self.clips.append(k)

    def retime(self, timings: Timings, rows: np.ndarray) -> Timings:
        """Each captured request arrives when its user stopped speaking (or at a premature
        decision); its capture stage lasts from then to the decision."""
        arrival, stage_arrival = timings.arrival.copy(), timings.stage_arrival.copy()
        start, end, leave = timings.start.copy(), timings.end.copy(), timings.leave.copy()
        for r, i in enumerate(rows.tolist()):
            h = self.heard.get(i)
            if h is None or not np.isfinite(timings.end[r, CAPTURE]):
                continue
            saved = h.saved_ms  # a speculative start: the rest ran that much earlier
            if saved > 0:
                end[r, CAPTURE] -= saved
                leave[r] -= saved
                for a in (stage_arrival, start, end):
                    a[r, CAPTURE + 1:] -= saved
            at = min(h.true_end_ms, float(end[r, CAPTURE]))
            arrival[r] = stage_arrival[r, CAPTURE] = start[r, CAPTURE] = at
        return Timings(arrival, stage_arrival, start, end, leave,
                       timings.fault_hit, timings.engine)

    def columns(self, n: int) -> dict[str, np.ndarray]:
        rows = [self.heard.get(i) for i in range(n)]
        clips = [None if h is None else self.audio.clips[h.clip] for h in rows]
        return {
            "capture_outcome": np.array(["" if h is None else h.outcome for h in rows]),
            "capture_latency_ms": np.array([np.nan if h is None else h.latency_ms
                                            for h in rows], dtype=float),
            "capture_text": np.array(["" if c is None else c.text for c in clips]),
            "capture_heard": np.array(["" if h is None else h.heard for h in rows]),
            "capture_clip": np.array(["" if c is None else c.file for c in clips]),
            "capture_speech_ms": np.array([np.nan if c is None else
                                           c.speech_end_ms - c.speech_start_ms for c in clips],
                                          dtype=float),
            "capture_faults": np.array(["" if h is None else ";".join(h.faults)
                                        for h in rows]),
            "capture_wasted": np.array([0 if h is None else h.wasted for h in rows]),
        }

    def report(self) -> dict[str, Any]:
        cfg = self.config
        done = [h for h in self.heard.values() if h.outcome]
        us = np.array(self.vad_us)
        audio_ms = len(self.vad_us) * cfg.frame_ms
        vad: dict[str, Any] = {"name": cfg.vad, "frame_ms": cfg.frame_ms,
                               "min_silence_ms": cfg.min_silence_ms,
                               "min_speech_ms": cfg.min_speech_ms}
        vad.update({"threshold": cfg.threshold} if cfg.vad == "silero"
                   else {"aggressiveness": cfg.aggressiveness})
        return {"capture_real": {
            "vad": vad,
            "audio_set": self.audio_label,
            # settings (what a calibrated model is keyed by), outcomes, latency percentiles
            **outcome_summary([h.outcome for h in done],
                              np.array([h.latency_ms for h in done], dtype=float), cfg),
            "frames": int(us.size),
            "vad_us_per_frame": ({"p50": round(float(np.median(us)), 2),
                                  "p95": round(float(np.percentile(us, 95)), 2),
                                  "p99": round(float(np.percentile(us, 99)), 2)}
                                 if us.size else None),
            "real_time_factor": (round(audio_ms * 1e3 / float(us.sum()), 1) if us.size
                                 else None),
            "faults": dict(sorted(Counter(f for h in done for f in h.faults).items())),
            **({} if cfg.early_ms is None else {"speculative": _speculative(cfg, done)}),
        }}

    # the work -----------------------------------------------------------------------------
    def _utterance(self, i: int, arrival: float, clip: Clip) -> tuple[np.ndarray, float,
                                                                     float | None, list[str]]:
        """Request ``i``'s samples (faults applied, long enough for the timeout), the source
        clock's speed (1 + drift) and where a dropout starts (audio ms)."""
        audio = self.audio.audio(self.clips[i]).astype(np.float64) / 32768.0
        need = int((clip.speech_end_ms + self.config.timeout_ms + 4 * self.config.frame_ms)
                   / 1000 * RATE_HZ)
        if audio.size < need:  # the microphone keeps hearing the room
            loop = audio[-int(LOOP_MS / 1000 * RATE_HZ):]
            audio = np.concatenate([audio, np.resize(loop, need - audio.size)])
        speed, dropout, hit = 1.0, None, []
        span = clip.speech_end_ms - clip.speech_start_ms
        for f, fault in enumerate(self.faults):
            until = np.inf if fault.duration_ms is None else fault.start_ms + fault.duration_ms
            if not (fault.start_ms <= arrival < until
                    and self._hit_draws[i, f] < fault.probability):
                continue
            hit.append(fault.kind)
            lo = int((clip.speech_start_ms + fault.at * span) / 1000 * RATE_HZ)
            hi = min(lo + int(fault.length_ms / 1000 * RATE_HZ), audio.size)
            if fault.kind == "clock_drift":
                speed *= 1.0 + fault.ppm * 1e-6
            elif fault.kind == "mic_dropout":
                audio[lo:hi] = 0.0
                start_ms = lo / RATE_HZ * 1000
                dropout = start_ms if dropout is None else min(dropout, start_ms)
            elif hi > lo:  # noise_burst: cabin noise at level_db against the speech
                s0 = int(clip.speech_start_ms / 1000 * RATE_HZ)
                s1 = int(clip.speech_end_ms / 1000 * RATE_HZ)
                power = float(np.mean(audio[s0:s1] ** 2))
                burst = noise.cabin(stream(self.seed, "capture", 2 + i), hi - lo)
                audio[lo:hi] += burst * np.sqrt(power * 10 ** (fault.level_db / 10))
        samples = np.round(np.clip(audio, -1.0, 1.0) * 32767).astype(np.int16)
        return samples, speed, dropout, hit

    def work(self, env: Any, i: int, timeline: Any) -> Generator[Any, Any, None]:
        cfg = self.config
        clip = self.audio.clips[self.clips[i]]
        arrival = (float(self.arrivals[i]) if self.arrivals is not None
                   else float(timeline[0]))
        samples, speed, dropout, hit = self._utterance(i, arrival, clip)
        vad = make_vad(cfg.vad, cfg.frame_ms, cfg.aggressiveness)
        ep = Endpointer(cfg.threshold, cfg.min_silence_ms, cfg.frame_ms, cfg.min_speech_ms,
                        cfg.early_ms)
        size = RATE_HZ * cfg.frame_ms // 1000
        t0 = float(env.now)
        h = Heard(self.clips[i], started_ms=t0, true_end_ms=t0 + clip.speech_end_ms / speed,
                  faults=hit)
        self.heard[i] = h
        give_up = h.true_end_ms + cfg.timeout_ms
        costs = self.vad_us

        def step(frame: np.ndarray) -> bool:
            c0 = time.perf_counter()
            ended = ep.push(vad.probability(frame))
            costs.append((time.perf_counter() - c0) * 1e6)
            return ended

        for j in range(samples.size // size):
            # frame j exists once the source made it, and is read on the nominal clock
            due = t0 + max((j + 1) * cfg.frame_ms, (j + 1) * cfg.frame_ms / speed)
            if due > env.now:
                yield env.timeout(due - env.now)
            if env.now >= give_up:
                break
            h.frames += 1
            if (yield from env.call("capture", lambda j=j: step(samples[j * size:
                                                                        (j + 1) * size]))):
                break
        h.decided_ms = float(env.now)
        decided_audio = ep.ended_at_ms
        h.wasted = ep.cancelled
        if decided_audio is not None and ep.early_at_ms is not None:  # the confirmed start
            # the frames between were read on the slower of the two clocks
            h.early_ms = h.decided_ms - (decided_audio - ep.early_at_ms) * max(1.0, 1.0 / speed)
            decided_audio = ep.early_at_ms  # what was heard when the request started
        if decided_audio is None:
            h.outcome, h.heard = "timeout", clip.text
        elif decided_audio < clip.speech_end_ms:
            h.outcome = "premature"
            h.heard = clip.heard(min(decided_audio, dropout if dropout is not None
                                     else decided_audio))
        else:
            h.outcome, h.heard = "ok", clip.text
        if self.ap is not None:
            assisted.hear(self.ap, i, h.heard)


def _speculative(cfg: CaptureSection, done: list[Heard]) -> dict[str, Any]:
    """What speculative starts did: the time they saved and the inferences they wasted."""
    saved = np.array([h.saved_ms for h in done if h.early_ms is not None])
    wasted = sum(h.wasted for h in done)
    return {"early_ms": cfg.early_ms, "confirmed_starts": int(saved.size),
            "saved_ms_p50": round(float(np.median(saved)), 3) if saved.size else None,
            "wasted_starts": int(wasted),
            "wasted_per_request": round(wasted / max(len(done), 1), 4)}
