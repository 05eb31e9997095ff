"""The configuration reference (CONFIG.md), generated from the typed models.

:func:`render` takes a list of ``(title, model)`` pairs and writes one table per table of the
file: every key with its type, range, default and meaning (the pydantic ``Field``
descriptions). Tables chosen by a key (``kind``, ``dist``, ``protocol``) get one table per
choice. The top floor's entry point lists the pairs and writes CONFIG.md; a test keeps it in
step.
"""

from __future__ import annotations

import math
import types
import typing
from typing import Any, Literal

import annotated_types as at
from pydantic import BaseModel
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined


def _members(annotation: Any) -> list[Any]:
    """The alternatives of a union (through Annotated), else [annotation]."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _members(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        return [m for a in typing.get_args(annotation) for m in _members(a)]
    return [annotation]


def _models(annotation: Any) -> list[type[BaseModel]]:
    out: list[type[BaseModel]] = []
    for member in _members(annotation):
        if isinstance(member, type) and issubclass(member, BaseModel):
            out.append(member)
        elif typing.get_origin(member) in (list, tuple):
            out += [m for a in typing.get_args(member) for m in _models(a)]
        elif typing.get_origin(member) is dict:  # a table of named tables ([devices.NAME])
            out += _models(typing.get_args(member)[1])
    return out


def _type_name(annotation: Any) -> str:
    names: list[str] = []
    for member in _members(annotation):
        origin = typing.get_origin(member)
        if member is type(None):
            continue
        if origin is Literal:
            names.append(" \\| ".join(f'`"{v}"`' for v in typing.get_args(member)))
        elif origin in (list, tuple):
            inner = _type_name(typing.get_args(member)[0])
            names.append(f"list of {inner}")
        elif origin is dict:
            names.append(f"table of {_type_name(typing.get_args(member)[1])}")
        elif isinstance(member, type) and issubclass(member, BaseModel):
            names.append("table")
        else:
            names.append({float: "number", int: "integer", bool: "boolean",
                          str: "string"}.get(member, getattr(member, "__name__", str(member))))
    unique = list(dict.fromkeys(names))
    if len(unique) > 1 and all(n == "table" for n in unique[1:]) and unique[0] == "table":
        return "table"
    return " or ".join(unique)


def _constraints(annotation: Any) -> list[Any]:
    """Every constraint object inside an annotation (Annotated metadata, through unions)."""
    found: list[Any] = []
    if typing.get_origin(annotation) is typing.Annotated:
        args = typing.get_args(annotation)
        found += [m for m in args[1:] if not isinstance(m, str)]
        return found + _constraints(args[0])
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        for arg in typing.get_args(annotation):
            found += _constraints(arg)
    return found


def _range(info: FieldInfo) -> str:
    lows: list[tuple[float, bool]] = []  # (bound, strict)
    highs: list[tuple[float, bool]] = []
    parts: list[str] = []
    metadata = list(info.metadata) + _constraints(info.annotation)
    for member in _members(info.annotation):  # list items' own constraints
        for arg in typing.get_args(member):
            metadata += _constraints(arg)
    for m in metadata:
        for item in getattr(m, "metadata", [m]):
            if isinstance(item, at.Ge):
                lows.append((float(item.ge), False))
            elif isinstance(item, at.Gt):
                lows.append((float(item.gt), True))
            elif isinstance(item, at.Le):
                highs.append((float(item.le), False))
            elif isinstance(item, at.Lt):
                highs.append((float(item.lt), True))
            elif isinstance(item, at.MinLen) and item.min_length:
                parts.append("non-empty" if item.min_length == 1
                             else f"at least {item.min_length} items")
            elif isinstance(item, at.MaxLen):
                parts.append(f"at most {item.max_length:,} items")
    bounds = []
    if lows:
        value, strict = max(lows, key=lambda b: (b[0], b[1]))
        bounds.append(f"{'>' if strict else '>='} {value:g}")
    if highs:
        value, strict = min(highs, key=lambda b: (b[0], not b[1]))
        bounds.append(f"{'<' if strict else '<='} {value:g}")
    return "; ".join(x for x in (", ".join(bounds), *dict.fromkeys(parts)) if x)


def _default(info: FieldInfo) -> str:
    if info.is_required():
        return "required"
    if info.default_factory is not None:
        value = info.default_factory()  # type: ignore[call-arg]
        if isinstance(value, BaseModel):
            return "(defaults)"
        return f"`{value!r}`"
    value = info.default
    if value is None or value is PydanticUndefined:
        return "none"
    if isinstance(value, float) and math.isfinite(value):
        return f"`{value:g}`"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if isinstance(value, str):
        return f'`"{value}"`'
    return f"`{value!r}`"


def _title(path: str, model: type[BaseModel]) -> str:
    fixed = getattr(model, "reference_title", None)
    kind = _kind_of(model)
    base = fixed or path
    return f"{base} ({kind})" if kind and kind not in base else base


def _section(path: str, model: type[BaseModel], seen: set[type[BaseModel]],
             queue: list[tuple[str, type[BaseModel]]],
             shared: set[type[BaseModel]] = frozenset()) -> list[str]:  # type: ignore[assignment]
    doc = " ".join((model.__doc__ or "").strip().split("\n\n")[0].split())
    lines = [f"### {_title(path, model) or 'top level'}", ""]
    if model in shared and not path:
        title = getattr(model, "reference_title", None) or _kind_of(model) or model.__name__
        lines = [f"### {title}", ""]
    if doc:
        lines += [doc, ""]
    lines += ["| key | type | range | default | meaning |", "|---|---|---|---|---|"]
    flattened = False
    fields = sorted(model.model_fields.items(),
                    key=lambda kv: kv[0] not in ("kind", "dist", "protocol"))
    for name, info in fields:
        key = info.alias or name
        inner_models = _models(info.annotation)
        if key.startswith("<"):
            flattened = True
        else:
            meaning = (info.description or "").replace("|", "/")
            lines.append(f"| `{key}` | {_type_name(info.annotation)} | {_range(info)} | "
                         f"{_default(info)} | {meaning} |")
        is_list = any(typing.get_origin(m) in (list, tuple) for m in _members(info.annotation))
        is_map = any(typing.get_origin(m) is dict for m in _members(info.annotation))
        child = key if key.startswith("<") else (f"{path}.{key}" if path else key)
        for inner in inner_models:
            if inner not in seen and inner not in shared:
                seen.add(inner)
                suffix = "[]" if is_list else (".<name>" if is_map else "")
                queue.append((child + suffix, inner))
    if flattened:
        lines += ["", "The stage table also takes the keys of one distribution table "
                      "(`dist = ...` and its parameters, below)."]
    return [*lines, ""]


def _kind_of(model: type[BaseModel]) -> str:
    for field in ("kind", "dist", "protocol"):
        info = model.model_fields.get(field)
        if info is not None and typing.get_origin(info.annotation) is Literal:
            values = typing.get_args(info.annotation)
            if len(values) == 1:
                return f'{field} = "{values[0]}"'
            return f"{field} = " + " / ".join(f'"{v}"' for v in values)
    return ""


def render(sections: list[tuple[str, Any]], intro: str = "",
           heading: str = "Configuration reference") -> str:
    """Markdown for every ``(title, model)``; nested tables follow their parent."""
    out = [f"# {heading}", ""]
    if intro:
        out += [intro, ""]
    roots = {title: _models(model) for title, model in sections}
    shared = {m for title, _ in sections[1:] for m in roots[title]}
    for title, _ in sections:
        out += [f"## {title}", ""]
        seen: set[type[BaseModel]] = set()
        queue: list[tuple[str, type[BaseModel]]] = []
        for root in roots[title]:
            seen.add(root)
            queue.append(("", root))
        while queue:
            path, current = queue.pop(0)
            out += _section(path, current, seen, queue, shared)
    return "\n".join(out).rstrip() + "\n"
