"""The LLM fallback's topics are catalogue data: a function added in a catalogue written here (a
reading light: two intents, a [topics.reading_light] entry with its words) is decided, acted on,
asked about and refused by the fallback's decision with no Python change.

The head's probabilities are given (the decision is pure: :func:`hil.llm.head.head_decision`);
which intents the head can output is its training set's business (:mod:`hil.llm.training`
samples every catalogue intent's templates), measured in BENCHMARKS.md, not here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from twin.assistant.catalogue import ENV, build_catalogue
from twin.errors import InputError

ROOT = Path(__file__).resolve().parents[1]

CATALOGUE = """
templates = "templates"

[intents.reading_light_on]
description = "reading light on"
topic = "reading_light"
direction = "on"
feedback = { en = "Reading light on.", zh-CN = "阅读灯已打开。" }
ask = { en = "Reading light on or off?", zh-CN = "阅读灯要打开还是关闭？" }
confirm = { en = "Do you want me to switch the reading light?", zh-CN = "需要开关阅读灯吗？" }

[intents.reading_light_off]
description = "reading light off"
topic = "reading_light"
direction = "off"
feedback = { en = "Reading light off.", zh-CN = "阅读灯已关闭。" }

[topics.reading_light]
noun = { en = "the reading light", zh-CN = "阅读灯" }
words = { en = '\\breading (?:light|lamp)\\b', zh-CN = '阅读灯' }
subject = { en = 'reading (?:light|lamp)|too dark', zh-CN = '阅读灯|太暗' }
explicit = { en = '\\breading (?:light|lamp)\\b', zh-CN = '阅读灯' }
up = { en = '\\bon\\b|dark', zh-CN = '打开|开|暗|看不清' }
down = { en = '\\boff\\b|bright|glare', zh-CN = '关|刺眼' }
labels = { reading_light_on = "reading light on", reading_light_off = "reading light off" }
"""

PROBE = r"""
import json, sys
import numpy as np
from hil.llm.grounding import TOPICS
from hil.llm.head import head_decision
from hil.llm.prompt import INTENT_LABELS

classes = sorted({i for t in TOPICS.values() for i in t} | {"unknown"})
out = {"topic": list(TOPICS.get("reading_light", ())),
       "labels": [INTENT_LABELS.get("reading_light_on"), INTENT_LABELS.get("reading_light_off")]}
for text, lang, probs in json.loads(sys.argv[1]):
    p = np.full(len(classes), 1e-3)
    for name, value in probs.items():
        p[classes.index(name)] = value
    d = head_decision(classes, p / p.sum(), text, lang)
    out[text] = [d.intent, d.why, d.topic, d.feedback]
print(json.dumps(out, ensure_ascii=False))
"""


EN = """language: en
intents:
  reading_light_on:
    data:
      - sentences:
          - "turn on the reading light"
          - "switch the reading lamp on"
  reading_light_off:
    data:
      - sentences:
          - "turn off the reading light"
"""


def _catalogue(tmp_path: Path, text: str = CATALOGUE) -> Path:
    (tmp_path / "templates").mkdir(exist_ok=True)
    (tmp_path / "templates" / "en.yaml").write_text(EN, encoding="utf-8")
    path = tmp_path / "light.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _decide(tmp_path: Path, cases: list[tuple[str, str, dict[str, float]]]) -> dict[str, list]:
    env = {k: v for k, v in os.environ.items() if k != ENV}
    env.update(PYTHONPATH=str(ROOT), **{ENV: str(_catalogue(tmp_path))})
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(cases)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def test_a_topic_added_in_a_catalogue_is_decided_acted_on_and_asked_about(
        tmp_path: Path) -> None:
    sure_on = {"reading_light_on": 0.8, "unknown": 0.05}
    cases = [
        ("turn on the reading light please", "en", sure_on),
        # the words decide the way, not the head's favourite intent of the topic
        ("switch the reading light off", "en", sure_on),
        ("打开阅读灯", "zh-CN", sure_on),
        # the topic named, no way said: which way, in the catalogue's words
        ("the reading light", "en", {"reading_light_off": 0.5, "reading_light_on": 0.4}),
        # grounded by a feeling, the head unsure (its likeliest intent elsewhere): whether at
        # all, naming the topic
        ("it's too dark back here", "en",
         {"reading_light_on": 0.25, "unknown": 0.2, "climate_fan_up": 0.3}),
        # a refusal leaves it; the head's unknown above the topic: cannot, asking nothing
        ("don't turn the reading light on", "en", sure_on),
        ("my photos look too dark", "en", {"unknown": 0.9, "reading_light_on": 0.05}),
        # nothing of the topic said: cannot, whatever the head thinks
        ("order me a pizza", "en", sure_on),
    ]
    out = _decide(tmp_path, cases)
    assert out["topic"] == ["reading_light_on", "reading_light_off"]
    assert out["labels"] == ["reading light on", "reading light off"]
    assert out["turn on the reading light please"][:3] == ["reading_light_on", "", "reading_light"]
    assert out["turn on the reading light please"][3] == "Reading light on."
    assert out["switch the reading light off"][:2] == ["reading_light_off", ""]
    assert out["打开阅读灯"] == ["reading_light_on", "", "reading_light", "阅读灯已打开。"]
    assert out["the reading light"] == ["unknown", "direction_unclear", "reading_light",
                                        "Reading light on or off?"]
    assert out["it's too dark back here"] == [
        "unknown", "low_confidence", "reading_light", "Do you want me to switch the reading light?"]
    assert out["don't turn the reading light on"][:2] == ["unknown", "negated"]
    assert out["my photos look too dark"][:2] == ["unknown", "out_of_domain"]
    assert out["order me a pizza"][:2] == ["unknown", "not_grounded"]


@pytest.mark.parametrize(("text", "key"), [
    ('[topics.reading_light]\nsubject = { en = "(" }\n', "topics.reading_light.subject.en"),
    ('[topics.reading_light]\nsubject = {}\n', "topics.reading_light.subject"),
    ('[topics.reading_light]\nup = { en = "on" }\n', "topics.reading_light"),
    ('[topics.reading_light]\nlabels = { reading_light_on = "" }\n',
     "topics.reading_light.labels.reading_light_on"),
    ('[topics.reading_light]\nhint = { en = "x" }\n', "topics.reading_light.hint"),
    # an intent listed by a topic must exist, be listed once, and not be the unknown one
    ('[topics.lamp]\nintents = ["no_such_intent"]\n', "topics.lamp.intents"),
    ('[topics.lamp]\nintents = ["unknown"]\n', "topics.lamp.intents"),
    ('[topics.lamp]\nintents = ["media_play"]\n', "topics.lamp.intents"),
    # a label names an intent of its own topic
    ('[topics.reading_light]\nlabels = { media_play = "x" }\n',
     "topics.reading_light.labels.media_play"),
    # a topic nobody names and that lists nothing
    ('[topics.lamp]\nsubject = { en = "lamp" }\n', "topics.lamp"),
])
def test_bad_fallback_topic_keys_are_one_line_errors(tmp_path: Path, text: str, key: str) -> None:
    """Bad values, unknown keys, and topics that name no real intent of their own."""
    path = _catalogue(tmp_path, CATALOGUE.split("[topics.")[0] + text)
    with pytest.raises(InputError) as exc:
        build_catalogue((str(path),))
    assert exc.value.key == key and str(path) in str(exc.value)


def test_a_bad_fallback_topic_key_is_a_one_line_exit_2_from_the_cli(tmp_path: Path) -> None:
    path = _catalogue(tmp_path, CATALOGUE.replace("subject = {", "subjects = {"))
    env = {k: v for k, v in os.environ.items() if k != ENV}
    env.update(PYTHONPATH=str(ROOT), **{ENV: str(path)})
    done = subprocess.run([sys.executable, "-m", "cabin_twin", "nlu", "--intents"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2, done.stderr[-2000:]
    err = done.stderr.strip()
    assert len(err.splitlines()) == 1 and "topics.reading_light.subjects" in err, err


def test_the_heads_training_set_has_the_added_intents_sentences(tmp_path: Path) -> None:
    """The head learns an added intent from its templates, like a shipped one."""
    env = {k: v for k, v in os.environ.items() if k != ENV}
    env.update(PYTHONPATH=str(ROOT), **{ENV: str(_catalogue(tmp_path))})
    code = ("import json; from hil.llm.training import training_examples;"
            "print(json.dumps(sorted({i for t, i in training_examples() if 'reading' in t})))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    assert {"reading_light_off", "reading_light_on"} <= set(json.loads(done.stdout))
