"""Intents as data: the catalogue file, an extension catalogue served end to end, and the
listing. The valve's limits themselves are pinned as literals in test_safety_limits.py."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cabin_twin.cli.main import main
from twin.assistant.catalogue import ENV, active_catalogue, build_catalogue, read_catalogue_file
from twin.assistant.commands import make_command
from twin.assistant.feedback import feedback_for
from twin.assistant.intents import INTENTS, schema_of
from twin.errors import InputError

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data" / "catalogue"
EXTENSION = DATA / "seat_ventilation.toml"


def test_intents_are_the_catalogue_entries() -> None:
    catalogue = active_catalogue()
    assert list(INTENTS) == list(catalogue.intents)
    assert list(INTENTS)[-1] == "unknown"
    for name, entry in catalogue.intents.items():
        assert INTENTS[name] == schema_of(name, entry)


def test_extension_adds_an_intent_with_its_range_and_templates() -> None:
    catalogue = build_catalogue((str(EXTENSION),))
    assert "seat_ventilation" in catalogue.intents and "seat_ventilation" not in INTENTS
    schema = schema_of("seat_ventilation", catalogue.intents["seat_ventilation"])
    assert (schema.low, schema.high, schema.default) == (0, 3, 2)
    assert not schema.accepts(4) and schema.accepts(3)
    assert catalogue.template_dirs[-1] == (DATA / "templates").resolve()
    assert list(catalogue.intents)[-1] == "unknown"


def test_an_intent_name_taken_twice_is_refused(tmp_path: Path) -> None:
    clash = tmp_path / "clash.toml"
    (tmp_path / "templates").mkdir()
    clash.write_text('[intents.climate_set_fan]\ndescription = "again"\n'
                     'feedback = { en = "x", zh-CN = "x" }\n', encoding="utf-8")
    with pytest.raises(InputError) as exc:
        build_catalogue((str(clash),))
    assert exc.value.key == "intents.climate_set_fan"


@pytest.mark.parametrize(("text", "key"), [
    ('[intents.a]\ndescription = "a"\nfeedback = { en = "x" }\n', "intents.a.feedback.zh-CN"),
    ('[intents.a]\ndescription = "a"\nfeedback = { en = "x", zh-CN = "y" }\ncolour = 1\n',
     "intents.a.colour"),
    ('[intents.a]\ndescription = "a"\nfeedback = { en = "x", zh-CN = "y" }\n'
     'value = { low = 0, high = 3, default = 9 }\n', "intents.a.value"),
    ('[intents.a]\ndescription = "a"\nfeedback = { en = "x", zh-CN = "y" }\n'
     'value = { low = 0, high = nan, default = 0 }\n', "intents.a.value.high"),
])
def test_bad_catalogue_keys_are_one_line_errors(tmp_path: Path, text: str, key: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as exc:
        read_catalogue_file(path)
    assert exc.value.key == key and str(path) in str(exc.value)


def test_off_is_said_as_off() -> None:
    off = make_command("seat_heat_driver", 0)
    on = make_command("seat_heat_driver", 2)
    assert off is not None and on is not None
    assert feedback_for(off, "zh-CN") == "主驾座椅加热已关闭。"
    assert "0" not in feedback_for(off, "en") and "off" in feedback_for(off, "en")
    assert "2" in feedback_for(on, "zh-CN")


def test_twin_nlu_intents_lists_intents_and_slots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["nlu", "--intents"]) == 0
    out = capsys.readouterr().out
    lines = {line.split()[0]: line for line in out.splitlines() if not line.startswith("#")}
    assert set(lines) == set(INTENTS)
    assert "16..30" in lines["climate_set_temperature"]
    assert "off 0" in lines["seat_heat_driver"]


def _run(tmp_path: Path, env_value: str | None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != ENV}
    env["PYTHONPATH"] = str(ROOT)
    if env_value is not None:
        env[ENV] = env_value
    return subprocess.run(
        [sys.executable, "-m", "cabin_twin", "run", str(DATA / "scenario.toml"), "--rig",
         str(DATA / "rig.toml"), "--out", str(tmp_path)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False)


@pytest.mark.slow
def test_a_new_intent_is_served_end_to_end_on_a_virtual_rig(tmp_path: Path) -> None:
    """seat_ventilation exists only in tests/data/catalogue (catalogue entry and topic,
    templates, rig binding, DBC): the rules understand it, its follow-ups too ("turn it up",
    "no, 1", "调小一点", "不对，3档" after it: queries.jsonl), the valve lets it through, the
    device confirms."""
    done = _run(tmp_path / "with", str(EXTENSION))
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    rows = list(csv.DictReader((tmp_path / "with" / "requests.csv").open(encoding="utf-8")))
    assert len(rows) == 20
    assert {r["intent"] for r in rows} == {"seat_ventilation"}
    assert all(r["path"] == "rule" and r["correct"] == "True" for r in rows)
    said = {r["query"] for r in rows}
    assert said & {"turn it up", "no, 1", "调小一点", "不对，3档"}, said  # follow-ups were drawn
    assert {r["actuation"] for r in rows} == {"status_matches"}
    report = json.loads((tmp_path / "with" / "report.json").read_text(encoding="utf-8"))
    assert report["devices"]["vent"]["ok"] == 20
    # without the extension the rig's binding names an intent the cabin does not have
    refused = _run(tmp_path / "without", None)
    assert refused.returncode == 2 and "seat_ventilation" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
