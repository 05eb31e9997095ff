"""``twin calibrate --stage capture``: the endpointing model from real capture runs.

``--runs DIR ...`` fits runs made already (``twin run`` with a real capture stage: each
folder's ``report.json`` and ``requests.csv``); otherwise the scenario (``--scenario``, default
``capture_vad``) runs with its capture stage real once per ``--min-silence`` value (default:
its own), each run written under ``OUT/runs/`` so it can be fitted again. Each run is one point
of the model (:mod:`hil.capture_calibrate`); ``OUT/capture.toml`` holds ``[stages.capture]``
and ``[capture_model]`` (a scenario uses it with ``[stages.capture] calibrated = "PATH"`` and
its ``[capture]`` settings), ``OUT/calibration.json`` the fits and the held-back checks.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from twin.errors import InputError


def _run_points(args: argparse.Namespace, progress: Any) -> list[Any]:
    """Run the scenario real once per minimum silence; each run's endpoints."""
    from hil.capture_calibrate import sample_from_columns
    from hil.run_real import run_real
    from twin.config.capture import CaptureSection
    from twin.report import write_report, write_requests_csv
    from twin.scenario import load_scenario

    scenario = load_scenario(args.scenario or "capture_vad")
    table = scenario.config.stages.capture
    if table is None or not table.real:
        raise InputError(scenario.source, "stages.capture.mode",
                         "\"real\" (the capture stage calibrated from its real runs)")
    section = scenario.config.capture or CaptureSection()
    samples = []
    for k, ms in enumerate(args.min_silence or [section.min_silence_ms], 1):
        variant = scenario.with_config(capture=section.model_copy(
            update={"min_silence_ms": float(ms)}))
        folder = args.out / "runs" / f"min_silence_{ms:g}ms"
        folder.mkdir(parents=True, exist_ok=True)
        progress(f"real run {k}: minimum silence {ms:g} ms, "
                 f"{args.requests or scenario.requests} requests (utterances in real time)")
        result = run_real(variant, None, args.seed, args.requests, folder)
        write_report(result.report, folder)
        write_requests_csv(result.timings, folder, result.report, result.extra_columns)
        stopped = getattr(result, "interrupted_by", None)
        if stopped is not None:
            raise stopped
        samples.append(sample_from_columns(result.report, result.extra_columns, str(folder)))
    return samples


def _line(point: dict[str, Any]) -> list[str]:
    check = point["held_back"]
    name = f"{point['settings']['vad']} {point['min_silence_ms']:g} ms"
    counts = point["outcomes"]
    out = [f"{name:<18}{point['requests']:>6}{counts['ok']:>6}{counts['premature']:>6}"
           f"{counts['timeout']:>6}   fit {(point['ok_fit'] or {}).get('dist', '-')}"]
    for q in ("ok_p50", "ok_p95"):
        if q in check:
            c = check[q]
            lo, hi = c["interval_ms"]
            out.append(f"  held back {q}: predicted {c['predicted_ms']:.1f} ms, measured "
                       f"{c['measured_ms']:.1f} ms ({c['rel_error'] * 100:+.1f} %, interval "
                       f"{lo:.1f}-{hi:.1f}) {'ok' if c['passed'] else 'OUTSIDE'}")
    for o in ("premature", "timeout"):
        c = check.get(f"{o}_share")
        if c is not None:
            lo, hi = c["interval"]
            out.append(f"  held back {o} share: predicted {c['predicted']:.3f}, measured "
                       f"{c['measured']:.3f} of {c['held_back']} (interval {lo:.3f}-{hi:.3f}) "
                       f"{'ok' if c['passed'] else 'OUTSIDE'}")
    if "ok_skipped" in check:
        out.append(f"  held back ok latency not checked: {check['ok_skipped']}")
    return out


def calibrate_capture_cli(args: argparse.Namespace, progress: Any) -> int:
    import numpy as np

    from hil.calibrate import load_average, machine_load
    from hil.capture_calibrate import calibrate_capture, sample_from_folder, stage_table

    load_before = load_average()
    if args.runs:
        samples = [sample_from_folder(folder) for folder in args.runs]
        made = "from " + ", ".join(str(f) for f in args.runs)
    else:
        samples = _run_points(args, progress)
        made = f"from real runs of {args.scenario or 'capture_vad'}"
    record = calibrate_capture(samples, progress)
    ok = np.concatenate([s.latency_ms[s.outcome == "ok"] for s in samples])
    record["machine"] = machine_load(ok, load_before, load_average())
    (args.out / "calibration.json").write_text(json.dumps(record, indent=2) + "\n")
    (args.out / "capture.toml").write_text(stage_table(
        record, f"written by `twin calibrate --stage capture` {made}; measured on this "
                f"machine"), encoding="utf-8")
    print(f"{'point':<18}{'reqs':>6}{'ok':>6}{'early':>6}{'miss':>6}")
    for point in record["points"]:
        print("\n".join(_line(point)))
    for warning in record["machine"]["warnings"]:
        print(f"warning: {warning}", file=sys.stderr)
    print(f"wrote {args.out}/calibration.json, capture.toml", file=sys.stderr)
    if not record["passed"]:
        outside = [f"{p['settings']['vad']} {p['min_silence_ms']:g} ms {k}"
                   for p in record["points"] for k, c in p["held_back"].items()
                   if isinstance(c, dict) and not c["passed"]]
        print(f"calibrate: FAIL: held-back endpoints outside the model's prediction: "
              f"{'; '.join(outside)}")
        return 1
    return 0
