"""``twin nlu [--no-llm|--llm] [--lang L] [--eval [FILE]] [--intents] "QUERY"``: one utterance,
a set, or the intent catalogue.

Prints one JSON object: ``intent, value, feedback, path, confidence, ms`` (``ms`` is the
measured wall-clock time of the whole decision). The default is rules only; ``--llm`` loads the
llama.cpp resolver ``hil.llm:default_resolver`` in a worker process (a native crash there
prints one line, answers from the rules and exits 1). ``--eval FILE`` scores a labelled query set
(:mod:`twin.assistant.scoring`): rules alone and, with ``--llm``, rules + fallback in the same
run: coverage, accuracy per path, intent and language, a confusion matrix, the out-of-domain
false-actuation rate, direction errors and latency p50/p95.
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys
import time
from typing import TYPE_CHECKING

from cabin_twin.cli.checks import finite_float, positive_float, positive_int
from twin.errors import InputError

if TYPE_CHECKING:  # the assistant's modules load the catalogue: at run time only (fast --help)
    from twin.assistant.policy import AssistantPolicy
    from twin.assistant.resolver import IntentResolver

SHIPPED_QUERIES = "shipped"  # --eval without a file: the shipped query set

RESOLVER_FACTORY = "hil.llm.worker:worker_resolver"
_CJK = re.compile(r"[\u3400-\u9fff]")


EXIT_CODES = ("0 answered (or scored), 1 the model worker crashed (the JSON says how), 2 bad input")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("nlu", help="resolve one utterance (JSON), or --eval the query set")
    p.add_argument("query", nargs="?", help="the utterance")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--no-llm", dest="llm", action="store_false", help="rules only (default)")
    mode.add_argument("--llm", dest="llm", action="store_true", help="fall back to llama.cpp")
    p.add_argument("--lang", default="auto", help="en, zh-CN or auto (default: auto)")
    p.add_argument(
        "--eval",
        nargs="?",
        const=SHIPPED_QUERIES,
        metavar="FILE",
        help="score a labelled JSONL set (default: the shipped set); with --llm, rules and "
        "rules + fallback side by side",
    )
    p.add_argument("--intents", action="store_true",
                   help="list the intent catalogue (intents, value slots, ranges) and exit")
    p.add_argument("--threshold", type=finite_float, default=None,
                   help="rule confidence threshold (default: the assistant policy's)")
    p.add_argument("--model", default=None, help="a .gguf for --llm (default: shipped SmolLM2)")
    p.add_argument("--threads", type=positive_int, default=2,
                   help="llama.cpp threads for --llm")
    p.add_argument("--degrade-ms", type=positive_float, default=None,
                   help="degrade deadline for --llm (default: the assistant policy's; a large "
                        "value shows what the model answers however long it takes)")
    p.set_defaults(func=run, llm=False)


def _lang(args: argparse.Namespace) -> str:
    if args.lang == "auto":
        return "zh-CN" if _CJK.search(args.query) else "en"
    if args.lang.replace("_", "-").lower() not in ("en", "zh-cn", "zh"):
        raise InputError("--lang", "lang", f"en, zh-CN or auto, got {args.lang!r}")
    return args.lang


def load_resolver(model: str | None, threads: int) -> IntentResolver:
    """The real resolver by name; :class:`InputError` (exit 2) when it cannot be loaded."""
    module_name, attr = RESOLVER_FACTORY.split(":")
    try:
        factory = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError) as exc:
        raise InputError(
            RESOLVER_FACTORY, "import", f"an importable resolver factory ({exc})"
        ) from exc
    return factory(model_path=model, n_threads=threads)


def intent_lines() -> list[str]:
    """One line per catalogue intent: name, value slot (range, default, unit, step), topic and
    direction, description; the catalogue files in use first."""
    from twin.assistant.catalogue import active_catalogue

    catalogue = active_catalogue()
    lines = [f"# catalogue: {', '.join(catalogue.sources)}"]
    for name, entry in catalogue.intents.items():
        slot = entry.value
        if slot is None:
            value = "-"
        elif slot.kind == "enum":
            value = f"value: one of {'|'.join(slot.choices)} (default {slot.default})"
        else:
            unit = slot.unit.en.strip() if slot.unit is not None else ""
            value = f"value: {slot.low}..{slot.high}{(' ' + unit) if unit else ''}" \
                    f" (default {slot.default}"
            value += f", off {slot.off}" if slot.off is not None else ""
            value += f", step {slot.step}" if slot.step is not None else ""
            value += ")"
        topic = f"{entry.topic}/{entry.direction}" if entry.topic else "-"
        lines.append(f"{name:28} {value:44} {topic:30} {entry.description}")
    return lines


def policy_of(args: argparse.Namespace) -> AssistantPolicy:
    """The policy the command runs: the threshold and deadline given, else the policy's."""
    from twin.assistant.policy import AssistantPolicy

    given: dict[str, float] = {}
    if args.threshold is not None:
        if not 0.0 <= args.threshold <= 1.0:
            raise InputError("--threshold", "threshold", "a number in [0, 1]")
        given["threshold"] = args.threshold
    if args.degrade_ms is not None:
        if args.degrade_ms <= 0:
            raise InputError("--degrade-ms", "degrade_ms", "a positive deadline in ms")
        given["degrade_deadline_ms"] = args.degrade_ms
    return AssistantPolicy(**given)


def run(args: argparse.Namespace) -> int:
    from twin.assistant.policy import Assistant
    from twin.assistant.queries import DEFAULT_QUERY_FILE, MAX_QUERY_CHARS, load_queries
    from twin.assistant.scoring import score
    from twin.progress import activity

    if args.intents:
        print("\n".join(intent_lines()))
        return 0
    policy = policy_of(args)
    if args.eval is not None:
        if args.eval == SHIPPED_QUERIES:
            args.eval = str(DEFAULT_QUERY_FILE)
        queries = load_queries(args.eval)
        with activity("twin nlu", f"scoring {len(queries)} queries"
                                  + (" (rules, then rules + the model)" if args.llm else "")):
            resolver = load_resolver(args.model, args.threads) if args.llm else None
            report = {"file": args.eval, **score(queries, resolver, policy)}
        # a worker that never started (or died) leaves the model's lines refused: said, exit 1
        return _printed(report, resolver, "the model read no line after that: the scores "
                        "above are not the model's")
    if not args.query or not args.query.strip():
        raise InputError("argv", "QUERY", "a non-empty utterance (or --eval)")
    if len(args.query) > MAX_QUERY_CHARS:
        raise InputError("argv", "QUERY", f"an utterance of at most {MAX_QUERY_CHARS} "
                         f"characters, got {len(args.query)}")
    lang = _lang(args)
    resolver = load_resolver(args.model, args.threads) if args.llm else None
    assistant = Assistant(resolver, policy)
    assistant.nlu(lang)  # compile and warm up outside the timed call
    start = time.perf_counter()
    decision = assistant.handle(args.query, lang)
    ms = (time.perf_counter() - start) * 1000.0
    out = {
        "intent": decision.intent,
        "value": decision.value,
        "feedback": decision.feedback,
        "path": decision.path,
        "confidence": round(decision.confidence, 3),
        "ms": round(ms, 3),
    }
    if decision.valve_reason:
        out["valve_reason"] = decision.valve_reason
    if decision.parts:  # several commands: each with its own feedback and valve outcome
        out["commands"] = decision.to_dict()["commands"]
    return _printed(out, resolver, "the answer above is the rules'")


def _printed(out: dict[str, object], resolver: IntentResolver | None, then: str) -> int:
    """Print ``out`` as JSON (with ``model_crash`` when the worker crashed or hung: one
    ``nlu: FAIL`` line on stderr, exit 1); 0 otherwise."""
    crash = getattr(resolver, "crash", None)
    if crash is not None:
        out["model_crash"] = crash.as_dict()
    print(json.dumps(out, ensure_ascii=False))
    if crash is not None:
        print(f"nlu: FAIL: the model worker crashed: {crash.message} ({then})", file=sys.stderr)
        return 1
    return 0
