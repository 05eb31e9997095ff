"""How people name a function is catalogue data ([topics.NAME]): a function added in a catalogue
written here (seat_vent_driver: entry, topic words, templates) gets its pronoun follow-up, its
bare-number correction, its "too cold" and its self-correction by name through the rules, with no
Python change.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from twin.assistant.catalogue import ENV, active_catalogue, build_catalogue, read_catalogue_file
from twin.assistant.leftover import confirm
from twin.assistant.nlu import shared_nlu
from twin.assistant.phrasing import number_reading, pronoun_reading, topic_words
from twin.assistant.resolver import Turn
from twin.errors import InputError

ROOT = Path(__file__).resolve().parents[1]

CATALOGUE = """
templates = "templates"

[intents.seat_vent_driver]
description = "driver seat ventilation level (0 = off)"
topic = "seat_vent_driver"
direction = "set"
feedback = { en = "Seat ventilation at level {value}.", zh-CN = "主驾座椅通风{value}档。" }
feedback_off = { en = "Seat ventilation off.", zh-CN = "主驾座椅通风已关闭。" }

[intents.seat_vent_driver.value]
low = 0
high = 3
default = 2
off = 0
step = 1
what = { en = "seat ventilation", zh-CN = "座椅通风" }
unit = { en = "", zh-CN = "档" }

[topics.seat_vent_driver]
noun = { en = "my seat ventilation", zh-CN = "主驾座椅通风" }
words = { en = '\\bseat ventilation\\b', zh-CN = '座椅通风' }
set_to = { en = "set my seat ventilation to {value}", zh-CN = "主驾座椅通风调到{value}档" }
units = { en = ["notches"], zh-CN = ["档"] }
thermal = "cools"
"""

EN = """language: en
lists:
  vent_level:
    range: {from: 0, to: 9}
intents:
  seat_vent_driver:
    data:
      - sentences:
          - "turn on my seat ventilation"
      - sentences:
          - "set my seat ventilation to {vent_level:value} [notches]"
      - sentences:
          - "turn my seat ventilation off"
          - "turn off my seat ventilation"
        slots:
          value: 0
  seat_vent_driver_up:
    data:
      - sentences:
          - "turn my seat ventilation up"
  seat_vent_driver_down:
    data:
      - sentences:
          - "turn my seat ventilation down"
"""

ZH = """language: zh-CN
lists:
  vent_level:
    range: {from: 0, to: 9}
intents:
  seat_vent_driver:
    data:
      - sentences:
          - "打开主驾座椅通风"
      - sentences:
          - "主驾座椅通风调到{vent_level:value}档"
  seat_vent_driver_up:
    data:
      - sentences:
          - "主驾座椅通风调大[一点]"
  seat_vent_driver_down:
    data:
      - sentences:
          - "主驾座椅通风调小[一点]"
"""


def _turn(text: str, value: int) -> list[dict[str, object]]:
    return [{"text": text, "intent": "seat_vent_driver", "value": value}]


# (text, lang, history, expected value): every line is a seat_vent_driver command
LINES = [
    ("turn on my seat ventilation", "en", [], 2),
    # pronoun follow-up: "it" is the function the last request moved (topics.*.noun)
    ("turn it up", "en", _turn("turn on my seat ventilation", 2), 3),
    ("turn it off", "en", _turn("set my seat ventilation to 1", 1), 0),
    ("调小一点", "zh-CN", _turn("打开主驾座椅通风", 2), 1),
    # bare-number correction (topics.*.set_to, with the topic's own unit words)
    ("no, 1", "en", _turn("set my seat ventilation to 3", 3), 1),
    ("no, 3 notches", "en", _turn("turn on my seat ventilation", 2), 3),
    ("不对，3档", "zh-CN", _turn("打开主驾座椅通风", 2), 3),
    # "too cold" right after it: less of what cools (topics.*.thermal), not a warmer cabin
    ("that's too cold", "en", _turn("turn on my seat ventilation", 2), 1),
    # a self-correction whose first half names the function by its words (topics.*.words)
    ("set my seat ventilation to 1, sorry, turn it off", "en", [], 0),
]


def _catalogue(tmp_path: Path) -> Path:
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "en.yaml").write_text(EN, encoding="utf-8")
    (tmp_path / "templates" / "zh-CN.yaml").write_text(ZH, encoding="utf-8")
    path = tmp_path / "vent.toml"
    path.write_text(CATALOGUE, encoding="utf-8")
    return path


def _eval(tmp_path: Path, catalogue: Path | None) -> dict[str, object]:
    queries = tmp_path / "queries.jsonl"
    with queries.open("w", encoding="utf-8") as out:
        for text, lang, history, value in LINES:
            line = {"text": text, "lang": lang, "intent": "seat_vent_driver", "value": value,
                    "kind": "followup" if history else "direct"}
            if history:
                line["history"] = history
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
    env = {k: v for k, v in os.environ.items() if k != ENV}
    env["PYTHONPATH"] = str(ROOT)
    if catalogue is not None:
        env[ENV] = str(catalogue)
    done = subprocess.run(
        [sys.executable, "-m", "cabin_twin", "nlu", "-q", "--eval", str(queries)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)
    return {"rc": done.returncode, "out": done.stdout, "err": done.stderr}


def test_a_topic_added_in_a_catalogue_gets_its_follow_ups_with_no_python_change(
        tmp_path: Path) -> None:
    done = _eval(tmp_path, _catalogue(tmp_path))
    assert done["rc"] == 0, str(done["err"])[-2000:]
    report = json.loads(str(done["out"]))
    rules = report["rules"]
    assert rules["per_intent"]["seat_vent_driver"] == {"n": len(LINES), "accuracy": 1.0}, (
        json.dumps(report, ensure_ascii=False)[:3000])
    assert rules["rules_precision"] == 1.0


def test_without_the_topic_entry_the_follow_ups_are_not_read(tmp_path: Path) -> None:
    """The same catalogue without [topics.seat_vent_driver]: the intent and its direct
    sentence still works, none of its follow-ups does ("turn it up" is the volume, "seat
    ventilation" a device the cabin lacks): the test above passes because of the topic entry,
    not because the templates alone match."""
    path = _catalogue(tmp_path)
    path.write_text(CATALOGUE.split("[topics.")[0], encoding="utf-8")
    done = _eval(tmp_path, path)
    assert done["rc"] == 0, str(done["err"])[-2000:]
    accuracy = json.loads(str(done["out"]))["rules"]["per_intent"]["seat_vent_driver"]
    assert accuracy == {"n": len(LINES), "accuracy": round(1 / len(LINES), 4)}  # "turn on ..."


def test_topic_readings_of_the_shipped_catalogue() -> None:
    """The shipped topics as literals: what "it" is, a bare number, the unit that rules one out,
    and which topic a word names first (the volume's "loud" before the temperature's words)."""
    assert pronoun_reading("turn it down", "en", "climate_fan") == "turn the fan down"
    assert pronoun_reading("调小一点", "zh-CN", "media_volume") == "音量调小一点"
    assert pronoun_reading("turn it up", "en", "media_play") is None
    assert number_reading("no, 23", "en", "climate_temperature") == (
        "set the temperature to 23 degrees")
    assert number_reading("不对，3档", "zh-CN", "seat_heat_driver") == "主驾座椅加热调到3档"
    assert number_reading("还是改成20度吧", "zh-CN", "media_volume") is None
    assert number_reading("no, 40", "en", "window") is None
    assert topic_words("it's too loud and hot", "en") == "media_volume"
    assert topic_words("风量大一点", "zh-CN") == "climate_fan"
    assert list(active_catalogue().topics)[:4] == [
        "media_volume", "climate_fan", "window", "climate_temperature"]


def test_which_topic_each_intent_belongs_to() -> None:
    """``topic_of`` (read from a map built once): the first topic that lists the intent, else
    its entry's topic; ``intents_of`` the other way round, in file order; the question the
    rules ask about a topic is its first intent's ``confirm``. Shipped literals, and an
    extension's intent."""
    catalogue = active_catalogue()
    assert catalogue.topic_of("seat_heat_driver") == "seat_heat"  # listed beats its own topic
    assert catalogue.topic_of("media_play") == "media_playback"  # listed, no topic of its own
    assert catalogue.topic_of("climate_fan_up") == "climate_fan"  # its entry's
    assert catalogue.topic_of("unknown") is None and catalogue.topic_of("no_such") is None
    assert catalogue.intents_of("seat_heat") == ("seat_heat_driver", "seat_heat_passenger")
    assert catalogue.intents_of("climate_ac") == ("climate_ac_on", "climate_ac_off")
    assert catalogue.intents_of("seat_heat_driver") == () and catalogue.intents_of("x") == ()
    assert confirm("seat_heat", "en") == "Which seat heating, and how warm?"
    assert confirm("media_playback", "zh-CN") == "需要调节音乐吗？"
    assert confirm("no_such", "en") is None


def test_an_extension_intent_has_its_topic(tmp_path: Path) -> None:
    extended = build_catalogue((str(_catalogue(tmp_path)),))
    assert extended.topic_of("seat_vent_driver") == "seat_vent_driver"
    assert extended.intents_of("seat_vent_driver") == ("seat_vent_driver",)
    assert extended.topic_of("window_open") == "window"


def test_too_hot_after_a_warming_level_steps_it_down() -> None:
    """The seat heaters' topics say they warm: "that's too hot" after one is a step down on it;
    after the cabin temperature it is the cabin that is cooled."""
    nlu = shared_nlu("en")
    heater = nlu.parse("that's too hot", [Turn("seat heater to 3", "seat_heat_passenger", 3)])
    assert (heater.intent, heater.value) == ("seat_heat_passenger", 2)
    cabin = nlu.parse("that's too hot", [Turn("make it 25", "climate_set_temperature", 25)])
    assert cabin.intent == "climate_temperature_down"


@pytest.mark.parametrize(("text", "key"), [
    ("[topics.seat_vent_driver]\nnoun = { en = 'x', zh-CN = 'y' }\ncolour = 1\n",
     "topics.seat_vent_driver.colour"),
    ("[topics.seat_vent_driver]\nwords = { en = '(', zh-CN = 'y' }\n"
     "noun = { en = 'x', zh-CN = 'y' }\n", "topics.seat_vent_driver.words.en"),
    ("[topics.seat_vent_driver]\nwords = { en = 'x', zh-CN = 'y' }\n", "topics.seat_vent_driver"),
    ("[topics.seat_vent_driver]\nset_to = { en = 'set it', zh-CN = '调到{value}' }\n",
     "topics.seat_vent_driver"),
    ("[topics.seat_vent_driver]\nset_to = { en = 'set {it} to {value}', zh-CN = '调到{value}' }\n",
     "topics.seat_vent_driver"),
])
def test_bad_topic_keys_are_one_line_errors(tmp_path: Path, text: str, key: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(CATALOGUE.split("[topics.")[0] + text, encoding="utf-8")
    with pytest.raises(InputError) as exc:
        read_catalogue_file(path)
    assert exc.value.key == key and str(path) in str(exc.value)


def test_a_topic_no_intent_names_or_named_twice_is_refused(tmp_path: Path) -> None:
    path = _catalogue(tmp_path)
    path.write_text(CATALOGUE.replace("[topics.seat_vent_driver]", "[topics.seat_vent]"),
                    encoding="utf-8")
    with pytest.raises(InputError) as exc:
        build_catalogue((str(path),))
    assert exc.value.key == "topics.seat_vent" and str(path) in str(exc.value)
    path.write_text("[intents.x]\ndescription = 'x'\nfeedback = { en = 'x', zh-CN = 'x' }\n"
                    "[topics.window]\nnoun = { en = 'x', zh-CN = 'x' }\n", encoding="utf-8")
    with pytest.raises(InputError) as exc:
        build_catalogue((str(path),))
    assert exc.value.key == "topics.window"


def test_a_bad_topic_is_a_one_line_exit_2_from_the_cli(tmp_path: Path) -> None:
    path = _catalogue(tmp_path)
    path.write_text(CATALOGUE.replace("units = {", "unit_words = {"), encoding="utf-8")
    done = _eval(tmp_path, path)
    assert done["rc"] == 2
    err = str(done["err"]).strip()
    assert len(err.splitlines()) == 1 and "topics.seat_vent_driver.unit_words" in err, err


def test_the_fallback_prompt_builds_with_an_extension_intent(tmp_path: Path) -> None:
    """The fallback's action list names only the intents it was shown (an extension intent has
    no label): it was a KeyError on the first --llm prompt with CABIN_TWIN_INTENTS set."""
    env = {k: v for k, v in os.environ.items() if k != ENV}
    env.update(PYTHONPATH=str(ROOT), **{ENV: str(_catalogue(tmp_path))})
    code = ("from hil.llm.prompt import prefix_text; from twin.assistant.intents import INTENTS;"
            "print('seat_vent_driver' in INTENTS, 'louder' in prefix_text())")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["True", "True"]


def test_the_fallback_questions_are_the_catalogue_sentences() -> None:
    """Pinned as said: which way (an intent's ask), whether at all (its confirm), and leave."""
    from hil.llm.questions import confirm, leave_it, which_way

    assert which_way("climate_temperature", "en") == "Warmer or cooler?"
    assert which_way("media_playback", "zh-CN") == "播放还是暂停音乐？"
    assert which_way("seat_heat", "en") == confirm("seat_heat", "en") == (
        "Which seat heating, and how warm?")
    assert confirm("climate_fan", "zh-CN") == "需要调节风量吗？"
    assert leave_it("en") == "OK, I'll leave it as it is."
