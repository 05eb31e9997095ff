"""Two real voice-activity detectors behind one small interface, and the endpointer that turns
their per-frame speech probability into an end-of-speech decision.

- :class:`SileroVad`: Silero VAD's ONNX model run by ``onnxruntime`` on one thread. The model
  file ships in the PyPI package ``silero-vad``; it is found through the package's installed
  file list (:func:`silero_model_path`), never by importing the package, whose import needs
  torch. The project installs it with ``pip install --no-deps silero-vad`` (its declared
  dependency on torch would pull a multi-GB CUDA build; the ONNX path needs only
  ``onnxruntime`` and numpy). The network takes 512-sample windows (32 ms at 16 kHz) with 64
  samples of context: frames are buffered into windows, and a frame's probability is that of
  the last complete window.
- :class:`WebRtcVad`: the WebRTC VAD (``webrtcvad-wheels``), a speech/non-speech decision per
  10, 20 or 30 ms frame at one of four aggressiveness modes (0-3); its probability is 0 or 1.

:class:`Endpointer` follows Silero's own iterator: speech starts at a frame whose probability
reaches ``threshold``; once started, silence starts at a frame below ``threshold - 0.15``
(:data:`HYSTERESIS`), a frame at or above ``threshold`` cancels it, and the end of speech is
declared at the end of the frame where the silence has lasted ``min_silence_ms``, if the
speech before it lasted ``min_speech_ms`` (a shorter blip, a noise the VAD took for speech, is
forgotten: speech has not started), as Silero's ``min_speech_duration_ms``.

Speculative endpointing (``early_ms``, shorter than the minimum silence): once a silence after
enough speech has lasted ``early_ms``, the request may start (:attr:`Endpointer.early_at_ms`,
the end of that frame) while the endpointer keeps listening; speech before the minimum silence
cancels the start (counted in :attr:`Endpointer.cancelled`: an inference wasted) and a later
silence may start it again. The end of speech is still declared at the minimum silence; the
start it confirms is :attr:`Endpointer.early_at_ms` of the same silence.
"""

from __future__ import annotations

import functools
import importlib.metadata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

RATE_HZ = 16_000
FRAME_MS = (10, 20, 30)
HYSTERESIS = 0.15
SILERO_WINDOW = 512  # samples per network call at 16 kHz
SILERO_CONTEXT = 64
SILERO_FILE = "silero_vad/data/silero_vad.onnx"
SILERO_DIST = "silero-vad"


class VadUnavailable(RuntimeError):
    """A VAD's package is missing (the message says what to install)."""


class Vad(Protocol):
    """A voice-activity detector fed 16 kHz int16 frames of ``frame_ms`` in order."""

    name: str
    frame_ms: int
    window_ms: float  # the audio one decision looks at (its time resolution)

    def reset(self) -> None: ...

    def probability(self, frame: np.ndarray) -> float: ...


def silero_model_path() -> Path:
    """The ONNX file in the installed ``silero-vad`` distribution (not imported)."""
    try:
        dist = importlib.metadata.distribution(SILERO_DIST)
    except importlib.metadata.PackageNotFoundError:
        raise VadUnavailable("Silero VAD is not installed: pip install --no-deps silero-vad "
                             "(make .venv/.installed-capture)") from None
    for f in dist.files or ():
        if str(f).replace("\\", "/") == SILERO_FILE:
            path = Path(str(dist.locate_file(f)))
            if path.is_file():
                return path
    raise VadUnavailable(f"the silero-vad distribution has no {SILERO_FILE}")


@functools.cache
def _silero_session(path: str) -> Any:
    """One ONNX session per process, shared by every :class:`SileroVad` (each keeps its own
    recurrent state; ``InferenceSession.run`` may be called from several threads)."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = 1  # one core, as the real-time factor is quoted
    options.inter_op_num_threads = 1
    options.log_severity_level = 3
    return ort.InferenceSession(path, options, providers=["CPUExecutionProvider"])


class SileroVad:
    name = "silero"
    window_ms = SILERO_WINDOW / RATE_HZ * 1000

    def __init__(self, frame_ms: int = 30) -> None:
        try:
            import onnxruntime  # noqa: F401
        except ImportError:
            raise VadUnavailable("onnxruntime is not installed: pip install onnxruntime "
                                 "(make .venv/.installed-capture)") from None
        _check_frame(frame_ms)
        self.frame_ms = frame_ms
        self._session = _silero_session(str(silero_model_path()))
        self._sr = np.array(RATE_HZ, dtype=np.int64)
        self.reset()

    def reset(self) -> None:
        self._state = np.zeros((2, 1, 128), dtype=np.float32)
        self._context = np.zeros(SILERO_CONTEXT, dtype=np.float32)
        self._pending = np.zeros(0, dtype=np.float32)
        self._last = 0.0

    def probability(self, frame: np.ndarray) -> float:
        self._pending = np.concatenate([self._pending, frame.astype(np.float32) / 32768.0])
        while self._pending.size >= SILERO_WINDOW:
            window, self._pending = (self._pending[:SILERO_WINDOW],
                                     self._pending[SILERO_WINDOW:])
            x = np.concatenate([self._context, window])[None, :]
            out, self._state = self._session.run(
                None, {"input": x, "state": self._state, "sr": self._sr})
            self._context = window[-SILERO_CONTEXT:]
            self._last = float(out[0, 0])
        return self._last


class WebRtcVad:
    name = "webrtc"

    def __init__(self, frame_ms: int = 30, aggressiveness: int = 2) -> None:
        try:
            import webrtcvad
        except ImportError:
            raise VadUnavailable("webrtcvad is not installed: pip install webrtcvad-wheels "
                                 "(make .venv/.installed-capture)") from None
        _check_frame(frame_ms)
        if aggressiveness not in (0, 1, 2, 3):
            raise ValueError(f"aggressiveness 0-3, got {aggressiveness!r}")
        self.frame_ms = frame_ms
        self.window_ms = float(frame_ms)
        self._module = webrtcvad
        self._mode = aggressiveness
        self.reset()

    def reset(self) -> None:
        self._vad = self._module.Vad(self._mode)

    def probability(self, frame: np.ndarray) -> float:
        return 1.0 if self._vad.is_speech(frame.astype("<i2").tobytes(), RATE_HZ) else 0.0


def _check_frame(frame_ms: int) -> None:
    if frame_ms not in FRAME_MS:
        raise ValueError(f"frame_ms one of {FRAME_MS}, got {frame_ms!r}")


def make_vad(name: str, frame_ms: int, aggressiveness: int = 2) -> Vad:
    """A VAD by name: ``silero`` or ``webrtc``."""
    if name == "silero":
        return SileroVad(frame_ms)
    if name == "webrtc":
        return WebRtcVad(frame_ms, aggressiveness)
    raise ValueError(f"vad 'silero' or 'webrtc', got {name!r}")


@dataclass
class Endpointer:
    """End-of-speech decisions from a VAD's per-frame probabilities (see the module doc)."""

    threshold: float = 0.5
    min_silence_ms: float = 300.0
    frame_ms: int = 30
    min_speech_ms: float = 0.0
    early_ms: float | None = None  # speculative start after this much silence (None: off)
    frames: int = 0  # frames seen
    speech_from_ms: float | None = None  # when speech started (the frame's start)
    silence_from_ms: float | None = None  # when the current silence started
    ended_at_ms: float | None = None  # the end-of-speech decision (a frame's end)
    early_at_ms: float | None = None  # the current silence's speculative start (a frame's end)
    cancelled: int = 0  # speculative starts speech cancelled (inferences wasted)

    def push(self, p: float) -> bool:
        """One frame's probability; True once (and after) the end of speech is declared."""
        if self.ended_at_ms is not None:
            return True
        start = self.frames * self.frame_ms
        self.frames += 1
        end = start + self.frame_ms
        if p >= self.threshold:
            if self.speech_from_ms is None:
                self.speech_from_ms = float(start)
            if self.early_at_ms is not None:  # speech again: the speculative start is wasted
                self.cancelled += 1
                self.early_at_ms = None
            self.silence_from_ms = None
        elif (self.speech_from_ms is not None and p < self.threshold - HYSTERESIS
              and self.silence_from_ms is None):
            self.silence_from_ms = float(start)
        if self.silence_from_ms is None:
            return False
        assert self.speech_from_ms is not None
        speech = self.silence_from_ms - self.speech_from_ms >= self.min_speech_ms - 1e-9
        if (self.early_ms is not None and self.early_at_ms is None and speech
                and end - self.silence_from_ms >= self.early_ms - 1e-9):
            self.early_at_ms = float(end)
        if end - self.silence_from_ms >= self.min_silence_ms - 1e-9:
            if not speech:
                self.speech_from_ms = self.silence_from_ms = None  # a blip: not speech
                return False
            self.ended_at_ms = float(end)
            return True
        return False


def frames_of(audio: np.ndarray, frame_ms: int) -> np.ndarray:
    """The audio cut into whole frames, shape (n, samples per frame); a partial last frame is
    padded with zeros."""
    size = RATE_HZ * frame_ms // 1000
    n = -(-audio.size // size)
    padded = np.zeros(n * size, dtype=np.int16)
    padded[: audio.size] = audio
    return padded.reshape(n, size)


def speech_probabilities(vad: Vad, audio: np.ndarray) -> np.ndarray:
    """Each frame's probability (the VAD reset first)."""
    vad.reset()
    return np.array([vad.probability(f) for f in frames_of(audio, vad.frame_ms)])
