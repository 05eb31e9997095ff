"""Several commands the rules left (twelfth session): no part dropped without a word, and a
reason said first read as a reason. Sentences are variants written here, never lines of a
hold-out; the head's probabilities are given (pure decisions)."""

from __future__ import annotations

import pytest

from hil.llm.clauses import command_parts, known_order
from hil.llm.direction import normalised
from hil.llm.grounding import TOPICS, named_topics, narrowed
from hil.llm.head import _act
from hil.llm.orders import unknown_order
from hil.llm.several import several_decision, several_parts
from tests.helpers import is_zh, sure_of


# a misheard or unknown word where the thing or the verb should be, beside a clause the cabin
# knows: the clause is a part of its own
@pytest.mark.parametrize(("text", "odd"), [
    ("因量调到六 然后打开除霜", "因量调到六"),
    ("把银量调小，再导航回家", "把银量调小"),
    ("打开车窗 顺便把音两开大", "把音两开大"),
    ("set the wolume to five and open the window", "set the wolume to five"),
    ("close the window and turn the follume down", "turn the follume down"),
    ("paws the music and take me home", "paws the music"),
    ("open the window then pawse the song", "pawse the song"),
])
def test_an_order_of_unknown_words_is_a_part_of_its_own(text: str, odd: str) -> None:
    parts = command_parts(text)
    assert len(parts) == 2 and odd in parts, parts
    assert not known_order(odd) and several_parts(text) == parts


@pytest.mark.parametrize("text", [
    # a pronoun where the thing would be: it refers back, not a thing of its own
    "turn the fan up, then make it five",
    "风量调大，再调到五",
    # a remark or a feeling, not an order
    "I love this song, turn it up",
    "it's so hot, open the window",
    # no clause the cabin knows: read whole (nothing known to act on)
    "set the wolume to five and paws the music",
])
def test_no_part_is_made_of_a_pronoun_or_a_remark(text: str) -> None:
    assert len(command_parts(text)) == 1, command_parts(text)


@pytest.mark.parametrize("clause", ["don't touch the wolume", "别把音亮调到五", "set it to five",
                                    "is the wolume on", "把它调到五"])
def test_a_refusal_a_question_or_a_pronoun_is_no_unknown_order(clause: str) -> None:
    lowered = normalised(clause)
    assert not unknown_order(clause, narrowed(named_topics(lowered), lowered))


@pytest.mark.parametrize(("text", "lang", "said"), [
    ("因量调到六 然后打开除霜", "zh-CN", "因量调到六"),
    ("set the wolume to five and open the window", "en", "set the wolume to five"),
])
def test_a_part_of_unknown_words_is_asked_about_naming_it(text: str, lang: str,
                                                          said: str) -> None:
    """Never acted on, never dropped: asked again, naming the words as said; the part the
    cabin knows is acted on."""
    parts = several_parts(text)
    known = next(p for p in parts if p != said)
    topic = next(iter(narrowed(named_topics(normalised(known)), normalised(known))))
    done = several_decision(sure_of(TOPICS[topic][0]), _act, parts, lang)
    assert done is not None
    asked = next(d for p, d in zip(parts, done.parts, strict=True) if p == said)
    assert asked.intent == "unknown" and asked.why == "low_confidence" and asked.topic is None
    assert said in asked.feedback
    assert [d.intent for d in done.acted] and all(d.topic == topic for d in done.acted)


@pytest.mark.parametrize(("text", "lang"), [
    ("paws the music and take me home", "en"),
    ("open the window then pawse the song", "en"),
])
def test_an_unknown_verb_on_a_known_topic_is_asked_even_when_the_head_is_sure(
        text: str, lang: str) -> None:
    """"paws the music" may be pause or play: a head sure of play must not play."""
    parts = several_parts(text)
    done = several_decision(sure_of("media_play"), _act, parts, lang)
    assert done is not None
    assert all(d.intent not in ("media_play", "media_pause") for d in done.parts)
    music = next(d for p, d in zip(parts, done.parts, strict=True) if not known_order(p))
    assert music.why == "low_confidence" and music.topic == "media_playback"


# a reason said first, then two commands: the reason is kept with the first command, whatever
# it names ("睡了" hints at the volume, "freezing" at the temperature)
@pytest.mark.parametrize(("text", "first", "second"), [
    ("宝宝睡着了 音乐关小 空调调低点", "音乐关小", "空调调低点"),
    ("爷爷睡了，声音关小，窗户关上", "声音关小", "窗户关上"),
    ("the kids are asleep so music down and heat up a bit", "music down", "heat up a bit"),
    ("it's roasting in here so fan up and window down", "fan up", "window down"),
    ("it's way too cold back here so heat on and fan down", "heat on", "fan down"),
])
def test_a_reason_said_first_is_kept_with_the_first_command(text: str, first: str,
                                                            second: str) -> None:
    parts = command_parts(text)
    assert len(parts) == 2 and parts[0].endswith(first) and parts[1] == second, parts
    assert parts[0] != first  # the reason stays with it (the head reads why)


@pytest.mark.parametrize("text", [
    "宝宝睡着了 音乐关小",  # one command: the reason is no part
    "it's freezing so turn the heat up",
    "so turn the fan up",  # "so" said first is no reason
    "it's so hot in here",
])
def test_a_reason_beside_one_command_makes_no_second_part(text: str) -> None:
    assert len(command_parts(text)) == 1, command_parts(text)


@pytest.mark.parametrize(("text", "topic"), [
    ("空调调高点", "climate_temperature"),
    ("把冷气调低一点", "climate_temperature"),
    ("空调再开高一点", "climate_temperature"),
    ("空调开高两档", "climate_ac"),  # a level, not degrees: not the temperature
    ("把空调打开", "climate_ac"),
])
def test_the_ac_raised_or_lowered_is_its_temperature(text: str, topic: str) -> None:
    lowered = normalised(text)
    assert narrowed(named_topics(lowered), lowered) == {topic}


@pytest.mark.parametrize(("text", "level"), [
    ("heat both seats to two", 2),
    ("both front seats warmed up please, full blast", 3),
    ("我和我媳妇的座椅加热都开到三档", 3),
    ("前排座椅加热都开到最高", 3),
])
def test_both_front_seats_are_two_commands(text: str, level: int) -> None:
    """One command per seat, each with the level said for both (the words decide)."""
    parts = several_parts(text)
    assert len(parts) == 2
    done = several_decision(sure_of("seat_heat_driver"), _act, parts,
                            "zh-CN" if is_zh(text) else "en")
    assert done is not None
    assert sorted((d.intent, d.value) for d in done.parts) == [
        ("seat_heat_driver", level), ("seat_heat_passenger", level)]


@pytest.mark.parametrize("text", ["别把两个座椅加热都打开", "don't heat both seats",
                                  "both seats heated and the fan up", "把座椅加热打开"])
def test_both_seats_refused_or_beside_another_topic_is_not_split_by_seat(text: str) -> None:
    assert not any("passenger seat" in p or "副驾" in p for p in several_parts(text))


@pytest.mark.parametrize("text", ["把音量关小点，再导航回家，中不中？", "中不中，把车窗给我关上。",
                                  "成不成啊，风量开大点"])
def test_a_tag_asking_assent_is_no_question(text: str) -> None:
    """"中不中" / "成不成" ask "all right?" of an order (Henan, northern speech): not a
    question about the cabin's state, so not out of scope."""
    from twin.assistant.scope import out_of_scope
    assert out_of_scope(normalised(text)) is None


@pytest.mark.parametrize("text", ["空调开没开", "温度高不高", "车窗关没关", "音量大不大"])
def test_a_question_about_state_stays_a_question(text: str) -> None:
    from twin.assistant.scope import out_of_scope
    assert out_of_scope(normalised(text)) == "question"


@pytest.mark.parametrize(("topic", "text", "want"), [
    # found on a probe written from a development line's class: "往高里调一度" was read as a
    # setting (temperature 1: out of range; the fan's "往大里调一档" set level 1, the wrong way)
    ("climate_temperature", "温度往高里调一度", ("climate_temperature_up", 1)),
    ("climate_temperature", "温度往低了调两度", ("climate_temperature_down", 2)),
    ("climate_temperature", "温度往高里调二十度", ("climate_temperature_up", 20)),
    ("climate_fan", "风量往大里调一档", ("climate_fan_up", 1)),
    ("climate_fan", "风量往小了调两档", ("climate_fan_down", 2)),
    ("media_volume", "音量往小了调两格", ("media_volume_down", 2)),
    # near misses: a setting stays a setting
    ("climate_fan", "风量往大调到三档", ("climate_set_fan", 3)),
    ("climate_fan", "风量调到一档", ("climate_set_fan", 1)),
    ("climate_temperature", "温度调到二十度", ("climate_set_temperature", 20)),
])
def test_a_step_said_with_its_way_first_is_a_step(topic: str, text: str,
                                                   want: tuple[str, int]) -> None:
    from hil.llm.slots import read_slots
    assert read_slots(topic, text, TOPICS[topic][0]) == want


@pytest.mark.parametrize("text", ["后排儿童座椅开一下通风", "把自然通风打开", "安全座椅调到三档"])
def test_a_child_seat_or_a_ventilation_mode_is_a_device_the_cabin_lacks(text: str) -> None:
    """Said alone, the fallback asked whether to move the window; it is nothing the cabin has."""
    from twin.assistant.scope import out_of_scope
    assert out_of_scope(normalised(text)) == "other_device"
