"""CONFIG.md is generated from the typed models and kept in step with them."""

from __future__ import annotations

from cabin_twin.reference import PATH, text
from twin.config.distributions import DIST_MODELS
from twin.config.faults import FAULT_KINDS


def test_committed_reference_is_up_to_date():
    assert PATH.read_text(encoding="utf-8") == text(), (
        "CONFIG.md is out of date: run python -m cabin_twin.reference")


def test_reference_names_every_kind_and_distribution_parameter():
    doc = text()
    for kind in FAULT_KINDS:
        assert f'"{kind}"' in doc
    for dist in DIST_MODELS:
        assert f'dist = "{dist.split(":")[0]}"' in doc
    # every distribution parameter is documented
    for key in ("mu", "sigma", "shift", "shape", "scale_ms", "offset", "samples", "body",
                "threshold", "tail_prob", "alpha", "base", "factor"):
        assert f"| `{key}` |" in doc
