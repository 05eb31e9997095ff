#!/usr/bin/env python3
"""A minimal device under test: echoes each utterance back as an ``unknown`` answer.

Two ways in (see docs/DUT_PROTOCOL.md):

- JSON lines: ``python examples/dut_echo.py [--stream] [--fault KIND --after N]``;
- in-process: ``examples.dut_echo:factory`` (``[assistant] backend = {kind = "inprocess",
  entry = "examples.dut_echo:factory"}``).

``--fault`` makes it misbehave from its ``N``-th request on (0-based), for fault tests:
``crash`` (exits), ``hang`` (never answers), ``malformed`` (prints a non-JSON line), ``error``
(an ``error`` event); ``--start-delay S`` delays its ``ready`` line (a slow start).
``--answers FILE`` scripts it: a JSON object from utterance to answer (``{intent, value,
feedback}``, optionally with ``commands``, a list of such answers), said for that utterance
instead of the echo. It uses only the standard library, so any Python 3 runs it.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from typing import Any


def scripted(path: str | None) -> dict[str, dict[str, Any]]:
    """The ``--answers`` file: utterance -> answer ({} without one)."""
    if path is None:
        return {}
    with open(path, encoding="utf-8") as fh:
        table = json.load(fh)
    if not isinstance(table, dict) or not all(isinstance(a, dict) for a in table.values()):
        raise SystemExit(f"{path}: a JSON object from utterance to answer object")
    return table


def answer(request: dict[str, Any], answers: dict[str, dict[str, Any]] | None = None
           ) -> dict[str, Any]:
    said = str(request.get("utterance", ""))
    reply = {"intent": "unknown", "value": None, "feedback": said}
    return {**reply, **(answers or {}).get(said, {}), "type": "answer", "id": request.get("id"),
            "timings": {"inference_ms": 0.0}}


def factory(stream: bool = False, answers: str | None = None) -> Any:
    """In-process entry point: a handler ``(request, cancel) -> answer or events``."""
    table = scripted(answers)

    def handle(request: Any, cancel: threading.Event) -> Any:
        reply = answer({"id": request.id, "utterance": request.utterance}, table)
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
    p.add_argument("--answers", metavar="FILE", help="JSON object: utterance -> answer")
    args = p.parse_args(argv)
    table = scripted(args.answers)
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
        emit(answer(msg, table))
    return 0


if __name__ == "__main__":
    sys.exit(main())
