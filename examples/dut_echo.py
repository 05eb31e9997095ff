#!/usr/bin/env python3
"""A minimal device under test: echoes each utterance back as an ``unknown`` answer.

Two ways in (see docs/DUT_PROTOCOL.md):

- JSON lines: ``python examples/dut_echo.py [--stream] [--fault KIND --after N]``;
- in-process: ``examples.dut_echo:factory`` (``[assistant] backend = {kind = "inprocess",
  entry = "examples.dut_echo:factory"}``).

``--fault`` makes it misbehave from its ``N``-th request on (0-based), for fault tests:
``crash`` (exits), ``hang`` (never answers), ``malformed`` (prints a non-JSON line), ``error``
(an ``error`` event); ``--start-delay S`` delays its ``ready`` line (a slow start). It uses
only the standard library, so any Python 3 runs it.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from typing import Any


def answer(request: dict[str, Any]) -> dict[str, Any]:
    return {"type": "answer", "id": request.get("id"), "intent": "unknown", "value": None,
            "feedback": str(request.get("utterance", "")), "timings": {"inference_ms": 0.0}}


def factory(stream: bool = False) -> Any:
    """In-process entry point: a handler ``(request, cancel) -> answer or events``."""

    def handle(request: Any, cancel: threading.Event) -> Any:
        reply = answer({"id": request.id, "utterance": request.utterance})
        if not stream:
            return reply
        return [{"type": "ack"}, *({"type": "chunk", "text": w}
                                   for w in request.utterance.split()), reply]

    return handle


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--stream", action="store_true", help="ack, then one chunk per word")
    p.add_argument("--fault", choices=("crash", "hang", "malformed", "error"))
    p.add_argument("--after", type=int, default=0, help="first request that misbehaves")
    p.add_argument("--start-delay", type=float, default=0.0, help="seconds before ready")
    args = p.parse_args(argv)
    out = sys.stdout

    def emit(obj: dict[str, Any]) -> None:
        out.write(json.dumps(obj, ensure_ascii=False) + "\n")
        out.flush()

    time.sleep(args.start_delay)
    emit({"type": "ready", "name": "dut_echo"})
    seen = 0
    for line in sys.stdin:
        msg = json.loads(line)
        if msg.get("type") != "request":
            continue  # cancel: nothing is in flight here, every answer is immediate
        faulty = args.fault is not None and seen >= args.after
        seen += 1
        if faulty and args.fault == "crash":
            return 3
        if faulty and args.fault == "hang":
            continue
        if faulty and args.fault == "malformed":
            out.write("this is not json\n")
            out.flush()
            continue
        if faulty and args.fault == "error":
            emit({"type": "error", "id": msg["id"], "message": "injected"})
            continue
        if args.stream:
            emit({"type": "ack", "id": msg["id"]})
            for word in str(msg.get("utterance", "")).split():
                emit({"type": "chunk", "id": msg["id"], "text": word})
        emit(answer(msg))
    return 0


if __name__ == "__main__":
    sys.exit(main())
