"""An open (wildcard) template's closed head compiled, hassil matching the rest.

The open templates ("<can> (put|throw|turn|...) [me] {query} <pls>") cost hassil 60-130 us a
match, most of it walking the closed head before the first wildcard (the courtesy rule, a few
dozen verbs) branch by branch. :func:`compile_open` cuts a template's top sequence at its first
item that :func:`~twin.assistant.template_compiled.compile_closed` cannot compile (the
wildcard, or what holds one) and compiles the items before it. :meth:`OpenProgram.every`
then matches the head with the compiled program, which yields hassil's contexts in hassil's
order, hands each to hassil's own ``match_expression`` for the rest of the sequence, and
hands all that reach the end, in order, to ``_process_match_contexts`` (every context built
before any is read, as hassil does). That is hassil's sequence match item by item: the
contexts the head leaves share no wildcard entity (the head has none), so matching the rest
for one of them before the next changes nothing hassil reads. A text holding ``-``/``_`` is
not for the compiled head; the caller gives it to hassil. ``tests/test_template_open.py``
compares every match with hassil's on every open template and development text.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hassil.expression import Expression, Sentence, Sequence
from hassil.intents import Intent, IntentData
from hassil.recognize import RecognizeResult, _process_match_contexts
from hassil.string_matcher import MatchContext, MatchSettings, match_expression

from twin.assistant.template_compiled import Program, compile_closed

__all__ = ["OpenProgram", "OpenPrograms", "compile_open"]


class OpenProgram:
    """A sequence template's closed head (its first ``cut`` items) compiled for one
    ``MatchSettings``; hassil matches the rest."""

    def __init__(self, head: Program, cut: int, settings: MatchSettings) -> None:
        self._head = head
        self._cut = cut
        self.settings = settings

    def every(self, text: str, offsets: list[int], intent: Intent, data: IntentData,
              sentence: Sentence, original: str, context: dict[str, Any]
              ) -> Iterator[RecognizeResult]:
        """Every result of matching ``text`` (a matchable text with its ``offsets``) against
        ``sentence`` (the template compiled, or a copy cut down to a text by
        :mod:`twin.assistant.template_prune`, whose top sequence keeps its items in place:
        its head matches what the whole head matches), in hassil's order, as
        ``_process_match_contexts`` gives them."""
        settings = self.settings
        rest = Sequence(items=sentence.expression.items[self._cut:])
        reached: list[MatchContext] = [
            after for head in self._head.contexts(text, sentence, data, original, context)
            for after in match_expression(settings, head, rest)]
        return iter(_process_match_contexts(
            reached, intent, data, text_offsets=offsets, default_response="default",
            allow_unmatched_entities=False))


def compile_open(expression: Expression, settings: MatchSettings) -> OpenProgram | None:
    """``expression`` (a template's) with its closed head compiled for ``settings``; None if
    it is not a sequence, or its first item does not compile, or every item does (a closed
    template: :func:`compile_closed`'s)."""
    if type(expression) is not Sequence or settings.allow_unmatched_entities:
        return None
    items = expression.items
    cut = 0
    while cut < len(items) and compile_closed(items[cut], settings) is not None:
        cut += 1
    if cut == 0 or cut == len(items):
        return None
    head = compile_closed(Sequence(items=list(items[:cut])), settings)
    if head is None:
        return None
    return OpenProgram(head, cut, settings)


class OpenPrograms:
    """The open programs of one template set's templates, each compiled when first asked
    for, for the match settings it is asked with."""

    def __init__(self) -> None:
        self._compiled: dict[int, tuple[MatchSettings, OpenProgram | None]] = {}

    def get(self, index: int, sentence: Sentence, settings: MatchSettings) -> OpenProgram | None:
        """Template ``index`` (whose ``sentence`` is given) compiled for ``settings``."""
        cached = self._compiled.get(index)
        if cached is None or cached[0] is not settings:
            cached = self._compiled[index] = (settings, compile_open(sentence.expression,
                                                                     settings))
        return cached[1]
