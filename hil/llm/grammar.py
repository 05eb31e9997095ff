"""Output constraints: a GBNF grammar for the JSON answer, and a token trie over intent labels.

The grammar enumerates every intent with a value rule of its own schema: integer ranges are
spelled out as alternatives, because llama-cpp-python's JSON-schema converter ignores integer
minimum/maximum. A grammar guarantees structure only until ``max_tokens`` cuts the output, so
callers still validate. The trie is the same constraint at token level for the fast decision:
at each step only tokens that continue some label are allowed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from twin.assistant.intents import INTENTS, IntentSchema


def _value_rule(schema: IntentSchema) -> str:
    if schema.kind == "none":
        return '"null"'
    if schema.kind == "enum":
        return " | ".join(json.dumps(json.dumps(c)) for c in schema.choices)
    assert schema.low is not None and schema.high is not None
    return " | ".join(f'"{v}"' for v in range(schema.low, schema.high + 1))


def intent_gbnf(intents: Mapping[str, IntentSchema] = INTENTS) -> str:
    """GBNF for ``{"intent": NAME, "value": V}`` where V fits NAME's schema exactly."""
    rules = ["root ::= " + " | ".join(f"i{n}" for n in range(len(intents)))]
    for n, (name, schema) in enumerate(intents.items()):
        head = json.dumps(f'{{"intent": "{name}", "value": ')
        rules.append(f"i{n} ::= {head} v{n} " + json.dumps("}"))
        rules.append(f"v{n} ::= {_value_rule(schema)}")
    return "\n".join(rules) + "\n"


@dataclass
class LabelTrie:
    """Token sequences of labels; ``children`` maps a token to the subtree, ``label`` at leaves."""

    children: dict[int, LabelTrie] = field(default_factory=dict)
    label: str | None = None

    @classmethod
    def build(cls, sequences: Mapping[str, Sequence[int]]) -> LabelTrie:
        """A trie over ``{label: token ids}``; no label may be a token prefix of another."""
        root = cls()
        for label, tokens in sequences.items():
            if not tokens:
                raise ValueError(f"label {label!r} tokenises to nothing")
            node = root
            for token in tokens:
                if node.label is not None:
                    raise ValueError(f"label {node.label!r} is a token prefix of {label!r}")
                node = node.children.setdefault(token, cls())
            if node.children or node.label is not None:
                raise ValueError(f"label {label!r} is a token prefix of another label")
            node.label = label
        return root

    def allowed(self) -> list[int]:
        return list(self.children)

    def labels(self) -> set[str]:
        """Every label in this subtree."""
        if self.label is not None:
            return {self.label}
        return set().union(*(c.labels() for c in self.children.values()))

    def depth(self) -> int:
        """Longest path from here to a leaf, in tokens."""
        return 0 if not self.children else 1 + max(c.depth() for c in self.children.values())
