"""Rule NLU CPU time per parse at two commits, side by side, query by query.

``python tools/rule_ab.py BEFORE [AFTER] [--rounds N] [--passes N] [--file FILE]`` exports the
code of each commit (``twin/``, ``hil/``, ``cabin_twin/``, ``pyproject.toml``; no query file)
into a temporary folder, starts one child process per commit that builds the shipped
``RuleNLU`` for both languages and parses the labelled file once to warm up, then sends them
the file's queries alternately, one by one (which goes first swaps every pass), so both see
the same machine load. The children are started afresh every round (which first swaps too),
both with the round's ``PYTHONHASHSEED``: a process's own hash order moves its time by several
percent. Each child times its own parse (thread CPU and wall clock). Per round
of ``--passes`` passes: p50/p95/p99; printed as one JSON object: the medians over the rounds,
their after/before ratio, the per-query median CPU (over every pass) and the median per-query
ratio, and the load average. ``AFTER`` defaults to ``HEAD``; ``--file`` to the bench's query
set (``scenarios/queries/cabin_commands.jsonl``). Progress goes to stderr.

Beside the times, each child counts the calls (Python functions and builtins: ``sys.setprofile``
events) of one more, untimed parse of every query after the last round: a figure of the work a
parse does that no load or cache state moves (the same code gives the same counts, up to the
few set and dict orders a hash seed moves), so a cut too small to see in the times can still be
seen to do less. It is not the time: a regex search is one call however long it runs.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
CODE = ("twin", "hil", "cabin_twin", "pyproject.toml")
_CHILD = r"""
import sys, time
from twin.assistant.nlu import RuleNLU
from twin.assistant.queries import load_queries
queries = load_queries(sys.argv[1])
nlus = {lang: RuleNLU(lang) for lang in ("en", "zh-CN")}
for q in queries:
    nlus[q.lang].parse(q.text, q.history)
print(len(queries), flush=True)
calls = [0]
def count(frame, event, arg):
    if event == "call" or event == "c_call":
        calls[0] += 1
for line in sys.stdin:
    if line.startswith("calls "):  # the work of one more parse, untimed
        q, calls[0] = queries[int(line.split()[1])], 0
        sys.setprofile(count)
        nlus[q.lang].parse(q.text, q.history)
        sys.setprofile(None)
        print(calls[0], flush=True)
        continue
    q = queries[int(line)]
    cpu, wall = time.thread_time_ns(), time.perf_counter_ns()
    nlus[q.lang].parse(q.text, q.history)
    wall, cpu = time.perf_counter_ns() - wall, time.thread_time_ns() - cpu
    print(cpu / 1000, wall / 1000, flush=True)
"""


def _export(commit: str, into: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, *CODE],
                             capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def _child(tree: Path, queries: str, seed: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", _CHILD, str(Path(queries).resolve())], cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": str(seed)},
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def _ask(kid: subprocess.Popen[str], line: str) -> int:
    """One line to a child, its one-number answer back."""
    kid.stdin.write(f"{line}\n")  # type: ignore[union-attr]
    kid.stdin.flush()  # type: ignore[union-attr]
    return int(kid.stdout.readline())  # type: ignore[union-attr]


def _q(values: list[float]) -> list[float]:
    return [round(float(x), 1) for x in np.percentile(values, [50, 95, 99])]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after", nargs="?", default="HEAD")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--file", default=str(ROOT / "scenarios/queries/cabin_commands.jsonl"))
    args = parser.parse_args(argv)
    names = ("before", "after")
    with tempfile.TemporaryDirectory() as tmp:
        trees = {name: _export(commit, Path(tmp) / name)
                 for name, commit in zip(names, (args.before, args.after), strict=True)}
        load = os.getloadavg()
        rounds: dict[str, list[dict[str, list[float]]]] = {k: [] for k in names}
        per_query: dict[str, list[list[float]]] = {}
        calls: dict[str, list[int]] = {}
        for r in range(args.rounds):
            # fresh processes each round, both with the round's hash seed: a process's own
            # set and dict orders move its time by several percent (seen comparing a commit
            # with itself), so that is varied over the rounds and shared by the two sides
            started = names if r % 2 == 0 else names[::-1]
            kids = {k: _child(trees[k], args.file, r) for k in started}
            sizes = {kid.stdout.readline().strip() for kid in kids.values()}  # type: ignore[union-attr]
            if len(sizes) != 1 or not next(iter(sizes)).isdigit():
                for kid in kids.values():
                    kid.kill()
                    kid.wait()
                print("rule_ab: a child could not read the file (its error is above)",
                      file=sys.stderr)
                return 2
            n = int(sizes.pop())
            for k in names:
                per_query.setdefault(k, [[] for _ in range(n)])
            cpu: dict[str, list[float]] = {k: [] for k in names}
            wall: dict[str, list[float]] = {k: [] for k in names}
            for p in range(args.passes):
                order = names if (r * args.passes + p) % 2 == 0 else names[::-1]
                for i in range(n):
                    for k in order:
                        kids[k].stdin.write(f"{i}\n")  # type: ignore[union-attr]
                        kids[k].stdin.flush()  # type: ignore[union-attr]
                        c, w = map(float, kids[k].stdout.readline().split())  # type: ignore[union-attr]
                        cpu[k].append(c)
                        wall[k].append(w)
                        per_query[k][i].append(c)
            if r == args.rounds - 1:  # the untimed count of calls, once per query
                for k in names:
                    calls[k] = [_ask(kids[k], f"calls {i}") for i in range(n)]
            for kid in kids.values():
                kid.stdin.close()  # type: ignore[union-attr]
                kid.wait()
            for k in names:
                rounds[k].append({"cpu": _q(cpu[k]), "wall": _q(wall[k])})
            print(f"round {r + 1}: cpu p50/p95/p99",
                  {k: rounds[k][-1]["cpu"] for k in names}, file=sys.stderr, flush=True)
    out: dict[str, object] = {"before_commit": args.before, "after_commit": args.after,
                              "queries": len(per_query["before"]), "rounds": args.rounds,
                              "passes": args.passes}
    for k in names:
        out[k] = {m: [round(float(np.median([x[m][j] for x in rounds[k]])), 1) for j in range(3)]
                  for m in ("cpu", "wall")}
    out["cpu_ratio_p50_p95_p99"] = [
        round(a / b, 3) for a, b in zip(out["after"]["cpu"], out["before"]["cpu"], strict=True)]  # type: ignore[index]
    medians = {k: np.array([np.median(v) for v in per_query[k]]) for k in names}
    out["per_query_median_cpu"] = {k: _q(list(v)) for k, v in medians.items()}
    out["per_query_ratio_median"] = round(float(np.median(medians["after"] / medians["before"])), 3)
    out["per_round_cpu_p99"] = {k: [x["cpu"][2] for x in rounds[k]] for k in names}
    out["calls"] = {k: [*_q([float(c) for c in calls[k]]), sum(calls[k])] for k in names}
    out["calls_ratio_total"] = round(sum(calls["after"]) / sum(calls["before"]), 4)
    out["calls_changed_queries"] = sum(a != b for a, b in zip(*calls.values(), strict=True))
    out["load_average"] = [round(x, 2) for x in (*load, *os.getloadavg())]
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
