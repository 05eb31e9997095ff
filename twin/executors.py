"""Sweep executors: ``serial``, ``process[:N]`` (a local process pool) and
``dask://HOST:PORT`` (a Dask distributed scheduler; ``pip install 'cabin-twin[dask]'``).
Results come back in task order whatever the executor; a worker's InputError reaches the
caller intact."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

import numpy as np

from twin.errors import InputError
from twin.progress import progress

PointFn = Callable[[dict[str, Any], int], dict[str, Any]]
DEFAULT_TIMEOUT_S = 3600.0
CONNECT_TIMEOUT_S = 10.0  # a Dask scheduler that does not accept a TCP connection by then


def flatten_metrics(result: dict[str, Any], prefix: str = "") -> dict[str, float]:
    """Numeric leaves of a nested dict (e.g. report.json) as ``{"e2e.p95_ms": ...}``."""
    flat: dict[str, float] = {}
    for key, value in result.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(flatten_metrics(value, name + "."))
        elif isinstance(value, bool | int | float | np.integer | np.floating):
            flat[name] = float(value)
    return flat


_INPUT_ERROR = "__input_error__"


def _run_task(task: tuple[PointFn, dict[str, Any], int]) -> dict[str, Any]:
    point_fn, raw, seed = task
    try:
        return flatten_metrics(point_fn(raw, seed))
    except InputError as exc:
        # InputError's three-argument __init__ does not survive pickling: ship its fields
        return {_INPUT_ERROR: (exc.file, exc.key, exc.expected)}


def _checked(result: dict[str, Any]) -> dict[str, float]:
    """Re-raise a worker's InputError in the caller."""
    if _INPUT_ERROR in result:
        raise InputError(*result[_INPUT_ERROR])
    return result


def parse_executor(text: str) -> tuple[str, int | None, str | None]:
    """``(kind, workers, address)`` from ``process[:N]``, ``serial`` or ``dask://HOST:PORT``."""
    if text == "serial":
        return "serial", None, None
    if text == "process" or text.startswith("process:"):
        n = text.partition(":")[2]
        if n and not (n.isdigit() and int(n) > 0):
            raise InputError("--executor", text, "process:N with N a positive integer")
        return "process", int(n) if n else None, None
    if text.startswith("dask://"):
        host, _, port = text[len("dask://") :].rpartition(":")
        if not host or not (port.isascii() and port.isdigit()) or not 0 < int(port) < 65536:
            raise InputError("--executor", text, "dask://HOST:PORT with a port 1..65535")
        return "dask", None, f"tcp://{host}:{port}"
    raise InputError("--executor", text, "process, process:N, serial or dask://HOST:PORT")


def _require_picklable(tasks: list[tuple[PointFn, dict[str, Any], int]]) -> None:
    """Fail in the caller, not in a pool's feeder thread, when a point cannot be shipped."""
    if not tasks:
        return
    try:
        pickle.dumps(tasks[0])
    except (pickle.PicklingError, AttributeError, TypeError) as exc:
        raise TypeError(
            f"point_fn must be a picklable top-level function of an importable module: {exc}"
        ) from exc


def map_tasks(
    tasks: list[tuple[PointFn, dict[str, Any], int]],
    executor: str = "process",
    timeout_s: float = DEFAULT_TIMEOUT_S,
    show_progress: bool | None = None,
) -> list[dict[str, float]]:
    """Run every task on ``executor``; results come back in task order."""
    kind, workers, address = parse_executor(executor)
    results: list[dict[str, float] | None] = [None] * len(tasks)
    if kind == "serial":
        for i, task in enumerate(progress(tasks, len(tasks), "sweep", show_progress)):
            results[i] = _checked(_run_task(task))
    elif kind == "process":
        _require_picklable(tasks)
        pool = ProcessPoolExecutor(max_workers=workers)
        failed = True
        try:
            futures = {pool.submit(_run_task, t): i for i, t in enumerate(tasks)}
            done = as_completed(futures, timeout=timeout_s)
            for fut in progress(done, len(tasks), "sweep", show_progress):
                results[futures[fut]] = _checked(fut.result())
            failed = False
        finally:
            # on an error drop the queued points and do not block on the running ones
            pool.shutdown(wait=not failed, cancel_futures=True)
    else:
        results = _map_dask(tasks, address or "", timeout_s, show_progress)
    return [r if r is not None else {} for r in results]


def _reachable(address: str, timeout_s: float) -> None:
    """A TCP connect to the scheduler within ``timeout_s``: nothing listening is one line now,
    not Dask's retries and log lines."""
    import socket

    host, _, port = address.removeprefix("tcp://").rpartition(":")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout_s).close()
    except OSError as exc:
        raise InputError("--executor", f"dask://{host}:{port}", f"a Dask scheduler listening "
                         f"there (connect within {timeout_s:g} s: {exc.strerror or exc})"
                         ) from None


def _map_dask(
    tasks: list[tuple[PointFn, dict[str, Any], int]],
    address: str,
    timeout_s: float,
    show_progress: bool | None,
) -> list[dict[str, float] | None]:
    try:
        from dask.distributed import Client
        from dask.distributed import as_completed as dask_completed
    except ImportError as exc:
        raise InputError(
            "--executor", address, "dask installed: pip install 'cabin-twin[dask]'"
        ) from exc
    _require_picklable(tasks)
    _reachable(address, min(timeout_s, CONNECT_TIMEOUT_S))
    try:
        client = Client(address, timeout=min(timeout_s, 30.0))
    except OSError as exc:
        raise InputError("--executor", address, f"a reachable Dask scheduler ({exc})") from exc
    try:
        futures = client.map(_run_task, tasks, pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        results: list[dict[str, float] | None] = [None] * len(tasks)
        done = dask_completed(futures, timeout=timeout_s)
        for fut in progress(done, len(tasks), "sweep", show_progress):
            results[index[fut.key]] = _checked(fut.result(timeout=timeout_s))
        return results
    finally:
        client.close(timeout=10)
