"""The classification-head fallback: direction words, the head, the calibrated threshold, and
the resolver's mechanics on a tiny random-weight GGUF (its answers are meaningless; what is
checked is that every answer is valid, abstentions act on nothing and history is not prefilled).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from hil.llm.clauses import focus
from hil.llm.direction import direction_of
from hil.llm.engine import LlamaEngine
from hil.llm.grounding import grounded
from hil.llm.head import (
    THRESHOLDS,
    HeadIntentResolver,
    SoftmaxHead,
    feature_token_ids,
    focused_decision,
    head_answer,
    head_decision,
)
from hil.llm.model_files import truncated
from tests.fixtures_gguf import write_tiny_llama_gguf
from twin.assistant.commands import validate_output
from twin.assistant.resolver import IntentResolver, Turn
from twin.errors import InputError


@pytest.mark.parametrize(
    ("intent", "text", "expected"),
    [
        ("climate_temperature_up", "I'm freezing", 1),
        ("climate_temperature_down", "I'm freezing", 1),  # the words say up: not down
        ("climate_temperature_up", "it's boiling in here", -1),
        ("climate_temperature_up", "我有点冷", 1),
        ("climate_temperature_down", "太热了", -1),
        ("climate_temperature_up", "I'm cold but don't make it too hot", 0),  # both ways: ask
        ("media_volume_up", "I can't hear the podcast", 1),
        ("media_volume_down", "the kids are asleep", 0),  # no direction words: ask
        ("media_mute", "silence", None),
        # an excess points against its adjective
        ("media_volume_up", "声音太大了", -1),
        ("media_volume_up", "声音太小了", 1),
        ("climate_fan_up", "风太大了", -1),
        ("climate_fan_up", "the fan is too weak", 1),
        ("climate_temperature_up", "it's too warm in here", -1),
        ("climate_temperature_up", "I'm warm", -1),
        ("climate_temperature_up", "make it warm", 1),
        ("climate_temperature_up", "too cool", 1),
        ("climate_temperature_up", "温度太高了", -1),
        ("window_open", "窗户开太大了", -1),
        ("media_volume_up", "the music is too low", 1),
        ("climate_fan_up", "too strong or too weak, I can't tell", 0),  # both excesses: ask
        ("climate_temperature_up", "the heater is too strong", -1),
        # words whose up means cooler, or whose cold means warmer: ask
        ("climate_temperature_up", "turn up the cold air", 0),
        ("climate_temperature_up", "冷气开大一点", 0),
        ("climate_temperature_up", "turn the ac up", 0),
        ("climate_temperature_up", "make it less cold", 0),
        ("media_volume_up", "less loud please", 0),
        # play/pause and next/previous are directions too; the music named beside a stop word
        # is what to stop, not a way
        ("media_play", "暂停音乐", -1),
        ("media_play", "put on some jazz", 1),
        ("media_pause", "hold the music for a second", -1),
        ("media_play", "停止播放歌声吧", -1),  # stopping what plays: the play word is its object
        ("media_play", "暂停播放", -1),  # it played (crossval --every-line)
        ("media_next", "切到上一首", -1),
        ("media_next", "skip this one", 1),
        ("media_previous", "play that last song again", -1),
        # a negation: no way ("don't make it warmer" is left as it is)
        ("climate_ac_on", "空调别开了", 0),
        ("climate_temperature_up", "don't make it warmer", 0),
        # the temperature named beside the AC: its up is warmer; reassurance is no negation
        ("climate_temperature_up", "空调温度调高一点", 1),
        ("climate_ac_on", "kill the AC, it's fine", -1),
        ("media_volume_up", "别这么大声", -1),
    ],
)
def test_direction_words(intent: str, text: str, expected: int | None) -> None:
    assert direction_of(intent, text) == expected


def _blobs(n: int = 60, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    centres = rng.normal(size=(3, 8)) * 4
    y = np.repeat(np.arange(3), n)
    return centres[y] + rng.normal(size=(3 * n, 8)), y


def test_head_separates_separable_classes() -> None:
    x, y = _blobs()
    head = SoftmaxHead(["a", "b", "unknown"]).fit(x, y)
    assert np.mean(head.proba(x).argmax(axis=1) == y) > 0.95
    assert np.allclose(head.proba(x).sum(axis=1), 1.0)


CLASSES = ["climate_set_temperature", "climate_temperature_down", "climate_temperature_up",
           "media_play", "media_volume_down", "media_volume_up", "unknown"]


def _probs(**given: float) -> np.ndarray:
    rest = (1.0 - sum(given.values())) / (len(CLASSES) - len(given))
    return np.array([given.get(c, rest) for c in CLASSES])


def test_head_sums_a_topic_and_the_words_decide_the_way() -> None:
    # 0.35 + 0.30 for the temperature: neither alone passes 0.6, the topic does
    split = _probs(climate_temperature_down=0.35, climate_temperature_up=0.30)
    assert head_answer(CLASSES, split, "it's boiling", "en", 0.6)[:2] == (
        "climate_temperature_down", 1)
    assert head_answer(CLASSES, split, "太热了", "zh-CN", 0.6)[0] == "climate_temperature_down"
    # the words say up, the head's top answer in the topic says down: the words win, because
    # asking "warmer or cooler?" of someone who said "freezing" asks what they already said
    assert head_answer(CLASSES, split, "I'm freezing", "en", 0.6)[:2] == (
        "climate_temperature_up", 1)


def test_head_asks_which_way_only_when_the_words_give_none() -> None:
    sure = _probs(climate_temperature_up=0.95)
    intent, value, feedback, why = head_answer(CLASSES, sure, "the temperature", "en")
    assert (intent, value, why) == ("unknown", None, "direction_unclear")
    assert "warmer or cooler" in feedback.lower()
    # unsure of the topic (its likeliest intent elsewhere) but told the way: the question
    # names the topic, not a direction (the cabin under hil.llm.head.CABIN: from 0.5 on the
    # cabin the words alone act, since the twenty-fifth session)
    unsure = _probs(climate_temperature_down=0.2, media_play=0.25, unknown=0.52)
    d = head_decision(CLASSES, unsure, "it's way too hot in here", "en", 0.6)
    assert (d.intent, d.why, d.topic) == ("unknown", "low_confidence", "climate_temperature")
    assert "temperature" in d.feedback and "cooler" not in d.feedback.lower()


def test_head_acts_only_at_or_above_its_threshold() -> None:
    assert head_answer(CLASSES, _probs(media_play=0.61), "play some jazz", "en", 0.6)[0] == (
        "media_play")
    low = head_answer(CLASSES, _probs(media_play=0.59), "play some jazz", "en", 0.6)
    assert low[0] == "unknown" and low[3] == "low_confidence"
    # per topic: a threshold for the playback topic does not move the temperature's
    per_topic = {"media_playback": 0.9, "climate_temperature": 0.3}
    assert head_answer(CLASSES, _probs(media_play=0.8), "play some jazz", "en",
                       per_topic)[3] == "low_confidence"
    assert head_answer(CLASSES, _probs(climate_temperature_up=0.35), "I'm cold", "en",
                       per_topic)[0] == "climate_temperature_up"


def test_out_of_domain_lines_are_told_the_car_cannot_never_asked() -> None:
    for text, lang in (("has sally field ever won an oscar", "en"),
                       ("turn on my smart plug", "en"), ("sports", "en"),
                       ("divide two hundred by four", "en"), ("给我一个番茄汤的做法", "zh-CN")):
        d = head_decision(CLASSES, _probs(media_volume_up=0.97), text, lang)
        assert d.intent == "unknown" and d.why in ("not_grounded", "out_of_scope"), text
        assert "?" not in d.feedback and "？" not in d.feedback, text
    # the head's unknown above the named topic: cannot, not a question
    d = head_decision(CLASSES, _probs(unknown=0.6, media_play=0.3), "play the lottery", "en")
    assert (d.intent, d.why) == ("unknown", "out_of_domain") and "?" not in d.feedback


def test_head_never_acts_on_a_request_about_somewhere_else_or_later() -> None:
    sure_up = _probs(climate_temperature_up=0.95)
    for text, lang in (("turn up the heating at home", "en"), ("外面冷不冷", "zh-CN"),
                       ("make it warmer tomorrow", "en"), ("把家里的暖气开大一点", "zh-CN")):
        answer = head_answer(CLASSES, sure_up, text, lang)
        assert answer[0] == "unknown" and answer[3] == "out_of_scope", text
    assert head_answer(CLASSES, sure_up, "车里好冷", "zh-CN")[0] == "climate_temperature_up"
    # "again" names a track only with the music: "turn it off again" is not "play it again"
    tracks = ["media_next", "media_previous", "unknown"]
    sure_back = np.array([0.02, 0.95, 0.03])
    assert head_answer(tracks, sure_back, "turn it off again", "en")[3] == "not_grounded"
    assert head_answer(tracks, sure_back, "play that song again", "en")[0] == "media_previous"
    # going home is the one subject that names a place outside the car
    assert grounded("navigate_home", "drive me back to my house")
    assert not grounded("climate_temperature_up", "warm up my house")


def test_head_unknown_on_top_is_out_of_domain_and_out_of_range_says_the_range() -> None:
    assert head_answer(CLASSES, _probs(unknown=0.9), "turn it up", "en")[:2] == ("unknown", None)
    intent, _, feedback, why = head_answer(
        CLASSES, _probs(climate_set_temperature=0.9), "make it 35 degrees", "en")
    assert (intent, why) == ("unknown", "range")
    assert "16" in feedback and "30" in feedback


SET_TEMP = _probs(climate_set_temperature=0.9)


@pytest.mark.parametrize(("text", "lang", "expected"), [
    # a relative number is a step, an absolute one a setting
    ("空调温度调高2度", "zh-CN", ("climate_temperature_up", 2)),
    ("把温度调到二十度", "zh-CN", ("climate_set_temperature", 20)),
    ("二十四度", "zh-CN", ("climate_set_temperature", 24)),
    ("turn the temperature up by 3 degrees", "en", ("climate_temperature_up", 3)),
    ("set the temperature to 21", "en", ("climate_set_temperature", 21)),
    ("温度调低一点", "zh-CN", ("climate_temperature_down", 1)),
    # the ends of the range
    ("温度调到最高", "zh-CN", ("climate_set_temperature", 30)),
    ("temperature to the minimum please", "en", ("climate_set_temperature", 16)),
])
def test_numbers_are_read_relative_or_absolute(text, lang, expected) -> None:
    assert head_answer(CLASSES, SET_TEMP, text, lang, 0.6)[:2] == expected


def test_a_relative_step_out_of_range_says_the_range_and_never_sets() -> None:
    for probs in (SET_TEMP, _probs(climate_temperature_up=0.9)):
        intent, value, feedback, why = head_answer(CLASSES, probs, "空调温度调高20度", "zh-CN")
        assert (intent, value, why) == ("unknown", None, "range")
        assert "1" in feedback and "5" in feedback  # the step's range, 1-5 degrees


FAN_CLASSES = ["climate_fan_down", "climate_fan_up", "climate_set_fan", "media_volume_set",
               "seat_heat_driver", "seat_heat_passenger", "climate_temperature_down",
               "climate_ac_on", "climate_ac_off", "unknown"]


def _p(**given: float) -> np.ndarray:
    rest = (1.0 - sum(given.values())) / (len(FAN_CLASSES) - len(given))
    return np.array([given.get(c, rest) for c in FAN_CLASSES])


def test_max_and_min_are_the_ends_of_the_range() -> None:
    assert head_answer(FAN_CLASSES, _p(climate_fan_up=0.9), "风开到最大", "zh-CN", 0.6)[:2] == (
        "climate_set_fan", 7)
    assert head_answer(FAN_CLASSES, _p(media_volume_set=0.9), "volume to the max", "en",
                       0.6)[:2] == ("media_volume_set", 30)


@pytest.mark.parametrize(("text", "lang", "expected"), [
    ("my wife's seat heater, put it on high", "en", ("seat_heat_passenger", 3)),
    ("副驾座椅加热打开", "zh-CN", ("seat_heat_passenger", 2)),
    ("the passenger seat is too hot", "en", ("seat_heat_passenger", 0)),
    ("主驾座椅加热调到一档", "zh-CN", ("seat_heat_driver", 1)),
    ("warm up my seat a little", "en", ("seat_heat_driver", 1)),
])
def test_seat_and_zone_words_are_slots(text, lang, expected) -> None:
    probs = _p(seat_heat_driver=0.6, seat_heat_passenger=0.2)
    assert head_answer(FAN_CLASSES, probs, text, lang, 0.6)[:2] == expected


def test_negation_and_reassurance_are_read() -> None:
    on = _p(climate_ac_on=0.8)
    # "it's fine" is no refusal, and the words' "off" beats the head's "on"
    assert head_answer(FAN_CLASSES, on, "kill the AC, it's fine", "en", 0.6)[0] == (
        "climate_ac_off")
    assert head_answer(FAN_CLASSES, on, "关一下空调", "zh-CN", 0.6)[0] == "climate_ac_off"
    d = head_decision(FAN_CLASSES, on, "don't turn on the ac", "en", 0.6)
    assert (d.intent, d.why) == ("unknown", "negated") and "?" not in d.feedback
    # "别这么大声" is an excess, "less loud": not a refusal
    volume = ["media_volume_down", "media_volume_up", "unknown"]
    assert head_answer(volume, np.array([0.5, 0.4, 0.1]), "别这么大声", "zh-CN", 0.6)[0] == (
        "media_volume_down")


@pytest.fixture(scope="module")
def head_resolver(tmp_path_factory: pytest.TempPathFactory) -> HeadIntentResolver:
    gguf = write_tiny_llama_gguf(tmp_path_factory.mktemp("gguf") / "tiny.gguf", seed=7)
    engine = LlamaEngine(gguf, n_threads=1, n_ctx=512, embeddings=True)
    examples = [
        ("turn on the ac", "climate_ac_on"),
        ("ac on please", "climate_ac_on"),
        ("make it warmer", "climate_temperature_up"),
        ("i am cold", "climate_temperature_up"),
        ("tell me a joke", "unknown"),
        ("what time is it", "unknown"),
    ] * 3
    return HeadIntentResolver(engine, examples=examples, threshold=0.5)


def test_head_resolver_answers_valid_json_and_never_prefills_history(
    head_resolver: HeadIntentResolver,
) -> None:
    assert isinstance(head_resolver, IntentResolver)
    history = [Turn("make it warmer", "climate_temperature_up", 1)] * 3
    for query in ("turn on the ac", "brr", "book a taxi", "太冷了"):
        result = head_resolver.resolve(query, history, "en")
        outcome = validate_output(result.raw)
        assert outcome.passed, result.raw
        answer = json.loads(result.raw)
        if answer.get("abstain"):
            assert answer["intent"] == "unknown"  # asking back acts on nothing
        assert result.timings["reused_tokens"] == len(head_resolver.prefix)
        assert result.timings["prefill_tokens"] == len(head_resolver._query_ids(query))


def test_head_resolver_deadline_in_the_past_abandons(head_resolver: HeadIntentResolver) -> None:
    result = head_resolver.resolve("turn on the ac", [], "en", deadline_ms=0.0)
    assert result.raw == "" and result.timings["abandoned"] == 1.0


def test_head_on_logit_features_reads_a_linear_image_of_the_hidden_state(tmp_path: Path) -> None:
    gguf = write_tiny_llama_gguf(tmp_path / "tiny.gguf", seed=3)
    hidden = LlamaEngine(gguf, n_threads=1, n_ctx=256, embeddings=True)
    logits = LlamaEngine(gguf, n_threads=1, n_ctx=256)
    ids = feature_token_ids(logits.n_vocab, 64)
    assert ids == feature_token_ids(logits.n_vocab, 64) and len(set(ids)) == 64
    words = ("turn", "on", "the", "ac", "make", "it", "warmer", "tell", "me", "a", "joke", "cold")
    rng = np.random.default_rng(0)
    rows_h, rows_l = [], []
    for _ in range(3 * hidden.n_embd):  # more texts than hidden dimensions: a real fit
        text = " ".join(rng.choice(words, size=int(rng.integers(1, 6))))
        for engine in (hidden, logits):
            engine.rewind(0)
            engine.feed(engine.tokenize(text, bos=True))
        rows_h.append(hidden.last_embedding(unit=False))
        rows_l.append(logits.last_logits(ids))
    h, lg = np.array(rows_h), np.array(rows_l)
    fit, *_ = np.linalg.lstsq(h, lg, rcond=None)  # one linear map for every text
    assert np.linalg.norm(lg - h @ fit) / np.linalg.norm(lg) < 1e-3
    assert np.linalg.matrix_rank(fit.T, tol=1e-6) == hidden.n_embd  # injective: nothing lost
    resolver = HeadIntentResolver(logits, examples=[("ac on", "climate_ac_on"),
                                                    ("joke", "unknown")] * 3, threshold=0.5)
    assert validate_output(resolver.resolve("turn on the ac", [], "en").raw).passed


def test_truncated_model_keeps_the_first_blocks(tmp_path: Path) -> None:
    import gguf as gguf_lib

    src = write_tiny_llama_gguf(tmp_path / "tiny.gguf", seed=5)
    one = truncated(src, 1, tmp_path)
    reader = gguf_lib.GGUFReader(str(one))
    assert int(reader.fields["llama.block_count"].contents()) == 1
    assert not [t.name for t in reader.tensors if t.name.startswith("blk.1.")]
    assert truncated(src, 1, tmp_path) == one  # made once
    engine = LlamaEngine(one, n_threads=1, n_ctx=128)
    engine.feed(engine.tokenize("turn on the ac", bos=True))
    assert np.isfinite(engine.last_logits()).all()
    with pytest.raises(InputError, match="layers"):
        truncated(src, 9, tmp_path)


def test_fitted_head_is_kept_on_disk_and_reloaded(tmp_path: Path) -> None:
    gguf = write_tiny_llama_gguf(tmp_path / "tiny.gguf", seed=11)
    examples = [("turn on the ac", "climate_ac_on"), ("ac on please", "climate_ac_on"),
                ("tell me a joke", "unknown"), ("what time is it", "unknown")] * 3

    def build() -> HeadIntentResolver:
        engine = LlamaEngine(gguf, n_threads=1, n_ctx=256)
        return HeadIntentResolver(engine, examples=examples, cache_dir=tmp_path / "cache")

    first = build()
    assert len(list((tmp_path / "cache").glob("head-fit-*.npz"))) == 1
    second = build()
    assert second.threshold == first.threshold == THRESHOLDS
    assert np.array_equal(second.head.w, first.head.w)
    assert second.resolve("turn on the ac", [], "en").raw == first.resolve(
        "turn on the ac", [], "en").raw


def test_words_that_only_contain_a_topic_word_do_not_name_it() -> None:
    sure = _probs(climate_set_temperature=0.9)
    for text in ("左后靠背角度往上调30度", "最低的对比度", "导航北纬40度", "屏幕亮度调到最低",
                 "打开右面电动吹风口", "提升手机通话声音的大小"):
        d = head_decision(CLASSES, sure, text, "zh-CN")
        assert d.intent == "unknown" and "?" not in d.feedback and "？" not in d.feedback, text


def test_a_condition_the_past_or_another_place_is_not_a_command_now() -> None:
    sure = _probs(media_volume_down=0.9)
    for text, lang in (("if my phone rings mute the music", "en"),
                       ("the concert last week was so loud", "en"),
                       ("等孩子睡着了把音乐关小", "zh-CN"), ("爸妈家的空调帮我关一下", "zh-CN"),
                       ("heat the pool to 28 degrees", "en"), ("座椅加热现在是几档", "zh-CN")):
        d = head_decision(CLASSES, sure, text, lang)
        assert (d.intent, d.why) == ("unknown", "out_of_scope"), text
    assert head_decision(CLASSES, sure, "turn the music down a bit", "en")[0] == (
        "media_volume_down")


@pytest.mark.parametrize(("text", "kept", "dropped"), [
    ("关闭空调关闭座椅通风", "关闭空调", ("关闭座椅通风",)),
    ("打开座椅通风播放音乐", "播放音乐", ("打开座椅通风",)),
    ("关了车窗打开内循环", "关了车窗", ("打开内循环",)),
    ("打开雾灯关闭空调", "关闭空调", ("打开雾灯",)),
    ("turn on the lights and play some music", "play some music", ("turn on the lights",)),
    # one thing said, or a clause that qualifies the whole request: read whole
    ("帮我播放一首音乐", "帮我播放一首音乐", ()),
    ("明天打开座椅通风打开空调", "明天打开座椅通风打开空调", ()),
    ("打开座椅通风", "打开座椅通风", ()),
    # nothing the cabin does named outright beside the lacking device: read whole
    ("打开雾灯然后凉快一点", "打开雾灯然后凉快一点", ()),
])
def test_a_clause_for_a_device_the_cabin_lacks_is_left_out(
    text: str, kept: str, dropped: tuple[str, ...]
) -> None:
    assert focus(text)[:2] == (kept, dropped)


def test_the_cabin_part_of_a_request_is_answered_and_the_rest_said_it_cannot() -> None:
    on = _p(climate_ac_off=0.8)
    d = focused_decision(FAN_CLASSES, on, focus("关闭空调关闭座椅通风"), "zh-CN")
    assert d.intent == "climate_ac_off"
    alone = head_decision(FAN_CLASSES, on, "关闭空调", "zh-CN").feedback
    assert d.feedback.startswith(alone) and "关闭座椅通风" in d.feedback
    # read whole, the lacking device puts it all out of scope
    assert head_decision(FAN_CLASSES, on, "关闭空调关闭座椅通风", "zh-CN").intent == "unknown"


def test_a_topic_named_outright_overrules_a_hint() -> None:
    from hil.llm.grounding import named_topics, narrowed

    def topics(text: str) -> set[str]:
        return narrowed(named_topics(text), text)

    assert topics("空调风量调两挡调大点") == {"climate_fan"}  # not the volume's "大点", not the AC
    assert topics("please speak quieter to me") == {"media_volume"}  # not the mute
    assert topics("上一首歌曲") == {"media_track"}
    # 风 with its size right after it is the fan named outright, not the volume's "小点"
    assert topics("风开大点") == topics("风小点，开到三档吧") == {"climate_fan"}
    assert "media_volume" in topics("小点声")
    assert "media_playback" in topics("换一首钢琴曲")  # other music, not the next track
    # the AC set to degrees is the temperature (the eleventh session: the head once switched the
    # AC on for "the AC to ten degrees", out of range)
    assert topics("把空调调到二十三度") == {"climate_temperature"}


@pytest.mark.parametrize(("text", "expected"), [
    ("风量调两挡", ("climate_set_fan", 2)),
    ("风量调大两挡", ("climate_fan_up", 2)),
])
def test_a_fan_level_is_a_setting_and_a_step_after_up_or_down(
    text: str, expected: tuple[str, int]
) -> None:
    assert head_answer(FAN_CLASSES, _p(climate_set_fan=0.8), text, "zh-CN", 0.6)[:2] == expected


def test_leave_it_and_remarks_are_never_asked_about() -> None:
    window = _p(climate_ac_on=0.3)
    for text in ("leave the window alone", "no music thanks"):
        d = head_decision(FAN_CLASSES, window, text, "en")
        assert d.intent == "unknown" and "?" not in d.feedback, text
    for text, lang in (("this singer has a great voice", "en"), ("这首歌让我想起大学时候", "zh-CN"),
                       ("remove last played song", "en")):
        d = head_decision(CLASSES, _probs(media_play=0.5), text, lang)
        assert (d.intent, d.why) == ("unknown", "out_of_scope"), text


def test_written_phrasings_cover_both_languages_and_are_seeded() -> None:
    from hil.llm.phrasings import phrasing_examples

    first = phrasing_examples(0)
    assert first == phrasing_examples(0) and first != phrasing_examples(1)
    plays = [t for t, i in first if i == "media_play"]
    assert any(t.isascii() for t in plays) and any(not t.isascii() for t in plays)
    assert {i for _, i in first} >= {"media_play", "unknown", "media_volume_set", "window_close"}


def test_stopping_the_music_is_a_pause_never_a_play() -> None:
    for text in ("kill the music", "turn the music off", "关掉音乐"):
        assert direction_of("media_play", text) == -1, text
        d = head_decision(CLASSES, _probs(media_play=0.8), text, "en")
        assert d.intent != "media_play", text
    assert direction_of("media_play", "继续播放") == 1


def test_a_song_requests_title_names_no_place_device_or_topic() -> None:
    sure = _probs(media_play=0.8)
    for text, lang in (("play Hotel California by the Eagles", "en"),
                       ("我要听儿歌吹起小喇叭", "zh-CN"), ("有没有周杰伦的歌", "zh-CN"),
                       ("播放起风了", "zh-CN")):
        assert head_decision(CLASSES, sure, text, lang).intent == "media_play", text
    # later is still later, and a device named outside a song request is still lacking
    for text, lang in (("play some jazz tomorrow morning", "en"), ("打开后排空调", "zh-CN"),
                       ("到了公司打开车窗", "zh-CN"), ("下了高速再把窗户打开", "zh-CN")):
        assert head_decision(CLASSES, sure, text, lang).intent == "unknown", text
