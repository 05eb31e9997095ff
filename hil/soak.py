"""``python -m hil.soak RIG --out DIR``: render a fixed intent cycle until stopped.

A long-running recording process for trace-survival tests and bench soaking. Each completed
intent prints ``N <frames recorded>``; on any exit (end, SIGTERM, SIGINT, error) the safe state
is commanded, the traces are flushed and ``DIR/soak.json`` holds the counts.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from pathlib import Path

from hil.links.signals import exit_on_signals
from hil.render import RenderBackend
from hil.rig import RigSession, load_rig

CYCLE = (
    ("climate_set_temperature", 24),
    ("seat_heat_driver", 2),
    ("window_set_position", 40),
    ("media_volume_set", 15),
    ("climate_ac_on", None),
)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m hil.soak")
    p.add_argument("rig")
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--count", type=int, default=0, help="intents to render (0: until stopped)")
    p.add_argument("--fail-after", type=int, default=0, help="raise after N intents (tests)")
    args = p.parse_args(argv)
    done = 0
    status = "running"
    session = RigSession(load_rig(args.rig), args.out)
    try:
        with exit_on_signals(), session:
            backend = RenderBackend(session)
            for intent, value in itertools.islice(itertools.cycle(CYCLE), args.count or None):
                backend.execute(intent, value)
                done += 1
                recorder = session.recorder
                print(f"{done} {recorder.frames if recorder else 0}", flush=True)
                if args.fail_after and done >= args.fail_after:
                    raise RuntimeError("soak: --fail-after reached")
        status = "finished"
    except KeyboardInterrupt:
        status = "interrupted"
    except SystemExit:
        status = "terminated"
    except RuntimeError:
        status = "error"
    finally:
        summary = {
            "status": status,
            "intents": done,
            "frames": session.recorder.frames if session.recorder else 0,
            "safe_state": {r.device: r.verdict for r in session.safe_state_results},
        }
        (args.out / "soak.json").write_text(json.dumps(summary, sort_keys=True))
    return {"finished": 0, "error": 1}.get(status, 130 if status == "interrupted" else 143)


if __name__ == "__main__":
    sys.exit(main())
