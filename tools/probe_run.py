"""The run the generated probes share (``number_probe``, ``direction_probe``, ``play_probe``).

Each probe builds its labelled lines and judges one answer (its ``outcome``); this module decides
every line as the assistant does (the rules, and with ``--llm`` the fallback on the lines they
leave, no deadline) and gives the probes one command line: ``--write FILE`` (the probe as
labelled JSONL), ``--score`` (the counts of each outcome, in total and per the probe's keys, as one
JSON object on stdout), ``-v`` (each line the probe shows, on stderr).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol


class ProbeLine(Protocol):
    """What the run reads of a probe's line."""

    text: str
    lang: str

    def as_json(self) -> dict[str, Any]: ...


def decided(lines: Sequence[ProbeLine], llm: bool) -> Iterator[tuple[list[Any], str]]:
    """Each line's actuating commands and feedback, decided as ``twin nlu`` decides it."""
    from twin.assistant.nlu import shared_nlu
    from twin.assistant.policy import AssistantPolicy, decide
    policy = AssistantPolicy(degrade_deadline_ms=100000)
    resolver = None
    if llm:
        from hil.llm import default_resolver
        resolver = default_resolver(n_threads=2)
    for line in lines:
        rules = shared_nlu(line.lang).parse(line.text, [])
        answer = None
        if resolver is not None and rules.confidence < policy.threshold:
            answer = resolver.resolve(line.text, [], line.lang, 100000)
        d = decide(line.text, [], line.lang, rules, answer, policy)
        yield [c for c in d.commands if c.actuates], d.feedback


def probe_main(argv: Sequence[str] | None, doc: str | None, lines: Callable[[], Sequence[Any]],
               acted_of: Callable[[list[Any]], list[Any]], outcome: Callable[[Any, list[Any]], str],
               keys: Callable[[Any, str], Sequence[str]], label: Callable[[Any], str],
               shown: Callable[[Any, str], bool], verbose_help: str) -> int:
    """A probe's command line: ``acted_of`` turns the commands into what ``outcome`` judges,
    ``keys`` names the counts a line's outcome adds to, ``shown`` the lines ``-v`` prints."""
    p = argparse.ArgumentParser(description=(doc or "").split("\n")[0])
    p.add_argument("--write", type=Path, help="write the probe as labelled JSONL")
    p.add_argument("--score", action="store_true", help="score the probe, print counts")
    p.add_argument("--llm", action="store_true", help="with the fallback on rules-left lines")
    p.add_argument("-v", "--verbose", action="store_true", help=verbose_help)
    args = p.parse_args(argv)
    probe = lines()
    if args.write:
        args.write.write_text("".join(json.dumps(line.as_json(), ensure_ascii=False) + "\n"
                                      for line in probe), encoding="utf-8")
    if args.score:
        total, by = Counter[str](), Counter[str]()
        for line, (commands, feedback) in zip(probe, decided(probe, args.llm), strict=True):
            acted = acted_of(commands)
            o = outcome(line, acted)
            total[o] += 1
            by.update(keys(line, o))
            if args.verbose and shown(line, o):
                print(o, line.lang, label(line), repr(line.text), acted, feedback,
                      file=sys.stderr)
        print(json.dumps({"n": len(probe), "total": dict(total), "by": dict(sorted(by.items()))},
                         ensure_ascii=False, indent=1))
    return 0
