"""The tenth session's head: the blind sets it trains on, and acting on a complaint the words
read completely when the head agrees (``THRESHOLDS["read"]``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hil.llm import training
from hil.llm.head import THRESHOLDS
from hil.llm.slots import read_slots
from hil.llm.training import BLIND_HOLDOUTS, DEV_FILES, file_examples
from tests.helpers import head_answer as _answer
from twin.paths import QUERIES_DIR


def test_the_read_threshold_is_pinned() -> None:
    assert THRESHOLDS["read"] == 0.2


def test_the_blind_sets_are_the_ones_never_read() -> None:
    assert BLIND_HOLDOUTS == ("holdout2", "holdout3", "holdout4", "holdout5", "holdout30",
                              "gate1")
    trained = {p.parent.name for p in DEV_FILES}
    assert {"holdout6", "holdout7", "holdout8", "holdout9", "holdout10", "holdout11",
            "holdout12", "holdout13", "holdout14", "holdout15", "holdout16",
            "holdout17", "holdout18", "holdout19", "holdout20",
            "holdout21", "holdout22", "holdout23", "holdout24", "holdout25", "holdout26",
            "holdout27", "holdout28", "holdout29"} <= trained
    assert not trained & set(BLIND_HOLDOUTS)


@pytest.mark.parametrize(("text", "lang", "given", "expected"), [
    # unknown outweighs the topic, but the words name one topic and read it, the head agrees
    ("车里冷得跟冰窖一样", "zh-CN",
     {"unknown": 0.6, "climate_temperature_up": 0.3}, ("climate_temperature_up", 1)),
    ("it's like a sauna in this car", "en",
     {"unknown": 0.55, "climate_temperature_down": 0.3}, ("climate_temperature_down", 1)),
])
def test_a_complaint_the_words_read_acts_when_the_head_agrees(
    text: str, lang: str, given: dict[str, float], expected: tuple[str, int]
) -> None:
    d = _answer(text, lang, **given)
    assert (d.intent, d.value) == expected, d


@pytest.mark.parametrize(("text", "lang", "given"), [
    # the head's likeliest intent is of another topic: no act on the words alone
    # (unknown 0.55: under hil.llm.head.CABIN, where the words alone act since the 25th session)
    ("车里冷得跟冰窖一样", "zh-CN", {"unknown": 0.55, "seat_heat_driver": 0.3,
                                 "climate_temperature_up": 0.05}),
    # too little against unknown
    ("it's like a sauna in this car", "en", {"unknown": 0.9, "climate_temperature_down": 0.05}),
])
def test_a_complaint_is_not_acted_on_when_the_head_does_not_agree(
    text: str, lang: str, given: dict[str, float]
) -> None:
    assert _answer(text, lang, **given).intent == "unknown"


@pytest.mark.parametrize("text", [
    # a misread number once turned the volume to 1 (a dev line, pinned by variants)
    "could you turn the music down a touch, the little one's asleep",
    "music down please, the wee one is sleeping",
    "turn it down a bit, this one is too loud",
    "turn the volume down, one of the kids is napping",
])
def test_one_as_a_pronoun_is_no_number(text: str) -> None:
    assert read_slots("media_volume", text, "media_volume_down") == ("media_volume_down", 2)


@pytest.mark.parametrize(("text", "expected"), [
    ("set the volume to one", ("media_volume_set", 1)),
    ("turn the volume down by one", ("media_volume_down", 1)),
])
def test_one_as_a_number_still_is(text: str, expected: tuple[str, int]) -> None:
    assert read_slots("media_volume", text, "media_volume_down") == expected


def test_a_line_of_several_commands_trains_each_part_with_its_command(tmp_path: Path) -> None:
    lines = [
        {"text": "close the window and turn the volume up a bit", "lang": "en",
         "intent": "window_close",
         "value": None, "kind": "direct",
         "commands": [{"intent": "window_close", "value": None},
                      {"intent": "media_volume_up", "value": "any"}]},
        # parts that do not name their commands' topics: the line trains nothing
        {"text": "turn the fan off and mute the radio", "lang": "en", "intent": "media_mute",
         "value": None, "kind": "direct",
         "commands": [{"intent": "media_mute", "value": None},
                      {"intent": "climate_set_fan", "value": 0}]},
        {"text": "open the sunroof", "lang": "en", "intent": "ood", "value": None,
         "kind": "out_of_domain"},
    ]
    f = tmp_path / "set.jsonl"
    f.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), "utf-8")
    got = file_examples(f)
    assert [(t, i) for _, t, i in got] == [
        ("close the window", "window_close"), ("turn the volume up a bit", "media_volume_up"),
        ("open the sunroof", "unknown")]
    assert got[0][0] == lines[0]["text"]


def test_a_blind_set_not_on_the_branch_leaves_nothing_out(monkeypatch: pytest.MonkeyPatch) -> None:
    # the next blind set is written while the head is worked on: its absence is no error
    monkeypatch.setattr(training, "BLIND_HOLDOUTS", ("holdout-not-written-yet",))
    assert training._blind_lines() == set()


def test_the_dev_files_exist() -> None:
    for path in DEV_FILES:
        assert path.is_file(), path
    assert QUERIES_DIR / "holdout17" / "natural.jsonl" in DEV_FILES


@pytest.mark.parametrize(("text", "topic"), [
    # topic words the sets written blind used and the catalogue lacked (variants, not the lines)
    ("the air's blowing straight at my face", "climate_fan"),
    ("there's hardly any air coming out of the vents", "climate_fan"),
    ("挡风玻璃上全是白汽", "climate_defrost"),
    ("前挡糊了，瞅不清路", "climate_defrost"),
    ("俺想回屋了", "navigate_home"),
    ("take me back to my flat", "navigate_home"),
    ("I can hardly make out the lyrics", "media_volume"),
    ("the rain's getting in on my side", "window"),
])
def test_topic_words_ground_what_people_say(text: str, topic: str) -> None:
    from hil.llm.direction import normalised
    from hil.llm.grounding import lacking, named_topics, narrowed

    lowered = normalised(text)
    assert narrowed(named_topics(lowered), lowered) == {topic} and not lacking(lowered)


@pytest.mark.parametrize("text", [
    "close the vents on my side", "point the vents at the windscreen",  # vents the cabin lacks
    "drive to the best place for pizza",  # a place is not home
    "I can't make out the road signs",  # not the music
])
def test_near_words_still_name_no_topic(text: str) -> None:
    from hil.llm.direction import normalised
    from hil.llm.grounding import lacking, named_topics, narrowed

    lowered = normalised(text)
    assert lacking(lowered) or not narrowed(named_topics(lowered), lowered)


@pytest.mark.parametrize(("text", "lang", "given"), [
    # wrong actions of the read path's first versions on development lines, pinned as variants:
    # a seat's heating said as "her heating" beside "too hot" once lowered the temperature
    ("副驾那边说太热了，把她的加热关掉吧", "zh-CN",
     {"seat_heat_passenger": 0.5, "climate_temperature_down": 0.15, "unknown": 0.2}),
    ("she says it's too hot, switch her heating off", "en",
     {"seat_heat_passenger": 0.5, "climate_temperature_down": 0.15, "unknown": 0.2}),
    # a complaint about the song once played music (the playback's words are common verbs)
    ("this tune is doing my head in", "en", {"media_play": 0.3, "unknown": 0.6}),
    ("play the lottery with me", "en", {"media_play": 0.3, "unknown": 0.6}),
])
def test_the_read_path_never_acts_on_these(text: str, lang: str, given: dict[str, float]) -> None:
    assert _answer(text, lang, **given).intent == "unknown"


@pytest.mark.parametrize(("text", "expected"), [
    ("set the fan to a hundred", 100), ("volume two hundred", 200), ("one-hundred", 100),
    ("i've told you a hundred times, turn it down", None),  # a manner of speaking, no amount
])
def test_hundreds_said_in_words_are_read(text: str, expected: int | None) -> None:
    from hil.llm.values import parse_number

    assert parse_number(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("温度往上弄两度", ("climate_temperature_up", 2)),
    ("温度稍微往下调一点", ("climate_temperature_down", 1)),
])
def test_wang_shang_and_wang_xia_are_a_way(text: str, expected: tuple[str, int]) -> None:
    assert read_slots("climate_temperature", text, "climate_set_temperature") == expected


def test_the_held_back_half_is_never_trained_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = [{"text": f"please make the fan stronger number {k}", "lang": "en",
              "intent": "climate_fan_up", "value": 1, "kind": "paraphrase"} for k in range(4)]
    held = tmp_path / "holdout14" / "natural.jsonl"
    held.parent.mkdir()
    held.write_text("".join(json.dumps(x) + "\n" for x in lines), "utf-8")
    monkeypatch.setattr(training, "DEV_FILES", (held,))
    texts = {t for t, _ in training.training_examples.__wrapped__()}
    assert "please make the fan stronger number 0" in texts
    assert "please make the fan stronger number 2" in texts
    assert not texts & {"please make the fan stronger number 1",
                        "please make the fan stronger number 3"}
