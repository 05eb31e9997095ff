"""Bounded reads of input files: every file the bench reads has a size limit, and a file over it
(or ``/dev/zero``, a FIFO that never ends) is refused in one line instead of filling memory.

:func:`read_bytes` and :func:`read_text` read at most ``limit + 1`` bytes; :func:`load_toml`
adds TOML parsing with any nesting depth refused in one line (never a ``RecursionError``).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from twin.errors import InputError

MiB = 1 << 20
MAX_TOML_BYTES = 4 * MiB  # scenario, rig, calibration files: kilobytes in practice
MAX_TEXT_BYTES = 64 * MiB  # query sets, CSVs of runs: a 100,000-request requests.csv is ~12 MB
MAX_TOML_DEPTH = 32  # deeper than any valid file (the typed models' limit too)


def _size(n: int) -> str:
    return f"{n / MiB:g} MiB" if n >= MiB else f"{n} bytes"


def read_bytes(path: str | Path, limit: int, key: str = "file",
               expected: str = "a readable file") -> bytes:
    """The file's bytes; :class:`InputError` when it cannot be read or is over ``limit``."""
    try:
        with Path(path).open("rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise InputError(str(path), key, f"{expected} ({exc.strerror or exc})") from None
    if len(data) > limit:
        raise InputError(str(path), key, f"{expected} of at most {_size(limit)}")
    return data


def read_text(path: str | Path, limit: int = MAX_TEXT_BYTES, key: str = "file",
              expected: str = "a readable UTF-8 text file") -> str:
    """The file's UTF-8 text, bounded like :func:`read_bytes`."""
    data = read_bytes(path, limit, key, expected)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(str(path), key, expected.replace("readable ", "")) from None


def toml_depth(value: Any, limit: int = MAX_TOML_DEPTH) -> int:
    """Nesting depth of tables and arrays, stopping once past ``limit`` (iterative)."""
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


def load_toml(path: str | Path, limit: int = MAX_TOML_BYTES) -> dict[str, Any]:
    """A TOML file's table: bounded in size, UTF-8, valid TOML, nested at most
    :data:`MAX_TOML_DEPTH` deep; anything else is one :class:`InputError` naming the file."""
    text = read_text(path, limit, "toml", "a readable UTF-8 text file")
    nested = f"tables nested at most {MAX_TOML_DEPTH} deep (arrays included)"
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(str(path), "toml", f"valid TOML ({exc})") from None
    except RecursionError:
        raise InputError(str(path), "toml", nested) from None
    if toml_depth(data) > MAX_TOML_DEPTH:
        raise InputError(str(path), "toml", nested)
    return data
