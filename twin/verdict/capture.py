"""Built-in capture expectations, on a run whose capture stage was real (``capture_real``) or
drawn from a calibrated capture model (``capture_model``, :mod:`twin.capture_model`):
endpoints declared before the user finished (premature: the request was cut) and endpoints
never declared (missed: the capture failed at its timeout) each at most a share of the
requests, 1 % unless the scenario's ``[capture]`` table loosens it with a reason
(:mod:`twin.config.capture`)."""

from __future__ import annotations

from typing import Any

from twin.config.capture import CaptureSection

BUILTIN = (
    # name, metric, allowance field, reason
    ("premature endpoints within the allowance", "premature_fraction",
     "max_premature_fraction",
     "an endpoint before the user finished cuts the request: the assistant acts on part of "
     "what was said"),
    ("missed endpoints within the allowance", "failed_fraction",
     "max_failed_fraction",
     "an endpoint never declared leaves the user waiting for the timeout: a failed capture"),
)


def capture_expectations(scenario: Any, report: dict[str, Any]) -> list[dict[str, Any]]:
    """The entries for ``report["capture_real"]`` or ``report["capture_model"]`` (none when
    capture was neither real nor a calibrated capture model)."""
    section = "capture_real" if "capture_real" in report else "capture_model"
    block = report.get(section)
    if block is None:
        return []
    config = scenario.config.capture or CaptureSection()
    out = []
    for name, leaf, field, reason in BUILTIN:
        metric = f"{section}.{leaf}"
        limit = float(getattr(config, field))
        value = block.get(leaf)
        entry: dict[str, Any] = {"name": name, "metric": metric, "limit": {"max": limit},
                                 "builtin": True, "reason": reason}
        if config.loosened and limit > float(CaptureSection.model_fields[field].default):
            entry["loosened"] = config.reason
        if value is None or not block.get("requests"):
            out.append({**entry, "value": None, "passed": False,
                        "skipped": f"{metric} was not measured (no request was captured)"})
            continue
        out.append({**entry, "value": float(value), "passed": float(value) <= limit})
    return out
