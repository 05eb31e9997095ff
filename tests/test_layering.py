"""The floors: ``twin`` never reaches up (not even by module-name string), the twin-only path
loads no hardware library, and ``twin --help`` imports none either.

The twin-only path is every ``twin`` module plus every module any of them imports, inside a
function too (what a run may load lazily): a superset of what running a scenario loads, without
compiling the numba kernels a run needs (19 s of CPU from a cold cache, which made this test
outlast its 300 s subprocess bound beside two busy processes)."""

from __future__ import annotations

import ast
import functools
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HARDWARE = ("can", "cantools", "serial", "llama_cpp")  # pinned here, not imported from the code
UPPER = ("hil", "devices", "cabin_twin")


def _loaded_after(code: str) -> list[str]:
    probe = (f"import sys\n{code}\n"
             "import json; print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))")
    # the timeout is a hang guard, not a speed bound: the probes take seconds of CPU
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                         text=True, timeout=900, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


@functools.cache
def _imported_by_twin() -> tuple[str, ...]:
    """Every module a ``twin`` file imports by absolute name, at its top or in a function."""
    names: set[str] = set()
    for path in (ROOT / "twin").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module)
    return tuple(sorted(names))


def test_twin_imports_nothing_above_it_not_even_by_name():
    offenders = []
    for path in sorted((ROOT / "twin").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                names = re.findall(r"\b(?:hil|devices|cabin_twin)\.[a-z_]+", node.value)
                names += re.findall(r":mod:`(hil|devices|cabin_twin)\b", node.value)
            offenders += [f"{path.relative_to(ROOT)}: {n}" for n in names
                          if n.split(".")[0] in UPPER]
        offenders += [f"{path.relative_to(ROOT)}: the word 'hil'"
                      for _ in re.finditer(r"\bhil\b", text)]
    assert offenders == []


def test_the_twin_only_path_loads_no_hardware_library():
    lazy = _imported_by_twin()
    assert "numba" in lazy and "matplotlib.pyplot" in lazy  # the scan sees what twin imports
    loaded = _loaded_after(
        "import contextlib, pkgutil, importlib, twin\n"
        "for m in pkgutil.walk_packages(twin.__path__, 'twin.'):\n"
        "    importlib.import_module(m.name)\n"
        f"for name in {lazy!r}:\n"
        "    with contextlib.suppress(ImportError):  # an optional one, not installed\n"
        "        importlib.import_module(name)\n"
        "from twin.scenario import load_scenario\n"
        "load_scenario('smoke')  # parsing a scenario loads the fault-kind plugins\n")
    assert {"twin", "numpy", "numba", "matplotlib"} <= set(loaded)  # the probe did load them
    assert [m for m in HARDWARE if m in loaded] == []
    assert [m for m in UPPER if m in loaded] == []


def test_twin_help_imports_no_hardware_library():
    loaded = _loaded_after(
        "from cabin_twin.cli.main import main\n"
        "import contextlib, io\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
        "    main(['--help'])\n")
    assert "cabin_twin" in loaded  # the probe did build the parser
    assert [m for m in HARDWARE if m in loaded] == []
