"""`twin whatif --executor dask://HOST:PORT` against a cluster of separate processes (`dask
scheduler`, `dask worker`, as a user's cluster runs) gives the files `--executor serial`
gives, byte for byte."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from collections.abc import Iterator
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


class _Cluster:
    """One local cluster (two worker processes) for this module's tests, stopped on demand:
    the sweep runs on it, the refusal test then points at its address once it is gone (one
    cluster start and stop fewer, ~4-10 s)."""

    def __init__(self) -> None:
        self._stack = contextlib.ExitStack()
        self.executor = self._stack.enter_context(local_cluster(workers=2))
        self.running = True

    def stop(self) -> None:
        self._stack.close()
        self.running = False


@pytest.fixture(scope="module")
def cluster() -> Iterator[_Cluster]:
    started = _Cluster()
    try:
        yield started
    finally:
        started.stop()


@pytest.mark.slow
def test_a_sweep_on_a_dask_cluster_is_the_serial_sweep(tmp_path: Path, cluster: _Cluster) -> None:
    serial = _whatif("serial", tmp_path / "serial")
    assert serial.returncode == 0, serial.stderr
    assert cluster.running, "the refusal test stopped the module's cluster first"
    executor = cluster.executor
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


def test_a_cluster_that_is_gone_is_one_line_exit_2(tmp_path: Path, cluster: _Cluster) -> None:
    """After the cluster is torn down, its address is refused at once (nothing left behind
    listening)."""
    cluster.stop()
    executor = cluster.executor
    gone = _whatif(executor, tmp_path / "gone")
    assert gone.returncode == 2
    assert gone.stderr.strip().splitlines()[-1].startswith(
        f"twin: error: --executor: {executor}: expected a Dask scheduler listening there")
