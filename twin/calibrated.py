"""Conditioned stage models from calibration files, applied to a run's plan.

A stage table ``[stages.<stage>] calibrated = "PATH"`` reads the file's ``[stages.<stage>]``
distribution (the marginal fit: what any scenario gets, as before). When the file also holds
``[conditioned.<stage>]`` (written by ``twin calibrate`` and ``twin fidelity``), the stage's
draws are replaced, after the assistant has picked each request's query, by draws from the
model of the request's class, with its features:

- ``model_load``: class ``rule`` (the rules answer: no model to prepare) or ``llm``, with
  ``history_tokens`` (history prefilled: a session-cache miss) and ``session_hit`` (restored
  from the cache); the cache is simulated in request order (LRU, pinned warm situations);
- ``inference``: class ``rule`` (the rule NLU's own time, every request) plus class ``llm``
  (the resolver after the rules) with ``query_tokens``;
- ``render``: the device the request's command goes to (``route``: intent -> device), or
  ``none``.

Token counts come from the file (measured with the model's tokenizer) or, for a query the
file does not know, from its fitted per-character rates. Plain Python, no I/O beyond reading
the file, no hardware.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from latency_models.conditioned import ConditionedStage
from latency_models.distributions import SpecError
from latency_models.stages import STAGES
from twin.assistant.resolver import Turn
from twin.errors import InputError
from twin.files import load_toml
from twin.plan import MIN_WORK_MS, Plan
from twin.rng import stream
from twin.scenario import Scenario

INF, LOAD, RENDER = (STAGES.index(s) for s in ("inference", "model_load", "render"))


def history_key(history: Sequence[Turn]) -> str:
    """A conversation's identity for the session-cache simulation (empty: no history)."""
    return "\n".join(f"{t.text}\t{t.intent}\t{t.value}" for t in history)


def query_key(text: str, history: Sequence[Turn]) -> str:
    """A labelled query's identity in a calibration file's token table."""
    return f"{text}\x1f{history_key(history)}"


def calibration_path(scenario: Scenario, stage: str) -> Path | None:
    """The file a stage's ``calibrated`` key names (resolved like the scenario does)."""
    table = scenario.config.stages.of(stage)
    if table is None or table.calibrated is None:
        return None
    path = Path(table.calibrated)
    if not path.is_absolute() and not path.exists():
        base = Path(scenario.source).parent if Path(scenario.source).exists() else Path.cwd()
        path = base / path
    return path


def load_conditioned(scenario: Scenario) -> dict[str, ConditionedStage]:
    """The conditioned models of every calibrated stage whose file has them."""
    out: dict[str, ConditionedStage] = {}
    for stage in STAGES:
        path = calibration_path(scenario, stage)
        if path is None:
            continue
        try:
            table = load_toml(path)
        except InputError:
            continue  # the scenario loader already refused an unreadable file
        spec = table.get("conditioned", {}).get(stage)
        if spec is None:
            continue
        try:
            out[stage] = ConditionedStage.from_spec(stage, spec, f"conditioned.{stage}")
        except SpecError as exc:
            raise InputError(str(path), exc.key, exc.expected) from None
    return out


class SessionSim:
    """The resolver's KV/session-cache behaviour, replayed in request order: a history that is
    already in the KV cache is reused, one in the cache (LRU or pinned) is restored (a hit),
    anything else is prefilled (a miss) and then cached."""

    def __init__(self, capacity: int, pinned: Sequence[str]) -> None:
        self.capacity = capacity
        self.pinned = set(pinned)
        self.lru: OrderedDict[str, None] = OrderedDict()
        self.in_kv = ""

    def visit(self, key: str) -> str:
        """``reuse`` (nothing to do), ``hit``, or ``miss``."""
        if not key or key == self.in_kv:
            self.in_kv = key
            return "reuse"
        self.in_kv = key
        if key in self.pinned:
            return "hit"
        if key in self.lru:
            self.lru.move_to_end(key)
            return "hit"
        if self.capacity > 0:
            self.lru[key] = None
            while len(self.lru) > self.capacity:
                self.lru.popitem(last=False)
        return "miss"


def _tokens(model: ConditionedStage, text: str, history: Sequence[Turn]) -> tuple[float, float]:
    known = model.tokens.get(query_key(text, history))
    if known is not None:
        return known
    hist = "".join(f" {t.text} -> {t.intent}\n" for t in history)
    return (model.estimate_tokens(text),
            model.estimate_tokens(hist, len(history)) if history else 0.0)


def _draw(model: ConditionedStage, cls: str, features: dict[str, np.ndarray],
          rng: np.random.Generator, n: int) -> np.ndarray:
    m = model.classes.get(cls)
    if m is None:  # a class the calibration never saw: the best-measured class stands in
        m = max(model.classes.values(), key=lambda c: c.n)
    return m.sample(rng, {f: features.get(f, np.zeros(n)) for f in m.features}, n)


def apply(plan: Plan, scenario: Scenario, ap: Any | None,
          models: dict[str, ConditionedStage] | None = None) -> dict[str, dict[str, Any]]:
    """Replace the draws of conditioned stages in ``plan`` (see the module doc). Returns, per
    stage replaced, each request's class and features (arrays of length n) and, for
    ``inference``, its ``rule_ms`` and ``llm_ms`` parts. ``ap`` is the assistant's plan
    (:class:`twin.assisted.AssistedPlan`)."""
    models = load_conditioned(scenario) if models is None else models
    done: dict[str, dict[str, Any]] = {}
    n = plan.n
    if ap is not None and ("model_load" in models or "inference" in models):
        llm = np.asarray(ap.llm, dtype=bool)
        idx = np.flatnonzero(llm)
        cls = np.where(llm, "llm", "rule")
        if "model_load" in models:
            m = models["model_load"]
            sim = SessionSim(m.session_capacity, m.pinned)
            hist_tokens, hit = np.zeros(idx.size), np.zeros(idx.size)
            for j, i in enumerate(idx.tolist()):
                q = ap.queries[i]
                state = sim.visit(history_key(q.history))
                hit[j] = state == "hit"
                if state == "miss":
                    hist_tokens[j] = _tokens(m, q.text, q.history)[1]
            col = np.zeros(n)
            if idx.size:
                col[idx] = _draw(m, "llm", {"history_tokens": hist_tokens, "session_hit": hit},
                                 stream(plan.seed, "conditioned", 10 * LOAD), idx.size)
            if "rule" in m.classes and (~llm).any():
                col[~llm] = _draw(m, "rule", {}, stream(plan.seed, "conditioned", 10 * LOAD + 1),
                                  int((~llm).sum()))
            plan.base_ms[:, LOAD] = np.maximum(col, MIN_WORK_MS)
            if plan.bypass is not None:  # the rules answer: no model call, no model slot
                plan.bypass[:, LOAD] = ~llm
            done["model_load"] = {"class": cls, "ms": col,
                                  "history_tokens": _spread(hist_tokens, idx, n),
                                  "session_hit": _spread(hit, idx, n)}
        if "inference" in models:
            m = models["inference"]
            rng = stream(plan.seed, "conditioned", 10 * INF)
            rule_ms = np.asarray(plan.labels.get("rule_ms", np.zeros(n)), dtype=float)
            if "rule" in m.classes:
                rule_ms = np.maximum(_draw(m, "rule", {}, rng, n), MIN_WORK_MS)
                ap.rules[:] = [replace(r, ms=float(ms)) for r, ms in zip(
                    ap.rules, rule_ms.tolist(), strict=True)]
                plan.labels["rule_ms"] = rule_ms
            qtok = np.array([_tokens(m, ap.queries[i].text, ap.queries[i].history)[0]
                             for i in idx.tolist()])
            llm_ms = np.zeros(n)
            if idx.size:
                llm_ms[idx] = _draw(m, "llm", {"query_tokens": qtok}, rng, idx.size)
            plan.base_ms[:, INF] = np.maximum(rule_ms + llm_ms, MIN_WORK_MS)
            if plan.deadline_ms is not None:
                degrade = ap.config.policy.degrade_deadline_ms
                plan.deadline_ms[:, INF] = np.where(llm, np.maximum(rule_ms, degrade), np.inf)
            if m.slots is not None:
                plan.capacities[INF] = m.slots
            done["inference"] = {"class": cls, "rule_ms": rule_ms, "llm_ms": llm_ms,
                                 "query_tokens": _spread(qtok, idx, n)}
    if "render" in models:
        m = models["render"]
        intents = render_intents(plan, ap)
        classes = np.array([m.route.get(intent, "none") for intent in intents])
        col = np.zeros(n)
        for k, cls in enumerate(sorted(set(classes.tolist()))):
            sel = classes == cls
            col[sel] = _draw(m, cls, {}, stream(plan.seed, "conditioned", 10 * RENDER + k),
                             int(sel.sum()))
        plan.base_ms[:, RENDER] = np.maximum(col, MIN_WORK_MS)
        done["render"] = {"class": classes, "ms": col}
    return done


def _spread(values: np.ndarray, idx: np.ndarray, n: int) -> np.ndarray:
    out = np.zeros(n)
    out[idx] = values
    return out


def render_intents(plan: Plan, ap: Any | None) -> list[str]:
    """The intent each request most likely renders, known before the run: the rules'
    command when they are sure, else the labelled intent (the real run decides at render)."""
    if ap is None:
        from twin.assistant.queries import QuerySampler, load_queries

        picks = QuerySampler(load_queries()).sample(stream(plan.seed, "devices", 1), plan.n)
        return [q.intent for q in picks]
    out = []
    for q, rules, is_llm in zip(ap.queries, ap.rules, np.asarray(ap.llm).tolist(),
                                strict=True):
        out.append(rules.command.intent if (not is_llm and rules.command is not None)
                   else q.intent)
    return out


def contend(plan: Plan, info: dict[str, dict[str, Any]], models: dict[str, ConditionedStage],
            start: np.ndarray, end: np.ndarray) -> bool:
    """Model calls that share the cores run slower: with the first run's inference-stage
    ``start``/``end`` times, count how many model calls were running when each one started
    and scale its drawn model time by the fitted slowdown for that many. Returns whether any
    call changed (the caller then runs the plan again: one fixed-point step)."""
    m = models.get("inference")
    if m is None or "inference" not in info or (plan.capacities[INF] or 1) < 2:
        return False
    llm_model = m.classes.get("llm")
    if llm_model is None or len(llm_model.slowdown) < 2:
        return False
    rows = info["inference"]
    idx = np.flatnonzero(np.asarray(rows["class"]) == "llm")
    if idx.size < 2:
        return False
    s, e = start[idx], end[idx]
    order = np.sort(s)
    ends = np.sort(e)
    # calls started at or before each start, minus those already finished
    running = (np.searchsorted(order, s, side="right")
               - np.searchsorted(ends, s, side="right"))
    k = np.maximum(running, 1)
    if not np.any(k > 1):
        return False
    factor = llm_model.slowdown_for(k, idx.size)
    llm_ms = np.asarray(rows["llm_ms"], dtype=float)
    plan.base_ms[idx, INF] = np.maximum(np.asarray(rows["rule_ms"])[idx] + llm_ms[idx] * factor,
                                        MIN_WORK_MS)
    rows["concurrency"] = _spread(k.astype(float), idx, plan.n)
    return True
