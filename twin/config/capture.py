"""The scenario's ``[capture]`` table: how a real ``capture`` stage hears the utterance (the
audio set, its noise) and decides the end of speech (the VAD and the endpointer), and how far a
run may loosen the capture expectations. A capture stage calibrated from a file with a capture
model (``twin calibrate --stage capture``) reads the same keys to pick the model's point.

```toml
[stages.capture]
mode = "real"

[capture]
vad = "silero"            # or "webrtc"
threshold = 0.5           # Silero: speech probability that starts speech
aggressiveness = 2        # WebRTC: mode 0-3
min_silence_ms = 300      # the hangover: silence this long ends the utterance
min_speech_ms = 250       # shorter speech before a silence is forgotten (a noise blip)
# early_ms = 120          # speculative: start at 120 ms of silence, confirm at min_silence_ms
frame_ms = 30             # 10, 20 or 30 ms frames at 16 kHz mono
snr_db = 20               # cabin noise mixed into the generated set
```

Every key is a leaf ``twin whatif --vary`` can sweep (``capture.min_silence_ms=200,300,500``).
The built-in expectations: premature endpoints (the request cut before the user finished) at
most ``max_premature_fraction`` of the requests (1 %), missed endpoints (no decision within
``timeout_ms`` after the true end: a failed capture) at most ``max_failed_fraction`` (1 %);
loosening either needs a ``reason``.
"""

from __future__ import annotations

from pathlib import PurePath
from typing import Any, Literal

from pydantic import Field, model_validator

from twin.config.base import Milliseconds, Probability, Strict

PREMATURE_MAX = 0.01
"""The built-in limit on premature endpoints (a fraction of the requests)."""
FAILED_MAX = 0.01
"""The built-in limit on missed endpoints (failed captures)."""


class CaptureSection(Strict):
    """``[capture]``: the real capture stage's audio, VAD and endpointer (or, for a capture
    stage calibrated from a file, the settings that pick the capture model's point)."""

    vad: Literal["silero", "webrtc"] = Field("silero", description="the VAD: silero or webrtc")
    threshold: Probability = Field(0.5, description="Silero: speech probability that starts "
                                   "speech (silence below threshold - 0.15)")
    aggressiveness: int = Field(2, ge=0, le=3, description="WebRTC: mode 0 (least) to 3")
    min_silence_ms: Milliseconds = Field(300.0, ge=10, le=10_000,
                                         description="silence that ends the utterance (ms)")
    min_speech_ms: Milliseconds = Field(250.0, le=10_000, description="speech shorter than "
                                        "this before a silence is forgotten (ms)")
    early_ms: Milliseconds | None = Field(None, ge=10, description="speculative endpointing: "
                                          "start the request after this much silence, keep "
                                          "listening to min_silence_ms, restart if speech "
                                          "resumes (none: off)")
    frame_ms: Literal[10, 20, 30] = Field(30, description="frame length at 16 kHz mono (ms)")
    snr_db: float = Field(20.0, ge=-10, le=100, allow_inf_nan=False,
                          description="cabin noise in the generated set (dB below speech)")
    noise: bool = Field(True, description="false: the generated set is clean (no noise)")
    audio_set: str | None = Field(None, min_length=1, description="a folder with "
                                  "manifest.jsonl and WAVs (default: generated from the "
                                  "assistant's queries)")
    timeout_ms: Milliseconds = Field(3000.0, gt=0, le=60_000,
                                     description="no decision this long after the true end: "
                                                 "a missed endpoint (failed capture)")
    max_premature_fraction: Probability = Field(
        PREMATURE_MAX, description="premature endpoints allowed (fraction of requests)")
    max_failed_fraction: Probability = Field(
        FAILED_MAX, description="missed endpoints allowed (fraction of requests)")
    reason: str = Field("", max_length=2000, description="why a limit is loosened (required "
                                                         "then)")

    @model_validator(mode="after")
    def _early_before_the_minimum_silence(self) -> CaptureSection:
        if self.early_ms is not None and self.early_ms >= self.min_silence_ms:
            raise ValueError(f"early_ms below min_silence_ms ({self.min_silence_ms:g}), got "
                             f"{self.early_ms:g}")
        return self

    @model_validator(mode="after")
    def _loosening_needs_a_reason(self) -> CaptureSection:
        loose = (self.max_premature_fraction > PREMATURE_MAX
                 or self.max_failed_fraction > FAILED_MAX)
        if loose and not self.reason.strip():
            raise ValueError("a 'reason' saying why the capture expectations are loosened "
                             f"(premature <= {PREMATURE_MAX:g}, failed <= {FAILED_MAX:g})")
        return self

    def model_settings(self) -> dict[str, Any]:
        """The settings a calibrated capture model is keyed by (the minimum silence aside:
        :mod:`latency_models.capture`)."""
        return {"vad": self.vad, "threshold": self.threshold,
                "aggressiveness": self.aggressiveness, "frame_ms": self.frame_ms,
                "min_speech_ms": self.min_speech_ms, "early_ms": self.early_ms,
                "snr_db": self.snr_db if self.noise else None, "timeout_ms": self.timeout_ms,
                "audio": audio_label(self.audio_set)}

    @property
    def loosened(self) -> bool:
        return (self.max_premature_fraction > PREMATURE_MAX
                or self.max_failed_fraction > FAILED_MAX)


def audio_label(audio_set: str | None) -> str:
    """The audio a capture model was measured on: ``generated`` (eSpeak NG from the query
    lines) or ``folder:NAME`` (a recorded set)."""
    return "generated" if audio_set is None else f"folder:{PurePath(audio_set).name}"
