"""Moved to :mod:`twin.verdict.actuation` (kept so existing imports keep working)."""

from twin.verdict.actuation import BUILTIN, OUTCOME_OF, actuation_expectations

__all__ = ["BUILTIN", "OUTCOME_OF", "actuation_expectations"]
