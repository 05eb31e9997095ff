"""``python -m cabin_twin.reference [--check]``: write CONFIG.md, docs/REPORT.md and
docs/report.schema.json from the typed models.

:data:`SECTIONS` lists the ``(title, model)`` pairs; a new configuration file format adds its
top-level model here. The report's pages come from :class:`twin.report_model.Report`.
``--check`` exits 1 when a committed file is out of date.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from twin.config.distributions import DistSpec
from twin.config.dut import AssistantDut
from twin.config.intents import CatalogueFile
from twin.config.reference import render
from twin.config.scenario import ScenarioFile
from twin.report_model import Report, json_schema


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
         "binding also against its DBC (see README, \"Your vehicle's DBC\"). The intent catalogue "
         "(`twin/assistant/catalogue.toml`, plus extension files named by the "
         "`CABIN_TWIN_INTENTS` environment variable) is checked the same way.")
SECTIONS: list[tuple[str, Any]] = [
    ("Scenario file", ScenarioFile),
    ("Distribution tables", DistSpec),
    ("Device under test (`[assistant] backend` and `route`)", AssistantDut),
    ("Rig file", _rig_model()),
    ("Intent catalogue", CatalogueFile),
]


REPORT_PATH = PATH.parent / "docs" / "REPORT.md"
SCHEMA_PATH = PATH.parent / "docs" / "report.schema.json"
REPORT_INTRO = ("Generated from `twin/report_model.py` by `python -m cabin_twin.reference`; do "
                "not edit by hand (a test fails when it is out of date). The JSON Schema is "
                "[report.schema.json](report.schema.json).\n\n"
                "Every run writes `report.json` through this model: a report that does not "
                "match it is an error in the writer, never written. Keys are extended, never "
                "renamed: every table accepts keys beyond those listed (a later section adds "
                "them), while the listed ones are typed strictly (no coercion; numbers finite, "
                "or null where there is no such value). \"required\" keys are in every "
                "report; the others appear when the part they describe took part in the run.")


def text() -> str:
    return render(SECTIONS, INTRO)


def report_text() -> str:
    return render([("report.json", Report)], REPORT_INTRO, heading="Report reference")


def schema_text() -> str:
    return json.dumps(json_schema(), indent=2, sort_keys=True) + "\n"


def generated() -> dict[Path, str]:
    """Every generated file and what it should hold."""
    return {PATH: text(), REPORT_PATH: report_text(), SCHEMA_PATH: schema_text()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cabin_twin.reference",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="exit 1 if a generated file is stale")
    args = parser.parse_args(argv)
    stale = 0
    for path, content in generated().items():
        current = path.read_text(encoding="utf-8") if path.exists() else ""
        if args.check:
            if current != content:
                print(f"{path.name} is out of date: run python -m cabin_twin.reference",
                      file=sys.stderr)
                stale = 1
            continue
        path.write_text(content, encoding="utf-8")
        print(f"wrote {path}", file=sys.stderr)
    return stale


if __name__ == "__main__":
    sys.exit(main())
