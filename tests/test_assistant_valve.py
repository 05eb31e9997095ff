"""The safety valve: nothing outside a schema ever becomes a command."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from twin.assistant.commands import Command, make_command, validate_output
from twin.assistant.intents import INTENT_NAMES, INTENTS
from twin.assistant.nlu import RuleResult
from twin.assistant.policy import AssistantPolicy, decide
from twin.assistant.resolver import ResolverResult

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-1000, 1000) | st.floats(allow_nan=True)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)  # fmt: skip
intent_names = st.sampled_from([*INTENT_NAMES, "Unknown", "climate_set_temp", "", "turn_on"])
objects = st.fixed_dictionaries(
    {},
    optional={
        "intent": intent_names | json_values,
        "value": json_values | st.integers(-50, 150),
        "feedback": st.text(max_size=20) | json_values,
    },
).flatmap(lambda d: st.dictionaries(st.text(max_size=6), json_values, max_size=2).map(
    lambda extra: {**extra, **d}))  # fmt: skip


def _in_schema(command: Command) -> bool:
    return command.intent in INTENTS and INTENTS[command.intent].accepts(command.value)


@given(st.text(max_size=200))
def test_random_text_never_yields_an_out_of_schema_command(raw: str) -> None:
    outcome = validate_output(raw)
    assert outcome.command is None or _in_schema(outcome.command)


@given(objects)
def test_random_json_objects_never_yield_an_out_of_schema_command(obj: dict) -> None:
    outcome = validate_output(json.dumps(obj))
    if outcome.command is None:
        assert outcome.reason is not None
    else:
        assert _in_schema(outcome.command) and outcome.feedback.strip()


@given(objects | json_values, st.floats(0, 500))
def test_decide_never_executes_an_out_of_schema_command(obj: object, resolver_ms: float) -> None:
    rules = RuleResult("unknown", None, 0.0, None, "?", "none", "", "no_match", 1.0)
    decision = decide("q", [], "en", rules, ResolverResult(json.dumps(obj), resolver_ms),
                      AssistantPolicy(degrade=False))  # fmt: skip
    assert _in_schema(decision.command)
    assert decision.path in ("llm", "valve")


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("Sure! I'll turn on the AC.", "malformed_json"),
        ('{"intent": "climate_set_temperature", "value": 2', "malformed_json"),
        ("[1, 2]", "not_an_object"),
        ('{"value": 1, "feedback": "ok"}', "missing_key"),
        ('{"intent": "open_sunroof", "value": null, "feedback": "ok"}', "unknown_intent"),
        ('{"intent": "climate_set_temperature", "value": 35, "feedback": "ok"}', "bad_value"),
        ('{"intent": "climate_set_temperature", "value": "22", "feedback": "ok"}', "bad_value"),
        ('{"intent": "seat_heat_driver", "value": true, "feedback": "ok"}', "bad_value"),
        ('{"intent": "media_mute", "value": null, "feedback": "  "}', "empty_feedback"),
    ],
)
def test_each_rejection_names_its_reason(raw: str, reason: str) -> None:
    outcome = validate_output(raw)
    assert outcome.command is None and outcome.reason == reason


def test_valid_output_passes_with_integral_float() -> None:
    outcome = validate_output(
        '{"intent": "climate_set_temperature", "value": 22.0, "feedback": "ok"}'
    )
    assert outcome.passed and outcome.command is not None and outcome.command.value == 22


def test_command_cannot_be_built_or_edited_around_the_factory() -> None:
    with pytest.raises(TypeError):
        Command("climate_set_temperature", 22)
    command = make_command("climate_set_temperature", 22)
    assert command is not None
    with pytest.raises(ValueError):
        dataclasses.replace(command, value=99)
    with pytest.raises(dataclasses.FrozenInstanceError):
        command.value = 99  # type: ignore[misc]
    assert make_command("climate_set_temperature", 99) is None
    assert make_command("no_such_intent", None) is None
