"""A valid command beside one said out of range (issue 25 item 3): the valid one acts, the other
is refused aloud with its range, each with its own feedback and valve outcome, by the rules and
by the fallback, in English and Chinese; the same words in range, or alone, are not split."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from cabin_twin.cli.main import main
from twin.assistant.feedback import range_feedback
from twin.assistant.nlu import shared_nlu
from twin.assistant.policy import decide
from twin.assistant.resolver import ResolverResult

TEMP, FAN = "climate_set_temperature", "climate_set_fan"
REFUSED = ("unknown", None)
# (lang, text, each command in order, the intents whose range the answer says)
MIXED = [
    # the out-of-range part last, then first
    ("en", "shut the window and put the temperature on 40",
     [("window_close", None), REFUSED], [TEMP]),
    ("en", "set the temperature to 41 and shut the window",
     [REFUSED, ("window_close", None)], [TEMP]),
    # a relative step beyond its range beside a valid command
    ("en", "stop the music and cooler by nine degrees",
     [("media_pause", None), REFUSED], ["climate_temperature_down"]),
    ("en", "hotter by eleven degrees then play some music",
     [REFUSED, ("media_play", None)], ["climate_temperature_up"]),
    ("en", "turn the volume up by thirteen and roll the window down",
     [REFUSED, ("window_open", None)], ["media_volume_up"]),
    # a hundred and more said in words: one number, not two parts joined by "and"
    ("en", "mute the radio and set the window to a hundred and twenty percent",
     [("media_mute", None), REFUSED], ["window_set_position"]),
    ("zh-CN", "把车窗关上，温度调到四十一度", [("window_close", None), REFUSED], [TEMP]),
    ("zh-CN", "温度调高十度，然后把空调打开",
     [REFUSED, ("climate_ac_on", None)], ["climate_temperature_up"]),
    ("zh-CN", "放首歌然后音量调大二十五", [("media_play", None), REFUSED], ["media_volume_up"]),
    ("zh-CN", "下一首，主驾座椅加热开到八档", [("media_next", None), REFUSED],
     ["seat_heat_driver"]),
]
# every part out of range: nothing acts, every range said
BOTH = [
    ("en", "put the fan on 11 and set the temperature to 45", [FAN, TEMP]),
    ("en", "warmer by ten degrees and louder by fifteen",
     ["climate_temperature_up", "media_volume_up"]),
    ("zh-CN", "温度调到四十五度，风量调到十一档", [TEMP, FAN]),
]
# near misses: in range (both act), or one part alone (no split)
NEAR = [
    ("en", "shut the window and put the temperature on 24",
     [("window_close", None), (TEMP, 24)]),
    ("en", "cooler by two degrees", [("climate_temperature_down", 2)]),
    ("en", "set the window to a hundred percent", [("window_set_position", 100)]),
    ("en", "put the temperature on 40", [REFUSED]),
    ("zh-CN", "把车窗关上，温度调到二十四度", [("window_close", None), (TEMP, 24)]),
    ("zh-CN", "温度调到四十一度", [REFUSED]),
]


def _rules(lang: str, text: str) -> object:
    return decide(text, (), lang, shared_nlu(lang).parse(text), None)


@pytest.mark.parametrize(("lang", "text", "want", "ranges"), MIXED)
def test_the_valid_part_acts_and_the_other_says_its_range(
        lang: str, text: str, want: list, ranges: list) -> None:
    d = _rules(lang, text)
    assert d.path == "rule"  # type: ignore[attr-defined]
    assert [(c.intent, c.value) for c in d.commands] == want  # type: ignore[attr-defined]
    parts = d.parts  # type: ignore[attr-defined]
    refused = [p for p in parts if not p.command.actuates]
    assert [p.valve_reason for p in refused] == ["out_of_range"] * len(ranges)
    for part, intent in zip(refused, ranges, strict=True):
        assert part.feedback == range_feedback(intent, lang)  # its own feedback: the range
        assert part.feedback in d.feedback  # type: ignore[attr-defined]
    for part in parts:
        if part.command.actuates:
            assert part.valve_reason is None and part.feedback in d.feedback  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lang", "text", "ranges"), BOTH)
def test_every_part_out_of_range_acts_on_nothing_and_says_each_range(
        lang: str, text: str, ranges: list) -> None:
    d = _rules(lang, text)
    assert not any(c.actuates for c in d.commands)  # type: ignore[attr-defined]
    assert [p.valve_reason for p in d.parts] == ["out_of_range"] * len(ranges)  # type: ignore[attr-defined]
    for intent in ranges:
        assert range_feedback(intent, lang) in d.feedback  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lang", "text", "want"), NEAR)
def test_near_misses_keep_their_reading(lang: str, text: str, want: list) -> None:
    d = _rules(lang, text)
    assert [(c.intent, c.value) for c in d.commands] == want  # type: ignore[attr-defined]


def _answer(*commands: tuple[str, object, str]) -> ResolverResult:
    listed = [{"intent": i, "value": v, "feedback": f} for i, v, f in commands]
    return ResolverResult(json.dumps({**listed[0], "commands": listed}, ensure_ascii=False), 5.0)


@pytest.mark.parametrize(("lang", "first"), [("en", True), ("en", False), ("zh-CN", True),
                                             ("zh-CN", False)])
def test_the_fallback_refuses_a_number_out_of_range_aloud_beside_the_others(
        lang: str, first: bool) -> None:
    unsure = shared_nlu(lang).parse("zzz qqq")
    close, hot = ("window_close", None, "OK."), (TEMP, 40, "40.")
    d = decide("zzz qqq", (), lang, unsure, _answer(*((hot, close) if first else (close, hot))))
    assert d.path == "llm"
    acting = [(c.intent, c.value) for c in d.commands if c.actuates]
    assert acting == [("window_close", None)]
    refused = [p for p in d.parts if not p.command.actuates]
    assert [p.valve_reason for p in refused] == ["bad_value"]  # the valve's own reason
    said = range_feedback(TEMP, lang)
    assert refused[0].feedback == said and said in d.feedback and "OK." in d.feedback


def test_the_fallback_with_every_number_out_of_range_says_each_range() -> None:
    unsure = shared_nlu("en").parse("zzz qqq")
    d = decide("zzz qqq", (), "en", unsure, _answer((FAN, 12, "12."), (TEMP, 40, "40.")))
    assert d.path == "valve" and not d.command.actuates
    assert d.feedback == " ".join((range_feedback(FAN, "en"), range_feedback(TEMP, "en")))
    one = ResolverResult(json.dumps({"intent": TEMP, "value": 40, "feedback": "40."}), 5.0)
    alone = decide("zzz qqq", (), "en", unsure, one)
    assert alone.path == "valve" and alone.feedback == range_feedback(TEMP, "en")
    # a value of the wrong type is no range to say
    odd = ResolverResult(json.dumps({"intent": TEMP, "value": "hot", "feedback": "x"}), 5.0)
    assert decide("zzz qqq", (), "en", unsure, odd).feedback != range_feedback(TEMP, "en")


def test_a_run_counts_the_mixed_line_right_and_shows_each_outcome(tmp_path: Path) -> None:
    mixed = {"text": "shut the window and put the temperature on 40", "lang": "en",
             "intent": TEMP, "value": 40, "kind": "out_of_range",
             "commands": [{"intent": "window_close", "value": None},
                          {"intent": TEMP, "value": 40, "out_of_range": True}]}
    queries = tmp_path / "q.jsonl"
    queries.write_text(json.dumps(mixed) + "\n", encoding="utf-8")
    scenario = tmp_path / "s.toml"
    scenario.write_text(
        'name = "mixed"\ndescription = "d"\nseed = 3\nrequests = 10\n'
        '[workload]\nkind = "poisson"\nrate_per_s = 20\n[stages]\nprofile = "ideal"\n'
        f'[assistant]\nqueries = "{queries}"\n', encoding="utf-8")
    main(["run", str(scenario), "--out", str(tmp_path / "out")])
    rows = list(csv.DictReader((tmp_path / "out" / "requests.csv").open()))
    assert rows and {r["correct"] for r in rows} == {"True"}
    assert {r["command_valve"] for r in rows} == {"ok;out_of_range"}
    assert {r["command_list"] for r in rows} == {"window_close=;unknown="}
    report = json.loads((tmp_path / "out" / "report.json").read_text())
    assert report["multi_command"]["correct"] == 1.0
