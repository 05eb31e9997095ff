"""Built-in actuation expectations: a run whose commands did not reach and change the cabin
fails, whatever its latency expectations say.

They read ``report["actuation"]`` (written by the real render stage) and are evaluated like the
scenario's own expectations, with ``builtin: true`` and the reason each was chosen. A scenario
loosens them only through its ``[actuation]`` table (:mod:`twin.config.actuation`). A request
for a cabin intent no device of the rig serves is ``unserved``: it fails the run unless
``[actuation] unserved`` lists the intent (with a reason).
"""

from __future__ import annotations

from typing import Any

from twin.config.actuation import Actuation

BUILTIN = (
    # name, metric, allowance field, reason
    ("every command was sent", "actuation.not_sent", "max_not_sent",
     "a command that never went out cannot have changed the cabin"),
    ("device timeouts within the allowance", "actuation.timed_out_fraction",
     "max_timed_out_fraction",
     "a command without a status in time is unconfirmed: the cabin may not have done it"),
    ("no command rejected by a device", "actuation.rejected", "max_rejected",
     "the safety valve lets nothing out of range reach a device, so a rejection is a defect"),
    ("device status agrees with the command", "actuation.mismatched", "max_mismatched",
     "a status that contradicts the command means the cabin did something else"),
    ("no link error while commanding", "actuation.errors", "max_errors",
     "a send failure or a dropped link leaves the command unconfirmed"),
    ("safe state confirmed on every device", "actuation.safe_state_unconfirmed",
     "max_safe_state_unconfirmed",
     "every exit must leave every actuator in its documented safe state"),
    ("every device kept sending its cyclic status", "actuation.status_lost",
     "max_status_lost",
     "an ECU whose status stops past its cycle timeout has fallen silent, whether or not a "
     "command was waiting for it (a car's receivers monitor every cyclic message)"),
    ("receivers stayed alive", "actuation.reader_failed", None,
     "a dead or stuck reader leaves every later status unseen (never loosened)"),
    ("every requested cabin function served by the rig", "actuation.unserved", None,
     "a request for a function no device serves did nothing in the cabin (allow intents "
     "with [actuation] unserved and a reason)"),
)


def actuation_expectations(config: Actuation, actuation: dict[str, Any]) -> list[dict[str, Any]]:
    """The built-in expectations evaluated on ``actuation`` (a report's ``actuation`` block)."""
    out = []
    for name, metric, field, reason in BUILTIN:
        key = metric.split(".", 1)[1]
        limit = getattr(config, field) if field is not None else 0
        entry: dict[str, Any] = {"name": name, "metric": metric, "limit": {"max": limit},
                                 "builtin": True, "reason": reason}
        if config.loosened and limit:
            entry["loosened"] = config.reason
        if metric == "actuation.unserved" and actuation.get("unserved_allowed"):
            n = actuation["unserved_allowed"]
            entry["loosened"] = (f"{n} {_requests(n)} for intents "
                                 f"[actuation] unserved allows: {config.reason}")
        value = actuation.get(key)
        if value is None:  # e.g. no session closed: the safe state is unknown
            out.append({**entry, "value": None, "passed": False,
                        "skipped": f"{metric} was not measured"})
            continue
        out.append({**entry, "value": value, "passed": bool(value <= limit)})
    for e in out:
        if not e["passed"] and "skipped" not in e:
            e["causes"] = _causes_of(e["metric"], actuation)
    return out


OUTCOME_OF = {"actuation.not_sent": "not_sent", "actuation.timed_out_fraction": "timed_out",
              "actuation.rejected": "rejected", "actuation.mismatched": "mismatch",
              "actuation.errors": "error"}


def _causes_of(metric: str, actuation: dict[str, Any], top: int = 3) -> list[str]:
    """The most frequent reasons behind a failed built-in expectation, one line each."""
    if metric == "actuation.unserved":
        return [f"{n} {_requests(n)} unserved (intent {intent})" for intent, n in
                actuation.get("unserved_by_intent", {}).items()
                if intent not in actuation.get("unserved_allowed_intents", [])][:top]
    if metric == "actuation.status_lost":
        return [f"{e['device']} {e['message']}: no status for {e['age_ms']:.0f} ms (cycle "
                f"{e['cycle_ms']:g} ms), at {e['at_ms']:.0f} ms"
                for e in actuation.get("status_lost_events", [])][:top]
    if metric == "actuation.reader_failed":
        return list(actuation.get("reader_failures", []))[:top]
    if metric == "actuation.safe_state_unconfirmed":
        return [f"{device} {s['outcome']}: {s['reason']}"
                for device, s in actuation.get("safe_state", {}).items()
                if s["outcome"] not in ("status_matches", "acknowledged", "sent", "untouched")
                ][:top]
    outcome = OUTCOME_OF[metric]
    return [f"{c['count']} x {c['device']}: {c['reason']}"
            for c in actuation.get("causes", []) if c["outcome"] == outcome][:top]


def fold_unserved(config: Actuation, actuation: dict[str, Any],
                  by_intent: dict[str, int]) -> None:
    """Count the unserved requests into ``actuation``: ``unserved`` (those the scenario does
    not allow: the built-in's value), ``unserved_allowed``, ``unserved_by_intent`` (all,
    most frequent first) and ``unserved_allowed_intents``."""
    ranked = dict(sorted(by_intent.items(), key=lambda kv: (-kv[1], kv[0])))
    allowed = [i for i in ranked if config.allows_unserved(i)]
    actuation["unserved_by_intent"] = ranked
    actuation["unserved_allowed_intents"] = allowed
    actuation["unserved_allowed"] = sum(ranked[i] for i in allowed)
    actuation["unserved"] = sum(ranked.values()) - actuation["unserved_allowed"]


def headline(actuation: dict[str, Any]) -> str:
    """``182 of 182 cabin commands confirmed; 200 acknowledgements`` (and the unserved):
    cabin commands apart from the HMI's acknowledgements."""
    if "cabin_commands" not in actuation:
        return f"{actuation['confirmed']} of {actuation['commands']} commands confirmed"
    text = (f"{actuation['cabin_confirmed']} of {actuation['cabin_commands']} cabin commands "
            f"confirmed")
    sent = actuation.get("cabin_sent_unconfirmed", 0)
    if sent:
        text += f" ({sent} sent fire-and-forget)"
    acks = actuation.get("acknowledgements", 0)
    text += f"; {acks} acknowledgement{'s' if acks != 1 else ''}"
    if acks and actuation.get("acknowledgements_confirmed", acks) != acks:
        text += f" ({actuation['acknowledgements_confirmed']} confirmed)"
    unserved = actuation.get("unserved", 0) + actuation.get("unserved_allowed", 0)
    if unserved:
        text += f"; {unserved} {_requests(unserved)} unserved"
        if actuation.get("unserved_allowed"):
            text += f" ({actuation['unserved_allowed']} allowed)"
    return text


def _requests(n: int) -> str:
    return "request" if n == 1 else "requests"
