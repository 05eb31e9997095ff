"""Strict configuration models and one-line errors generated from them.

Every config section is a :class:`Strict` model: unknown keys are refused (with a "did you mean"
suggestion), numbers must be finite, and bools are not numbers. :func:`parse` validates a mapping
against a model and turns the first problem into an :class:`~twin.errors.InputError` naming the
file, the dotted key, what was expected and what was given; the CLI prints it on one line and
exits 2.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from typing import Annotated, Any, TypeVar, Union

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    TypeAdapter,
    ValidationError,
)

from twin.errors import InputError
from twin.files import MAX_TOML_DEPTH as MAX_DEPTH  # refused before pydantic recurses
from twin.files import toml_depth as depth

M = TypeVar("M", bound=BaseModel)



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

#: tag -> member model of every :func:`tagged_union` (for "did you mean" through unions)
_TAGGED: dict[str, type[BaseModel]] = {}
_UNKNOWN_TAG = "unknown_tag"
_TAG_CONTEXT: dict[str, dict[str, Any]] = {}  # error type -> its union's field and choices


def tagged_union(field: str, members: Mapping[str, type[BaseModel]],
                 default: str | None = None,
                 select: Callable[[dict[str, Any]], str | None] | None = None,
                 by_key: bool = False) -> Any:
    """A union of models chosen by the string key ``field`` (``kind``, ``dist``, ...).

    ``members`` maps each value of ``field`` to its model; a missing ``field`` selects
    ``default``. An unknown, missing or non-string value gives one error naming the key and the
    choices. ``select`` instead picks the member from the table's keys (``field`` then only
    names the choice in messages); with ``by_key`` the table still names its choice in
    ``field`` and ``select`` only refines it (member keys with a ``:`` are such refinements).
    Tags are written ``<Model>`` so error locations drop them.
    """
    choices = tuple(k for k in members if ":" not in k)

    def pick(value: Any) -> str | None:
        if isinstance(value, BaseModel):
            return f"<{type(value).__name__}>"
        if select is not None:
            kind = select(value) if isinstance(value, dict) else None
        else:
            kind = value.get(field, default) if isinstance(value, dict) else None
        if isinstance(kind, str) and kind in members:
            return f"<{members[kind].__name__}>"
        return None

    unique = {f"<{m.__name__}>": m for m in members.values()}
    _TAGGED.update(unique)
    tagged = tuple(Annotated[m, Tag(tag)] for tag, m in unique.items())
    error_type = f"{_UNKNOWN_TAG}:{len(_TAG_CONTEXT)}"
    _TAG_CONTEXT[error_type] = {"field": field, "choices": ", ".join(choices),
                                "select": select is not None and not by_key}
    return Annotated[Union[tagged],  # noqa: UP007 (a runtime-built union)
                     Discriminator(pick, custom_error_type=error_type,
                                   custom_error_message="unknown kind")]


def either(**members: Any) -> Any:
    """A union of a scalar form and a table form, chosen by the value's Python type
    (``str=...``, ``table=...``), so an error names the form that was given."""
    def pick(value: Any) -> str:
        return "<table>" if isinstance(value, dict | BaseModel) else "<scalar>"

    scalar, table = members["scalar"], members["table"]
    return Annotated[Union[Annotated[scalar, Tag("<scalar>")],  # noqa: UP007
                           Annotated[table, Tag("<table>")]], Discriminator(pick)]


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
        if isinstance(part, str) and part in _TAGGED:
            current = _TAGGED[part]
            continue
        if isinstance(part, str) and part.startswith("<") and not (
                isinstance(current, type) and issubclass(current, BaseModel)
                and _field_named(current, part) is not None):
            continue  # a union member's tag (scalar/table form)
        if isinstance(part, int) or not (isinstance(current, type)
                                         and issubclass(current, BaseModel)):
            continue
        if mapping:
            mapping = False
            continue
        field = _field_named(current, str(part))
        if field is None:
            return []
        mapping = getattr(field.annotation, "__origin__", None) is dict
        current = _model_in(field.annotation)
    if isinstance(current, str) and current in _TAGGED:
        current = _TAGGED[current]
    if isinstance(current, type) and issubclass(current, BaseModel):
        keys = _keys_of(current)
        for name, field in current.model_fields.items():  # a flattened table's own keys
            if (field.alias or name).startswith("<"):
                keys += [k for inner in _models_in(field.annotation) for k in _keys_of(inner)]
        return sorted(set(keys))
    return []


def _field_named(model: type[BaseModel], key: str) -> Any:
    for name, field in model.model_fields.items():
        if key in (name, field.alias):
            return field
    return None


def _keys_of(model: type[BaseModel]) -> list[str]:
    return sorted(f.alias or name for name, f in model.model_fields.items()
                  if not (f.alias or name).startswith("<"))


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    """Every model inside an annotation (through unions, lists, Annotated)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    found = [m for arg in getattr(annotation, "__args__", ()) or () for m in _models_in(arg)]
    meta = getattr(annotation, "__metadata__", ())
    return found if found or not meta else []


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
    if kind in _TAG_CONTEXT:
        ctx = _TAG_CONTEXT[kind]
        given = error.get("input")
        if ctx.get("select"):
            return f"a table with one of the keys {ctx['choices']}, got {_given(given)}"
        if not isinstance(given, dict):
            return f"a table with a {ctx['field']!r} key, got {_given(given)}"
        value = given.get(ctx["field"])
        choices = ctx["choices"].split(", ")
        close = (difflib.get_close_matches(value, choices, n=1) if isinstance(value, str)
                 else [])
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        shown = "nothing" if value is None else _given(value)
        return f"one of {ctx['choices']}{hint}, got {shown}"
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
    expected = _expected(error, model)
    ctx = _TAG_CONTEXT.get(error["type"])
    if ctx is not None and not ctx["select"] and isinstance(error.get("input"), dict):
        loc = (*loc, ctx["field"])
    loc = tuple(p for p in loc if not (isinstance(p, str) and (
        p.startswith(("function-", "<")) or "[" in p or p in {"str", "int", "float", "bool"})))
    if error["type"] not in {"extra_forbidden", "missing"} and ctx is None and "input" in error:
        expected = f"{expected}, got {_given(error['input'])}"
    return InputError(source, _dotted(loc, prefix), expected.replace("\n", " "))


_ADAPTERS: dict[int, TypeAdapter[Any]] = {}


def _adapter(kind: Any) -> TypeAdapter[Any]:
    key = id(kind)
    if key not in _ADAPTERS:
        _ADAPTERS[key] = TypeAdapter(kind, config=Strict.model_config)
    return _ADAPTERS[key]


def parse(model: type[M] | Any, data: Any, source: str, prefix: str = "") -> M | Any:
    """Validate ``data`` against ``model`` (a model class, or any type such as a
    :func:`tagged_union`); raise a one-line InputError on the first problem."""
    if depth(data) > MAX_DEPTH:
        raise InputError(source, prefix or "(top level)",
                         f"tables nested at most {MAX_DEPTH} deep")
    try:
        if isinstance(model, type) and issubclass(model, BaseModel):
            return model.model_validate(data)
        return _adapter(model).validate_python(data, strict=True)
    except ValidationError as exc:
        raise format_error(exc, model, source, prefix) from None
