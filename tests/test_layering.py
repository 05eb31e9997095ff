"""The floors: ``twin`` never reaches up (not even by module-name string), the twin-only path
loads no hardware library, and ``twin --help`` imports none either."""

from __future__ import annotations

import ast
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
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                         text=True, timeout=300, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


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
    loaded = _loaded_after(
        "import pkgutil, importlib, twin\n"
        "for m in pkgutil.walk_packages(twin.__path__, 'twin.'):\n"
        "    importlib.import_module(m.name)\n"
        "from twin.scenario import load_scenario\n"
        "from twin.runner import run_scenario\n"
        "run_scenario(load_scenario('smoke'), requests=50)\n")
    assert "twin" in loaded and "numpy" in loaded  # the probe did run the twin
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
