"""A stage backend from outside the package, as a plugin would ship one: ``energy_vad`` fills
the ``capture`` slot with a frame-energy voice-activity detector run on a synthesised
utterance per request (its end of speech is what capture waits for). It registers itself with
:func:`hil.backends.stage_backend` and is found through the ``cabin_twin.stage_backend`` entry
point a test writes (tests/test_stage_backend_plugin.py)."""

from __future__ import annotations

import json
from collections.abc import Generator
from contextlib import ExitStack
from typing import Any

import numpy as np

from hil.backends import RealParts, RunContext, stage_backend

RATE_HZ = 16_000
FRAME = RATE_HZ // 100  # 10 ms frames
SPEECH_FRAMES = 40  # 400 ms of speech, then silence
SILENCE_FRAMES = 30
THRESHOLD_DB = -30.0  # frame RMS against full scale


def utterance(seed: int, index: int) -> np.ndarray:
    """Speech-like noise (amplitude-modulated) followed by a quiet tail."""
    rng = np.random.default_rng([seed, index])
    t = np.arange(SPEECH_FRAMES * FRAME) / RATE_HZ
    speech = 0.3 * (0.6 + 0.4 * np.sin(2 * np.pi * 4 * t)) * rng.standard_normal(t.size)
    quiet = 1e-3 * rng.standard_normal(SILENCE_FRAMES * FRAME)
    return np.concatenate([speech, quiet])


def end_of_speech(audio: np.ndarray) -> int:
    """The index of the first frame after the last frame louder than the threshold."""
    frames = audio[: audio.size // FRAME * FRAME].reshape(-1, FRAME)
    level_db = 20 * np.log10(np.sqrt(np.mean(frames**2, axis=1)) + 1e-12)
    loud = np.flatnonzero(level_db > THRESHOLD_DB)
    return int(loud[-1]) + 1 if loud.size else 0


@stage_backend("energy_vad", ("capture",), help="frame-energy VAD on a synthesised utterance")
def open_energy_vad(ctx: RunContext, stack: ExitStack, parts: RealParts) -> None:
    detected: dict[int, int] = {}

    def work(env: Any, index: int, timeline: list[float]) -> Generator[Any, Any, None]:
        audio = utterance(ctx.seed, index)
        detected[index] = yield from env.call("capture", lambda: end_of_speech(audio))

    def write() -> None:  # on every exit path, like any backend's clean-up
        ctx.out.mkdir(parents=True, exist_ok=True)
        (ctx.out / "energy_vad.json").write_text(json.dumps(
            {"end_frames": [detected[i] for i in sorted(detected)]}), encoding="utf-8")

    stack.callback(write)
    parts.work["capture"] = work
