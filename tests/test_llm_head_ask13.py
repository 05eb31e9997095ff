"""The head's ``unknown`` outweighing the one topic the words name (the thirteenth session):
the line is asked about that topic instead of told the cabin cannot, unless it asks a question
of its own, names several topics or the topic's share is negligible; a courtesy said as a
condition binds nothing; words that name no cabin topic after all. Variants written for the
tests, not the development lines."""

from __future__ import annotations

import pytest

from hil.llm.grounding import lacking, named_topics
from tests.helpers import head_answer as _answer


@pytest.mark.parametrize(("text", "lang", "lean", "topic"), [
    # a topic named outright, its words read completely, in a register the head doubts
    ("kuya pls roll the window down halfway po", "en", "window_set_position", "window"),
    ("abeg put the seat heater on for my mama", "en", "seat_heat_driver", "seat_heat"),
    ("er sorry could you er close the window for me", "en", "window_close", "window"),
    ("唔该将音量调细啲", "zh-CN", "media_volume_down", "media_volume"),
    ("那个…帮我把座椅加热开到最高", "zh-CN", "seat_heat_driver", "seat_heat"),
    # a complaint naming one topic, its share small but not negligible
    ("奶奶嫌音乐声音太大了", "zh-CN", "media_volume_down", "media_volume"),
    ("the wife reckons the music is way too loud", "en", "media_volume_down", "media_volume"),
])
def test_a_doubted_line_naming_one_topic_is_asked_about_it(text: str, lang: str, lean: str,
                                                           topic: str) -> None:
    d = _answer(text, lang, **{lean: 0.15, "unknown": 0.45})
    # asked about the topic, or (a complaint read completely) acted on the way it says
    assert d.topic == topic, d
    assert d.intent == lean or (d.intent, d.why) == ("unknown", "low_confidence"), d


@pytest.mark.parametrize(("text", "lang", "lean"), [
    # a question of its own about the topic: not a request to change it
    ("这个车咋设置自动空调啊", "zh-CN", "climate_ac_on"),
    ("怎么把车窗调成自动的", "zh-CN", "window_open"),
    ("why does the window keep going down", "en", "window_open"),
    ("temperature now", "en", "climate_temperature_up"),
    ("the volume right now?", "en", "media_volume_up"),
])
def test_a_question_naming_a_topic_is_not_asked_about_it(text: str, lang: str,
                                                         lean: str) -> None:
    d = _answer(text, lang, **{lean: 0.08, "unknown": 0.6})
    assert d.intent == "unknown" and d.why in ("out_of_domain", "out_of_scope"), d


@pytest.mark.parametrize(("text", "lang", "lean"), [
    ("the traffic on this road is making the kids cranky, that music", "en", "media_play"),
    ("老公在后面睡觉，这歌", "zh-CN", "media_play"),
])
def test_a_negligible_share_of_a_topic_is_still_refused(text: str, lang: str,
                                                        lean: str) -> None:
    d = _answer(text, lang, **{lean: 0.01, "unknown": 0.9})
    assert (d.intent, d.why) == ("unknown", "out_of_domain"), d


def test_the_ask_never_acts_and_never_asks_a_direction_already_given() -> None:
    d = _answer("can you crank the heat up a notch po", "en",
                **{"climate_temperature_up": 0.05, "unknown": 0.7})
    assert d.intent == "unknown" and d.why in ("low_confidence", "out_of_domain")
    assert "?" in d.feedback or "？" in d.feedback or d.why == "out_of_domain"


@pytest.mark.parametrize(("text", "lang", "lean"), [
    ("if it's no trouble, switch the seat heater on", "en", "seat_heat_driver"),
    ("turn the fan down a bit if you don't mind", "en", "climate_fan_down"),
    ("方便的话把车窗关上", "zh-CN", "window_close"),
])
def test_a_courtesy_said_as_a_condition_binds_nothing(text: str, lang: str, lean: str) -> None:
    d = _answer(text, lang, **{lean: 0.8, "unknown": 0.02})
    assert d.why != "out_of_scope", d
    assert d.intent != "unknown" or d.why in ("low_confidence", "direction_unclear"), d


@pytest.mark.parametrize(("text", "lang", "lean"), [
    ("if it rains close the window", "en", "window_close"),
    ("if the baby falls asleep turn the music down", "en", "media_volume_down"),
    ("如果下雨了就把车窗关上", "zh-CN", "window_close"),
])
def test_a_real_condition_still_binds(text: str, lang: str, lean: str) -> None:
    d = _answer(text, lang, **{lean: 0.8, "unknown": 0.02})
    assert (d.intent, d.why) == ("unknown", "out_of_scope"), d


@pytest.mark.parametrize("text", [
    "your idea is super cool, tell my brother", "that video was so cool",
    "音乐节门口人好多", "订两张音乐节的票", "find a music shop near the hotel",
])
def test_words_that_name_no_cabin_topic(text: str) -> None:
    assert named_topics(text) == set()


@pytest.mark.parametrize("text", [
    "share this on facebook", "post it to instagram", "read me his phone number",
    "座椅往前滑移一点", "tweet that on twitter for me",
])
def test_what_the_cabin_lacks_is_refused_not_asked(text: str) -> None:
    assert lacking(text.lower())
    lang = "en" if text.isascii() else "zh-CN"
    d = _answer(text, lang, **{"media_volume_down": 0.3, "media_play": 0.3, "unknown": 0.2})
    assert (d.intent, d.why) == ("unknown", "out_of_scope"), d


def test_it_is_so_cool_in_here_still_names_the_cabin_air() -> None:
    assert named_topics("it's so cool in here") == {"climate_temperature"}


@pytest.mark.parametrize(("text", "lean"), [
    ("can switch on the seat heater or not", "seat_heat_driver"),
    ("can close the window or not?", "window_close"),
    ("i dunno what you call it but the seat heater, put it on", "seat_heat_driver"),
    ("i don't know how it works here but turn the fan up", "climate_fan_up"),
])
def test_a_tag_or_a_hedge_is_no_refusal(text: str, lean: str) -> None:
    d = _answer(text, "en", **{lean: 0.8, "unknown": 0.02})
    assert d.why not in ("negated", "out_of_scope"), d


@pytest.mark.parametrize("text", [
    "don't switch on the seat heater", "do not close the window", "no, don't turn the fan up",
])
def test_a_refusal_still_leaves_it(text: str) -> None:
    lean = ("seat_heat_driver" if "seat" in text else "window_close" if "window" in text
            else "climate_fan_up")
    d = _answer(text, "en", **{lean: 0.8, "unknown": 0.02})
    assert (d.intent, d.why) == ("unknown", "negated"), d


@pytest.mark.parametrize("text", [
    "my seat is freezing, heat it up please", "this seat feels like ice, warm it up for me",
    "the seat's stone cold, can you warm it up",
])
@pytest.mark.parametrize("lean", ["climate_temperature_up", "seat_heat_driver"])
def test_a_pronoun_beside_a_reason_is_the_reasons_topic(text: str, lean: str) -> None:
    # "warm it up" is the seat the reason names, never the cabin's temperature
    d = _answer(text, "en", **{lean: 0.7, "unknown": 0.02})
    assert d.topic == "seat_heat", d
    assert d.intent in ("unknown", "seat_heat_driver"), d
    if d.intent == "seat_heat_driver":
        assert isinstance(d.value, int) and d.value >= 1, d


def test_a_pronoun_beside_a_reason_of_the_same_topic_is_read_as_before() -> None:
    d = _answer("it's freezing in here, warm it up please", "en",
                **{"climate_temperature_up": 0.7, "unknown": 0.02})
    assert d.intent == "climate_temperature_up", d
