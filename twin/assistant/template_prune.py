"""A sentence template cut down to the alternatives a text can use, before hassil matches it.

hassil walks a template breadth first and tries every branch of every alternative, also the
many branches of the expansion rules a template refers to ("<can>", "<temp>", "<set>"): a
cabin template that matches one short sentence costs it hundreds of steps, most of them on
words the sentence does not contain. :class:`Pruner` drops, per text, each branch that
needs a literal the text does not have, and hands hassil the smaller template; what it
keeps is the original (the same objects) wherever nothing was dropped.

Why the matches are unchanged: every piece of literal text a branch consumes is, projected
(:func:`twin.assistant.template_shape.project`), a piece of the projected text (see that
module), so a branch one of whose required literals is missing from every projected text
hassil may match against yields nothing; an alternative yields its branches' matches in
order, so leaving out branches that yield nothing leaves the others, in the same order. A
rule referred to is written inline where something inside it was dropped (hassil only looks
a rule up to match its expression). The template keeps its text, its literal-fragment clauses
and its first and last items (hassil picks the text to match by them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hassil.expression import (
    Alternative,
    Expression,
    Group,
    Permutation,
    RuleReference,
    Sentence,
    Sequence,
    TextChunk,
)

from twin.assistant.template_shape import project

__all__ = ["Pruner"]

_MAX_DEPTH = 50


@dataclass(frozen=True)
class _Alt:
    """An alternative with prunable branches: each branch's required literals and its node."""

    original: Alternative
    branches: tuple[tuple[tuple[str, ...], _Node], ...]


@dataclass(frozen=True)
class _Group:
    """A sequence or permutation with something prunable inside."""

    original: Group
    items: tuple[_Node, ...]


_Node = Expression | _Alt | _Group
"""A hassil expression kept as it is (nothing prunable inside), or a prunable node."""


class _Static(Exception):
    """The template has nothing this module can prune safely: keep it whole."""


class Pruner:
    """One sentence template (with its expansion rules), prunable per text. Templates with
    the same rules may share ``memo`` (a rule is then analysed once for all of them)."""

    def __init__(
        self, sentence: Sentence, rules: dict[str, Any], memo: dict[int, Any] | None = None
    ) -> None:
        self.sentence = sentence
        self._needs: dict[int, frozenset[str]] = {} if memo is None else memo.setdefault(0, {})
        self._built: dict[int, _Node] = {} if memo is None else memo.setdefault(1, {})
        try:
            self._root: _Node = self._build(sentence.expression, rules, 0)
        except (_Static, RecursionError):
            self._root = sentence.expression
        self.branches = _branches(self._root, set())
        """How many branches of alternatives may be dropped (the size of the saving)."""

    def for_text(self, present: str, memo: dict[int, Any] | None = None) -> Sentence | None:
        """The template less every branch needing a literal absent from ``present`` (the
        projected texts hassil may match, joined by newlines); the template itself when
        nothing is dropped, None when nothing is left. ``memo`` may be shared by the templates
        pruned for one text (they share rules)."""
        root = self._root
        if isinstance(root, Expression):
            return self.sentence
        expression = _cut(root, present, {} if memo is None else memo)
        if expression is None:
            return None
        if expression is self.sentence.expression:
            return self.sentence
        return Sentence(
            expression=expression,
            text=self.sentence.text,
            required_clauses=self.sentence.required_clauses,
        )

    def _need(self, exp: Expression, rules: dict[str, Any], depth: int) -> frozenset[str]:
        """Projected literals every match of ``exp`` consumes (each inside its text)."""
        if depth > _MAX_DEPTH:
            raise _Static
        key = id(exp)
        if key in self._needs:
            return self._needs[key]
        need: frozenset[str]
        if isinstance(exp, TextChunk):
            literal = project(exp.text)
            need = frozenset((literal,)) if literal else frozenset()
        elif isinstance(exp, Alternative):
            branches = [self._need(item, rules, depth + 1) for item in exp.items]
            need = frozenset.intersection(*branches) if branches else frozenset()
        elif isinstance(exp, Sequence | Permutation):
            need = frozenset().union(*(self._need(i, rules, depth + 1) for i in exp.items))
        elif isinstance(exp, RuleReference):
            rule = rules.get(exp.rule_name)
            need = frozenset() if rule is None else self._need(rule.expression, rules, depth + 1)
        else:  # a list (values, range, wildcard): nothing literal for sure
            need = frozenset()
        self._needs[key] = need
        return need

    def _build(self, exp: Expression, rules: dict[str, Any], depth: int) -> _Node:
        if depth > _MAX_DEPTH:
            raise _Static
        key = id(exp)
        if key not in self._built:  # a rule used twice is one node (cut once per text)
            self._built[key] = self._node(exp, rules, depth)
        return self._built[key]

    def _node(self, exp: Expression, rules: dict[str, Any], depth: int) -> _Node:
        if isinstance(exp, Alternative):
            branches = []
            for item in exp.items:
                node = self._build(item, rules, depth + 1)
                branches.append((tuple(sorted(self._need(item, rules, depth + 1))), node))
            if any(need or not isinstance(node, Expression) for need, node in branches):
                return _Alt(exp, tuple(branches))
            return exp
        if isinstance(exp, Sequence | Permutation):
            items = tuple(self._build(item, rules, depth + 1) for item in exp.items)
            if any(not isinstance(node, Expression) for node in items):
                return _Group(exp, items)
            return exp
        if isinstance(exp, RuleReference):
            rule = rules.get(exp.rule_name)
            if rule is None:
                return exp  # hassil raises on it, as before
            inner = self._build(rule.expression, rules, depth + 1)
            # written inline only when something in it can be dropped
            return exp if isinstance(inner, Expression) else inner
        return exp


def _branches(node: _Node, seen: set[int]) -> int:
    """Droppable branches under ``node`` (a node shared by rules counted once)."""
    if isinstance(node, Expression) or id(node) in seen:
        return 0
    seen.add(id(node))
    if isinstance(node, _Alt):
        return sum(bool(need) + _branches(b, seen) for need, b in node.branches)
    return sum(_branches(item, seen) for item in node.items)


def _original(node: _Node) -> Expression:
    return node if isinstance(node, Expression) else node.original


def _cut(node: _Alt | _Group, present: str, memo: dict[int, Any]) -> Expression | None:
    """``node`` for a text whose projections are ``present``; None when it cannot match.
    ``memo`` holds the nodes already cut for this text, and (by literal) whether it occurs."""
    key = id(node)
    if key in memo:
        return memo[key]
    out: Expression | None
    if isinstance(node, _Alt):
        kept: list[Expression] = []
        same = True
        for need, branch in node.branches:
            for literal in need:
                found = memo.get(literal)
                if found is None:
                    found = memo[literal] = literal in present
                if not found:
                    break
            else:
                if isinstance(branch, Expression):
                    kept.append(branch)
                    continue
                cut = _cut(branch, present, memo)
                if cut is not None:
                    kept.append(cut)
                    same = same and cut is branch.original
                    continue
            same = False
        if not kept:
            out = None
        elif same:
            out = node.original
        else:
            out = Alternative(items=kept, is_optional=node.original.is_optional)
    else:
        items: list[Expression] = []
        same = True
        for item in node.items:
            if isinstance(item, Expression):
                items.append(item)
                continue
            cut = _cut(item, present, memo)
            if cut is None:
                memo[key] = None
                return None
            items.append(cut)
            same = same and cut is item.original
        out = node.original if same else type(node.original)(items=items)
    memo[key] = out
    return out
