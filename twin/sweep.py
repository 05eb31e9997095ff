"""What-if sweeps: vary scenario parameters, replicate each point, summarise with 95 % CIs.

A sweep is a list of :class:`Vary` (from ``--vary key=...`` flags) expanded to a grid or to
random points. Each point is run ``replications`` times with independent seeds taken from
``numpy.random.SeedSequence(base_seed).spawn``: point ``i`` owns child ``i`` and replication
``r`` its grandchild ``r``, so results depend only on the point index and the base seed, never
on the executor or the number of workers. Confidence intervals come from these independent
replications (a bootstrap of the replication means; Wilson for fractions), not from
resampling requests inside one run.

Executors: ``process`` (a local process pool, the default; ``process:N`` for N workers),
``serial``, and ``dask://HOST:PORT`` (a Dask distributed scheduler; ``pip install
'cabin-twin[dask]'``).
"""

from __future__ import annotations

import argparse
import copy
import csv
import itertools
import math
import pickle
import re
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from twin.errors import InputError
from twin.progress import progress

Value = int | float | bool | str
PointFn = Callable[[dict[str, Any], int], dict[str, Any]]

FLAG = "--vary"
_KEY_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$")
_RANGE_RE = re.compile(r"^range\((.*)\)$")
_SPAN_RE = re.compile(r"^([^.][^,]*?)\.\.([^,]+)$")
DEFAULT_TIMEOUT_S = 3600.0
BOOTSTRAP = 4000  # bootstrap resamples per interval
FRACTION_SUFFIXES = ("within_budget", "over_budget", "_share", "_rate", "accuracy")
METADATA = frozenset({"seed", "requests", "point", "replications"})  # not averaged
MAX_VALUES = 100_000  # per --vary key, and points per sweep: a bound checked before any work
RESERVED_KEYS = frozenset({"seed", "point", "replications"})  # row metadata columns


@dataclass(frozen=True)
class Vary:
    """One varied parameter: a list of ``values``, or a continuous ``span`` (lo, hi)."""

    key: str
    values: tuple[Value, ...] = ()
    span: tuple[float, float] | None = None

    def grid_values(self) -> tuple[Value, ...]:
        if self.span is not None:
            raise InputError(
                FLAG, self.key, "a list of values for a grid sweep (lo..hi needs --random N)"
            )
        return self.values


def parse_value(text: str) -> Value:
    """``true``/``false`` -> bool, then int, then float, else the (unquoted) string."""
    t = text.strip()
    if t.lower() in ("true", "false"):
        return t.lower() == "true"
    for cast in (int, float):
        try:
            return cast(t)
        except ValueError:
            pass
    if len(t) >= 2 and t[0] == t[-1] and t[0] in "'\"":
        return t[1:-1]
    return t


def _number(text: str, key: str, what: str) -> int | float:
    value = parse_value(text)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InputError(FLAG, key, f"a number for {what}, got {text.strip()!r}")
    _finite(key, value)
    return value


def _finite(key: str, value: Value) -> None:
    if isinstance(value, float) and not math.isfinite(value):
        raise InputError(FLAG, key, f"finite numbers, got {value!r}")


def _parse_range(key: str, inner: str) -> tuple[Value, ...]:
    parts = [p for p in inner.split(",")]
    if len(parts) not in (2, 3):
        raise InputError(FLAG, key, "range(start,stop) or range(start,stop,step)")
    start, stop = (_number(p, key, "range bounds") for p in parts[:2])
    step = _number(parts[2], key, "range step") if len(parts) == 3 else 1
    if step == 0 or (stop - start) / step <= 0:
        raise InputError(FLAG, key, f"a non-empty range, got range({inner})")
    if (stop - start) / step > MAX_VALUES:
        raise InputError(FLAG, key, f"at most {MAX_VALUES:,} values, range({inner}) has "
                                    f"{(stop - start) / step:.3g}")
    if all(isinstance(v, int) for v in (start, stop, step)):
        return tuple(range(int(start), int(stop), int(step)))
    count = math.ceil((stop - start) / step - 1e-9)
    return tuple(round(float(start + i * step), 12) for i in range(count))


def parse_vary(text: str) -> Vary:
    """Parse one ``--vary`` value: ``key=v1,v2``, ``key=range(a,b[,step])`` or ``key=lo..hi``.

    Raises :class:`InputError` naming the flag, the key and what was expected.
    """
    if "=" not in text:
        raise InputError(FLAG, text, "key=v1,v2,... or key=range(a,b,step) or key=lo..hi")
    key, _, rhs = text.partition("=")
    key, rhs = key.strip(), rhs.strip()
    if not _KEY_RE.match(key):
        raise InputError(FLAG, key or "(empty)", "a dotted scenario key such as workload.users")
    if key in RESERVED_KEYS:
        raise InputError(FLAG, key, "a scenario parameter (replications draw their own seeds)")
    if not rhs:
        raise InputError(FLAG, key, "at least one value after '='")
    match = _RANGE_RE.match(rhs)
    if match:
        return Vary(key, values=_parse_range(key, match.group(1)))
    match = _SPAN_RE.match(rhs)
    if match:
        lo = _number(match.group(1), key, "lo..hi")
        hi = _number(match.group(2), key, "lo..hi")
        if not hi > lo:
            raise InputError(FLAG, key, f"lo..hi with hi > lo, got {rhs!r}")
        return Vary(key, span=(lo, hi))
    raw_values = rhs.split(",")
    if any(not v.strip() for v in raw_values):
        raise InputError(FLAG, key, f"comma-separated values without empty items, got {rhs!r}")
    if len(raw_values) > MAX_VALUES:
        raise InputError(FLAG, key, f"at most {MAX_VALUES:,} values, got {len(raw_values):,}")
    values = tuple(parse_value(v) for v in raw_values)
    for v in values:
        _finite(key, v)
    return Vary(key, values=values)


def parse_varies(texts: Iterable[str]) -> list[Vary]:
    """Parse every ``--vary`` flag; a key may appear only once."""
    varies = [parse_vary(t) for t in texts]
    seen: set[str] = set()
    for v in varies:
        if v.key in seen:
            raise InputError(FLAG, v.key, "each key at most once")
        seen.add(v.key)
    if not varies:
        raise InputError(FLAG, "(none)", "at least one --vary key=values")
    return varies


def grid_points(varies: Sequence[Vary]) -> list[dict[str, Value]]:
    """The full factorial grid, first key varying slowest (at most MAX_VALUES points)."""
    keys = [v.key for v in varies]
    size = math.prod(len(v.grid_values()) for v in varies)
    if size > MAX_VALUES:
        raise InputError(FLAG, ",".join(keys), f"a grid of at most {MAX_VALUES:,} points, "
                                               f"got {size:,}")
    return [
        dict(zip(keys, combo, strict=True))
        for combo in itertools.product(*(v.grid_values() for v in varies))
    ]


def random_points(varies: Sequence[Vary], n: int, seed: int) -> list[dict[str, Value]]:
    """``n`` random points: spans drawn uniformly (ints stay ints), lists sampled uniformly."""
    if not 1 <= n <= MAX_VALUES:
        raise InputError("--random", str(n), f"a number of points in 1..{MAX_VALUES:,}")
    rng = np.random.default_rng(np.random.SeedSequence([seed, 0x5EED]))
    points: list[dict[str, Value]] = [{} for _ in range(n)]
    for v in varies:
        if v.span is not None:
            lo, hi = v.span
            if isinstance(lo, int) and isinstance(hi, int):
                draws: list[Value] = [int(x) for x in rng.integers(lo, hi + 1, n)]
            else:
                draws = [float(x) for x in rng.uniform(lo, hi, n)]
        else:
            draws = [v.values[int(i)] for i in rng.integers(0, len(v.values), n)]
        for point, value in zip(points, draws, strict=True):
            point[v.key] = value
    return points


def set_dotted(
    raw: dict[str, Any], key: str, value: Any, source: str = "scenario", create: bool = False
) -> dict[str, Any]:
    """A deep copy of ``raw`` with ``key`` (dotted; list items by index) set to ``value``.

    Every parent and the leaf must exist, unless ``create``: then missing tables are made
    (the scenario's own validation judges the result). Raises :class:`InputError` naming
    ``source`` and the key otherwise.
    """
    out = copy.deepcopy(raw)
    node: Any = out
    parts = key.split(".")
    for depth, part in enumerate(parts):
        here = ".".join(parts[: depth + 1])
        last = depth == len(parts) - 1
        if isinstance(node, list):
            if not part.isdigit() or int(part) >= len(node):
                raise InputError(source, here, f"an index below {len(node)} into the list")
            index: Any = int(part)
        elif isinstance(node, dict):
            if part not in node and not create:
                raise InputError(source, here, "an existing scenario key (see the scenario file)")
            if part not in node and not last:
                node[part] = {}
            index = part
        else:
            raise InputError(source, ".".join(parts[:depth]), "a table to hold " + part)
        if last:
            node[index] = value
        else:
            node = node[index]
    return out


def apply_point(
    raw: dict[str, Any], point: dict[str, Value], source: str = "scenario", create: bool = False
) -> dict[str, Any]:
    """``raw`` with every key of ``point`` set."""
    out = raw
    for key, value in point.items():
        out = set_dotted(out, key, value, source, create)
    return out


def replication_seeds(
    base_seed: int, n_points: int, replications: int, crn: bool = False
) -> list[list[int]]:
    """Seeds ``[point][replication]`` from ``SeedSequence(base_seed).spawn``.

    With ``crn`` (common random numbers) every point reuses point 0's seeds, which sharpens
    comparisons between points; otherwise each point has its own independent seeds.
    """
    children = np.random.SeedSequence(base_seed).spawn(1 if crn else n_points)
    per_child = [
        [int(g.generate_state(1, np.uint64)[0] >> np.uint64(1)) for g in c.spawn(replications)]
        for c in children
    ]
    return [per_child[0] for _ in range(n_points)] if crn else per_child


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


def mean_ci95(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and 95 % percentile-bootstrap interval of the mean over replications (NaN bounds
    with fewer than 2). A bootstrap interval stays inside the values the metric took, so it
    never leaves the metric's range (no negative latency, no fraction above 1)."""
    data = np.asarray(values, dtype=float)
    mean = float(np.mean(data))
    if data.size < 2 or not np.isfinite(data).all():
        return mean, math.nan, math.nan
    if np.all(data == data[0]):
        return mean, mean, mean
    rng = np.random.default_rng(np.random.SeedSequence([data.size, 0xB007]))
    means = data[rng.integers(0, data.size, (BOOTSTRAP, data.size))].mean(axis=1)
    low, high = np.quantile(means, [0.025, 0.975])
    return mean, float(min(low, mean)), float(max(high, mean))


def wilson95(successes: float, trials: float) -> tuple[float, float]:
    """Wilson score 95 % interval of a proportion (always inside [0, 1])."""
    if trials <= 0:
        return math.nan, math.nan
    z = 1.959963984540054
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def fraction_ci95(values: Sequence[float], requests: Sequence[float]
                  ) -> tuple[float, float, float]:
    """Mean and 95 % interval of a per-request fraction: the wider of the Wilson interval on
    the pooled requests (binomial spread) and the bootstrap over replications (run-to-run
    spread, which queueing makes larger than binomial); both stay inside [0, 1]."""
    mean, low, high = mean_ci95(values)
    trials = float(np.sum(requests))
    w_low, w_high = wilson95(float(np.dot(values, requests)), trials)
    if math.isnan(low):
        return mean, w_low, w_high
    return mean, min(low, w_low), max(high, w_high)


def replications_needed(sd: float, replications: int, half_width: float) -> int | None:
    """Replications for a 95 % interval of +/- ``half_width`` on a point's mean, from the
    standard deviation ``sd`` seen over ``replications`` runs (normal approximation; None
    when the spread is unknown)."""
    if replications < 2 or not math.isfinite(sd) or half_width <= 0:
        return None
    return max(2, math.ceil((1.959963984540054 * sd / half_width) ** 2))


def is_fraction(metric: str) -> bool:
    """Metrics that are a share of requests (report.json's fractions)."""
    return metric.endswith(FRACTION_SUFFIXES) or metric.startswith("perception.")


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
        if not host or not port.isdigit():
            raise InputError("--executor", text, "dask://HOST:PORT")
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


def run_sweep(
    raw_scenario: dict[str, Any],
    varies: Sequence[Vary],
    replications: int,
    executor: str,
    point_fn: PointFn,
    *,
    random_n: int | None = None,
    base_seed: int | None = None,
    crn: bool = False,
    source: str = "scenario",
    create_keys: bool = False,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    show_progress: bool | None = None,
    apply: Callable[[dict[str, Any], dict[str, Value], str], dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """Run every point ``replications`` times and summarise each metric with a 95 % CI.

    ``point_fn(raw, seed)`` must be a picklable top-level function returning a (possibly
    nested) dict of numbers, e.g. report.json content. ``base_seed`` defaults to the
    scenario's ``seed`` (else 0). Each row holds ``point`` (index), the varied keys, ``seed``
    (the point's first replication seed; the others follow from it and the point index),
    ``replications``, ``requests`` (per replication), and per metric ``m`` the mean ``m``
    plus ``m.ci95_low`` / ``m.ci95_high`` (bootstrap; fractions: see :func:`fraction_ci95`)
    and ``m.sd`` (the spread over replications, for :func:`replications_needed`).
    All points are validated before any runs.
    """
    if replications < 1:
        raise InputError("--replications", str(replications), "a positive integer")
    points = (
        random_points(varies, random_n, _base_seed(raw_scenario, base_seed))
        if random_n
        else grid_points(varies)
    )
    seed = _base_seed(raw_scenario, base_seed)
    raws = [apply_point(raw_scenario, p, source, create_keys) if apply is None
            else apply(raw_scenario, p, source) for p in points]
    seeds = replication_seeds(seed, len(points), replications, crn)
    tasks = [
        (point_fn, raws[i], seeds[i][r]) for i in range(len(points)) for r in range(replications)
    ]
    results = map_tasks(tasks, executor, timeout_s, show_progress)
    rows: list[dict[str, Any]] = []
    for i, point in enumerate(points):
        reps = results[i * replications : (i + 1) * replications]
        row: dict[str, Any] = {
            "point": i,
            **point,
            "seed": seeds[i][0],
            "replications": replications,
        }
        requests = [r.get("requests", math.nan) for r in reps]
        row["requests"] = requests[0]
        for metric in _metric_names(reps):
            if metric in METADATA:
                continue  # a seed or a count is not a metric: never average it
            values = [r.get(metric, math.nan) for r in reps]
            mean, low, high = (fraction_ci95(values, requests) if is_fraction(metric)
                               and not any(map(math.isnan, requests)) else mean_ci95(values))
            row[metric] = mean
            row[f"{metric}.sd"] = float(np.std(values, ddof=1)) if len(values) > 1 else math.nan
            row[f"{metric}.ci95_low"] = low
            row[f"{metric}.ci95_high"] = high
        rows.append(row)
    return rows


def _base_seed(raw: dict[str, Any], given: int | None) -> int:
    if given is not None:
        return int(given)
    seed = raw.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InputError("scenario", "seed", "a non-negative integer")
    return seed


def _metric_names(reps: list[dict[str, float]]) -> list[str]:
    names: dict[str, None] = {}
    for rep in reps:
        names.update(dict.fromkeys(rep))
    return list(names)


def write_csv(rows: Sequence[dict[str, Any]], path: Path) -> Path:
    """Write sweep rows to CSV (columns: union of keys in first-seen order)."""
    columns = _metric_names(list(rows))
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=columns, restval="")
        writer.writeheader()
        writer.writerows(rows)
    return path


def _fmt(value: Any, fraction: bool) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    return f"{value:.4f}" if fraction else f"{value:.1f}"


def format_table(
    rows: Sequence[dict[str, Any]], keys: Sequence[str], metrics: Sequence[str]
) -> str:
    """A plain-text table: the varied keys, then ``mean [low, high]`` per metric (fractions
    to 4 decimals, so 0.90 and 0.94 differ; latencies to 0.1 ms)."""
    header = [*keys, *(f"{m} [95% CI]" for m in metrics)]
    body = []
    for row in rows:
        cells = [str(row.get(k, "")) for k in keys]
        for m in metrics:
            frac = is_fraction(m)
            low, high = row.get(f"{m}.ci95_low"), row.get(f"{m}.ci95_high")
            ci = ("" if low is None or math.isnan(low)
                  else f" [{_fmt(low, frac)}, {_fmt(high, frac)}]")
            cells.append(f"{_fmt(row.get(m, math.nan), frac)}{ci}")
        body.append(cells)
    widths = [
        max(len(h), *(len(r[j]) for r in body)) if body else len(h) for j, h in enumerate(header)
    ]
    lines = ["  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True))]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in body]
    return "\n".join(lines)


def add_sweep_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``twin whatif`` flags: --vary (repeatable), --replications, --random, --executor,
    --crn. Validate with :func:`sweep_options` (one-line InputErrors, exit 2)."""
    parser.add_argument(
        "--vary", action="append", default=[], metavar="KEY=VALUES",
        help="key=v1,v2 | key=range(a,b,step) | key=lo..hi (with --random); repeatable",
    )  # fmt: skip
    parser.add_argument(
        "--replications", default="5", metavar="N", help="independent runs per point"
    )
    parser.add_argument(
        "--random", default=None, metavar="N", help="N random points instead of a grid"
    )
    parser.add_argument(
        "--executor", default="process", help="process[:N] (default), serial, or dask://HOST:PORT"
    )
    parser.add_argument("--crn", action="store_true", help="common random numbers across points")


@dataclass(frozen=True)
class SweepOptions:
    varies: list[Vary]
    replications: int
    random_n: int | None
    executor: str
    crn: bool


def _positive_int(flag: str, text: str) -> int:
    if not str(text).isdigit() or int(text) < 1:
        raise InputError(flag, str(text), "a positive integer")
    return int(text)


def sweep_options(args: argparse.Namespace) -> SweepOptions:
    """Validated options from :func:`add_sweep_arguments` flags."""
    parse_executor(args.executor)
    return SweepOptions(
        varies=parse_varies(args.vary),
        replications=_positive_int("--replications", args.replications),
        random_n=None if args.random is None else _positive_int("--random", args.random),
        executor=args.executor,
        crn=bool(args.crn),
    )
