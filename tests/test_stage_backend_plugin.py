"""Stage backends are registered once by name: the built-ins are the modules of
``hil.stage_backends``, a plugin is one module found through the ``cabin_twin.stage_backend``
entry point, selected by name from a scenario and run in lockstep."""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path

import pytest

from hil import backends
from hil.backends import RealParts, RunContext, select_backends, stage_backend
from hil.run_real import run_real
from latency_models.stages import STAGES
from twin.errors import InputError
from twin.scenario import scenario_from_dict

REQUESTS = 12


def _dist(site: Path, entry: str) -> None:
    """An installed distribution's metadata, as pip writes it, declaring ``entry``."""
    info = site / "vad_plugin-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: vad-plugin\nVersion: 0.1\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[cabin_twin.stage_backend]\n{entry}\n",
                                           encoding="utf-8")


def _scenario(backend: str) -> object:
    return scenario_from_dict({
        "name": "vad", "seed": 5, "requests": REQUESTS,
        "workload": {"kind": "poisson", "rate_per_s": 40},
        "stages": {"profile": "ideal", "capture": {"backend": backend}}}, "vad.toml")


def test_the_built_in_backends_are_found_by_name() -> None:
    assert {"llama_cpp", "dut", "rig", "vad"} <= set(backends.all_backends())
    assert [backends.default_backend(s) for s in STAGES] == [
        "vad", None, None, "llama_cpp", "llama_cpp", "rig"]


def test_a_plugin_backend_is_found_by_its_entry_point_and_runs(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    _dist(tmp_path / "site", "energy_vad = stage_backend_vad:open_energy_vad")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    scenario = _scenario("energy_vad")
    assert select_backends(scenario, None) == {"capture": "energy_vad"}  # type: ignore[arg-type]

    result = run_real(scenario, None, None, None, tmp_path / "out")  # type: ignore[arg-type]
    report = result.report
    assert report["stages"]["capture"]["mode"] == "real"
    assert {s: report["stages"][s]["mode"] for s in STAGES if s != "capture"} == dict.fromkeys(
        [s for s in STAGES if s != "capture"], "modelled")
    assert report["lockstep"]["stages"]["capture"]["calls"] == REQUESTS
    # the plugin's own work ran once per request and closed with the run
    ends = json.loads((tmp_path / "out" / "energy_vad.json").read_text())["end_frames"]
    from stage_backend_vad import SPEECH_FRAMES

    assert ends == [SPEECH_FRAMES] * REQUESTS


def test_an_unknown_or_broken_backend_is_one_input_error(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(InputError, match=r"stages\.capture\.backend: .*a backend for capture"):
        select_backends(_scenario("no_such_vad"), None)  # type: ignore[arg-type]
    _dist(tmp_path / "site", "broken_vad = no_such_module_here:open")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    with pytest.raises(InputError, match=r"cabin_twin\.stage_backend:broken_vad.*importable"):
        select_backends(_scenario("broken_vad"), None)  # type: ignore[arg-type]


def test_the_registry_refuses_a_second_name_or_default_and_unknown_stages() -> None:
    def opener(ctx: RunContext, stack: ExitStack, parts: RealParts) -> None:
        return None

    with pytest.raises(ValueError, match="registered twice"):
        stage_backend("rig", ("render",))(opener)
    with pytest.raises(ValueError, match="already the default for render"):
        stage_backend("second_rig", ("render",), default_for=("render",))(opener)
    with pytest.raises(ValueError, match="stages among"):
        stage_backend("speaker", ("playback",))(opener)
    assert "second_rig" not in backends.all_backends()
