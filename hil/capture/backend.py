"""Open the real capture stage for a scenario: its audio set (the user's folder, or one
generated from the assistant's queries), its VAD (checked before the run starts) and its audio
faults."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hil.capture.audioset import load_set
from hil.capture.espeak import SynthUnavailable
from hil.capture.generate import Settings, generated_set, query_lines
from hil.capture.stage import CaptureStage
from hil.capture.vad import VadUnavailable, make_vad
from twin import assisted
from twin.config.capture import CaptureSection
from twin.config.faults import AudioFault
from twin.errors import InputError
from twin.scenario import Scenario


def _folder(scenario: Scenario, text: str) -> Path:
    path = Path(text)
    if not path.is_absolute() and not path.exists() and Path(scenario.source).exists():
        path = Path(scenario.source).parent / path
    return path


def open_capture(scenario: Scenario, seed: int) -> CaptureStage:
    """The stage, ready to run; one-line InputErrors for a bad set or a missing package."""
    config = scenario.config.capture or CaptureSection()
    src = scenario.source
    try:
        make_vad(config.vad, config.frame_ms, config.aggressiveness)
    except VadUnavailable as exc:
        raise InputError(src, "capture.vad", f"an installed VAD ({exc})") from None
    label: dict[str, Any]
    if config.audio_set is not None:
        folder = _folder(scenario, config.audio_set)
        audio = load_set(folder)
        label = {"source": "folder", "folder": folder.name, "clips": len(audio.clips)}
    else:
        settings = assisted.assistant_config(scenario)
        queries = None if settings is None else settings.queries
        lang = None if settings is None else settings.lang
        snr = config.snr_db if config.noise else None
        try:
            audio = generated_set(query_lines(queries, lang), Settings(snr_db=snr),
                                  "queries" if lang is None else f"queries-{lang}")
        except SynthUnavailable as exc:
            raise InputError(src, "capture.audio_set", f"a folder, or eSpeak NG to generate "
                             f"one ({exc})") from None
        label = {"source": "generated (eSpeak NG)", "folder": audio.folder.name,
                 "clips": len(audio.clips), "snr_db": snr}
    faults = [f for f in scenario.config.faults if isinstance(f, AudioFault)]
    return CaptureStage(config, audio, faults, seed, label)
