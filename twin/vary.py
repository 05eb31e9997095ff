"""The ``--vary`` language: ``key=v1,v2``, ``key=range(a,b[,step])``, ``key=lo..hi``; grids,
random points, and dotted keys set into a scenario table. Every value is checked (finite,
bounded: at most MAX_VALUES per key and per grid) before any work starts."""

from __future__ import annotations

import copy
import itertools
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from twin.errors import InputError

Value = int | float | bool | str

FLAG = "--vary"
_KEY_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$")
_RANGE_RE = re.compile(r"^range\((.*)\)$")
_SPAN_RE = re.compile(r"^([^.][^,]*?)\.\.([^,]+)$")
MAX_VALUES = 100_000  # per --vary key, and points per sweep: a bound checked before any work
RESERVED_KEYS = frozenset({"seed", "point", "replications"})  # row metadata columns


@dataclass(frozen=True)
class Vary:
    """One varied parameter: a list of ``values``, or a continuous ``span`` (lo, hi)."""

    key: str
    values: tuple[Value, ...] = ()
    span: tuple[float, float] | None = None

    def grid_values(self) -> tuple[Value, ...]:
        if self.span is not None:
            raise InputError(
                FLAG, self.key, "a list of values for a grid sweep (lo..hi needs --random N)"
            )
        return self.values


def parse_value(text: str) -> Value:
    """``true``/``false`` -> bool, then int, then float, else the (unquoted) string."""
    t = text.strip()
    if t.lower() in ("true", "false"):
        return t.lower() == "true"
    for cast in (int, float):
        try:
            return cast(t)
        except ValueError:
            pass
    if len(t) >= 2 and t[0] == t[-1] and t[0] in "'\"":
        return t[1:-1]
    return t


def _number(text: str, key: str, what: str) -> int | float:
    value = parse_value(text)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InputError(FLAG, key, f"a number for {what}, got {text.strip()!r}")
    _finite(key, value)
    return value


def _finite(key: str, value: Value) -> None:
    if isinstance(value, float) and not math.isfinite(value):
        raise InputError(FLAG, key, f"finite numbers, got {value!r}")


def _parse_range(key: str, inner: str) -> tuple[Value, ...]:
    parts = [p for p in inner.split(",")]
    if len(parts) not in (2, 3):
        raise InputError(FLAG, key, "range(start,stop) or range(start,stop,step)")
    start, stop = (_number(p, key, "range bounds") for p in parts[:2])
    step = _number(parts[2], key, "range step") if len(parts) == 3 else 1
    if step == 0 or (stop - start) / step <= 0:
        raise InputError(FLAG, key, f"a non-empty range, got range({inner})")
    if (stop - start) / step > MAX_VALUES:
        raise InputError(FLAG, key, f"at most {MAX_VALUES:,} values, range({inner}) has "
                                    f"{(stop - start) / step:.3g}")
    if all(isinstance(v, int) for v in (start, stop, step)):
        return tuple(range(int(start), int(stop), int(step)))
    count = math.ceil((stop - start) / step - 1e-9)
    return tuple(round(float(start + i * step), 12) for i in range(count))


def parse_vary(text: str) -> Vary:
    """Parse one ``--vary`` value: ``key=v1,v2``, ``key=range(a,b[,step])`` or ``key=lo..hi``.

    Raises :class:`InputError` naming the flag, the key and what was expected.
    """
    if "=" not in text:
        raise InputError(FLAG, text, "key=v1,v2,... or key=range(a,b,step) or key=lo..hi")
    key, _, rhs = text.partition("=")
    key, rhs = key.strip(), rhs.strip()
    if not _KEY_RE.match(key):
        raise InputError(FLAG, key or "(empty)", "a dotted scenario key such as workload.users")
    if key in RESERVED_KEYS:
        raise InputError(FLAG, key, "a scenario parameter (replications draw their own seeds)")
    if not rhs:
        raise InputError(FLAG, key, "at least one value after '='")
    match = _RANGE_RE.match(rhs)
    if match:
        return Vary(key, values=_parse_range(key, match.group(1)))
    match = _SPAN_RE.match(rhs)
    if match:
        lo = _number(match.group(1), key, "lo..hi")
        hi = _number(match.group(2), key, "lo..hi")
        if not hi > lo:
            raise InputError(FLAG, key, f"lo..hi with hi > lo, got {rhs!r}")
        return Vary(key, span=(lo, hi))
    raw_values = rhs.split(",")
    if any(not v.strip() for v in raw_values):
        raise InputError(FLAG, key, f"comma-separated values without empty items, got {rhs!r}")
    if len(raw_values) > MAX_VALUES:
        raise InputError(FLAG, key, f"at most {MAX_VALUES:,} values, got {len(raw_values):,}")
    values = tuple(parse_value(v) for v in raw_values)
    for v in values:
        _finite(key, v)
    return Vary(key, values=values)


def parse_varies(texts: Iterable[str]) -> list[Vary]:
    """Parse every ``--vary`` flag; a key may appear only once."""
    varies = [parse_vary(t) for t in texts]
    seen: set[str] = set()
    for v in varies:
        if v.key in seen:
            raise InputError(FLAG, v.key, "each key at most once")
        seen.add(v.key)
    if not varies:
        raise InputError(FLAG, "(none)", "at least one --vary key=values")
    return varies


def grid_points(varies: Sequence[Vary]) -> list[dict[str, Value]]:
    """The full factorial grid, first key varying slowest (at most MAX_VALUES points)."""
    keys = [v.key for v in varies]
    size = math.prod(len(v.grid_values()) for v in varies)
    if size > MAX_VALUES:
        raise InputError(FLAG, ",".join(keys), f"a grid of at most {MAX_VALUES:,} points, "
                                               f"got {size:,}")
    return [
        dict(zip(keys, combo, strict=True))
        for combo in itertools.product(*(v.grid_values() for v in varies))
    ]


def random_points(varies: Sequence[Vary], n: int, seed: int) -> list[dict[str, Value]]:
    """``n`` random points: spans drawn uniformly (ints stay ints), lists sampled uniformly."""
    if not 1 <= n <= MAX_VALUES:
        raise InputError("--random", str(n), f"a number of points in 1..{MAX_VALUES:,}")
    rng = np.random.default_rng(np.random.SeedSequence([seed, 0x5EED]))
    points: list[dict[str, Value]] = [{} for _ in range(n)]
    for v in varies:
        if v.span is not None:
            lo, hi = v.span
            if isinstance(lo, int) and isinstance(hi, int):
                draws: list[Value] = [int(x) for x in rng.integers(lo, hi + 1, n)]
            else:
                draws = [float(x) for x in rng.uniform(lo, hi, n)]
        else:
            draws = [v.values[int(i)] for i in rng.integers(0, len(v.values), n)]
        for point, value in zip(points, draws, strict=True):
            point[v.key] = value
    return points


def set_dotted(
    raw: dict[str, Any], key: str, value: Any, source: str = "scenario", create: bool = False
) -> dict[str, Any]:
    """A deep copy of ``raw`` with ``key`` (dotted; list items by index) set to ``value``.

    Every parent and the leaf must exist, unless ``create``: then missing tables are made
    (the scenario's own validation judges the result). Raises :class:`InputError` naming
    ``source`` and the key otherwise.
    """
    out = copy.deepcopy(raw)
    node: Any = out
    parts = key.split(".")
    for depth, part in enumerate(parts):
        here = ".".join(parts[: depth + 1])
        last = depth == len(parts) - 1
        if isinstance(node, list):
            if not part.isdigit() or int(part) >= len(node):
                raise InputError(source, here, f"an index below {len(node)} into the list")
            index: Any = int(part)
        elif isinstance(node, dict):
            if part not in node and not create:
                raise InputError(source, here, "an existing scenario key (see the scenario file)")
            if part not in node and not last:
                node[part] = {}
            index = part
        else:
            raise InputError(source, ".".join(parts[:depth]), "a table to hold " + part)
        if last:
            node[index] = value
        else:
            node = node[index]
    return out


def apply_point(
    raw: dict[str, Any], point: dict[str, Value], source: str = "scenario", create: bool = False
) -> dict[str, Any]:
    """``raw`` with every key of ``point`` set."""
    out = raw
    for key, value in point.items():
        out = set_dotted(out, key, value, source, create)
    return out
