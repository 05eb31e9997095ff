"""When the fallback asks (the twenty-first session): only on a line that asks for something of
this cabin now. A line whose words put it at another day, in someone else's home or workplace,
or somewhere else (:func:`hil.llm.here_now.elsewhere`), or that asks a question of its own, is
told the cabin cannot do that, with the same probabilities that ask about the topic on a line
of this cabin. Variants written for the tests, not the development lines."""

from __future__ import annotations

import pytest

from hil.llm.questions import AWAY, cannot, warranted
from tests.helpers import head_answer as _answer
from twin.assistant.scoring import ASKED

# each doubted (the topic's share under its threshold, or ``unknown`` outweighing it)
DOUBTS = ({"unknown": 0.45}, {"unknown": 0.05})


@pytest.mark.parametrize("given", DOUBTS)
@pytest.mark.parametrize(("text", "lang", "lean"), [
    # another day named
    ("礼拜天球赛中场放的那首歌真带劲", "zh-CN", "media_play"),
    ("电台说这个周末都闷热得很", "zh-CN", "climate_temperature_down"),
    ("星期六去海边的时候车窗上全是沙子", "zh-CN", "window_close"),
    # someone else's home or workplace
    ("我姐说她家暖气烧得太热了", "zh-CN", "climate_temperature_down"),
    ("他公司那台空调总是冷得人发抖", "zh-CN", "climate_temperature_up"),
    # somewhere else, or another time, by here_now's words
    ("that song was everywhere that summer", "en", "media_play"),
    ("这首歌我们刚认识那会儿天天听", "zh-CN", "media_play"),
])
def test_a_line_about_elsewhere_is_not_asked(text: str, lang: str, lean: str,
                                             given: dict[str, float]) -> None:
    d = _answer(text, lang, **{lean: 0.15, **given})
    assert d.intent == "unknown" and d.why not in ASKED, d
    assert d.feedback == cannot(lang)


@pytest.mark.parametrize(("text", "lang", "lean", "topic"), [
    # near misses: the same words for this cabin now are still asked about (or acted on)
    ("我家孩子在后面冷得直哆嗦", "zh-CN", "climate_temperature_up", "climate_temperature"),
    ("奶奶嫌这歌声音太大了", "zh-CN", "media_volume_down", "media_volume"),
    ("the wife reckons the music is way too loud", "en", "media_volume_down", "media_volume"),
    ("我家宝宝嫌这歌吵得慌", "zh-CN", "media_volume_down", "media_volume"),
])
def test_the_same_words_about_this_cabin_are_still_asked(text: str, lang: str, lean: str,
                                                         topic: str) -> None:
    d = _answer(text, lang, **{lean: 0.15, "unknown": 0.45})
    assert d.topic == topic, d
    assert d.intent == lean or d.why in ASKED, d


@pytest.mark.parametrize(("text", "lang", "lean", "topic"), [
    # an order in a clause of its own beside a story of another day or place: asked as before
    ("周末去她家太远了 把音乐开大点", "zh-CN", "media_volume_up", "media_volume"),
    ("the seat was like a block of ice, warm it up", "en", "climate_temperature_up",
     "seat_heat"),
])
def test_an_order_beside_a_story_of_elsewhere_is_still_asked(text: str, lang: str, lean: str,
                                                             topic: str) -> None:
    d = _answer(text, lang, **{lean: 0.15, "unknown": 0.05})
    assert d.topic == topic and (d.intent == lean or d.why in ASKED), d


@pytest.mark.parametrize(("text", "away"), [
    ("礼拜天", True), ("星期四", True), ("这个周末", True), ("这礼拜", True), ("周末", True),
    ("她家", True), ("上我家来", True), ("她公司", True),
    # not another day or place: once a week, my family's child, going home, this car
    ("每周一次", False), ("一周一", False), ("我家孩子", False), ("导航回家", False),
    ("车里", False),
])
def test_away_words(text: str, away: bool) -> None:
    assert (AWAY.search(text) is not None) is away


def test_warranted_reads_the_question_and_the_place() -> None:
    assert warranted("it's roasting in here", own_question=False)
    assert not warranted("it's roasting in here", own_question=True)
    assert not warranted("it was roasting at the gym", own_question=False)
