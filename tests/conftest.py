"""Shared test set-up: Hypothesis profiles (``ci`` is the default, ``thorough`` for nightly)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

import hil  # noqa: F401  (llama.cpp's OpenMP wait policy, before any test loads it)

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    max_examples=40,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "thorough",
    deadline=None,
    max_examples=1000,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, max_examples=20)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_addoption(parser) -> None:  # type: ignore[no-untyped-def]
    parser.addoption("--rig", default=None,
                     help="run the rig-side properties against this rig (name in rigs/ or a "
                          "TOML path); default: ci-virtual")


@pytest.fixture
def rig(request) -> str:  # type: ignore[no-untyped-def]
    """The rig the rig-side properties run on (``pytest --rig RIG``, default ci-virtual)."""
    return request.config.getoption("--rig") or "ci-virtual"


@pytest.fixture(scope="session")
def can_rig_file(tmp_path_factory):  # type: ignore[no-untyped-def]
    """Writes the test rig (tests/helpers.py ``can_rig_toml``): ``can_rig_file(**kw) -> Path``."""
    from tests.helpers import can_rig_toml

    def write(**kw):  # type: ignore[no-untyped-def]
        path = tmp_path_factory.mktemp("rig") / "rig.toml"
        path.write_text(can_rig_toml(**kw))
        return path

    return write


#: shipped runs with the real model and devices, each run once per session and read by every
#: test that asserts something on it (each run is ~15-25 s of model load, rig start and real
#: time; the tests that share one assert different things on the same invocation)
SHARED_RUNS: dict[str, list[str]] = {
    # the embedded default without a scenario argument: test_default_run_real.py (its
    # bindings), test_scenarios_cli.py (its report's structure, the argument-less run)
    "default": ["run", "--requests", "60", "--seed", "11"],
    # the real capture scenario: test_capture_stage.py (four real stages),
    # test_scenarios_cli.py (its report's structure)
    "capture_real": ["run", "capture_real", "--requests", "12"],
}


@pytest.fixture(scope="session")
def shared_run(tmp_path_factory):  # type: ignore[no-untyped-def]
    """``shared_run(key) -> (exit status, out folder)`` of ``twin run`` with
    ``SHARED_RUNS[key]``, run on the first call of the session."""
    from cabin_twin.cli.main import main

    done: dict[str, tuple[int, object]] = {}

    def get(key: str):  # type: ignore[no-untyped-def]
        if key not in done:
            out = tmp_path_factory.mktemp(f"shared-{key}")
            done[key] = (main([*SHARED_RUNS[key], "--out", str(out)]), out)
        return done[key]

    return get
