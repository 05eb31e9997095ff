"""An out-of-domain word matched anywhere in a sentence ("contacts", "coffee", 停车场, a
question's 呢) is no "cannot do" answer when the sentence also tells how a cabin function is,
the word outside that telling (English: after it, no request said; Chinese: in another clause
that neither orders nor asks): the rules leave such a line (the fallback decides). Variants
written here (never a development line); those of the nineteenth session fail at main."""

from __future__ import annotations

import pytest

from twin.assistant.nlu import shared_nlu

BESIDE_A_COMPLAINT = [
    "the fan is so strong my contacts are drying out",
    "the air is blowing right at me my coffee is getting cold",
    "the ac's way too cold my groceries are freezing back there",
    # nineteenth session: the word anywhere after the telling, not only a statement's subject
    "the air is blowing so hard my contact lenses are drying up",
    "that fan's roaring right at my face and my contacts feel like sandpaper",
    "the vents are blasting so much my calendar pages keep flapping",
]

CHINESE_BESIDE_A_COMPLAINT = [
    "停车场里等了一个钟头 这座位凉得像冰块",
    "后排座位冰凉，孩子还发着烧呢",
    "车里热得像蒸笼，老人家还晕着车呢",
]


@pytest.mark.parametrize("text", CHINESE_BESIDE_A_COMPLAINT)
def test_a_chinese_word_told_in_another_clause_is_no_cannot_do(text: str) -> None:
    result = shared_nlu("zh-CN").parse(text)
    assert result.confidence < 0.85 and not result.actuates, result


CHINESE_STILL_OUT_OF_DOMAIN = [
    "停车场冷得要命",  # the word and the cold in one clause: another place
    "方向盘加热打开 手都冻僵了",  # the word's clause orders it: a device the cabin lacks
    "座椅太凉了，附近有停车场吗",  # the word's clause asks about it
    "帮我找个停车场 车里太热了",
    "车里好冷，明天天气怎么样呢",  # later
    "天窗漏风 冷死了",
]


@pytest.mark.parametrize("text", CHINESE_STILL_OUT_OF_DOMAIN)
def test_a_chinese_word_asked_for_or_in_the_same_clause_is_still_refused(text: str) -> None:
    result = shared_nlu("zh-CN").parse(text)
    assert result.confidence >= 0.85 and result.intent == "unknown" and not result.actuates


@pytest.mark.parametrize("text", BESIDE_A_COMPLAINT)
def test_the_rules_do_not_answer_cannot_do(text: str) -> None:
    result = shared_nlu("en").parse(text)
    assert result.confidence < 0.85 and not result.actuates, result


STILL_OUT_OF_DOMAIN = [
    "my contacts are drying out",
    "what's on my calendar today",
    "read my emails",
    "the restaurant is closed, find another pizza place",
    "this drink is super cool can you share the link to facebook",  # a request: what is asked
    "the seat is warm, can you read my emails",
]


@pytest.mark.parametrize("text", STILL_OUT_OF_DOMAIN)
def test_a_sentence_about_the_word_alone_is_still_out_of_domain(text: str) -> None:
    result = shared_nlu("en").parse(text)
    assert result.confidence >= 0.85 and result.intent == "unknown" and not result.actuates


def test_with_a_conjunction_the_cabin_part_acts_and_the_rest_is_named() -> None:
    result = shared_nlu("en").parse("the air is blowing right at me and my coffee is getting cold")
    assert [p.intent for p in result.parts if p.actuates] == ["climate_fan_down"]
