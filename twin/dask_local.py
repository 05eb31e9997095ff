"""A Dask cluster on this machine started the way a user's cluster runs: a ``dask scheduler``
process and a ``dask worker`` process (its nanny and worker processes under it), on
loopback, for the tests and the sweep benchmarks. Every wait is bounded and the processes
(their whole process groups) are ended on every exit path.

Pointing ``twin whatif --executor dask://HOST:PORT`` at a cluster that already runs (Dask on
Kubernetes, SLURM via dask-jobqueue) needs none of this: see README.md, "What-if sweeps on a
Dask cluster".
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

START_TIMEOUT_S = 60.0  # the scheduler's address file, then every worker registered
STOP_TIMEOUT_S = 10.0  # SIGTERM to the group, then SIGKILL


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """End ``proc`` and every process it started (its own session: one group)."""
    for sig, wait_s in ((signal.SIGTERM, STOP_TIMEOUT_S), (signal.SIGKILL, STOP_TIMEOUT_S)):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, sig)
        try:
            proc.wait(timeout=wait_s)
            return
        except subprocess.TimeoutExpired:
            continue


#: Dask's nanny starts workers with MALLOC_TRIM_THRESHOLD_=65536 (``distributed.nanny.
#: pre-spawn-environ``): glibc then hands every large freed array back to the kernel and the
#: next run faults it in again, 25-35 % slower for a run's arrays here. The workers started
#: here keep freed memory (the same setting a user's cluster should carry, README.md)
WORKER_CONFIG = """distributed:
  nanny:
    pre-spawn-environ:
      MALLOC_TRIM_THRESHOLD_: 17179869184
"""


def _spawn(args: list[str], log: Path, config: Path | None = None) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    if config is not None:
        env["DASK_CONFIG"] = str(config)
    with log.open("wb") as fh:
        return subprocess.Popen([sys.executable, "-m", "dask", *args], stdin=subprocess.DEVNULL,
                                stdout=fh, stderr=subprocess.STDOUT, start_new_session=True,
                                env=env)


def _wait_for(check: object, what: str, deadline: float, logs: list[Path]) -> None:
    while not check():  # type: ignore[operator]
        if time.monotonic() > deadline:
            tail = "; ".join(p.read_text(errors="replace")[-300:].replace("\n", " | ")
                             for p in logs if p.exists())
            raise TimeoutError(f"{what} within {START_TIMEOUT_S:g} s: {tail}")
        time.sleep(0.1)


@contextlib.contextmanager
def local_cluster(workers: int, threads: int = 1,
                  timeout_s: float = START_TIMEOUT_S) -> Iterator[str]:
    """A scheduler and ``workers`` worker processes (``threads`` threads each) on
    127.0.0.1; yields the executor string ``dask://127.0.0.1:PORT``."""
    from dask.distributed import Client

    procs: list[subprocess.Popen[bytes]] = []
    with tempfile.TemporaryDirectory(prefix="twin-dask-") as tmp:
        folder = Path(tmp)
        address_file = folder / "scheduler.json"
        logs = [folder / "scheduler.log", folder / "worker.log"]
        deadline = time.monotonic() + timeout_s
        try:
            procs.append(_spawn(["scheduler", "--host", "127.0.0.1", "--port", "0",
                                 "--no-dashboard", "--scheduler-file", str(address_file)],
                                logs[0]))
            _wait_for(lambda: address_file.exists() and address_file.stat().st_size > 0,
                      "the scheduler's address", deadline, logs)
            address = json.loads(address_file.read_text())["address"]
            config = folder / "config"
            config.mkdir()
            (config / "twin.yaml").write_text(WORKER_CONFIG, encoding="utf-8")
            procs.append(_spawn(["worker", address, "--nworkers", str(workers), "--nthreads",
                                 str(threads), "--host", "127.0.0.1", "--no-dashboard",
                                 "--memory-limit", "0", "--local-directory", str(folder)],
                                logs[1], config))
            with Client(address, timeout=max(deadline - time.monotonic(), 1.0)) as client:
                client.wait_for_workers(workers, timeout=max(deadline - time.monotonic(), 1.0))
            yield "dask://" + address.removeprefix("tcp://")
        finally:
            for proc in reversed(procs):
                _stop(proc)
