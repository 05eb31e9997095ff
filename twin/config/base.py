"""Strict configuration models and one-line errors generated from them.

Every config section is a :class:`Strict` model: unknown keys are refused (with a "did you mean"
suggestion), numbers must be finite, and bools are not numbers. :func:`parse` validates a mapping
against a model and turns the first problem into an :class:`~twin.errors.InputError` naming the
file, the dotted key, what was expected and what was given; the CLI prints it on one line and
exits 2.
"""

from __future__ import annotations

import difflib
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from twin.errors import InputError

M = TypeVar("M", bound=BaseModel)

MAX_DEPTH = 32  # deeper nesting than any valid file has: refused before pydantic recurses


class Strict(BaseModel):
    """Base of every config model: unknown keys refused, no coercion, finite floats."""

    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False, frozen=True)


# Constrained numbers shared by all models (strict mode still accepts an int for a float).
Finite = Annotated[float, Field(allow_inf_nan=False)]
NonNegative = Annotated[float, Field(ge=0, allow_inf_nan=False)]
Positive = Annotated[float, Field(gt=0, allow_inf_nan=False)]
Probability = Annotated[float, Field(ge=0, le=1, allow_inf_nan=False)]
Milliseconds = Annotated[float, Field(ge=0, le=3_600_000, allow_inf_nan=False)]
PositiveInt = Annotated[int, Field(gt=0)]
NonNegativeInt = Annotated[int, Field(ge=0)]


def depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """Nesting depth of tables and arrays, stopping once past ``limit`` (no recursion error)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    deepest = 0
    while stack:
        item, level = stack.pop()
        deepest = max(deepest, level)
        if deepest > limit:
            return deepest
        children = item.values() if isinstance(item, dict) else item if isinstance(
            item, list) else ()
        stack.extend((child, level + 1) for child in children)
    return deepest


def _dotted(loc: tuple[int | str, ...], prefix: str) -> str:
    parts: list[str] = [prefix] if prefix else []
    for part in loc:
        if isinstance(part, int):
            parts[-1:] = [f"{parts[-1]}[{part}]"] if parts else [f"[{part}]"]
        else:
            parts.append(str(part))
    return ".".join(parts) or "(top level)"


def _given(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _allowed_keys(model: type[BaseModel], loc: tuple[int | str, ...]) -> list[str]:
    """The keys the model allows at ``loc`` (best effort through nested models)."""
    current: Any = model
    mapping = False  # the previous part was a dict[str, Model] field: this part is its key
    for part in loc[:-1]:
        if isinstance(part, int) or not (isinstance(current, type)
                                         and issubclass(current, BaseModel)):
            continue
        if mapping:
            mapping = False
            continue
        field = current.model_fields.get(str(part))
        if field is None:
            return []
        mapping = getattr(field.annotation, "__origin__", None) is dict
        current = _model_in(field.annotation)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return sorted(current.model_fields)
    return []


def _model_in(annotation: Any) -> Any:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()) or ():
        found = _model_in(arg)
        if found is not None:
            return found
    return None


def _expected(error: Any, model: type[BaseModel]) -> str:
    kind = error["type"]
    loc = tuple(error["loc"])
    if kind == "extra_forbidden":
        key = str(loc[-1])
        allowed = _allowed_keys(model, loc)
        close = difflib.get_close_matches(key, allowed, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        known = f"; known keys: {', '.join(allowed)}" if allowed else ""
        return f"a known key, not {key!r}{hint}{known}"
    if kind == "missing":
        return "a value (this key is required)"
    message = str(error["msg"])
    for prefix in ("Value error, ", "Assertion failed, ", "Input should be ", "input should be "):
        message = message.removeprefix(prefix)
    return message[:1].lower() + message[1:]


def format_error(exc: ValidationError, model: type[BaseModel], source: str,
                 prefix: str = "") -> InputError:
    """The first validation problem as an InputError (file, dotted key, expected, given)."""
    error = exc.errors(include_url=False)[0]
    loc = tuple(error["loc"])
    # drop pydantic's union-member / function tags from the location
    loc = tuple(p for p in loc if not (isinstance(p, str) and (
        p.startswith("function-") or "[" in p or p in {"str", "int", "float", "bool"})))
    expected = _expected(error, model)
    if error["type"] not in {"extra_forbidden", "missing"} and "input" in error:
        expected = f"{expected}, got {_given(error['input'])}"
    return InputError(source, _dotted(loc, prefix), expected.replace("\n", " "))


def parse(model: type[M], data: Any, source: str, prefix: str = "") -> M:
    """Validate ``data`` against ``model``; raise a one-line InputError on the first problem."""
    if depth(data) > MAX_DEPTH:
        raise InputError(source, prefix or "(top level)",
                         f"tables nested at most {MAX_DEPTH} deep")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise format_error(exc, model, source, prefix) from None
