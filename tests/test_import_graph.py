"""No import circles in the source tree, counting every import: module level, deferred inside a
function, under ``TYPE_CHECKING``, and a package ``__init__``'s re-exports.

An edge ``A -> M`` is drawn for every module ``M`` that ``A`` names: ``import M``,
``from M import x`` (and ``M.x`` too when ``x`` is a submodule), relative forms resolved.
``from P import x`` always counts ``P``: the name is read from the package's namespace, so its
``__init__`` is part of the import (this is how a submodule importing back from its package's
``__init__`` shows up). The implicit import of a parent package by ``import P.M`` is not drawn:
every submodule would otherwise loop through a re-exporting ``__init__``.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("latency_models", "twin", "hil", "devices", "cabin_twin")  # pinned, as in setup.py


def modules(root: Path, packages: tuple[str, ...]) -> dict[str, tuple[Path, bool]]:
    """``{dotted name: (file, is a package)}`` for every ``.py`` file under ``packages``."""
    found = {}
    for top in packages:
        for path in sorted((root / top).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            is_package = parts[-1] == "__init__"
            found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


def import_graph(root: Path, packages: tuple[str, ...]) -> dict[str, set[str]]:
    """Every module's imports of other modules in the tree (see the module doc)."""
    mods = modules(root, packages)
    graph: dict[str, set[str]] = {}
    for name, (path, is_package) in mods.items():
        here = name if is_package else name.rpartition(".")[0]
        out: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                out.update(a.name for a in node.names if a.name in mods)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here.split(".")[: len(here.split(".")) - node.level + 1]
                    target = ".".join([*base, *([node.module] if node.module else [])])
                else:
                    target = node.module or ""
                if target in mods:
                    out.add(target)
                out.update(f"{target}.{a.name}" for a in node.names
                           if f"{target}.{a.name}" in mods)
        out.discard(name)
        graph[name] = out
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def _describe(graph: dict[str, set[str]], component: list[str]) -> str:
    members = set(component)
    return "; ".join(f"{m} -> {', '.join(sorted(graph[m] & members))}" for m in component)


def test_the_source_tree_has_no_import_circle() -> None:
    graph = import_graph(ROOT, PACKAGES)
    assert len(graph) > 100 and graph["hil.binding"]  # the walk did read the tree
    assert [_describe(graph, c) for c in circles(graph)] == []


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")


def test_a_planted_deferred_circle_is_found(tmp_path: Path) -> None:
    _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": "from pkg.b import B\n",
        "pkg/b.py": "B = 1\ndef later():\n    from pkg import c\n",
        "pkg/c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import A\n",
        "pkg/d.py": "import pkg.a\n",  # into the circle, not part of it
    })
    graph = import_graph(tmp_path, ("pkg",))
    assert graph["pkg.b"] == {"pkg", "pkg.c"}
    assert circles(graph) == [["pkg.a", "pkg.b", "pkg.c"]]


def test_a_submodule_importing_from_its_package_init_is_a_circle(tmp_path: Path) -> None:
    _write(tmp_path, {
        "pkg/__init__.py": "def make():\n    from pkg.engine import Engine\n",
        "pkg/engine.py": "from pkg import guard\n",
        "pkg/guard.py": "",
    })
    assert circles(import_graph(tmp_path, ("pkg",))) == [["pkg", "pkg.engine"]]
    _write(tmp_path, {"pkg/engine.py": "from pkg.guard import x\n"})
    assert circles(import_graph(tmp_path, ("pkg",))) == []


def test_relative_imports_resolve_against_their_package(tmp_path: Path) -> None:
    _write(tmp_path, {
        "pkg/__init__.py": "from .sub import thing\n",
        "pkg/sub/__init__.py": "from . import leaf\nfrom ..top import T\n",
        "pkg/sub/leaf.py": "from .. import top\n",
        "pkg/top.py": "",
    })
    graph = import_graph(tmp_path, ("pkg",))
    assert graph["pkg"] == {"pkg.sub"}
    assert graph["pkg.sub"] == {"pkg.sub.leaf", "pkg.top"}
    assert graph["pkg.sub.leaf"] == {"pkg", "pkg.top"}
    assert circles(graph) == [["pkg", "pkg.sub", "pkg.sub.leaf"]]
