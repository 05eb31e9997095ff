"""`twin whatif --executor dask://HOST:PORT` against a cluster of separate processes (`dask
scheduler`, `dask worker`, as a user's cluster runs) gives the files `--executor serial`
gives, byte for byte."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from twin.dask_local import local_cluster

pytest.importorskip("dask.distributed")  # the dev extra installs it: CI runs this test

VARY = ["--vary", "workload.rate_per_s=5,20", "--vary", "stages.inference.scale=0.8,1.2"]


def _whatif(executor: str, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cabin_twin.cli.main", "whatif", "smoke", *VARY,
                           "--replications", "3", "--requests", "3000", "--executor", executor,
                           "--out", str(out), "--quiet"],
                          capture_output=True, text=True, timeout=300, check=False)


@pytest.mark.slow
def test_a_sweep_on_a_dask_cluster_is_the_serial_sweep(tmp_path: Path) -> None:
    serial = _whatif("serial", tmp_path / "serial")
    assert serial.returncode == 0, serial.stderr
    with local_cluster(workers=2) as executor:
        assert executor.startswith("dask://127.0.0.1:")
        dasked = _whatif(executor, tmp_path / "dask")
        from dask.distributed import Client

        with Client(executor.replace("dask://", "tcp://"), timeout=30) as client:
            ran_on = client.run(lambda: __import__("os").getpid())  # two worker processes
            trim = client.run(lambda: __import__("os").environ.get("MALLOC_TRIM_THRESHOLD_"))
    assert dasked.returncode == 0, dasked.stderr
    assert len(set(ran_on.values())) == 2
    assert set(trim.values()) == {"17179869184"}  # freed arrays kept (twin.dask_local)
    want = (tmp_path / "serial" / "whatif.csv").read_bytes()
    assert (tmp_path / "dask" / "whatif.csv").read_bytes() == want
    assert want.count(b"\n") == 5  # a header and four points
    assert serial.stdout == dasked.stdout  # the printed table too


def test_a_cluster_that_is_gone_is_one_line_exit_2(tmp_path: Path) -> None:
    """After the cluster is torn down, its address is refused at once (nothing left behind
    listening)."""
    with local_cluster(workers=1) as executor:
        pass
    gone = _whatif(executor, tmp_path / "gone")
    assert gone.returncode == 2
    assert gone.stderr.strip().splitlines()[-1].startswith(
        f"twin: error: --executor: {executor}: expected a Dask scheduler listening there")
