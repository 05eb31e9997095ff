"""python-can bus options of a rig file, checked against the interface's bus class: an
option it does not take, of another type than its default, or outside the bounds python-can
does not check itself, is refused at load (one line)."""

from __future__ import annotations

import difflib
import importlib
import inspect
from typing import Any

from twin.errors import InputError

#: per-interface option bounds python-can does not check itself (udp_multicast's hop limit)
OPTION_BOUNDS: dict[tuple[str, str], tuple[int, int]] = {
    ("udp_multicast", "hop_limit"): (0, 255),
    ("udp_multicast", "port"): (1, 65535),
}
_ANY_BUS_OPTIONS = {"can_filters", "fd", "data_bitrate", "receive_own_messages"}


def check_bus_options(interface: str, options: dict[str, Any], file: str, key: str) -> None:
    """Refuse an option the interface's bus class does not take, or of another type than its
    default, or outside :data:`OPTION_BOUNDS`. An interface python-can cannot import here
    (vendor drivers) has its options passed through unchecked."""
    if not options:
        return
    cls = _bus_class(interface)
    if cls is None:
        return
    params = _bus_parameters(cls)
    for name, value in options.items():
        at = f"{key}.{name}"
        if name not in params and name not in _ANY_BUS_OPTIONS:
            known = sorted(set(params) | _ANY_BUS_OPTIONS)
            raise InputError(file, at, _choice(name, known,
                                                    f"an option of python-can's {interface}"))
        default = params.get(name, inspect.Parameter.empty)
        if default not in (inspect.Parameter.empty, None) and not _same_type(value, default):
            kind = type(default).__name__
            raise InputError(file, at, f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} (as "
                             f"python-can's "
                             f"{interface} takes it), got {value!r}")
        bounds = OPTION_BOUNDS.get((interface, name))
        if bounds is not None and not (isinstance(value, int) and not isinstance(value, bool)
                                       and bounds[0] <= value <= bounds[1]):
            raise InputError(file, at, f"an integer in [{bounds[0]}, {bounds[1]}], "
                             f"got {value!r}")


def _bus_class(interface: str) -> type | None:
    import can

    if interface not in can.interfaces.BACKENDS:
        return None
    try:
        return _load_backend(interface)
    except (ImportError, AttributeError, can.CanInterfaceNotImplementedError):
        return None  # a vendor driver not installed here


def _load_backend(interface: str) -> type:
    import can

    module, name = can.interfaces.BACKENDS[interface]
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


def _bus_parameters(cls: type) -> dict[str, Any]:
    """Keyword parameters of the bus class's constructor and their defaults."""
    sig = inspect.signature(cls.__init__)  # type: ignore[misc]
    return {p.name: p.default for p in sig.parameters.values()
            if p.name not in ("self", "channel") and p.kind in (
                inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)}


def _same_type(value: Any, default: Any) -> bool:
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(value, bool) and isinstance(default, bool)
    if isinstance(default, float):
        return isinstance(value, int | float)
    return isinstance(value, type(default))


def _choice(given: str, options: list[str], what: str) -> str:
    close = difflib.get_close_matches(given, options, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return f"{what}, got {given!r}{hint}"
