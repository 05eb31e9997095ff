"""``python -m cabin_twin.reference [--check]``: write CONFIG.md from the typed models.

:data:`SECTIONS` lists the ``(title, model)`` pairs; a new configuration file format adds its
top-level model here. ``--check`` exits 1 when the committed file is out of date.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from twin.config.distributions import DistSpec
from twin.config.dut import AssistantDut
from twin.config.reference import render
from twin.config.scenario import ScenarioFile


def _rig_model() -> Any:
    from hil.rig_file import RigModel  # the rig file lives on the hil floor

    return RigModel

PATH = Path(__file__).resolve().parents[1] / "CONFIG.md"
INTRO = ("Generated from the typed models by `python -m cabin_twin.reference`; do not edit by "
         "hand (a test fails when it is out of date).\n\n"
         "Every key of a scenario file (`scenarios/*.toml`, `twin run FILE`). Unknown keys are "
         "errors at every level; numbers must be finite and inside the range shown; a bad value "
         "is one line naming the file, the dotted key and what was expected (exit 2). Tables "
         "chosen by a key (`kind`, `dist`, `protocol`) list each choice's keys. Distribution "
         "tables are used by `[stages.<stage>]`, `assistant.rule_ms`, `network.hold` and RTT "
         "`jitter`. A rig file (`rigs/*.toml`, `--rig FILE`) is checked the same way, and every "
         "binding also against its DBC (see README, \"Your vehicle's DBC\").")
SECTIONS: list[tuple[str, Any]] = [
    ("Scenario file", ScenarioFile),
    ("Distribution tables", DistSpec),
    ("Device under test (`[assistant] backend` and `route`)", AssistantDut),
    ("Rig file", _rig_model()),
]


def text() -> str:
    return render(SECTIONS, INTRO)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cabin_twin.reference",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if CONFIG.md is stale")
    args = parser.parse_args(argv)
    current = PATH.read_text(encoding="utf-8") if PATH.exists() else ""
    if args.check:
        if current != text():
            print(f"{PATH.name} is out of date: run python -m cabin_twin.reference",
                  file=sys.stderr)
            return 1
        return 0
    PATH.write_text(text(), encoding="utf-8")
    print(f"wrote {PATH}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
