"""Serve an in-process DUT entry point over JSON lines (stdin/stdout), in its own process.

``python -m hil.dut.serve --entry module:factory [--option key=json ...]`` prints ``ready``
once the factory has built its handler, then answers requests one at a time (see
``docs/DUT_PROTOCOL.md``). ``backend = "worker"`` runs the shipped assistant this way
(``--entry hil.dut.shipped:factory``): a native crash in llama.cpp then kills this child, not
the bench, which records ``crashed`` and restarts it.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from collections.abc import Iterable, Mapping
from typing import Any

from hil.dut.contract import DutRequest
from hil.dut.inprocess import load_entry_point
from twin.assistant.resolver import Turn


def _emit(out: Any, obj: dict[str, Any]) -> None:
    out.write(json.dumps(obj, ensure_ascii=False) + "\n")
    out.flush()


def serve(handler: Any, lines: Iterable[str], out: Any) -> None:
    """Answer each request line; an exception in the handler becomes an ``error`` event."""
    _emit(out, {"type": "ready"})
    for line in lines:
        msg = json.loads(line)
        if msg.get("type") != "request":
            continue  # cancel: requests are answered one at a time, a late one is dropped
        rid = msg["id"]
        request = DutRequest(rid, msg["utterance"], msg.get("lang", "en"),
                             msg.get("session", "default"),
                             tuple(Turn(t["text"], t["intent"], t.get("value"))
                                   for t in msg.get("history", [])),
                             msg.get("deadline_ms"))
        try:
            result = handler(request, threading.Event())
        except Exception as exc:  # reported to the bench, which records it
            _emit(out, {"type": "error", "id": rid, "message": repr(exc)})
            continue
        events = [result] if isinstance(result, Mapping) else list(result)
        for event in events:
            event = dict(event)
            event.setdefault("type", "answer")
            event["id"] = rid
            _emit(out, event)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--entry", required=True, help="module:factory")
    p.add_argument("--option", action="append", default=[], metavar="KEY=JSON")
    args = p.parse_args(argv)
    options = {}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = json.loads(value)
    out = sys.stdout
    sys.stdout = sys.stderr  # anything the DUT prints must not corrupt the protocol
    handler = load_entry_point(args.entry)(**options)
    serve(handler, sys.stdin, out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
