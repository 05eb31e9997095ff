"""What-if points with real stages: each point run in lockstep with its real backends, one at
a time (``twin whatif`` uses this when the scenario has a real stage, e.g. a real capture stage
whose VAD settings are swept). Serial on purpose: real stages measure the wall clock, and two
points at once would measure each other."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from hil.run_real import run_real
from twin.scenario import scenario_from_dict

LEFT_OUT = ("expectations", "faults", "degrade_on_alert", "description")


def real_point(raw: dict[str, Any], seed: int) -> dict[str, Any]:
    """One replication of one what-if point, real stages bound (traces in a scratch folder,
    removed after); its report.json numbers, as :func:`twin.whatif.twin_point` gives them."""
    out = Path(tempfile.mkdtemp(prefix="twin-whatif-"))
    try:
        result = run_real(scenario_from_dict(raw, raw.get("name", "whatif")), None, seed,
                          None, out)
    finally:
        shutil.rmtree(out, ignore_errors=True)
    return {k: v for k, v in result.report.items() if k not in LEFT_OUT}
