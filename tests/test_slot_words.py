"""The fallback's slot words are catalogue data (``[topics.NAME.slots]``): a seat word added in a
catalogue written here is read by the fallback with no Python change, for a shipped topic (the
seat heating) and for a topic added in an extension (seat ventilation); bad slot keys are
one-line errors naming the key."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from twin.assistant import catalogue as catalogue_module
from twin.assistant.catalogue import ENV, build_catalogue
from twin.errors import InputError

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "twin" / "assistant" / "catalogue.toml"

VENT = r"""
templates = "templates"

[intents.seat_vent_driver]
description = "driver seat ventilation level (0 = off)"
value = { low = 0, high = 3, default = 2, off = 0 }
feedback = { en = "Driver seat ventilation at {value}.", zh-CN = "主驾座椅通风{value}档。" }
feedback_off = { en = "Driver seat ventilation off.", zh-CN = "主驾座椅通风已关闭。" }
direction = "set"

[intents.seat_vent_passenger]
description = "passenger seat ventilation level (0 = off)"
value = { low = 0, high = 3, default = 2, off = 0 }
feedback = { en = "Passenger seat ventilation at {value}.", zh-CN = "副驾座椅通风{value}档。" }
feedback_off = { en = "Passenger seat ventilation off.", zh-CN = "副驾座椅通风已关闭。" }
direction = "set"

[topics.seat_vent]
intents = ["seat_vent_driver", "seat_vent_passenger"]
subject = { en = 'vent|ventilat', zh-CN = '通风' }
explicit = { en = 'seat vent', zh-CN = '座椅通风' }

[topics.seat_vent.slots]
zones.seat_vent_passenger = { en = '\bnavigator', zh-CN = '领航员' }
zones.seat_vent_driver = { en = '\bmy seat\b', zh-CN = '我的' }
own = { en = '\bmy seat\b', zh-CN = '我的' }
unsaid = { en = '\bfor the dog\b' }
levels = [{ value = 3, en = '\bgale\b', zh-CN = '最强' }, { value = 0, en = '\boff\b' }]
"""

PROBE = r"""
import json, sys
from hil.llm.slots import read_slots
print(json.dumps([read_slots(t, x, m) for t, x, m in json.loads(sys.argv[1])], ensure_ascii=False))
"""


def _vent(tmp_path: Path, text: str = VENT) -> Path:
    (tmp_path / "templates").mkdir(exist_ok=True)
    path = tmp_path / "vent.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_topic_added_in_a_catalogue_reads_its_own_seat_words(tmp_path: Path) -> None:
    cases = [
        ("seat_vent", "vent the navigator's seat at gale force", "seat_vent_driver"),
        ("seat_vent", "领航员的座椅通风开最强", "seat_vent_driver"),
        ("seat_vent", "seat vent on", "seat_vent_driver"),            # no seat: the first
        ("seat_vent", "seat vent off for the dog", "seat_vent_driver"),  # whose seat? ask
        ("seat_vent", "the navigator's and my seat", "seat_vent_driver"),  # two seats: not one
        # the shipped seat heating does not know the added word: the speaker's seat
        ("seat_heat", "heat the navigator's seat on high", "seat_heat_driver"),
    ]
    env = {k: v for k, v in os.environ.items() if k != ENV}
    env.update(PYTHONPATH=str(ROOT), **{ENV: str(_vent(tmp_path))})
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(cases)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout) == [
        ["seat_vent_passenger", 3], ["seat_vent_passenger", 3], ["seat_vent_driver", 2], None,
        None, ["seat_heat_driver", 3]]


def test_a_seat_word_added_to_the_shipped_catalogue_is_read_with_no_python_change(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The shipped catalogue as written here (one word more among the passenger's seat words):
    the fallback's slots read it."""
    from hil.llm import slots

    text = SHIPPED.read_text(encoding="utf-8")
    old = "zh-CN = '副驾|右前|"
    assert text.count(old) == 1
    (tmp_path / "catalogue.toml").write_text(text.replace(old, "zh-CN = '领航员|副驾|右前|"),
                                             encoding="utf-8")
    (tmp_path / "templates").symlink_to(SHIPPED.parent / "templates")
    monkeypatch.setattr(catalogue_module, "_shipped_dir", lambda: tmp_path)
    monkeypatch.setattr(slots, "SLOTS", slots.slot_words(build_catalogue()))
    assert slots.read_slots("seat_heat", "领航员的座椅加热开到最高", "seat_heat_driver") == (
        "seat_heat_passenger", 3)
    monkeypatch.undo()
    # the catalogue in use has no such word: the speaker's seat
    assert slots.read_slots("seat_heat", "领航员的座椅加热开到最高", "seat_heat_driver") == (
        "seat_heat_driver", 3)


@pytest.mark.parametrize(("change", "key"), [
    ("zones.seat_vent_driver = { en = '(' }", "topics.seat_vent.slots.zones.seat_vent_driver.en"),
    ("zones.media_play = { en = 'x' }", "topics.seat_vent.slots.zones.media_play"),
    ("levels = [{ value = 9, en = 'x' }]", "topics.seat_vent.slots.levels[0].value"),
    ("fractions = [{ value = 1 }]", "topics.seat_vent.slots.fractions[0]"),
    ("counted = true", "topics.seat_vent.slots.counted"),
    ("seats = { en = 'x' }", "topics.seat_vent.slots.seats"),
])
def test_bad_slot_keys_are_one_line_errors(tmp_path: Path, change: str, key: str) -> None:
    text = VENT.split("[topics.seat_vent.slots]")[0] + f"[topics.seat_vent.slots]\n{change}\n"
    path = _vent(tmp_path, text)
    with pytest.raises(InputError) as exc:
        build_catalogue((str(path),))
    assert exc.value.key == key and str(path) in str(exc.value)
    assert len(str(exc.value).splitlines()) == 1


def test_the_shipped_slot_words_are_the_fallbacks() -> None:
    """The seats, the level words and the fractions the fallback reads are the catalogue's."""
    from hil.llm.slots import PASSENGER, SLOTS

    assert [i for i, _ in SLOTS["seat_heat"].zones] == ["seat_heat_passenger",
                                                        "seat_heat_driver"]
    assert PASSENGER.search("my wife's seat") and PASSENGER.search("副驾")
    assert [v for v, _ in SLOTS["window"].fractions] == [75, 25, 67, 33]
    assert [v for v, _ in SLOTS["seat_heat"].levels] == [0, 3, 1, 2]
    fan = SLOTS["climate_fan"]
    assert fan.counted is not None and fan.counted.search("风量调两挡")
    assert fan.stepped.search("风量调大两档")
