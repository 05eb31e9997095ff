"""A labelled line with valid commands beside a part out of range (issue 25 items 3 and 6): the
part is a command marked ``"out_of_range": true``; the line is right only when the others act
and that part acts on nothing (not clamped into a set), and ``--eval`` says so in new keys."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from cabin_twin.cli.main import main
from tests.helpers import write_jsonl
from twin.assistant.queries import load_queries
from twin.assistant.scoring import clamped, mixed_outcome, score
from twin.errors import InputError

MIXED = {"text": "close the window and set the temperature to 40", "lang": "en",
         "intent": "climate_set_temperature", "value": 40, "kind": "out_of_range",
         "commands": [{"intent": "window_close", "value": None},
                      {"intent": "climate_set_temperature", "value": 40, "out_of_range": True}]}
MIXED_ZH = {"text": "温度调到四十度，车窗关上", "lang": "zh-CN",
            "intent": "climate_set_temperature", "value": 40, "kind": "out_of_range",
            "commands": [{"intent": "climate_set_temperature", "value": 40, "out_of_range": True},
                         {"intent": "window_close", "value": None}]}


def _decision(*commands: tuple[str, object, bool], feedback: str = "") -> SimpleNamespace:
    """The fields the scorer reads of a decision: each command (intent, value, actuates)."""
    made = tuple(SimpleNamespace(intent=i, value=v, actuates=a) for i, v, a in commands)
    return SimpleNamespace(commands=made, parts=tuple(SimpleNamespace(command=c) for c in made),
                           feedback=feedback)


def test_a_part_out_of_range_loads_beside_the_others(tmp_path: Path) -> None:
    q, = load_queries(write_jsonl(tmp_path, [MIXED]))
    assert q.commands == (("window_close", None), ("climate_set_temperature", 40))
    assert q.acting_commands == (("window_close", None),)
    assert q.refused_commands == (("climate_set_temperature", 40),)
    assert not q.expects_no_action  # the window should still close


def test_an_old_out_of_range_line_is_read_as_before(tmp_path: Path) -> None:
    old = {k: v for k, v in MIXED.items() if k != "commands"}
    q, = load_queries(write_jsonl(tmp_path, [old]))
    assert q.commands == () and q.out_of_range_parts == () and q.expects_no_action
    assert q.matches_all([("unknown", None)])
    assert not q.matches_all([("window_close", None)])


def test_every_part_out_of_range_expects_nothing(tmp_path: Path) -> None:
    both = {**MIXED, "text": "set the temperature to 40 and the fan to 12",
            "commands": [{"intent": "climate_set_temperature", "value": 40, "out_of_range": True},
                         {"intent": "climate_set_fan", "value": 12, "out_of_range": True}]}
    q, = load_queries(write_jsonl(tmp_path, [both]))
    assert q.expects_no_action and q.acting_commands == ()
    assert q.matches_all([("unknown", None), ("unknown", None)])
    assert not q.matches_all([("unknown", None), ("climate_set_fan", 7)])


@pytest.mark.parametrize(("change", "key"), [
    # the mark must be a boolean
    ({"commands": [{"intent": "window_close", "value": None},
                   {"intent": "climate_set_temperature", "value": 40, "out_of_range": "yes"}]},
     "commands[1].out_of_range"),
    # a number in range is no part out of range
    ({"commands": [{"intent": "window_close", "value": None},
                   {"intent": "climate_set_temperature", "value": 22, "out_of_range": True}]},
     "commands[1].value"),
    # nor a command with no number
    ({"commands": [{"intent": "window_close", "value": None, "out_of_range": True},
                   {"intent": "climate_set_temperature", "value": 40, "out_of_range": True}]},
     "commands[0].value"),
    # an unknown key stays an error
    ({"commands": [{"intent": "window_close", "value": None, "refused": True},
                   {"intent": "climate_set_temperature", "value": 40, "out_of_range": True}]},
     "commands[0]"),
    # a line with a part out of range is kind out_of_range (its number alone says so too)
    ({"kind": "direct"}, "value"),
    ({"kind": "direct", "intent": "window_close", "value": None}, "kind"),
    # its intent/value are the (first) part out of range
    ({"intent": "window_close", "value": None}, "value"),
    ({"intent": "climate_set_fan", "value": 12}, "intent"),
    # kind out_of_range with commands and none marked: as before
    ({"commands": [{"intent": "window_close", "value": None},
                   {"intent": "climate_set_fan", "value": 2}]}, "intent"),
])
def test_a_bad_mark_is_a_one_line_error(tmp_path: Path, change: dict, key: str) -> None:
    with pytest.raises(InputError) as exc:
        load_queries(write_jsonl(tmp_path, [{**MIXED, **change}]))
    assert exc.value.key == key


def test_the_cli_exits_2_naming_file_and_key(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    bad = {**MIXED, "commands": [{"intent": "window_close", "value": None},
                                 {"intent": "climate_set_temperature", "value": 40,
                                  "out_of_range": 1}]}
    path = write_jsonl(tmp_path, [bad])
    assert main(["nlu", "--eval", str(path), "-q"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert f"{path}:1" in err and "commands[1].out_of_range" in err and "true or false" in err


def test_right_only_when_the_valid_part_acts_and_the_other_is_refused(tmp_path: Path) -> None:
    q, = load_queries(write_jsonl(tmp_path, [MIXED]))
    assert q.matches_all([("window_close", None), ("unknown", None)])
    assert q.matches_all([("unknown", None), ("window_close", None)])  # in any order
    assert not q.matches_all([("unknown", None)])  # the window left as it was
    assert not q.matches_all([("window_open", None), ("unknown", None)])
    # clamped into the range: a misread number, however right the window is
    assert not q.matches_all([("window_close", None), ("climate_set_temperature", 30)])


def test_a_clamped_part_counts_as_a_misread_number(tmp_path: Path) -> None:
    q, = load_queries(write_jsonl(tmp_path, [MIXED]))
    refused = _decision(("window_close", None, True), ("unknown", None, False),
                        feedback="Closing the window. I can set the temperature from 16 to 30 °C.")
    assert not clamped(q, refused)  # type: ignore[arg-type]
    assert mixed_outcome(q, refused, True) == {  # type: ignore[arg-type]
        "n": 1, "right": 1, "valid_parts_right": 1, "clamped": 0, "range_said": 1}
    cut = _decision(("window_close", None, True), ("climate_set_temperature", 30, True))
    assert clamped(q, cut)  # type: ignore[arg-type]
    assert mixed_outcome(q, cut, False) == {  # type: ignore[arg-type]
        "n": 1, "right": 0, "valid_parts_right": 1, "clamped": 1, "range_said": 0}
    # a single out-of-range line answered with a step of its topic is clamped too
    single = {k: v for k, v in MIXED.items() if k != "commands"}
    old, = load_queries(write_jsonl(tmp_path, [single]))
    assert clamped(old, _decision(("climate_temperature_up", 5, True)))  # type: ignore[arg-type]
    assert not clamped(old, _decision(("window_close", None, True)))  # type: ignore[arg-type]


def test_eval_reports_the_mixed_lines_in_their_own_keys(tmp_path: Path) -> None:
    one = {"text": "close the window", "lang": "en", "intent": "window_close", "value": None,
           "kind": "direct"}
    report = score(load_queries(write_jsonl(tmp_path, [MIXED, MIXED_ZH, one])))["rules"]
    mixed = report["multi_command"]["mixed_out_of_range"]
    assert mixed == {"n": 2, "right": 2, "valid_parts_right": 2, "clamped": 0, "range_said": 2,
                     "accuracy": 1.0}
    assert report["multi_command"]["n"] == 2 and report["multi_command"]["accuracy"] == 1.0
    assert report["out_of_range_clamped"] == 0 and report["accuracy"] == 1.0
    old = score(load_queries(write_jsonl(tmp_path, [one])))["rules"]
    assert old["multi_command"]["mixed_out_of_range"]["n"] == 0
