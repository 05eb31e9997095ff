"""Where the shipped data folders live (scenarios/, rigs/, benchmarks/)."""

from __future__ import annotations

from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
SCENARIOS_DIR = PROJECT_ROOT / "scenarios"
RIGS_DIR = PROJECT_ROOT / "rigs"
BENCHMARKS_DIR = PROJECT_ROOT / "benchmarks"
QUERIES_DIR = SCENARIOS_DIR / "queries"


def resolve_named(name_or_path: str, folder: Path, suffix: str = ".toml") -> Path:
    """A path as given if it exists, else ``folder/NAME.suffix`` (so ``smoke`` finds the file)."""
    given = Path(name_or_path)
    if given.exists():
        return given
    shipped = folder / (name_or_path if name_or_path.endswith(suffix) else name_or_path + suffix)
    return shipped if shipped.exists() else given
