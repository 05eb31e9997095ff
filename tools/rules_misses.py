"""The lines the rules alone leave or get wrong, one per line, to group into classes.

``python tools/rules_misses.py [--lang en|zh-CN] FILE [FILE ...]`` prints one JSON object per
in-domain line of each development FILE whose rules-alone answer (a confident rule answer, else
the rule default, as :mod:`tools.rules_at_commit` scores) is not every expected command: the
file's folder, the line's index, its text, what it expects and what the rules said. Count the
folders a shape of sentence recurs in before writing a reading for it.

It never reads a blind hold-out (:data:`hil.llm.training.BLIND_HOLDOUTS`: exit 2) and never
prints a held-back line (:data:`hil.llm.training.HELD_BACK`, holdout14's odd half).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hil.llm.training import BLIND_HOLDOUTS, HELD_BACK  # noqa: E402
from twin.assistant.nlu import shared_nlu  # noqa: E402
from twin.assistant.policy import AssistantPolicy, decide  # noqa: E402
from twin.assistant.queries import load_queries  # noqa: E402


def misses(path: Path, lang: str | None = None) -> Iterator[dict]:
    """The in-domain lines of ``path`` the rules alone miss (see the module doc)."""
    if path.parent.name in BLIND_HOLDOUTS:
        raise PermissionError(f"{path.parent.name} is a blind hold-out: never read")
    held = HELD_BACK.get(path.parent.name)
    policy = AssistantPolicy()
    for n, q in enumerate(load_queries(path)):
        if (held is not None and n % 2 == held) or q.expects_no_action or (
                lang is not None and q.lang != lang):
            continue
        history = list(q.history)
        d = decide(q.text, history, q.lang, shared_nlu(q.lang).parse(q.text, history), None,
                   policy)
        said = [(p.command.intent, p.command.value) for p in getattr(d, "parts", ())] or [
            (d.command.intent, d.command.value)]
        if not q.matches_all(said):
            yield {"set": path.parent.name, "index": n, "text": q.text,
                   "want": list(q.commands) or [(q.intent, q.value)], "rules": said}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--lang", choices=("en", "zh-CN"))
    args = parser.parse_args(argv)
    blind = [str(f) for f in args.files if f.parent.name in BLIND_HOLDOUTS]
    if blind:
        print(f"refused: blind hold-out(s) {', '.join(blind)}", file=sys.stderr)
        return 2
    for path in args.files:
        for row in misses(path, args.lang):
            print(json.dumps(row, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
