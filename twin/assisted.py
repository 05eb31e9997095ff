"""The assistant under test inside the twin: every simulated request carries a labelled query.

Before the run, the real rules (hassil) classify each distinct query; requests the rules are
sure of take the ``rule`` path (the inference stage is the rule time only, with no inference
slot); the others go to the modelled LLM resolver (rule time plus the inference stage's drawn
latency, on an inference slot) with a degrade deadline on the stage. After the run the pure
:func:`twin.assistant.policy.decide` turns each request's simulated times into its path,
command and feedback, exactly as the real-time runtime would with measured times.

Scenario keys: ``[policy]`` (threshold, ack_deadline_ms, degrade_deadline_ms, degrade) and
``[assistant]`` (enabled, lang, queries, accuracy, malformed_rate, rule_ms).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from latency_models.distributions import Distribution, ShiftedLognormal, SpecError
from latency_models.impairment import Impairment, impairment_from_spec
from latency_models.stages import INFERENCE, NETWORK, RENDER
from twin.assistant.commands import make_command
from twin.assistant.feedback import feedback_for
from twin.assistant.modelled import ModelledResolver, OutcomeRates
from twin.assistant.nlu import RuleResult, shared_nlu
from twin.assistant.placement import Placements, place, placement_report
from twin.assistant.policy import AssistantPolicy, Decision, decide
from twin.assistant.queries import DEFAULT_QUERY_FILE, LabelledQuery, QuerySampler, load_queries
from twin.assistant.resolver import ResolverResult
from twin.assistant.router import RouterConfig
from twin.assistant.streaming import StreamModel, streaming_modelled
from twin.assistant.summary import summarise
from twin.config.base import parse
from twin.config.dut import AssistantDut, dut_config
from twin.errors import InputError
from twin.metrics import histogram_of, percentiles_ms
from twin.paths import PROJECT_ROOT
from twin.plan import Plan
from twin.rng import stream
from twin.scenario import Scenario
from twin.timings import Timings

#: rule NLU time after warm-up, measured on this kind of machine (p50 ~0.4 ms, p95 ~1 ms)
#: ``plan.labels`` key: each request's networked-DUT round trip (ms, 0 when answered locally)
DUT_NETWORK = "dut_network_ms"
DEFAULT_RULE_MS: Distribution = ShiftedLognormal.from_median_p95(0.4, 1.0, shift=0.1)


@dataclass(frozen=True)
class AssistantConfig:
    policy: AssistantPolicy
    rates: OutcomeRates
    rule_ms: Distribution
    queries: Path
    lang: str | None
    dut: AssistantDut | None = None  # [assistant] backend/route (the router is modelled too)
    networks: dict[str, Impairment | None] = field(default_factory=dict)
    #: False: every request goes to the assistant under test; the rules only ack and give
    #: the degrade default (a DUT that must answer everything)
    rules_first: bool = True
    stream: StreamModel | None = None  # streamed answers, paced (modelled runs)


def assistant_config(scenario: Scenario) -> AssistantConfig | None:
    """The assistant's settings, or None when the scenario has no enabled ``[assistant]``.
    The scenario model has validated ``[assistant]``, ``[policy]`` and ``[model]``."""
    table = scenario.assistant
    if table is None or not table.enabled:
        return None
    src = scenario.source
    policy = scenario.policy.build()
    accuracy = table.accuracy
    if accuracy is None:  # a model profile knows its accuracy
        accuracy = 0.85
        if scenario.config.model is not None:
            try:
                accuracy = scenario.config.model.build().accuracy
            except SpecError as exc:
                raise InputError(src, exc.key, exc.expected) from None
    try:
        rates = OutcomeRates(float(accuracy), float(table.malformed_rate))
    except ValueError:
        raise InputError(src, "assistant.accuracy",
                         "probabilities with accuracy + malformed_rate <= 1") from None
    rule_ms = table.rule_ms.build() if table.rule_ms is not None else DEFAULT_RULE_MS
    queries = Path(table.queries) if table.queries is not None else DEFAULT_QUERY_FILE
    if not queries.is_absolute() and not queries.exists():
        queries = PROJECT_ROOT / queries
    lang = table.lang
    dut = dut_config({k: v for k in ("backend", "route")
                      if (v := getattr(table, k)) is not None}, src)
    stream = (parse(StreamModel, table.stream, src, "assistant.stream")
              if table.stream is not None else None)
    return AssistantConfig(policy, rates, rule_ms, queries, None if lang == "mixed" else lang,
                           dut, route_networks(dut, src), table.rules_first, stream)


@dataclass
class AssistedPlan:
    """Per-request query, rule result and (for the LLM path) the resolver's output text."""

    config: AssistantConfig
    queries: list[LabelledQuery]
    rules: list[RuleResult]
    llm: np.ndarray  # bool (n,)
    raw: list[str | None]
    routes: np.ndarray | None = None  # (n,) terminal/edge/cloud per fallback request
    reasons: np.ndarray | None = None  # (n,) the router rule behind each placement


def prepare(plan: Plan, config: AssistantConfig) -> AssistedPlan:
    """Sample a query per request, classify it with the real rules, and shape the plan's
    inference stage: rule time only on the rule path; rule time + LLM latency on a slot, with
    the degrade deadline, on the fallback path."""
    rng = stream(plan.seed, "assistant")
    sampler = QuerySampler(load_queries(config.queries), config.lang)
    picks = sampler.sample_indices(rng, plan.n)
    used = set(picks.tolist())
    by_query = {
        i: shared_nlu(q.lang).parse(q.text, q.history)
        for i, q in enumerate(sampler.queries) if i in used
    }
    rule_ms = np.maximum(config.rule_ms.sample(rng, plan.n), 1e-6)
    queries = [sampler.queries[i] for i in picks.tolist()]
    rules = [replace(by_query[i], ms=float(ms)) for i, ms in zip(picks.tolist(), rule_ms.tolist(),
                                                                   strict=True)]
    if not config.rules_first:  # the rules' confidence never suffices: the DUT answers all
        rules = [replace(r, confidence=0.0) for r in rules]
    threshold = config.policy.threshold
    llm = np.array([r.confidence < threshold or r.command is None for r in rules])
    # the LLM's latency is the plan's inference draw; the resolver's own latency sample (a
    # near-constant stand-in here) is not used, only its output text
    resolver = ModelledResolver.from_queries(sampler.queries, ShiftedLognormal(0.0, 1e-9),
                                             stream(plan.seed, "assistant", 1), config.rates)
    raw: list[str | None] = [
        resolver.resolve(q.text, list(q.history), q.lang).raw if is_llm else None
        for q, is_llm in zip(queries, llm.tolist(), strict=True)
    ]
    routes = reasons = None
    networked = any(m is not None for m in config.networks.values())
    if config.dut is not None and (config.dut.route is not None or networked):
        placed = modelled_placements(plan, config, queries, llm)  # the router, modelled
        plan.base_ms[:, INFERENCE] += placed.network_ms  # inside the call, as in a real run
        routes = placed.routes if config.dut.route is not None else None
        reasons = placed.reasons
        if networked:  # the network is the DUT's: a request answered locally crosses none
            plan.base_ms[:, NETWORK] = 0.0
            plan.labels[DUT_NETWORK] = placed.network_ms  # moved to the network slot after
    plan.base_ms[:, INFERENCE] = rule_ms + np.where(llm, plan.base_ms[:, INFERENCE], 0.0)
    # a sentence with several commands renders each one: the drawn render time per command
    renders = np.array([1 if is_llm else len(r.parts) for r, is_llm in
                        zip(rules, llm.tolist(), strict=True)], dtype=float)
    plan.base_ms[:, RENDER] *= renders
    plan.labels["rule_ms"] = rule_ms
    bypass = np.zeros_like(plan.base_ms, dtype=bool)
    bypass[:, INFERENCE] = ~llm
    plan.bypass = bypass
    if config.policy.degrade:
        deadline = np.full_like(plan.base_ms, np.inf)
        deadline[:, INFERENCE] = np.where(
            llm, np.maximum(rule_ms, config.policy.degrade_deadline_ms), np.inf)
        plan.deadline_ms = deadline
    return AssistedPlan(config, queries, rules, llm, raw, routes, reasons)


def hear(ap: AssistedPlan, i: int, text: str,
         labels: tuple[str, str, int | str | None] | None = None) -> None:
    """Request ``i``'s assistant gets ``text``, what the capture stage heard (the words before
    a premature endpoint), instead of its query's full text; its labels stay (what the user
    meant). The rules run again on the words; a request they are unsure of goes to the LLM:
    a real model answers the words, the modelled one knows no label for them and answers
    ``unknown``. Nothing heard: nothing to answer (the rules' empty result). The request's
    drawn latencies are not redrawn (they were planned before it was heard). ``labels``
    (language, intent, value): the request is another utterance altogether (a recorded set's
    line), with its own labels."""
    q = ap.queries[i]
    if labels is not None:
        lang, intent, value = labels
        q = ap.queries[i] = replace(q, text=text, lang=lang, intent=intent, value=value,
                                    kind="direct", history=(), commands=())
    elif text == q.text:
        return
    ap.queries[i] = replace(q, text=text)
    rules = replace(shared_nlu(q.lang).parse(text, q.history), ms=ap.rules[i].ms)
    if not ap.config.rules_first:
        rules = replace(rules, confidence=0.0)
    ap.rules[i] = rules
    llm = bool(text.strip()) and (rules.confidence < ap.config.policy.threshold
                                  or rules.command is None)
    ap.llm[i] = llm
    unknown = make_command("unknown", None)
    ap.raw[i] = json.dumps({"intent": "unknown", "value": None,
                            "feedback": feedback_for(unknown, q.lang) if unknown else "OK"},
                           ensure_ascii=False) if llm else None


def modelled_placements(plan: Plan, config: AssistantConfig, queries: list[LabelledQuery],
                        llm: np.ndarray) -> Placements:
    """Each fallback request's placement and the network round trip it adds."""
    assert config.dut is not None
    route = config.dut.route
    if route is None:
        return place(queries, llm, plan.base_ms[:, INFERENCE], config.networks,
                     RouterConfig(), stream(plan.seed, "router"))
    return place(queries, llm, plan.base_ms[:, INFERENCE], config.networks,
                 route.router_config(), stream(plan.seed, "router"), route.monitor(),
                 plan.arrivals_ms)


def route_networks(dut: AssistantDut | None, src: str) -> dict[str, Impairment | None]:
    """The network model of each networked placement (None: no impairment)."""
    networks: dict[str, Impairment | None] = {}
    if dut is None:
        return networks
    backends = {"terminal": ("assistant.backend", dut.backend)}
    for name in ("edge", "cloud"):
        if dut.route is not None and (backend := getattr(dut.route, name)) is not None:
            backends[name] = (f"assistant.route.{name}", backend)
    for name, (where, backend) in backends.items():
        spec = getattr(backend, "network", None)
        if spec is None and name == "terminal":
            continue  # a local DUT: no network
        try:
            networks[name] = (None if spec is None else impairment_from_spec(
                spec.model_dump(), f"{where}.network"))
        except SpecError as exc:
            raise InputError(src, exc.key, exc.expected) from None
    return networks


def decide_one(ap: AssistedPlan, i: int, answered_ms: float | None) -> Decision:
    """Request ``i``'s decision, given when (ms after reaching the assistant) the resolver
    answered; None means it has not answered (yet), so an LLM-path request degrades."""
    q, rules, raw = ap.queries[i], ap.rules[i], ap.raw[i]
    result = None
    if raw is not None and answered_ms is not None:
        result = ResolverResult(raw, answered_ms - rules.ms)
    decision = decide(q.text, q.history, q.lang, rules, result, ap.config.policy,
                      (q.intent, q.value))
    if q.commands or decision.parts:  # right only when every command is
        decision = replace(decision, correct=q.matches_all(
            [(c.intent, c.value) for c in decision.commands]))
    return decision


def decisions(ap: AssistedPlan, timings: Timings,
              switched: set[int] | None = None) -> list[Decision]:
    """Each request's decision from its simulated inference-stage times; ``switched``
    requests met degrade mode (an alert) and never asked the LLM."""
    answered = (timings.end[:, INFERENCE] - timings.stage_arrival[:, INFERENCE]).tolist()
    switched = switched or set()
    return [decide_one(ap, i, None if i in switched else answered[i])
            for i in range(len(ap.queries))]


def _latency(values: np.ndarray, budget_ms: float | None = None) -> dict[str, Any]:
    entry: dict[str, Any] = percentiles_ms(histogram_of(values))
    if budget_ms is not None:
        entry["budget_ms"] = budget_ms
        within = float(np.mean(values <= budget_ms)) if values.size else 1.0
        entry["within_budget"] = round(within, 4)
    return entry


def report_additions(ap: AssistedPlan, timings: Timings, made: list[Decision]
                     ) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """``report.json`` keys (paths, intent_accuracy, valve_events, degraded, ack, answer,
    first_feedback) with latencies from the end of speech, and per-request CSV columns.
    ``degraded.overrun_max_ms``: the latest degraded answer after the degrade deadline (None
    when nothing degraded), judged by a built-in expectation (:mod:`twin.verdict.budget`)."""
    offset = timings.stage_arrival[:, INFERENCE] - timings.arrival
    ack = offset + np.array([d.ack_ms for d in made])
    answer = offset + np.array([d.first_feedback_ms for d in made])
    paths = np.array([d.path for d in made])
    summary = summarise(made)
    policy = ap.config.policy
    summary["degraded"]["first_feedback"] = _latency(answer[paths == "degraded"])
    overrun = np.array([d.first_feedback_ms for d in made])[paths == "degraded"] \
        - policy.degrade_deadline_ms  # how late after its deadline each degraded answer came
    summary["degraded"]["overrun_max_ms"] = (round(float(max(overrun.max(), 0.0)), 3)
                                             if overrun.size else None)
    summary["ack"] = {**_latency(ack, policy.ack_deadline_ms),
                      "late": int(np.sum(ack > policy.ack_deadline_ms))}
    summary["answer"] = _latency(answer)
    summary["first_feedback"] = _latency(np.minimum(ack, answer), 100.0)
    summary["policy"] = {"threshold": policy.threshold, "ack_deadline_ms": policy.ack_deadline_ms,
                         "degrade_deadline_ms": policy.degrade_deadline_ms,
                         "degrade": policy.degrade}
    if ap.config.stream is not None:
        summary["streaming_modelled"] = streaming_modelled(answer, paths == "llm",
                                                           ap.config.stream)
    if ap.routes is not None:
        answered = timings.end[:, INFERENCE] - timings.stage_arrival[:, INFERENCE]
        summary["router_modelled"] = placement_report(ap.routes, answered, ap.reasons)
    summary["multi_command"] = multi_command_summary(made)
    columns = {
        "path": paths,
        "intent": np.array([d.intent for d in made]),
        "value": np.array(["" if d.value is None else str(d.value) for d in made]),
        "correct": np.array([d.correct for d in made]),
        "query": np.array([q.text for q in ap.queries]),
    }
    if ap.routes is not None:
        columns["route"] = ap.routes
    columns.update(command_columns(made))
    return summary, columns


def command_columns(made: list[Decision]) -> dict[str, np.ndarray]:
    """Per request, each command said on its own: how many, ``intent=value`` of each, each
    one's feedback and valve outcome (``ok`` or why it was refused), joined by ``;``."""
    def value(c: Any) -> str:
        return f"{c.intent}={'' if c.value is None else c.value}"

    return {
        "commands": np.array([len(d.commands) for d in made]),
        "command_list": np.array([";".join(value(c) for c in d.commands) for d in made]),
        "command_feedback": np.array([";".join(p.feedback for p in d.parts) if d.parts
                                      else d.feedback for d in made]),
        "command_valve": np.array([";".join(p.valve_reason or "ok" for p in d.parts) if d.parts
                                   else (d.valve_reason or "ok") for d in made]),
    }


def multi_command_summary(made: list[Decision]) -> dict[str, Any]:
    """``report.json["multi_command"]``: requests with several commands, the commands in
    them, how many the valve refused, and how many of those requests were right."""
    multi = [d for d in made if d.parts]
    labelled = [d.correct for d in multi if d.correct is not None]
    return {
        "requests": len(multi),
        "commands": sum(len(d.parts) for d in multi),
        "refused": sum(p.valve_reason is not None for d in multi for p in d.parts),
        "correct": round(sum(labelled) / len(labelled), 4) if labelled else None,
    }
