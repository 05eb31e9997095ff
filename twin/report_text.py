"""The verdict and the per-stage table as people read them (console, JUnit system-out)."""

from __future__ import annotations

from typing import Any

from latency_models.stages import STAGES
from twin.verdict.actuation import headline


def format_limit(limit: dict[str, float] | float) -> str:
    """``>= 0.99``, ``<= 100``, ``0.2 .. 0.8``: a limit the way people read it."""
    if not isinstance(limit, dict):
        return _num(limit)
    lo, hi = limit.get("min"), limit.get("max")
    if lo is not None and hi is not None:
        return f"{_num(lo)} .. {_num(hi)}"
    if lo is not None:
        return f">= {_num(lo)}"
    return f"<= {_num(hi)}" if hi is not None else "(no limit)"


def _num(x: Any) -> str:
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


def overall_verdict(report: dict[str, Any]) -> str:
    """``ERROR`` (the run could not finish: interrupted, a crash), ``FAIL`` (an expectation
    failed or could not be checked) or ``PASS``."""
    exps = report["expectations"]
    if report.get("interrupted") or any(e.get("error") for e in exps):
        return "ERROR"
    return "PASS" if all(e["passed"] for e in exps) else "FAIL"


def verdict_header(report: dict[str, Any]) -> str:
    """The verdict first: PASS/FAIL/ERROR, the failing expectations (with value, limit and
    cause) and the actuation failures, in a few lines."""
    exps = report["expectations"]
    bad = [e for e in exps if not e["passed"]]
    verdict = overall_verdict(report)
    head = f"VERDICT: {verdict}  ({len(exps) - len(bad)} of {len(exps)} expectations held"
    act = report.get("actuation")
    if act:
        head += f"; {headline(act)}"
    if report.get("interrupted"):
        head += f"; interrupted after {report.get('requests_completed', 0)} of " \
                f"{report.get('requests_planned', '?')} requests"
    lines = [head + ")"]
    for e in bad:
        if e.get("error"):
            lines.append(f"  ERROR {e['name']}: {e['error']}")
            continue
        got = e.get("skipped") or f"{e['metric']} = {_num(e['value'])}, expected " \
            f"{format_limit(e['limit'])}"
        lines.append(f"  FAIL {e['name']}: {got}")
        lines += [f"       {cause}" for cause in e.get("causes", [])]
    lines += [f"  loosened {e['name']}: {e['loosened']}" for e in exps
              if e.get("builtin") and e.get("loosened")]
    if act and act.get("commands", 0) > act.get("confirmed", 0):
        summary = actuation_verdict(act).removeprefix("FAIL ")
        if summary:
            lines.append(f"  actuation: {summary}")
    return "\n".join(lines)


def _ms(x: float | None) -> str:
    return f"{'-':>9}" if x is None else f"{x:>9.2f}"


def _over(entry: dict[str, Any]) -> str:
    """``ok`` or ``OVER`` the budget at p95 (``-`` when nothing was measured)."""
    if entry["p95_ms"] is None:
        return "-"
    return "ok" if entry["p95_ms"] <= entry["budget_ms"] else "OVER"


def format_table(report: dict[str, Any]) -> str:
    """The verdict first, then stage, budget, p50/p95/p99, share of the e2e p95 tail."""
    lines = [
        verdict_header(report),
        f"scenario {report['scenario']}  seed {_num(report['seed'])}  requests "
        f"{_num(report['requests'])}"
        f"  engine {report['engine']}",
        f"{'stage':<12}{'mode':<10}{'budget':>8}{'p50':>9}{'p95':>9}{'p99':>9}"
        f"{'share@p95':>11}  verdict",
    ]
    for s in STAGES:
        e = report["stages"][s]
        verdict = _over(e)
        if s == "render" and report.get("actuation"):
            verdict = actuation_verdict(report["actuation"]) or verdict
        lines.append(
            f"{s:<12}{e['mode']:<10}{e['budget_ms']:>8.1f}{_ms(e['p50_ms'])}{_ms(e['p95_ms'])}"
            f"{_ms(e['p99_ms'])}{e['share_of_e2e_p95'] * 100:>10.1f}%  {verdict}"
        )
    e = report["e2e"]
    lines.append(f"{'end-to-end':<12}{'':<10}{e['budget_ms']:>8.1f}{_ms(e['p50_ms'])}"
                 f"{_ms(e['p95_ms'])}{_ms(e['p99_ms'])}{100.0:>10.1f}%  {_over(e)}")
    p = report["perception"]
    lines.append(f"perception: instant {p['instant']:.1%}  acceptable {p['acceptable']:.1%}"
                 f"  sluggish {p['sluggish']:.1%}")
    ls = report.get("lockstep")
    if ls and ls.get("lateness_p99_ms") is not None:
        lines.append(f"lockstep: pacing {ls.get('realtime', '?')}, lateness p99 "
                     f"{ls['lateness_p99_ms']:.3f} ms, max {ls['lateness_max_ms']:.3f} ms; "
                     f"real calls timed out: {ls.get('call_timeouts', 0)}")
    for x in report["expectations"]:
        mark = ("ERROR" if x.get("error") else "SKIP" if x.get("skipped")
                else "PASS" if x["passed"] else "FAIL")
        why = f"  ({x['reason']})" if x.get("reason") else ""
        if x.get("loosened"):
            why += f"  [loosened: {x['loosened']}]"
        lines.append(f"[{mark}] {x['name']}: {x['metric']} = {_num(x['value'])}, expected "
                     f"{format_limit(x['limit'])}{why}")
    return "\n".join(lines)
