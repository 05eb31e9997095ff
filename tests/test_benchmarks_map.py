"""BENCHMARKS.md's top stays a map a newcomer can use: every link inside the file lands on an
anchor, anchors are unique and listed in its Contents, and "Where things stand" has a row for
every `twin bench` name."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEXT = (ROOT / "BENCHMARKS.md").read_text(encoding="utf-8")
ANCHOR = re.compile(r'<a id="([^"]+)"></a>')


def _section(title: str) -> str:
    start = TEXT.index(f"\n## {title} ")
    return TEXT[start:TEXT.index("\n## ", start + 1)]


def bench_names(folder: Path = ROOT / "benchmarks") -> set[str]:
    """The names `twin bench --list` prints, read from `BENCHMARKS` without importing a file."""
    names: set[str] = set()
    for path in folder.glob("bench_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name) \
                    and node.targets[0].id == "BENCHMARKS" and isinstance(node.value, ast.Dict):
                names.update(k.value for k in node.value.keys if isinstance(k, ast.Constant))
            if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Subscript) \
                    and getattr(node.targets[0].value, "id", "") == "BENCHMARKS":
                names.add(ast.literal_eval(node.targets[0].slice))
    return names


def test_every_link_inside_the_file_lands_on_an_anchor() -> None:
    anchors = set(ANCHOR.findall(TEXT))
    links = set(re.findall(r"\]\(#([^)]+)\)", TEXT))
    assert links, "the top sections link into the file"
    assert sorted(links - anchors) == []


def test_anchors_are_unique() -> None:
    found = ANCHOR.findall(TEXT)
    assert sorted({a for a in found if found.count(a) > 1}) == []


def test_every_anchored_heading_is_listed_in_contents() -> None:
    headed = {m.group(1) for m in re.finditer(r'^#{2,3} .* <a id="([^"]+)"></a>$', TEXT, re.M)}
    top = {"where-things-stand", "machines", "contents"}
    listed = set(re.findall(r"\]\(#([^)]+)\)", _section("Contents")))
    assert sorted(headed - top - listed) == []


def test_where_things_stand_has_a_row_for_every_bench_name() -> None:
    names = bench_names()
    assert {"llm_fallback_p95_ms", "rule_nlu_latency_us", "twin_throughput"} <= names
    section = _section("Where things stand")
    assert sorted(n for n in names if f"`{n}`" not in section) == []


def test_bench_names_reads_both_ways_of_registering(tmp_path: Path) -> None:
    (tmp_path / "bench_a.py").write_text('BENCHMARKS = {"a_one": f, "a_two": g}\n'
                                         'BENCHMARKS["a_three"] = h\n', encoding="utf-8")
    (tmp_path / "other.py").write_text('BENCHMARKS = {"not_a_bench": f}\n', encoding="utf-8")
    assert bench_names(tmp_path) == {"a_one", "a_two", "a_three"}
