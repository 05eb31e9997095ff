"""Exercise and describe a rig's bindings: every bound intent is sent once per
representative value and must be confirmed by its status (``twin rig check``), and the
effective bindings, ranges and checks print as a table (``twin rig show``)."""

from __future__ import annotations

from typing import Any

from devices.binding import Binding, DeviceSpec, Refused
from hil.rig import RigSession
from hil.rig_file import FEEDBACK, FEEDBACK_SCHEMA, Rig
from twin.assistant.intents import INTENTS


def sample_values(intent: str, binding: Binding) -> list[Any]:
    """The values a check sends: no value, or the schema's low, high and default (an up/down
    intent only its default step)."""
    schema = FEEDBACK_SCHEMA if intent == FEEDBACK else INTENTS[intent]
    if schema.kind != "int":
        return [None]
    if binding.relative:
        return [schema.default]
    return list(dict.fromkeys([schema.low, schema.high, schema.default]))


def exercise(session: RigSession) -> dict[str, dict[str, Any]]:
    """Send every bound intent; per device: commands, confirmed, sent (fire-and-forget) and
    the failures (intent=value: outcome and reason)."""
    report: dict[str, dict[str, Any]] = {}
    for name, dev in session.rig.devices.items():
        if name not in session.actuators:
            continue
        entry: dict[str, Any] = {"commands": 0, "confirmed": 0, "sent": 0, "failures": []}
        for intent, binding in dev.spec.intents.items():
            for value in sample_values(intent, binding):
                entry["commands"] += 1
                try:
                    _, result = session.command_intent(intent, value)
                except Refused as exc:
                    entry["failures"].append(f"{intent}={value}: not_sent: {exc}")
                    continue
                if result.ok:
                    entry["confirmed"] += 1
                elif result.outcome == "sent":
                    entry["sent"] += 1
                else:
                    entry["failures"].append(f"{intent}={value}: {result.outcome.value}: "
                                             f"{result.error}")
        report[name] = entry
    return report


def _frame(spec: DeviceSpec, b: Binding) -> str:
    parts = []
    if b.signal is not None:
        if b.levels is not None:
            conv = f"levels{[round(x, 6) for x in b.levels]}"
        else:
            conv = "value" + ("" if b.scale == 1 else f" * {b.scale:g}") + (
                "" if b.offset == 0 else f" {'+' if b.offset > 0 else '-'} {abs(b.offset):g}")
        parts.append(f"{b.signal} = {'current + ' if b.relative else ''}{conv}")
    parts += [f"{k} = {v:g}" for k, v in b.set.items()]
    return f"{spec.command}: " + ", ".join(parts)


def _range(spec: DeviceSpec, b: Binding) -> str:
    sigs = [*([b.signal] if b.signal else []), *b.set]
    return ", ".join(f"{s} [{spec.ranges[s][0]:g}, {spec.ranges[s][1]:g}]" for s in sigs
                     if s in spec.ranges)


def table(rig: Rig) -> list[list[str]]:
    """Rows: device, bus, intent, frame, ranges, confirmation."""
    rows = []
    for name, dev in rig.devices.items():
        spec = dev.spec
        for intent, b in spec.intents.items():
            confirm = "; ".join(c.describe() for c in b.confirm) or _unchecked(spec)
            rows.append([name, dev.bus, intent, _frame(spec, b), _range(spec, b), confirm])
        safe = spec.safe_state
        sent = ", ".join([f"{k} = {v:g}" for k, v in safe.send.items()]
                         + [f"{k} = reported {v}" for k, v in safe.hold.items()])
        rows.append([name, dev.bus, "(safe state)", f"{spec.command}: {sent}", "",
                     "; ".join(c.describe() for c in safe.confirm) or _unchecked(spec)])
    return rows


def _unchecked(spec: DeviceSpec) -> str:
    """What confirms a command without checks: nothing on a fire-and-forget device, else any
    accepted status (what the run waits for)."""
    if spec.fire_and_forget or spec.status is None:
        return "sent only (fire-and-forget)"
    return f"any accepted {spec.status}"


def format_table(rows: list[list[str]], header: list[str]) -> str:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)).rstrip()]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
              for r in rows]
    return "\n".join(lines)
