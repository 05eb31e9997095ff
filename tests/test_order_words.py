"""The English order readers' shared words (:mod:`twin.assistant.order_words`): one set each, the
readers' differences written as differences, and each reader's regex built from them."""

from __future__ import annotations

import re

import pytest

from hil.llm import foreign, orders
from twin.assistant.order_words import (
    COURTESY,
    COURTESY_FILLERS,
    COURTESY_SPOKEN,
    EN_COMMAND_VERBS,
    EN_ORDER_VERB_WORDS,
    EN_ORDER_VERBS,
    FOREIGN_ORDER_VERBS,
    MOVE_VERBS,
    OWN_TOPIC_VERBS,
    UNKNOWN_ORDER_VERBS,
    alternation,
    en_starts_order,
)


def test_the_shared_verbs_are_one_list_as_words_and_as_a_regex() -> None:
    assert "(?:" + "|".join(EN_ORDER_VERB_WORDS) + ")" == EN_ORDER_VERBS
    assert {"turn", "crank", "knock"} <= MOVE_VERBS
    assert not {"resume", "take"} & (UNKNOWN_ORDER_VERBS | FOREIGN_ORDER_VERBS)


def test_foreign_reads_no_verb_that_names_its_own_topic() -> None:
    assert not FOREIGN_ORDER_VERBS & OWN_TOPIC_VERBS
    assert OWN_TOPIC_VERBS <= UNKNOWN_ORDER_VERBS
    assert UNKNOWN_ORDER_VERBS & FOREIGN_ORDER_VERBS == MOVE_VERBS


def test_the_courtesy_differences_are_disjoint_from_the_shared_courtesy() -> None:
    assert not COURTESY & COURTESY_SPOKEN
    assert not COURTESY & COURTESY_FILLERS
    assert not COURTESY_SPOKEN & COURTESY_FILLERS


def test_alternation_puts_a_longer_word_before_one_it_starts_with() -> None:
    assert alternation({"lock", "unlock", "lo"}) == "unlock|lock|lo"
    assert re.fullmatch(alternation({"ok", "okay"}), "okay")


@pytest.mark.parametrize("clause", ["och set the wolume to five", "can u stick the wolume up"])
def test_orders_reads_its_own_courtesy_and_verbs(clause: str) -> None:
    assert orders._EN_KNOWN_VERB.search(clause)


@pytest.mark.parametrize("clause", ["um mate set the wolume up", "save the footage"])
def test_orders_does_not_read_foreign_words(clause: str) -> None:
    assert not orders._EN_KNOWN_VERB.search(clause)


@pytest.mark.parametrize(("clause", "verb", "obj"), [
    ("um mate warm the church up", "warm", "church"),
    ("go on unlock the garage", "unlock", "garage"),
    ("ok so turn the telly down", "turn", "telly")])
def test_foreign_reads_its_verb_and_object(clause: str, verb: str, obj: str) -> None:
    m = foreign._EN_ORDER.search(clause)
    assert m is not None and (m["verb"], m["obj"]) == (verb, obj)


@pytest.mark.parametrize("clause", ["pause this jawn", "mute the telly", "stick the kettle on"])
def test_foreign_leaves_a_verb_that_is_not_its_own(clause: str) -> None:
    assert foreign._EN_ORDER.search(clause) is None


@pytest.mark.parametrize(("part", "starts"), [
    ("can you open the window", True), ("and then go back a song", True),
    ("just take me home", True), ("start the fan", True), ("engage the heater", True),
    ("ok turn it up", False), ("the window is open", False)])
def test_an_order_starts_after_the_courtesy_but_a_greeting(part: str, starts: bool) -> None:
    assert en_starts_order(part) is starts


def test_a_run_on_is_cut_before_the_order_verbs_but_start_and_a_bare_take() -> None:
    heads = re.compile(EN_COMMAND_VERBS)
    assert heads.match("crank it") and heads.match("take me home") and heads.match("demist")
    assert not heads.match("start it") and not heads.match("take it")
