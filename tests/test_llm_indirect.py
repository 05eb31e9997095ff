"""The fallback's reading of indirect speech, self-corrections and reasons (no model: the head's
probabilities are given), and the wrong actions found on development data, pinned."""

from __future__ import annotations

import json

import numpy as np
import pytest

from hil.llm.clauses import corrected, focus, own_clauses
from hil.llm.direction import direction_of
from hil.llm.grounding import named_topics, narrowed
from hil.llm.head import HeadDecision, focused_decision, head_decision
from hil.llm.indirect import indirect_examples
from hil.llm.slots import read_slots
from hil.llm.training import training_examples
from twin.assistant.resolver import Turn
from twin.paths import QUERIES_DIR

TWIN_START = 50
"""The window's position a run starts from: a crack (20 %) said with no earlier turn is kept
there, never closing it (:func:`twin.assistant.wish.at_least`)."""

CLASSES = sorted(["climate_set_temperature", "climate_temperature_up", "climate_temperature_down",
                  "climate_set_fan", "climate_fan_up", "climate_fan_down", "climate_defrost",
                  "seat_heat_driver", "seat_heat_passenger", "window_open", "window_close",
                  "window_set_position", "media_play", "media_pause", "media_next",
                  "media_previous", "media_volume_set", "media_volume_up", "media_volume_down",
                  "media_mute", "climate_ac_on", "climate_ac_off", "navigate_home",
                  "unknown"])


def _p(**given: float) -> np.ndarray:
    rest = (1.0 - sum(given.values())) / (len(CLASSES) - len(given))
    return np.array([given.get(c, rest) for c in CLASSES])


def _answer(text: str, lang: str, **given: float) -> HeadDecision:
    return focused_decision(CLASSES, _p(**given), focus(text), lang)


# --- wrong actions found on development data (holdout6, now development), pinned -----------

def test_a_later_clause_with_shang_le_is_not_a_command_now() -> None:
    # "上了高速再把窗户关上" ("close the window once we are on the highway") closed it at once
    d = _answer("上了高速再把窗户关上", "zh-CN", window_close=0.9)
    assert (d.intent, d.why) == ("unknown", "out_of_scope")
    # "关上了" is not "上了 ... 再"
    assert _answer("把窗户关上", "zh-CN", window_close=0.9).intent == "window_close"


@pytest.mark.parametrize(("text", "lang", "value"), [
    ("温度调到24度，不对，25度", "zh-CN", 25),  # set 24 before: the number taken back
    ("set the temp to 20, no wait, make that 23", "en", 23),
    ("温度调到二十四度，不对，二十六度", "zh-CN", 26),
    ("actually, set the temperature to 22", "en", 22),
])
def test_a_self_correction_sets_the_number_said_last(text: str, lang: str, value: int) -> None:
    d = _answer(text, lang, climate_set_temperature=0.9)
    assert (d.intent, d.value) == ("climate_set_temperature", value)


def test_corrected_leaves_a_sentence_without_a_new_number_alone() -> None:
    assert corrected("sorry, can you turn it up") == "sorry, can you turn it up"
    assert corrected("turn up the heat, sorry, to 25") == "turn up the heat to 25"


@pytest.mark.parametrize("text", ["ugh, I can't stand this track", "i hate this song",
                                  "这首歌太难听了", "I don't like this song"])
def test_a_dislike_of_the_track_is_the_next_track_never_play(text: str) -> None:
    # "ugh, I can't stand this track" played the music before (the track read as playback)
    lang = "zh-CN" if not text.isascii() else "en"
    for given in ({"media_play": 0.9}, {"media_next": 0.9}):
        d = _answer(text, lang, **given)
        assert d.intent in ("media_next", "unknown"), (text, d)
        assert d.why != "negated"
    assert direction_of("media_next", text) == 1


def test_a_crack_of_the_window_is_a_small_position_like_the_rules() -> None:
    d = _answer("窗户开条缝透透气", "zh-CN", window_open=0.9)
    assert (d.intent, d.value) == ("window_set_position", TWIN_START)
    assert _answer("close the window", "en", window_close=0.9).intent == "window_close"


@pytest.mark.parametrize(("text", "lang", "given", "expected"), [
    # two commands in one sentence: the number of one is never read as the other's
    ("cool it down two degrees and drop the fan a notch", "en", {"climate_fan_down": 0.9},
     ("climate_fan_down", 1)),
    ("我好冷，温度调到26度，再把座椅加热开到最大", "zh-CN", {"climate_set_temperature": 0.9},
     ("climate_set_temperature", 26)),  # was 30: the seat's "最大" read as the temperature's
    ("it's freezing, set the heat to 25 and warm up my seat", "en",
     {"seat_heat_driver": 0.9}, ("seat_heat_driver", 2)),  # was "range": 25 read as a level
])
def test_slots_are_read_from_the_clauses_of_the_chosen_topic(
    text: str, lang: str, given: dict[str, float], expected: tuple[str, int]
) -> None:
    d = _answer(text, lang, **given)
    assert (d.intent, d.value) == expected


# --- indirect speech, reasons, corrections ---------------------------------------------------

@pytest.mark.parametrize(("text", "topic", "expected"), [
    ("I'm shivering over here", "climate_temperature", ("climate_temperature_up", 1)),
    ("it's an oven in here", "climate_temperature", ("climate_temperature_down", 1)),
    ("冷得发抖", "climate_temperature", ("climate_temperature_up", 1)),
    ("热得受不了", "climate_temperature", ("climate_temperature_down", 1)),
    ("i can barely feel the air", "climate_fan", ("climate_fan_up", 1)),
    ("the fan is blasting me", "climate_fan", ("climate_fan_down", 1)),
    ("my ears hurt", "media_volume", ("media_volume_down", 2)),
    ("i can't make out the words", "media_volume", ("media_volume_up", 2)),
    ("it's stuffy in here", "window", ("window_open", None)),
    ("the rain is coming in", "window", ("window_close", None)),
    ("风灌进来了", "window", ("window_close", None)),
    ("my seat is way too warm", "seat_heat", ("seat_heat_driver", 0)),
    ("my back is cold", "seat_heat", ("seat_heat_driver", 2)),
])
def test_an_indirect_complaint_reads_its_way_from_the_words(
    text: str, topic: str, expected: tuple[str, int | None]
) -> None:
    assert read_slots(topic, text.lower(), "seat_heat_driver") == expected


@pytest.mark.parametrize(("text", "lang"), [
    ("it's way too hot in here", "en"), ("I'm boiling", "en"), ("我快热死了", "zh-CN"),
    ("my seat is too hot", "en"), ("座椅太烫了", "zh-CN"),
])
def test_too_hot_never_turns_anything_up(text: str, lang: str) -> None:
    # whatever the head says among the warming intents, a complaint of heat never warms
    for given in ({"climate_temperature_up": 0.9}, {"climate_set_temperature": 0.9},
                  {"seat_heat_driver": 0.9}):
        d = _answer(text, lang, **given)
        assert d.intent != "climate_temperature_up", (text, given)
        if d.intent == "seat_heat_driver":
            assert d.value == 0
        if d.intent == "climate_set_temperature":
            assert isinstance(d.value, int) and d.value <= 16


@pytest.mark.parametrize(("text", "lang"), [
    ("I'm freezing", "en"), ("冻死我了", "zh-CN"), ("my butt is frozen", "en"),
])
def test_freezing_never_cools(text: str, lang: str) -> None:
    for given in ({"climate_temperature_down": 0.9}, {"seat_heat_driver": 0.9}):
        d = _answer(text, lang, **given)
        assert d.intent != "climate_temperature_down", (text, given)
        if d.intent == "seat_heat_driver":
            assert d.value != 0


def test_a_body_part_the_seat_warms_names_the_seat_not_the_temperature() -> None:
    for text in ("my butt is frozen", "my back's cold", "passenger seat warmer off please",
                 "我屁股好凉"):
        assert narrowed(named_topics(text.lower()), text.lower()) == {"seat_heat"}, text
    assert "climate_temperature" in narrowed(named_topics("i'm freezing back here"),
                                     "i'm freezing back here")


@pytest.mark.parametrize(("text", "kept", "reasons"), [
    ("mute it real quick, I need to hear the GPS", "mute it real quick",
     ("I need to hear the GPS",)),
    ("先静音，我要听一下导航", "先静音", ("我要听一下导航",)),
    ("turn the music down a bit, the baby's asleep", "turn the music down a bit",
     ("the baby's asleep",)),
    ("close the window because it's way too noisy", "close the window",
     ("it's way too noisy",)),
])
def test_a_reason_beside_a_command_is_left_out_silently(
    text: str, kept: str, reasons: tuple[str, ...]
) -> None:
    assert focus(text) == (kept, (), reasons)


@pytest.mark.parametrize("text", [
    "turn on the AC, no don't", "turn on the AC, just kidding", "帮我播放一首音乐",
    "the fan's blasting me in the face, tone it down", "turn it up, I can't hear anything",
    "if it starts raining, close the window", "turn on the AC, leave the window alone",
])
def test_no_refusal_joke_or_condition_is_left_out_as_a_reason(text: str) -> None:
    assert focus(text).text == text


def test_a_reason_that_is_a_refusal_is_never_acted_on() -> None:
    d = _answer("turn on the heat, no don't", "en", climate_temperature_up=0.9)
    assert d.intent == "unknown"


def test_own_clauses_leave_out_the_clauses_of_another_topic() -> None:
    assert own_clauses("turn the heat down, open the window", "window") == "open the window"
    assert own_clauses("turn the heat down, open the window", "climate_temperature") == (
        "turn the heat down")
    # a clause that commands nothing stays: it may say whose seat
    assert own_clauses("the passenger is cold, heat their seat", "seat_heat") == (
        "the passenger is cold, heat their seat")
    assert own_clauses("the fan's blasting me, tone it down", "climate_fan") == (
        "the fan's blasting me, tone it down")


@pytest.mark.parametrize(("text", "lang"), [
    ("it's freezing outside today", "en"), ("外面好冷", "zh-CN"), ("is it cold outside", "en"),
    ("my office is freezing", "en"), ("办公室冷死了", "zh-CN"),
])
def test_a_complaint_about_elsewhere_is_never_acted_on_nor_asked(text: str, lang: str) -> None:
    d = _answer(text, lang, climate_temperature_up=0.95)
    assert d.intent == "unknown" and d.why in ("out_of_scope", "not_grounded"), (text, d)


def test_the_worded_threshold_acts_only_when_the_words_read_one_topic_completely() -> None:
    unsure = {"climate_temperature_down": 0.45, "unknown": 0.1}
    low = {"worded": 0.4}
    assert head_decision(CLASSES, _p(**unsure), "太热了", "zh-CN", low).intent == (
        "climate_temperature_down")
    # no way said: the topic's own threshold (0.6), so it asks
    assert head_decision(CLASSES, _p(**unsure), "the temperature", "en", low).why == (
        "low_confidence")
    # two topics named: no worded threshold
    d = head_decision(CLASSES, _p(**unsure), "it's too hot, the window", "en", low)
    assert d.intent == "unknown"


def test_indirect_phrasings_are_seeded_cover_both_languages_and_no_holdout_line() -> None:
    pairs = indirect_examples(0)
    assert pairs == indirect_examples(0)
    texts = {t for t, _ in pairs}
    assert any(t.isascii() for t in texts) and any(not t.isascii() for t in texts)
    assert {i for _, i in pairs} >= {"climate_temperature_up", "climate_temperature_down",
                                     "climate_defrost", "seat_heat_driver", "media_volume_up",
                                     "window_open", "unknown"}
    # written for the head, not copied from the hold-out studied to write them
    held = QUERIES_DIR / "holdout6" / "natural.jsonl"
    lines = {json.loads(x)["text"].lower() for x in held.read_text("utf-8").splitlines() if x}
    assert not {t.lower() for t in texts} & lines


def test_the_head_never_trains_on_a_line_of_a_blind_hold_out() -> None:
    trained = {t.lower() for t, _ in training_examples()}
    for name in ("holdout2", "holdout3", "holdout4", "holdout5"):
        for path in sorted((QUERIES_DIR / name).glob("*.jsonl")):
            lines = {json.loads(x)["text"].lower()
                     for x in path.read_text("utf-8").splitlines() if x}
            assert lines and not trained & lines, path.name


@pytest.mark.parametrize(("text", "lang", "given"), [
    ("i love this song", "en", {"media_play": 0.9}),  # a remark, never a play
    ("把儿童房的温度调高一点", "zh-CN", {"climate_temperature_up": 0.9}),  # a room at home
    ("车窗关好了没有", "zh-CN", {"window_close": 0.9}),  # a question
    ("设置屁股座垫通风", "zh-CN", {"climate_fan_up": 0.9}),  # seat ventilation, not the fan
])
def test_near_misses_found_on_development_data_never_act_nor_ask(
    text: str, lang: str, given: dict[str, float]
) -> None:
    d = _answer(text, lang, **given)
    assert d.intent == "unknown" and d.why not in ("low_confidence", "direction_unclear"), d


@pytest.mark.parametrize(("text", "lang", "given", "expected"), [
    ("风量开大两档", "zh-CN", {"climate_set_fan": 0.9}, ("climate_fan_up", 2)),  # was set 2
    ("风量小一档", "zh-CN", {"climate_set_fan": 0.9}, ("climate_fan_down", 1)),  # was set 1
    ("开点窗透透气", "zh-CN", {"window_open": 0.9}, ("window_set_position", TWIN_START)),
    ("put the window halfway down", "en", {"window_open": 0.9}, ("window_set_position", 50)),
    ("座椅加热开到二档", "zh-CN", {"seat_heat_passenger": 0.9}, ("seat_heat_driver", 2)),
    ("the passenger is cold, heat their seat", "en", {"seat_heat_driver": 0.9},
     ("seat_heat_passenger", 2)),
    ("warm my seat up", "en", {"seat_heat_driver": 0.9}, ("seat_heat_driver", 2)),
    ("切歌", "zh-CN", {"media_next": 0.9}, ("media_next", None)),
    ("go back a song", "en", {"media_previous": 0.9}, ("media_previous", None)),
    ("mute the music", "en", {"media_mute": 0.9}, ("media_mute", None)),
    ("i can't hear the music", "en", {"media_volume_up": 0.9}, ("media_volume_up", 2)),
])
def test_wrong_answers_found_on_rule_lines_are_read_right_by_the_fallback(
    text: str, lang: str, given: dict[str, float], expected: tuple[str, int | None]
) -> None:
    # the head answering lines the rules cover (crossval --every-line) found these
    d = _answer(text, lang, **given)
    assert (d.intent, d.value) == expected
    # and the topic the head answered wrongly (the music, the temperature) is not a candidate
    named = narrowed(named_topics(text.lower()), text.lower())
    assert not named & {"media_playback", "climate_temperature"} or (
        expected[0].startswith("window")), named


def test_dont_make_it_too_hot_is_a_limit_never_a_complaint_of_heat() -> None:
    # "我有点冷，别太热" ("I'm a bit cold, not too hot") lowered the temperature: wrong way
    for given in ({"climate_temperature_down": 0.9}, {"climate_temperature_up": 0.9}):
        d = _answer("我有点冷，别太热", "zh-CN", **given)
        assert d.intent != "climate_temperature_down"
    assert direction_of("climate_temperature_up", "别这么大声") == 0


@pytest.mark.parametrize(("text", "lang", "given", "expected"), [
    ("暂停播放", "zh-CN", {"media_play": 0.9}, ("media_pause", None)),  # it played
    ("turn down the music please", "en", {"media_volume_down": 0.9}, ("media_volume_down", 2)),
    ("back one song", "en", {"media_previous": 0.9}, ("media_previous", None)),
    ("mute the sound please", "en", {"media_mute": 0.9}, ("media_mute", None)),
    ("defrost the windshield please", "en", {"climate_defrost": 0.9}, ("climate_defrost", None)),
    ("bump the fan up one", "en", {"climate_fan_up": 0.9}, ("climate_fan_up", 1)),
    ("副驾加热关掉", "zh-CN", {"seat_heat_passenger": 0.9}, ("seat_heat_passenger", 0)),
    ("i want to hear love me", "en", {"media_play": 0.9}, ("media_play", None)),
])
def test_word_classes_name_the_topic_said(
    text: str, lang: str, given: dict[str, float], expected: tuple[str, int | None]
) -> None:
    assert (lambda d: (d.intent, d.value))(_answer(text, lang, **given)) == expected


def test_a_question_about_later_is_never_acted_on() -> None:
    # "will i need to be warm" (an out-of-domain question) warmed the cabin (crossval)
    d = _answer("will i need to be warm", "en", climate_temperature_up=0.9)
    assert d.intent == "unknown"


@pytest.mark.parametrize(("text", "lang", "given"), [
    ("my old car had really good seat heaters", "en", {"seat_heat_driver": 0.9}),  # it acted
    ("after this song, skip to the next one", "en", {"media_next": 0.9}),  # it skipped at once
    ("raise the seat a little", "en", {"seat_heat_driver": 0.9}),  # a seat's position: asked
])
def test_out_of_domain_development_lines_never_act_nor_ask(
    text: str, lang: str, given: dict[str, float]
) -> None:
    d = _answer(text, lang, **given)
    assert d.intent == "unknown" and d.why not in ("low_confidence", "direction_unclear"), d


@pytest.mark.parametrize(("text", "lang"), [("i need some fresh air", "en"), ("想透透气", "zh-CN")])
def test_a_wish_for_some_air_cracks_the_window_like_the_rules(text: str, lang: str) -> None:
    # a crack (20 %) kept at the twin's start (50 %): never closes it (twin.assistant.wish)
    d = _answer(text, lang, window_open=0.9)
    assert (d.intent, d.value) == ("window_set_position", TWIN_START)
    # a word of opening, a smell or stuffiness: the window opens
    for said in ("打开车窗透透气", "车里有股味道", "it's stuffy in here"):
        assert _answer(said, "zh-CN", window_open=0.9).intent == "window_open", said


# --- follow-ups the rules leave ---------------------------------------------------------------

def _after(text: str, lang: str, last: Turn, **given: float) -> tuple[str, int | str | None]:
    d = focused_decision(CLASSES, _p(**given), focus(text), lang, None, last)
    return d.intent, d.value


def test_a_follow_up_about_the_seat_moves_its_level_a_step_or_to_the_other_seat() -> None:
    seat3, seat2 = Turn("seat heat on high", "seat_heat_driver", 3), Turn("座椅加热开一下",
                                                                           "seat_heat_driver", 2)
    # the head, without the last turn, read "too hot" as the temperature
    assert _after("too hot now, turn it down a notch", "en", seat3,
                  climate_temperature_down=0.9) == ("seat_heat_driver", 2)
    assert _after("副驾也开一下", "zh-CN", seat2) == ("seat_heat_passenger", 2)
    assert _after("turn it off", "en", seat3) == ("seat_heat_driver", 0)
    assert _after("still cold, a notch more", "en", seat2) == ("seat_heat_driver", 3)
    # never up from a complaint of heat, never past the range
    assert _after("too hot now", "en", Turn("x", "seat_heat_driver", 0))[1] == 0
    assert _after("still cold, more", "en", seat3) == ("seat_heat_driver", 3)


@pytest.mark.parametrize(("text", "lang"), [
    ("驾驶位也开一下", "zh-CN"), ("我自己的也开", "zh-CN"), ("the driver's seat as well", "en"),
    ("mine too", "en"),
])
def test_a_follow_up_names_the_drivers_seat_in_the_catalogues_words(text: str, lang: str) -> None:
    """The follow-up reads the seats by the catalogue's zone and own words (one place)."""
    assert _after(text, lang, Turn("副驾座椅加热开二档", "seat_heat_passenger", 2)) == (
        "seat_heat_driver", 2)


@pytest.mark.parametrize(("text", "lang", "want"), [
    ("same here", "en", "seat_heat_driver"), ("I'll have the same", "en", "seat_heat_driver"),
    ("ok same for me thanks", "en", "seat_heat_driver"), ("and mine please", "en",
                                                            "seat_heat_driver"),
    ("我也要", "zh-CN", "seat_heat_driver"), ("那我也来一个吧", "zh-CN", "seat_heat_driver"),
    ("her too", "en", "seat_heat_passenger"), ("她也开一下", "zh-CN", "seat_heat_passenger"),
])
def test_the_same_for_someone_after_a_seat_takes_the_last_level_on_their_seat(
        text: str, lang: str, want: str) -> None:
    """A short "the same for me/her" after a seat's heating (the head alone read it as
    nothing the cabin does): that person's seat at the last level, off staying off."""
    assert _after(text, lang, Turn("x", "seat_heat_passenger", 3), unknown=0.9) == (want, 3)
    assert _after(text, lang, Turn("x", "seat_heat_driver", 0), unknown=0.9) == (want, 0)


@pytest.mark.parametrize("text", ["me", "same for the fan", "mine is too hot", "我也觉得",
                                  "i want the same song", "我也要听歌"])
def test_more_or_less_than_the_same_for_someone_is_no_seat_follow_up(text: str) -> None:
    lang = "en" if text.isascii() else "zh-CN"
    assert _after(text, lang, Turn("x", "seat_heat_passenger", 3), unknown=0.9) != (
        "seat_heat_driver", 3)
    # after another topic, "me too" carries nothing to a seat
    assert _after("me too", "en", Turn("x", "media_volume_up", 2), unknown=0.9)[0] == "unknown"


def test_a_first_turn_is_not_read_as_a_follow_up() -> None:
    seat = Turn("seat heat on", "seat_heat_driver", 2)
    # a plain complaint with no word back at the seat: the temperature, as a first turn
    assert _after("I'm cold", "en", seat, climate_temperature_up=0.9) == (
        "climate_temperature_up", 1)
    # another topic named outright, a refusal, somewhere else: not carried over
    assert _after("turn the volume up", "en", seat, media_volume_up=0.9)[0] == "media_volume_up"
    assert _after("no, leave it", "en", seat, seat_heat_driver=0.9)[0] == "unknown"
    assert _after("it's too hot at home", "en", seat, seat_heat_driver=0.9)[0] == "unknown"
    # no way said after the temperature: nothing carried, nothing done
    temp = Turn("warmer", "climate_temperature_up", 1)
    assert _after("thanks", "en", temp)[0] == "unknown"
    assert _after("a bit lower", "en", temp) == ("climate_temperature_down", 1)
    # the last topic named again with a way: read whatever the head says ("还是有点冷")
    assert _after("还是有点冷", "zh-CN", temp, unknown=0.9) == ("climate_temperature_up", 1)
    assert _after("still too hot", "en", temp, unknown=0.9) == ("climate_temperature_down", 1)


@pytest.mark.parametrize("text", ["i want to hear the news", "play the news",
                                  "i'd like to hear the weather forecast", "给我讲个笑话"])
def test_the_news_a_joke_or_the_weather_is_never_played_nor_asked(text: str) -> None:
    lang = "en" if text.isascii() else "zh-CN"
    for given in ({"media_play": 0.9}, {"media_volume_up": 0.9}):
        d = _answer(text, lang, **given)
        assert d.intent == "unknown" and d.why == "out_of_scope", (text, d)
    # a loudness said about the news may be its volume, never a play
    assert _answer("turn down the news", "en", media_play=0.9).intent in (
        "media_volume_down", "unknown")


def test_unpause_and_resume_are_play_never_pause() -> None:
    # "unpause" held the word "pause": read as a pause it would stop what the user resumes
    for text, lang in (("unpause", "en"), ("unpause it", "en"), ("carry on playing", "en"),
                       ("音乐接着放", "zh-CN"), ("继续播放", "zh-CN")):
        assert direction_of("media_play", text) == 1, text
        assert _answer(text, lang, media_pause=0.9).intent in ("media_play", "unknown"), text


@pytest.mark.parametrize(("text", "lang", "given", "expected"), [
    # found by the head answering every development line (crossval --every-line)
    ("it's like a fridge in here", "en", {"climate_temperature_up": 0.9},
     ("climate_temperature_up", 1)),  # a simile, not a fridge to change
    ("车里跟烤箱一样", "zh-CN", {"climate_temperature_down": 0.9}, ("climate_temperature_down", 1)),
    ("温度再低两度", "zh-CN", {"climate_set_temperature": 0.9}, ("climate_temperature_down", 2)),
    ("温度加两度", "zh-CN", {"climate_temperature_up": 0.9}, ("climate_temperature_up", 2)),
    ("音量减两格", "zh-CN", {"media_volume_down": 0.9}, ("media_volume_down", 2)),
    ("turn down the heat", "en", {"climate_temperature_down": 0.9},
     ("climate_temperature_down", 1)),
    ("no more AC please", "en", {"climate_ac_off": 0.9}, ("climate_ac_off", None)),
    ("导航到家", "zh-CN", {"navigate_home": 0.9}, ("navigate_home", None)),
    ("放我收藏的音乐", "zh-CN", {"media_play": 0.9}, ("media_play", None)),
    ("we're done for today, home please", "en", {"navigate_home": 0.9},
     ("navigate_home", None)),
    ("turn the music up, I love this song", "en", {"media_volume_up": 0.9},
     ("media_volume_up", 2)),  # a remark beside a command is its reason
])
def test_readings_found_on_every_development_line(
    text: str, lang: str, given: dict[str, float], expected: tuple[str, int | None]
) -> None:
    assert (lambda d: (d.intent, d.value))(_answer(text, lang, **given)) == expected


@pytest.mark.parametrize(("text", "lang", "given"), [
    ("i love this song", "en", {"media_play": 0.9}),
    ("收藏这首歌", "zh-CN", {"media_play": 0.9}),
    ("到家以后打开空调", "zh-CN", {"climate_ac_on": 0.9}),
    ("回家的时候把空调打开", "zh-CN", {"climate_ac_on": 0.9, "navigate_home": 0.05}),
    ("my fridge at home is too cold", "en", {"climate_temperature_down": 0.9}),
])
def test_their_near_misses_still_never_act(text: str, lang: str, given: dict[str, float]) -> None:
    assert _answer(text, lang, **given).intent == "unknown"


@pytest.mark.parametrize("text", ["过会儿再导航回家", "on the way back tomorrow navigate home"])
def test_going_home_later_is_not_now(text: str) -> None:
    # the relaxation for "导航到家" acted on these (crossval --every-line)
    lang = "en" if text.isascii() else "zh-CN"
    assert _answer(text, lang, navigate_home=0.9).intent == "unknown"
