"""A modelled :class:`~twin.assistant.resolver.IntentResolver` for the twin.

Latency is drawn from a :class:`~latency_models.stages.StageModel` (or any
:class:`~latency_models.distributions.Distribution`) with a seeded numpy Generator. The outcome
is drawn from a configurable accuracy and malformed-output rate, and is produced as text, the
way a small LLM gets it wrong: a neighbouring intent, an off-by-some or out-of-range value, a
hallucinated intent name, empty feedback; or malformed text (prose, truncated JSON, single
quotes, a code fence). The safety valve has to catch these from the text alone.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from latency_models.distributions import Distribution
from latency_models.stages import StageModel
from twin.assistant.commands import make_command
from twin.assistant.feedback import feedback_for
from twin.assistant.intents import INTENT_NAMES, INTENTS
from twin.assistant.resolver import ResolverResult, Turn

Label = tuple[str, int | str | None]

# What a small model confuses an intent with.
_NEIGHBOURS: dict[str, tuple[str, ...]] = {
    "climate_set_temperature": ("climate_temperature_up", "climate_temperature_down"),
    "climate_temperature_up": ("climate_temperature_down", "climate_set_temperature"),
    "climate_temperature_down": ("climate_temperature_up", "climate_set_temperature"),
    "climate_set_fan": ("climate_fan_up", "climate_fan_down"),
    "climate_fan_up": ("climate_fan_down", "climate_set_fan", "climate_ac_on"),
    "climate_fan_down": ("climate_fan_up", "climate_set_fan"),
    "climate_ac_on": ("climate_ac_off", "climate_set_fan"),
    "climate_ac_off": ("climate_ac_on",),
    "climate_defrost": ("climate_ac_on", "window_close"),
    "seat_heat_driver": ("seat_heat_passenger", "climate_temperature_up"),
    "seat_heat_passenger": ("seat_heat_driver",),
    "window_set_position": ("window_open", "window_close"),
    "window_open": ("window_close", "window_set_position"),
    "window_close": ("window_open",),
    "media_play": ("media_pause", "media_next"),
    "media_pause": ("media_play", "media_mute"),
    "media_next": ("media_previous",),
    "media_previous": ("media_next",),
    "media_volume_set": ("media_volume_up", "media_volume_down"),
    "media_volume_up": ("media_volume_down", "media_volume_set"),
    "media_volume_down": ("media_volume_up", "media_mute"),
    "media_mute": ("media_pause", "media_volume_down"),
    "navigate_home": ("unknown",),
    "unknown": ("navigate_home", "media_play", "climate_ac_on"),
}
_HALLUCINATED = (
    "climate_set_temp",
    "set_temperature",
    "seat_heating_on",
    "open_window",
    "play_music",
    "volume_up",
    "navigate",
    "turn_on",
)
_PROSE = (
    "Sure! I'll take care of that for you.",
    "好的，我来帮您处理。",
    "I'm sorry, I don't understand.",
    "The intent is {intent}.",
)


@dataclass(frozen=True)
class OutcomeRates:
    """Probabilities of a correct and of a malformed output; the rest is a wrong answer."""

    accuracy: float = 0.85
    malformed_rate: float = 0.05

    def __post_init__(self) -> None:
        if not (0 <= self.accuracy <= 1 and 0 <= self.malformed_rate <= 1):
            raise ValueError("accuracy and malformed_rate must be probabilities")
        if self.accuracy + self.malformed_rate > 1:
            raise ValueError("accuracy + malformed_rate must be <= 1")


class ModelledResolver:
    """Answers from labels with a modelled latency and error mix (deterministic by rng)."""

    def __init__(
        self,
        latency: StageModel | Distribution,
        rng: np.random.Generator,
        labels: Mapping[tuple[str, str], Label],
        rates: OutcomeRates = OutcomeRates(),
    ) -> None:
        self.latency = latency
        self.rng = rng
        self.labels = dict(labels)
        self.rates = rates

    @classmethod
    def from_queries(
        cls,
        queries: Iterable[Any],
        latency: StageModel | Distribution,
        rng: np.random.Generator,
        rates: OutcomeRates = OutcomeRates(),
    ) -> ModelledResolver:
        """Labels from :class:`~twin.assistant.queries.LabelledQuery` objects."""
        return cls(latency, rng, {(q.lang, q.text): (q.intent, q.value) for q in queries}, rates)

    def resolve(
        self, query: str, history: list[Turn], lang: str, deadline_ms: float | None = None
    ) -> ResolverResult:
        """A sampled latency and an output text; never cut at the deadline (the policy is)."""
        ms = float(self.latency.sample(self.rng, 1)[0])
        intent, value = self.labels.get((lang, query), ("unknown", None))
        u = float(self.rng.random())
        if u < self.rates.malformed_rate:
            raw, outcome = self._malformed(intent, value, lang), "malformed"
        elif u < self.rates.malformed_rate + self.rates.accuracy:
            raw, outcome = self._json(intent, value, lang), "correct"
        else:
            raw, outcome = self._wrong(intent, value, lang), "wrong"
        timings = {
            "modelled": 1.0,
            "outcome_code": float(("correct", "wrong", "malformed").index(outcome)),
        }
        return ResolverResult(raw, ms, timings)

    def _pick(self, options: tuple[Any, ...]) -> Any:
        return options[int(self.rng.integers(len(options)))]

    def _json(self, intent: str, value: Any, lang: str, feedback: str | None = None) -> str:
        if feedback is None:
            command = make_command(intent, value)
            feedback = feedback_for(command, lang) if command else "OK"
        return json.dumps(
            {"intent": intent, "value": value, "feedback": feedback}, ensure_ascii=False
        )

    def _wrong(self, intent: str, value: Any, lang: str) -> str:
        kind = int(self.rng.integers(5))
        schema = INTENTS.get(intent, INTENTS["unknown"])
        if kind == 0 or schema.kind != "int":
            other = self._pick(_NEIGHBOURS.get(intent, INTENT_NAMES))
            return self._json(other, INTENTS[other].default, lang)
        if kind == 1:
            assert schema.low is not None and schema.high is not None
            offset = int(self.rng.integers(1, 4)) * (1 if self.rng.random() < 0.5 else -1)
            base = value if isinstance(value, int) else schema.default
            assert isinstance(base, int)
            return self._json(intent, min(schema.high, max(schema.low, base + offset)), lang)
        if kind == 2:
            assert schema.high is not None
            return self._json(intent, schema.high + int(self.rng.integers(1, 20)), lang)
        if kind == 3:
            return self._json(self._pick(_HALLUCINATED), value, lang)
        return self._json(intent, value, lang, feedback="")

    def _malformed(self, intent: str, value: Any, lang: str) -> str:
        good = self._json(intent, value, lang)
        kind = int(self.rng.integers(5))
        if kind == 0:  # cut by max_tokens
            return good[: int(self.rng.integers(1, max(2, len(good) - 1)))]
        if kind == 1:
            return str(self._pick(_PROSE)).format(intent=intent)
        if kind == 2:
            return str({"intent": intent, "value": value})  # Python repr: single quotes
        if kind == 3:
            return "```json\n" + good + "\n```"
        return good + " I hope this helps!"
