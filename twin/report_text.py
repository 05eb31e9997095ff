"""The verdict and the per-stage table as people read them (console, JUnit system-out), and
the one wording of an expectation's outcome every writer uses (:func:`failure_message`).

Each function reads the typed report (:class:`twin.report_model.Report`); a dict is parsed
first (:func:`twin.report_model.parse_report`)."""

from __future__ import annotations

from typing import Any

from latency_models.stages import STAGES
from twin.report_model import Expectation, Limit, Report, StageEntry, parse_report
from twin.verdict.actuation import headline


def format_limit(limit: Limit | dict[str, float] | float) -> str:
    """``>= 0.99``, ``<= 100``, ``0.2 .. 0.8``: a limit the way people read it."""
    if isinstance(limit, Limit):
        limit = limit.model_dump(exclude_none=True)
    if not isinstance(limit, dict):
        return short_number(limit)
    lo, hi = limit.get("min"), limit.get("max")
    if lo is not None and hi is not None:
        return f"{short_number(lo)} .. {short_number(hi)}"
    if lo is not None:
        return f">= {short_number(lo)}"
    return f"<= {short_number(hi)}" if hi is not None else "(no limit)"


def short_number(x: Any) -> str:
    """Counts as ints, other numbers with up to 4 significant decimals."""
    if isinstance(x, bool) or x is None:
        return str(x)
    if isinstance(x, int) or (isinstance(x, float) and x.is_integer() and abs(x) < 1e15):
        return str(int(x))
    return f"{x:.4g}" if isinstance(x, float) else str(x)


FAILED_OUTCOMES = (("not_sent", "not sent"), ("timed_out", "timed out"),
                   ("rejected", "rejected"), ("mismatch", "status mismatch"), ("error", "error"))


def actuation_verdict(actuation: dict[str, Any]) -> str:
    """``FAIL 44 not sent, 3 timed out`` for the stage table; empty when all confirmed."""
    counts = actuation.get("outcomes", {})
    parts = [f"{counts[k]} {label}" for k, label in FAILED_OUTCOMES if counts.get(k)]
    unsafe = actuation.get("safe_state_unconfirmed", 0)
    if unsafe:
        parts.append(f"safe state unconfirmed on {unsafe}")
    return "FAIL " + ", ".join(parts) if parts else ""


def measured(e: Expectation) -> str:
    """``e2e.p95_ms = 150, expected <= 100``, or why it could not be checked."""
    return e.skipped or f"{e.metric} = {short_number(e.value)}, expected {format_limit(e.limit)}"


def failure_message(e: Expectation) -> str:
    """Why ``e`` did not hold, in one line: the error, or the value against its limit and
    its causes (JUnit's failure message, CTRF's message)."""
    if e.error:
        return e.error
    causes = f" ({'; '.join(e.causes)})" if e.causes else ""
    return measured(e) + causes


def overall_verdict(report: Report | dict[str, Any]) -> str:
    """``ERROR`` (the run could not finish: interrupted, a crash), ``FAIL`` (an expectation
    failed or could not be checked) or ``PASS``."""
    return parse_report(report).judged_verdict()


def verdict_header(report: Report | dict[str, Any]) -> str:
    """The verdict first: PASS/FAIL/ERROR, the failing expectations (with value, limit and
    cause) and the actuation failures, in a few lines."""
    r = parse_report(report)
    bad = r.failing()
    head = (f"VERDICT: {r.judged_verdict()}  ({len(r.expectations) - len(bad)} of "
            f"{len(r.expectations)} expectations held")
    act = r.actuation.as_dict() if r.actuation is not None else None
    if act:
        head += f"; {headline(act)}"
    if r.interrupted:
        planned = "?" if r.requests_planned is None else r.requests_planned
        head += f"; interrupted after {r.requests_completed or 0} of {planned} requests"
    lines = [head + ")"]
    for e in bad:
        if e.error:
            lines.append(f"  ERROR {e.name}: {e.error}")
            continue
        lines.append(f"  FAIL {e.name}: {measured(e)}")
        lines += [f"       {cause}" for cause in e.causes or []]
    lines += [f"  loosened {e.name}: {e.loosened}" for e in r.expectations
              if e.builtin and e.loosened]
    if act and act.get("commands", 0) > act.get("confirmed", 0):
        summary = actuation_verdict(act).removeprefix("FAIL ")
        if summary:
            lines.append(f"  actuation: {summary}")
    return "\n".join(lines)


def _ms(x: float | None) -> str:
    return f"{'-':>9}" if x is None else f"{x:>9.2f}"


def _over(entry: StageEntry | Any) -> str:
    """``ok`` or ``OVER`` the budget at p95 (``-`` when nothing was measured)."""
    if entry.p95_ms is None:
        return "-"
    return "ok" if entry.p95_ms <= entry.budget_ms else "OVER"


def format_table(report: Report | dict[str, Any]) -> str:
    """The verdict first, then stage, budget, p50/p95/p99, share of the e2e p95 tail."""
    r = parse_report(report)
    lines = [
        verdict_header(r),
        f"scenario {r.scenario}  seed {short_number(r.seed)}  requests {short_number(r.requests)}"
        f"  engine {r.engine}",
        f"{'stage':<12}{'mode':<10}{'budget':>8}{'p50':>9}{'p95':>9}{'p99':>9}"
        f"{'share@p95':>11}  verdict",
    ]
    for s in STAGES:
        e: StageEntry = getattr(r.stages, s)
        verdict = _over(e)
        if s == "render" and r.actuation is not None:
            verdict = actuation_verdict(r.actuation.as_dict()) or verdict
        share = (e.share_of_e2e_p95 or 0.0) * 100
        lines.append(
            f"{s:<12}{e.mode:<10}{e.budget_ms:>8.1f}{_ms(e.p50_ms)}{_ms(e.p95_ms)}"
            f"{_ms(e.p99_ms)}{share:>10.1f}%  {verdict}"
        )
    e2e = r.e2e
    lines.append(f"{'end-to-end':<12}{'':<10}{e2e.budget_ms:>8.1f}{_ms(e2e.p50_ms)}"
                 f"{_ms(e2e.p95_ms)}{_ms(e2e.p99_ms)}{100.0:>10.1f}%  {_over(e2e)}")
    p = r.perception
    lines.append(f"perception: instant {p.instant:.1%}  acceptable {p.acceptable:.1%}"
                 f"  sluggish {p.sluggish:.1%}")
    if r.model is not None:
        m = r.model
        lines.append(f"model: {m.name} ({m.placement}), first token p95 "
                     f"{m.first_token_p95_ms:g} ms, accuracy {m.accuracy:.1%}")
    ls = r.lockstep
    if ls is not None and ls.get("lateness_p99_ms") is not None:
        lines.append(f"lockstep: pacing {ls.get('realtime', '?')}, lateness p99 "
                     f"{ls.get('lateness_p99_ms'):.3f} ms, max {ls.get('lateness_max_ms'):.3f} ms;"
                     f" real calls timed out: {ls.get('call_timeouts', 0)}")
    for x in r.expectations:
        mark = {"error": "ERROR", "not_checked": "SKIP", "skipped": "SKIP", "passed": "PASS",
                "failed": "FAIL"}[x.status]
        why = f"  ({x.reason})" if x.reason else ""
        if x.loosened:
            why += f"  [loosened: {x.loosened}]"
        lines.append(f"[{mark}] {x.name}: {x.metric} = {short_number(x.value)}, expected "
                     f"{format_limit(x.limit)}{why}")
    return "\n".join(lines)
