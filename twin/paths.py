"""Where the shipped data folders live (scenarios/, rigs/, benchmarks/).

In a checkout (or an editable install) they are the folders at the top of the repository. A
wheel or a plain ``pip install .`` installs them as the data package ``cabin_twin_data``
(``cabin_twin_data/scenarios`` and so on; see setup.py), found here without importing anything.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DATA_PACKAGE = "cabin_twin_data"


def shipped_dir(name: str, root: Path = PROJECT_ROOT) -> Path:
    """The folder ``name`` in the checkout at ``root``, else in the installed data package."""
    if (root / "pyproject.toml").is_file() and (root / name).is_dir():
        return root / name
    spec = importlib.util.find_spec(DATA_PACKAGE)
    for location in (spec.submodule_search_locations or []) if spec else []:
        if (Path(location) / name).is_dir():
            return Path(location) / name
    return root / name  # not found: names then fail with the usual one-line error


SCENARIOS_DIR = shipped_dir("scenarios")
RIGS_DIR = shipped_dir("rigs")
BENCHMARKS_DIR = shipped_dir("benchmarks")
QUERIES_DIR = SCENARIOS_DIR / "queries"


def resolve_named(name_or_path: str, folder: Path, suffix: str = ".toml") -> Path:
    """A path as given if it exists, else ``folder/NAME.suffix`` (so ``smoke`` finds the file)."""
    given = Path(name_or_path)
    if given.exists():
        return given
    shipped = folder / (name_or_path if name_or_path.endswith(suffix) else name_or_path + suffix)
    return shipped if shipped.exists() else given
