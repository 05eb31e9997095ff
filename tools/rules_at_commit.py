"""Score an earlier commit's rules on a labelled set with today's scorer ("before" figures).

``python tools/rules_at_commit.py COMMIT FILE [FILE ...]`` checks COMMIT out into a temporary
git worktree, runs that commit's rule NLU there (in a child process, its own ``twin`` package
on the path) on every line, and scores the answers here with the current
:mod:`twin.assistant.scoring` tally, so old and new rules are judged by the same code. Rules
alone: a confident rule answer is the rule path, anything else the rule default (as in
``decide`` without a resolver). Prints one JSON object per file.

``python tools/rules_at_commit.py --against BEFORE AFTER FILE [FILE ...]`` runs both commits'
rules on every line and prints, per file, how many answers changed and how many went wrong ->
right and right -> wrong (every command of a line right, ``Query.matches_all``): the check that
a rules change moves no development line for the worse. Counts only, never a line's text, so
it may run on a held-back file.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from twin.assistant.intents import INTENTS  # noqa: E402
from twin.assistant.queries import LabelledQuery, load_queries  # noqa: E402
from twin.assistant.scoring import _Tally  # noqa: E402

# Runs inside the old worktree: reads JSON lines {text, lang, history}, writes the decision.
_CHILD = r"""
import json, sys
from twin.assistant.nlu import shared_nlu
from twin.assistant.policy import AssistantPolicy, decide
from twin.assistant.resolver import Turn
policy = AssistantPolicy()
def cmd(c):
    return {"intent": c.intent, "value": c.value, "actuates": getattr(c, "actuates", None)}
for line in sys.stdin:
    q = json.loads(line)
    hist = [Turn(t["text"], t["intent"], t.get("value")) for t in q["history"]]
    rules = shared_nlu(q["lang"]).parse(q["text"], hist)
    d = decide(q["text"], hist, q["lang"], rules, None, policy)
    # an older commit's decision may have one command (no .commands) and no parts
    parts = getattr(d, "parts", ())
    print(json.dumps({
        "path": d.path, "intent": d.intent, "value": d.value, "feedback": d.feedback,
        "command": cmd(d.command), "parts": [cmd(p.command) for p in parts],
    }, ensure_ascii=False), flush=True)
"""


def _command(c: dict) -> SimpleNamespace:
    actuates = c["actuates"]
    if actuates is None:  # a commit whose commands did not say
        actuates = c["intent"] != "unknown" and c["intent"] in INTENTS
    return SimpleNamespace(intent=c["intent"], value=c["value"], actuates=actuates)


def _decision(d: dict) -> SimpleNamespace:
    """The fields the scorer reads of a decision, from the child's JSON."""
    parts = tuple(SimpleNamespace(command=_command(c)) for c in d["parts"])
    commands = tuple(p.command for p in parts) or (_command(d["command"]),)
    return SimpleNamespace(path=d["path"], intent=d["intent"], value=d["value"],
                           feedback=d["feedback"], command=commands[0], commands=commands,
                           parts=parts)


def _decisions(tree: Path, queries: list) -> list[dict]:
    lines = "".join(
        json.dumps({"text": q.text, "lang": q.lang,
                    "history": [vars(t) if hasattr(t, "__dict__") else
                                {"text": t.text, "intent": t.intent, "value": t.value}
                                for t in q.history]}, ensure_ascii=False) + "\n"
        for q in queries
    )  # fmt: skip
    out = subprocess.run(
        [sys.executable, "-c", _CHILD], input=lines, capture_output=True, text=True,
        cwd=tree, env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"}, timeout=900,
        check=True,
    )  # fmt: skip
    return [json.loads(x) for x in out.stdout.splitlines()]


def _right(q: LabelledQuery, d: dict) -> bool:
    return q.matches_all([(c.intent, c.value) for c in _decision(d).commands])


def compare(queries: list[LabelledQuery], before: list[dict], after: list[dict]) -> dict[str, int]:
    """Counts of answers changed between two commits' decisions on ``queries``."""
    counts = {"lines": len(queries), "changed": 0, "wrong_to_right": 0, "right_to_wrong": 0}
    for q, b, a in zip(queries, before, after, strict=True):
        if a == b:
            continue
        counts["changed"] += 1
        was, now = _right(q, b), _right(q, a)
        if now and not was:
            counts["wrong_to_right"] += 1
        elif was and not now:
            counts["right_to_wrong"] += 1
    return counts


@contextlib.contextmanager
def _tree(commit: str) -> Iterator[Path]:
    """``commit`` checked out in a temporary git worktree (removed on every exit path)."""
    with tempfile.TemporaryDirectory(prefix="rules_at_") as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree),
                        commit], check=True)  # fmt: skip
        try:
            yield tree
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                           check=False)  # fmt: skip


def main(argv: list[str]) -> int:
    if argv[:1] == ["--against"] and len(argv) >= 4:
        before, after, files = argv[1], argv[2], argv[3:]
        with _tree(before) as old, _tree(after) as new:
            for path in files:
                queries = load_queries(path)
                counts = compare(queries, _decisions(old, queries), _decisions(new, queries))
                print(json.dumps({"file": path, "before": before, "after": after, **counts},
                                 ensure_ascii=False))  # fmt: skip
        return 0
    if len(argv) < 2 or argv[0].startswith("--"):
        print(__doc__, file=sys.stderr)
        return 2
    commit, files = argv[0], argv[1:]
    with _tree(commit) as tree:
        for path in files:
            queries = load_queries(path)
            tally = _Tally()
            for q, d in zip(queries, _decisions(tree, queries), strict=True):
                tally.add(q, _decision(d), 0.0)  # type: ignore[arg-type]
            report = tally.report()
            report.pop("latency")
            print(json.dumps({"file": path, "commit": commit, "rules": report},
                             ensure_ascii=False))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
