"""The SLURP converter's labels and halves (made-up records: the corpus is not in the repo)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import load_tool

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def slurp():
    return load_tool("slurp_to_eval")


@pytest.mark.parametrize(("intent", "sentence", "expected"), [
    ("audio_volume_up", "make it louder", "media_volume_up"),
    ("audio_volume_mute", "silence please", "media_mute"),
    ("play_music", "put on some jazz", "media_play"),
    ("iot_hue_lightoff", "lights off", "ood"),
    ("alarm_set", "wake me at six", "ood"),
    ("play_radio", "play the radio", None),  # could be right or wrong: left out
    ("music_query", "what song is this", None),
    ("transport_taxi", "get me a cab", None),
    ("audio_volume_up", "volume to seven", None),  # a number: could be a set-volume
    ("audio_volume_up", "turn the volume to the loudest setting", None),  # a range end
    ("music", "put on a song by someone", None),  # a scenario without an action: a slip
    ("query", "what is it", None),
])
def test_labels(slurp, intent, sentence, expected):
    assert slurp.label({"intent": intent, "sentence": sentence}) == expected


def test_halves_split_by_id_and_keep_format(slurp):
    records = [json.dumps({"slurp_id": i, "intent": "alarm_set", "sentence": f"alarm {i}"})
               for i in range(40)]
    dev, held = slurp.convert(records, "dev"), slurp.convert(records, "held")
    assert len(dev) + len(held) == 40 and dev and held
    assert not {r["text"] for r in dev} & {r["text"] for r in held}
    assert dev[0] == {"text": dev[0]["text"], "lang": "en", "intent": "ood", "value": None,
                      "kind": "out_of_domain", "weight": 1.0}


def test_the_id_file_is_the_test_splits(slurp):
    ids = slurp.acceptance_ids()
    assert len(ids) == 2974  # SLURP's test split: 2,974 records (ids only in the repository)
    bad = slurp.TEST_IDS_FILE.read_text(encoding="ascii").replace(",3,", ",4,", 1)
    other = slurp.TEST_IDS_FILE.parent / "edited_ids.txt"
    try:
        other.write_text(bad, encoding="ascii")
        with pytest.raises(ValueError, match="do not hash"):
            slurp.acceptance_ids(other)
    finally:
        other.unlink()


def test_refuses_test_records_whatever_the_file_is_called(slurp, tmp_path, capsys):
    test_id = min(slurp.acceptance_ids())
    free_id = next(i for i in range(100) if i not in slurp.acceptance_ids())
    made_up = [{"slurp_id": free_id, "intent": "alarm_set", "sentence": "wake me at six"},
               {"slurp_id": test_id, "intent": "alarm_set", "sentence": "wake me at seven"}]
    disguised = tmp_path / "devel.jsonl"
    disguised.write_text("".join(json.dumps(r) + "\n" for r in made_up), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    for half in ("dev", "held", "all"):
        assert slurp.main([str(disguised), "--half", half, "-o", str(out)]) == 2
        assert "1 records of SLURP's test split" in capsys.readouterr().err
    assert not out.exists()
    disguised.write_text(json.dumps(made_up[0]) + "\n", encoding="utf-8")
    assert slurp.main([str(disguised), "--half", "all", "-o", str(out)]) == 0
    assert [json.loads(line)["text"] for line in out.read_text().splitlines()] == [
        "wake me at six"]
