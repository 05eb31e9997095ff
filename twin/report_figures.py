"""The figures of ``report.html`` (matplotlib, Agg): per-stage CDFs, the budget waterfall, the
latency timeline (the monitor's windowed p95, failed requests, every fault window) and the
what-if heatmap. Each returns a :class:`~matplotlib.figure.Figure`; :func:`png` saves one
beside the report and returns its bytes for embedding."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.colors import ListedColormap, TwoSlopeNorm
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter

from latency_models.stages import STAGES
from twin.config.capture import PREMATURE_MAX as CAPTURE_FRACTION_MAX

MAX_TIMELINE_POINTS = 4000
CDF_POINTS = 512
_MARGINS = {"left": 0.08, "right": 0.98, "top": 0.96, "bottom": 0.16}
PNG_META = {"Software": None}  # keep the matplotlib URL out of the files
_PLAIN = FuncFormatter(lambda v, _pos: f"{v:g}")


def png(fig: Figure, out_dir: Path, name: str) -> bytes:
    """Save ``fig`` as ``out_dir/name`` (closing it) and return the PNG bytes."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata=PNG_META)
    plt.close(fig)
    data = buf.getvalue()
    (out_dir / name).write_bytes(data)
    return data


def embedded(fig: Figure, out_dir: Path, name: str) -> dict[str, Any]:
    """A figure saved beside the report, as a template embeds it (its name and bytes)."""
    return {"name": name, "data": png(fig, out_dir, name)}


def stage_arrays(requests: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Each stage's finite latencies (and ``e2e``'s), in request order."""
    arrays = {s: np.asarray(requests[f"{s}_ms"], float) for s in STAGES if f"{s}_ms" in requests}
    if "e2e_ms" in requests:
        arrays["e2e"] = np.asarray(requests["e2e_ms"], float)
    return {k: v[np.isfinite(v)] for k, v in arrays.items()}


def cdf_figure(requests: dict[str, np.ndarray], e2e_budget_ms: float) -> Figure:
    """Per-stage and end-to-end latency CDFs (quantile-downsampled)."""
    fig, ax = plt.subplots(figsize=(8, 4.2), dpi=96)
    qs = np.linspace(0.0, 1.0, CDF_POINTS)
    for name, values in stage_arrays(requests).items():
        if values.size == 0:
            continue
        style = {"lw": 2.2, "color": "k"} if name == "e2e" else {"lw": 1.3}
        ax.plot(np.maximum(np.quantile(values, qs), 0.01), qs, label=f"{name} (n={values.size})",
                **style)
    ax.axvline(e2e_budget_ms, color="tab:red", ls="--", lw=1,
               label=f"e2e budget {e2e_budget_ms:g} ms")
    ax.set_xscale("log")
    ax.xaxis.set_major_formatter(_PLAIN)
    ax.set_xlabel("latency (ms, log scale; zeros drawn at 0.01)")
    ax.set_ylabel("fraction of requests")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="upper left")
    fig.subplots_adjust(**_MARGINS)  # fixed margins: tight_layout costs a full draw
    return fig


def waterfall_figure(stages: Sequence[tuple[str, float, float]], e2e_p95: float,
                     e2e_budget: float) -> Figure:
    """Each stage's p95 stacked as a waterfall (``(stage, p95, budget)`` in request order),
    with its budget band alongside, then the e2e p95 against its budget."""
    names = [s for s, _, _ in stages]
    p95 = [p for _, p, _ in stages]
    budget = [b for _, _, b in stages]
    fig, ax = plt.subplots(figsize=(8, 4.2), dpi=96)
    x = np.arange(len(names) + 1)
    bottoms = np.concatenate(([0.0], np.nancumsum(p95)[:-1])) if names else np.array([])
    budget_bottoms = np.concatenate(([0.0], np.nancumsum(budget)[:-1])) if names else np.array([])
    colours = ["tab:red" if p > b else "tab:green" for p, b in zip(p95, budget, strict=True)]
    ax.bar(x[:-1] + 0.2, p95, 0.4, bottom=bottoms, color=colours,
           label="stage p95 (red: over budget)")
    ax.bar(x[:-1] - 0.2, budget, 0.4, bottom=budget_bottoms, color="0.8", label="stage budget")
    ax.bar(x[-1] + 0.2, e2e_p95, 0.4, color="k", label="e2e p95")
    ax.bar(x[-1] - 0.2, e2e_budget, 0.4, color="0.6", label="e2e budget")
    ax.set_xticks(x, [*names, "e2e"], rotation=20)
    ax.set_ylabel("ms (cumulative)")
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=8, loc="upper left")
    fig.subplots_adjust(**_MARGINS)
    return fig


def windowed_p95(arrival_ms: np.ndarray, e2e_ms: np.ndarray, window_ms: float
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(window start ms, nearest-rank e2e p95, requests) per occupied window of the monitor
    (:mod:`twin.monitoring`: windows of ``window_ms`` from the first arrival, the last one
    holding every arrival from its start on)."""
    if arrival_ms.size != e2e_ms.size:
        return np.array([]), np.array([]), np.array([], dtype=int)
    ok = np.isfinite(arrival_ms) & np.isfinite(e2e_ms)
    t, v = arrival_ms[ok], e2e_ms[ok]
    if t.size == 0:
        return np.array([]), np.array([]), np.array([], dtype=int)
    order = np.argsort(t, kind="stable")
    t, v = t[order], v[order]
    edges = np.arange(t[0], t[-1] + window_ms, window_ms)
    if edges.size < 2:
        edges = np.array([t[0], t[0] + window_ms])
    bounds = np.concatenate(([0], np.searchsorted(t, edges[1:-1], side="left"), [t.size]))
    starts, p95, counts = [], [], []
    for j in range(edges.size - 1):
        chunk = np.sort(v[bounds[j]:bounds[j + 1]])
        if chunk.size:
            starts.append(edges[j])
            p95.append(chunk[max(math.ceil(0.95 * chunk.size) - 1, 0)])
            counts.append(chunk.size)
    return np.array(starts), np.array(p95), np.array(counts, dtype=int)


def _fault_label(event: dict[str, Any]) -> str:
    device = event.get("device")
    return f"{event.get('name', '')} ({device})" if device else str(event.get("name", ""))


def timeline_figure(requests: dict[str, np.ndarray], timeline: Sequence[dict[str, Any]],
                    budget_ms: float, window_ms: float = 1000.0,
                    failed: np.ndarray | None = None) -> Figure:
    """End-to-end latency over arrival time (downsampled), the monitor's p95 per
    ``window_ms`` window, failed requests (``failed``: a mask over requests) as red crosses,
    every fault window (a link fault names its device) and the alerts."""
    fig, ax = plt.subplots(figsize=(9, 4.0), dpi=96)
    t = np.asarray(requests.get("arrival_ms", []), float)
    e2e = np.asarray(requests.get("e2e_ms", []), float)
    if t.size and e2e.size == t.size:
        order = np.argsort(t, kind="stable")
        step = max(1, t.size // MAX_TIMELINE_POINTS)
        ax.scatter(t[order][::step] / 1000.0, np.maximum(e2e[order][::step], 0.01), s=3,
                   alpha=0.4, color="tab:blue",
                   label="requests (sampled)" if step > 1 else "requests")
        starts, p95, _ = windowed_p95(t, e2e, window_ms)
        if starts.size:
            ax.step(np.append(starts, starts[-1] + window_ms) / 1000.0, np.append(p95, p95[-1]),
                    where="post", color="k", lw=1.2, label=f"p95 per {window_ms:g} ms window")
        if failed is not None and failed.size == t.size and failed.any():
            ax.scatter(t[failed] / 1000.0, np.maximum(np.nan_to_num(e2e[failed], nan=budget_ms),
                                                      0.01),
                       marker="x", s=28, color="tab:red", lw=1.2, zorder=5,
                       label=f"failed requests ({int(failed.sum())})")
    ax.axhline(budget_ms, color="tab:red", ls="--", lw=1, label=f"budget {budget_ms:g} ms")
    _draw_events(ax, timeline)
    ax.set_yscale("log")
    ax.yaxis.set_major_formatter(_PLAIN)
    ax.yaxis.set_minor_formatter(_PLAIN)
    ax.set_xlabel("arrival time (s)")
    ax.set_ylabel("e2e latency (ms)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, loc="upper right")
    fig.subplots_adjust(**_MARGINS)
    return fig


def _draw_events(ax: Any, timeline: Sequence[dict[str, Any]]) -> None:
    """Whole-run faults as strips along the top; every other fault window as a band (link
    faults green-hatched), alerts in purple; each name written once."""
    whole = [e for e in timeline if e.get("whole_run")]
    for row, event in enumerate(whole):  # a strip each along the top: the others stay visible
        top = 1.0 - 0.035 * row
        ax.plot([0, 1], [top - 0.015] * 2, transform=ax.transAxes, color="tab:brown", lw=5,
                alpha=0.6, solid_capstyle="butt", label="whole-run fault" if row == 0 else None)
        ax.annotate(f"{_fault_label(event)} (whole run)", (0.005, top - 0.03),
                    xycoords="axes fraction", fontsize=7, color="tab:brown", va="top")
    seen: set[str] = set()
    named: set[str] = set()
    for event in timeline:
        if event.get("whole_run"):
            continue
        start = float(event.get("t_ms", 0.0)) / 1000.0
        dur = float(event.get("duration_ms", 0.0) or 0.0) / 1000.0
        kind = str(event.get("kind", "fault"))
        link = kind == "fault" and event.get("device") is not None
        legend = "link fault" if link else kind
        colour = "tab:green" if link else ("tab:orange" if kind == "fault" else "tab:purple")
        label = legend if legend not in seen else None
        seen.add(legend)
        if dur > 0:
            ax.axvspan(start, start + dur, color=colour, alpha=0.18, label=label,
                       hatch="//" if link else None)
        else:
            ax.axvline(start, color=colour, lw=1.2, label=label)
        name = _fault_label(event)
        if name in named:
            continue  # every occurrence is drawn; its name once
        named.add(name)
        ax.annotate(name, (start, 1.0 - 0.035 * len(whole)), xycoords=("data", "axes fraction"),
                    fontsize=7, rotation=90, va="top", color=colour)


def varied_keys(rows: Sequence[dict[str, Any]]) -> list[str]:
    """The swept parameters in sweep rows (not point/seed/replications, not metrics)."""
    if not rows:
        return []
    row = rows[0]
    skip = {"point", "seed", "replications", "requests"}
    return [k for k in row if k not in skip and f"{k}.ci95_low" not in row
            and not k.endswith((".ci95_low", ".ci95_high", ".sd"))]


def sweep_metrics(rows: Sequence[dict[str, Any]]) -> list[str]:
    """The metrics of sweep rows (each has a CI beside it)."""
    return [k for k in rows[0] if f"{k}.ci95_low" in rows[0]] if rows else []


def budget_centre(metric: str, report: dict[str, Any] | None) -> tuple[float, bool] | None:
    """What a heatmap of ``metric`` is coloured against, and whether higher is better:
    e2e latencies against the e2e budget, a stage's against its budget, the share of
    requests within budget against 0.95 (the p95 contract), perception.instant against 0.95,
    a capture stage's premature and missed endpoint shares (real, or its calibrated model)
    against their built-in 1 %, its latencies against the capture budget."""
    report = report or {}
    e2e_budget = float(report.get("e2e", {}).get("budget_ms", 100.0))
    parts = metric.split(".")
    if parts[0] == "e2e" and parts[-1].endswith("_ms") and parts[-1] != "budget_ms":
        return e2e_budget, False
    if parts[0] == "stages" and len(parts) == 3 and parts[2].startswith("p"):
        budget = report.get("stages", {}).get(parts[1], {}).get("budget_ms")
        return (float(budget), False) if budget else None
    if metric in ("e2e.within_budget", "perception.instant"):
        return 0.95, True
    capture = ("capture_real", "capture_model")  # a real stage, or its calibrated model
    if parts[0] in capture and parts[-1] in ("premature_fraction", "failed_fraction"):
        return CAPTURE_FRACTION_MAX, False  # the built-in capture limits (1 %)
    if parts[0] in capture and parts[-1].endswith("_ms"):  # against the stage's budget
        budget = report.get("stages", {}).get("capture", {}).get("budget_ms")
        return (float(budget), False) if budget else None
    return None


def budget_cmap(higher_better: bool) -> ListedColormap:
    """Greens on the good side of the centre, reds on the other, with a step at the centre:
    a cell just over budget is plainly red (salmon at least), never a pale yellow."""
    good = plt.get_cmap("Greens")(np.linspace(0.85, 0.25, 128))
    bad = plt.get_cmap("Reds")(np.linspace(0.45, 0.95, 128))
    colours = np.vstack([bad[::-1], good[::-1]]) if higher_better else np.vstack([good, bad])
    return ListedColormap(colours, name="budget")


def _cell_text(row: dict[str, Any], metric: str, value: float) -> str:
    low, high = row.get(f"{metric}.ci95_low"), row.get(f"{metric}.ci95_high")
    fraction = metric.endswith(("within_budget", "_fraction")) or metric.startswith(
        "perception.")
    digits = ".3f" if fraction else ".1f"
    text = format(value, digits)
    if low is not None and high is not None and not (math.isnan(low) or math.isnan(high)):
        text += f"\n[{low:{digits}}, {high:{digits}}]"
    return text


def whatif_figure(rows: Sequence[dict[str, Any]], metric: str,
                  report: dict[str, Any] | None = None) -> Figure:
    """A heatmap of ``metric`` over the first two swept keys (averaged over any others; one
    row when a single key was swept), each cell with its mean and 95 % CI on two lines.
    Colours step at the budget (:func:`budget_centre`, :func:`budget_cmap`): green inside
    it, red beyond it, whatever the sweep's own range."""
    keys = varied_keys(rows)
    kx = keys[0]
    ky = keys[1] if len(keys) > 1 else None
    xs = list(dict.fromkeys(r[kx] for r in rows))
    ys = list(dict.fromkeys(r[ky] for r in rows)) if ky else [None]
    grid = np.full((len(ys), len(xs)), np.nan)
    cells: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for r in rows:
        cells.setdefault((ys.index(r[ky]) if ky else 0, xs.index(r[kx])), []).append(r)
    for (j, i), rs in cells.items():
        grid[j, i] = float(np.nanmean([float(r[metric]) for r in rs]))
    width = max(6.5, 1.25 * len(xs) + 2.0)  # room for each cell's two-line CI label
    fig, ax = plt.subplots(figsize=(width, max(2.6, 0.9 * len(ys) + 1.6)), dpi=96)
    centre = budget_centre(metric, report)
    finite = grid[np.isfinite(grid)]
    if centre is not None and finite.size:
        c, higher_better = centre
        pad = max(abs(c) * 0.05, 1e-6)
        # a value at the budget meets it (<= budget; >= target): on the green side of the step
        centre_at = c if higher_better else c + max(abs(c), 1.0) * 1e-9
        norm = TwoSlopeNorm(vcenter=centre_at, vmin=min(float(finite.min()), c - pad),
                            vmax=max(float(finite.max()), c + pad))
        cmap: Any = budget_cmap(higher_better)
        side = "below" if higher_better else "above"
        note = f"; red = {side} {c:g} ({'target' if higher_better else 'budget'})"
    else:
        norm, cmap, note = None, "viridis", "; no budget for this metric"
    im = ax.imshow(grid, origin="lower", aspect="auto", cmap=cmap, norm=norm)
    size = 7 if len(xs) <= 6 else 6
    for (j, i), v in np.ndenumerate(grid):
        if not math.isnan(v):
            rs = cells[(j, i)]
            text = _cell_text(rs[0], metric, v) if len(rs) == 1 else f"{v:.3g}"
            r, g, b, _ = im.cmap(im.norm(v))
            dark = 0.299 * r + 0.587 * g + 0.114 * b < 0.45  # white text on a dark cell
            ax.text(i, j, text, ha="center", va="center", fontsize=size, linespacing=1.1,
                    color="white" if dark else "black")
    ax.set_xticks(range(len(xs)), [str(x) for x in xs])
    ax.set_xlabel(kx)
    if ky:
        ax.set_yticks(range(len(ys)), [str(y) for y in ys])
        ax.set_ylabel(ky)
    else:
        ax.set_yticks([])
    extra = f" (mean over {', '.join(keys[2:])})" if len(keys) > 2 else ""
    ax.set_title(f"{metric}{extra}{note}", fontsize=9)
    fig.colorbar(im, ax=ax)
    fig.tight_layout()
    return fig
