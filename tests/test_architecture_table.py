"""ARCHITECTURE.md's "Where to add X" table stays true: every file it names exists, and every
name it says is in a file is in that file."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SUBJECTS = ("a stage backend", "a DUT adapter", "a fault kind", "a device binding",
            "a report field", "an intent", "a CLI command")  # pinned: the list
PATH_LIKE = re.compile(r"`([\w./*-]+(?:/|\.(?:py|yaml|toml|md|json|dbc)))`")
NAME_IN_FILE = re.compile(r"`@?([A-Za-z_]\w*)(?:\([^`]*\))?` in `([\w./-]+)`")


def table_rows(text: str) -> dict[str, str]:
    section = text.split("## Where to add X", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if (line.startswith("|") and len(cells) == 3 and cells[0] != "to add"
                and not set(cells[0]) <= {"-"}):
            rows[cells[0]] = line
    return rows


def problems(root: Path, text: str) -> list[str]:
    found = []
    for subject, row in table_rows(text).items():
        for path in PATH_LIKE.findall(row):
            exists = any(root.glob(path)) if "*" in path else (root / path).exists()
            if not exists:
                found.append(f"{subject}: no {path}")
        for name, path in NAME_IN_FILE.findall(row):
            file = root / path
            if file.is_file() and not re.search(rf"\b{name}\b", file.read_text("utf-8")):
                found.append(f"{subject}: {name} is not in {path}")
    return found


def test_the_table_names_every_subject() -> None:
    rows = table_rows((ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8"))
    assert set(SUBJECTS) <= set(rows)


def test_every_file_and_name_in_the_table_exists() -> None:
    assert problems(ROOT, (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")) == []


def test_a_missing_file_or_name_is_reported(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "reg.py").write_text("TABLE = {}\n", encoding="utf-8")
    text = ("## Where to add X\n\n| to add | write | registered by |\n|---|---|---|\n"
            "| a thing | a module in `pkg/` and `pkg/gone.py` | `TABLE` in `pkg/reg.py`, "
            "`OTHER` in `pkg/reg.py` |\n\n## Next\n")
    assert problems(tmp_path, text) == ["a thing: no pkg/gone.py",
                                        "a thing: OTHER is not in pkg/reg.py"]
