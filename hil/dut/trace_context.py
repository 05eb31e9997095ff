"""The W3C ``traceparent`` of the request a DUT call belongs to, for adapters that can send
it (the HTTP adapter puts it in a header), so an instrumented DUT records its own spans inside
the bench's trace of that request (:mod:`twin.otel_export`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_CURRENT: ContextVar[str | None] = ContextVar("cabin_twin_traceparent", default=None)


@contextmanager
def request_trace(header: str | None) -> Iterator[None]:
    """Calls made inside belong to the request whose ``traceparent`` is ``header``."""
    token = _CURRENT.set(header)
    try:
        yield
    finally:
        _CURRENT.reset(token)


def current() -> str | None:
    """The ``traceparent`` of the request being served on this thread, if any."""
    return _CURRENT.get()
