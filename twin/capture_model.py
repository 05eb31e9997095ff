"""A calibrated capture stage in a modelled run: the endpointing model of a calibration file
(``[stages.capture] calibrated = "FILE"`` whose file has ``[capture_model]``, written by
``twin calibrate --stage capture`` or ``twin fidelity``) drawn without audio.

The scenario's ``[capture]`` settings pick the model's point (:meth:`CaptureModel.at`: the
same VAD, threshold, frame, minimum speech, SNR, timeout and audio; the minimum silence
measured or between two measured ones), so ``twin whatif --vary capture.min_silence_ms=...``
on the calibrated twin answers what a hangover costs. Each request draws an outcome and its
latency: ``ok`` and ``timeout`` requests spend it in the capture stage; a ``premature`` one
spends nothing there (it starts at the decision, as in a real run) and its assistant hears the
drawn share of its words (:func:`twin.assisted.hear`, before any conditioned model reads the
path). ``requests.csv`` gets ``capture_outcome``, ``capture_latency_ms``, ``capture_heard`` and
``capture_wasted`` (speculative starts speech cancelled, drawn from the calibration's counts:
counted, like a real run's, not run on the inference stage); ``report.json`` gets
``capture_model``, judged by the same built-in expectations as a real capture stage
(:mod:`twin.verdict.capture`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from latency_models.capture import CaptureMix, CaptureModel, Draws, NotCovered
from latency_models.distributions import SpecError
from latency_models.stages import CAPTURE
from twin import assisted
from twin.calibrated import calibration_path
from twin.config.capture import CaptureSection
from twin.errors import InputError
from twin.files import load_toml
from twin.metrics import histogram_of, percentiles_ms
from twin.plan import MIN_WORK_MS, Plan
from twin.rng import stream
from twin.scenario import Scenario

TABLE = "capture_model"


@dataclass
class Captured:
    """What the model drew for a run."""

    mix: CaptureMix
    draws: Draws
    heard: list[str]
    path: Path


def load(scenario: Scenario) -> tuple[CaptureModel, Path] | None:
    """The capture model of a modelled capture stage's calibration file (None: none)."""
    table = scenario.config.stages.capture
    if table is None or table.real:
        return None
    path = calibration_path(scenario, "capture")
    if path is None:
        return None
    spec = load_toml(path).get(TABLE)
    if spec is None:
        return None
    try:
        return CaptureModel.from_spec(spec, TABLE), path
    except SpecError as exc:
        raise InputError(str(path), exc.key, exc.expected) from None


def _cjk(text: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" for ch in text)


def units(text: str) -> list[str]:
    """What a share of an utterance counts: characters of Chinese, words otherwise."""
    return [ch for ch in text if not ch.isspace()] if _cjk(text) else text.split()


def heard_share(text: str, heard: str) -> float:
    """The share of ``text``'s words (characters of Chinese) that ``heard`` kept."""
    said = units(text)
    return min(len(units(heard)) / len(said), 1.0) if said else 1.0


def prefix(text: str, share: float) -> str:
    """The first ``share`` of ``text``'s words (characters of Chinese), at least one cut."""
    said = units(text)
    keep = int(np.floor(share * len(said) + 0.5))
    keep = min(keep, len(said) - 1) if share < 1.0 else len(said)
    return ("" if _cjk(text) else " ").join(said[:max(keep, 0)])


def apply(plan: Plan, scenario: Scenario, ap: assisted.AssistedPlan | None,
          loaded: tuple[CaptureModel, Path]) -> Captured:
    """Draw every request's endpoint into ``plan`` (see the module doc)."""
    model, path = loaded
    section = scenario.config.capture or CaptureSection()
    try:
        mix = model.at(section.model_settings(), section.min_silence_ms)
    except NotCovered as exc:
        raise InputError(scenario.source, exc.key, f"{exc.expected} (the capture model of "
                         f"{path.name})") from None
    draws = mix.sample(stream(plan.seed, "conditioned", 10 * CAPTURE), plan.n)
    plan.base_ms[:, CAPTURE] = np.maximum(draws.stage_ms, MIN_WORK_MS)
    heard = [""] * plan.n
    if ap is not None:
        for i in range(plan.n):
            text = ap.queries[i].text
            if draws.outcome[i] == "premature":
                text = prefix(text, float(draws.heard_fraction[i]))
                assisted.hear(ap, i, text)
            heard[i] = text
    return Captured(mix, draws, heard, path)


def columns(captured: Captured) -> dict[str, np.ndarray]:
    d = captured.draws
    return {"capture_outcome": d.outcome.astype(str),
            "capture_latency_ms": d.latency_ms.copy(),
            "capture_heard": np.asarray(captured.heard, dtype=str),
            "capture_wasted": d.wasted_starts.copy()}


def outcome_summary(outcomes: list[str], latency_ms: np.ndarray, cfg: CaptureSection
                    ) -> dict[str, Any]:
    """What a capture stage's report block says of its endpoints, real or drawn: the settings
    that key a calibrated model, the outcome counts and shares, the ok latency percentiles and
    how early premature endpoints came (a premature endpoint's latency is negative)."""
    n = max(len(outcomes), 1)
    counts = Counter(outcomes)
    kind = np.asarray(outcomes, dtype=str)
    ok = latency_ms[kind == "ok"] if len(outcomes) else latency_ms[:0]
    early = -latency_ms[kind == "premature"] if len(outcomes) else latency_ms[:0]
    return {
        "settings": {**cfg.model_settings(), "min_silence_ms": cfg.min_silence_ms},
        "requests": len(outcomes),
        "outcomes": {k: counts.get(k, 0) for k in ("ok", "premature", "timeout")},
        "premature": counts.get("premature", 0),
        "premature_fraction": round(counts.get("premature", 0) / n, 4),
        "failed": counts.get("timeout", 0),
        "failed_fraction": round(counts.get("timeout", 0) / n, 4),
        "latency_ms": percentiles_ms(histogram_of(ok)) if ok.size else None,
        "premature_early_ms_p50": round(float(np.median(early)), 3) if early.size else None,
    }


def report(captured: Captured, section: CaptureSection | None) -> dict[str, Any]:
    """The ``capture_model`` block: what ``capture_real`` says of a real stage, drawn."""
    d = captured.draws
    n = max(int(d.outcome.size), 1)
    cfg = section or CaptureSection()
    return {TABLE: {
        "calibration": captured.path.name,
        "model": captured.mix.describe(),
        **outcome_summary(d.outcome.tolist(), d.latency_ms, cfg),
        **({} if captured.mix.wasted_shares is None else {"speculative": {
            "early_ms": cfg.early_ms, "wasted_starts": int(d.wasted_starts.sum()),
            "wasted_per_request": round(float(d.wasted_starts.sum()) / n, 4)}}),
    }}
