"""The hardness plot of a hard-instance bench (`nqueens bench --suite ...`), drawn the way
Gent, Jefferson and Nightingale draw theirs: time against the family's constrainedness
parameter, median (solid) and 90th percentile (dashed) per subject on a log scale, and the
fraction of satisfiable instances on a second axis (grey), so the peak of the median is seen
at the 50 % point.

Unanswered runs count at the time limit (a lower bound), which a dotted line marks. With
many distinct parameter values the instances are grouped into bins of about equal size, each
drawn at its median parameter; a set at one value (the ASP set) has no curve to draw, and
gets each subject's times sorted instead (instances answered against time). It reads only the
results document (`hard-SUITE.json`), so the docs can draw it from a committed file.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Sequence
from typing import Any

from ..drawing import style
from ..drawing.figure import pyplot
from .benchplot import COLOURS, MARKERS, seconds_axis

#: More distinct parameter values than this are grouped into BINS bins.
MAX_POINTS = 15
BINS = 8
PUBLISHED_LABEL = "Lingeling (published)"


def _percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def _groups(parameters: Sequence[float]) -> dict[float, float]:
    """parameter -> the x it is drawn at (itself, or the median of its bin)."""
    distinct = sorted(set(parameters))
    if len(distinct) <= MAX_POINTS:
        return {p: p for p in distinct}
    ordered = sorted(parameters)
    size = math.ceil(len(ordered) / BINS)
    bins = [ordered[i:i + size] for i in range(0, len(ordered), size)]
    where: dict[float, float] = {}
    for members in bins:
        centre = _percentile(members, 50)
        for p in members:
            where.setdefault(p, centre)
    return where


def hardness_figure(doc: dict[str, Any]) -> Any:  # noqa: C901 - one figure, drawn part by part
    plt = pyplot()
    from matplotlib.ticker import PercentFormatter

    meta, runs = doc.get("meta", {}), doc.get("runs", [])
    limit = float(meta.get("run_timeout", 0) or 0)
    where = _groups([float(r["parameter"]) for r in runs])
    if len(set(where.values())) == 1:
        return _cactus_figure(meta, runs, limit)
    figure, ax = plt.subplots(figsize=(7.4, 4.6), layout="constrained")
    share = ax.twinx()
    answer = _answers(runs)  # fraction satisfiable per x, from the agreed answers
    xs = sorted(set(where.values()))
    fractions = []
    for x in xs:
        names = {r["instance"] for r in runs if where[float(r["parameter"])] == x}
        known = [answer[name] for name in names if name in answer]
        fractions.append(sum(a == "sat" for a in known) / len(known) if known else math.nan)
    share.plot(xs, fractions, color="#9a9a9a", linewidth=2.2, marker="o", markersize=4,
               label="fraction satisfiable", zorder=1)
    share.fill_between(xs, fractions, color="#9a9a9a", alpha=0.12, linewidth=0)
    share.set_ylim(0, 1.02)
    share.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    share.set_ylabel("satisfiable (grey)", fontsize=9, color="#6b6b6b")
    share.tick_params(labelsize=9, colors="#6b6b6b")
    ax.set_zorder(share.get_zorder() + 1)
    ax.patch.set_visible(False)
    subjects = list(dict.fromkeys(r["subject"] for r in runs))
    times: list[float] = []
    series: list[tuple[str, list[float], list[float], list[float]]] = []
    for subject in subjects:
        mine = [r for r in runs if r["subject"] == subject]
        med, p90, at = [], [], []
        for x in xs:
            values = [float(r["seconds"]) if r["status"] in ("sat", "unsat", "disagree")
                      else limit for r in mine if where[float(r["parameter"])] == x]
            if values:
                at.append(x)
                med.append(_percentile(values, 50))
                p90.append(_percentile(values, 90))
        series.append((subject, at, med, p90))
        times += med + p90
    published = [r for r in runs if r.get("published_seconds") is not None]
    if published:
        seen: dict[str, dict[str, Any]] = {r["instance"]: r for r in published}
        at, med, p90 = [], [], []
        for x in xs:
            values = [float(r["published_seconds"]) for r in seen.values()
                      if where[float(r["parameter"])] == x]
            if values:
                at.append(x)
                med.append(_percentile(values, 50))
                p90.append(_percentile(values, 90))
        series.append((PUBLISHED_LABEL, at, med, p90))
        times += med + p90
    for index, (subject, at, med, p90) in enumerate(series):
        colour = style.BLACK if subject == PUBLISHED_LABEL else COLOURS[index % len(COLOURS)]
        marker = MARKERS[index % len(MARKERS)]
        ax.plot(at, med, color=colour, marker=marker, markersize=5, linewidth=1.7,
                label=f"{subject}: median")
        ax.plot(at, p90, color=colour, marker=marker, markersize=3, linewidth=1.0,
                linestyle="--", label=f"{subject}: 90th percentile")
    if limit > 0:
        ax.axhline(limit, color="#555555", linestyle=":", linewidth=1)
        ax.annotate(f"time limit {limit:g} s (unanswered count here)", (xs[0], limit),
                    xytext=(2, 3), textcoords="offset points", fontsize=8, color="#555555")
    _time_axis(ax, times, limit)
    grouped = len(xs) < len(set(where))
    ax.set_xlabel(str(meta.get("parameter", "parameter"))
                  + (f" ({len(xs)} bins of instances, at their median)" if grouped else ""),
                  fontsize=9)
    _label(ax, meta)
    return figure


def _label(ax: Any, meta: dict[str, Any]) -> None:
    """The y label, the title and the legend both plots share."""
    ax.set_ylabel("seconds per instance, whole process (log)", fontsize=9)
    ax.set_title(str(meta.get("title", "hardness")), fontsize=11)
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.16), frameon=False,
              ncol=2)


def _answers(runs: list[dict[str, Any]]) -> dict[str, str]:
    """Each instance's answer, "sat" or "unsat": the published one where known, else the
    first a subject gave (the bench has checked that the subjects agree)."""
    answer: dict[str, str] = {}
    for r in runs:
        if r.get("published"):
            answer[r["instance"]] = r["published"]
        elif r["status"] in ("sat", "unsat"):
            answer.setdefault(r["instance"], r["status"])
    return answer


def _time_axis(ax: Any, times: list[float], limit: float) -> None:
    """The seconds axis, reaching the time limit's line when there is one."""
    seconds_axis(ax, times + ([limit] if limit > 0 else []), headroom=1.5)


def _cactus_figure(meta: dict[str, Any], runs: list[dict[str, Any]], limit: float) -> Any:
    """A set at one parameter value (the ASP set: every instance has 595 blocked squares):
    no curve against the parameter, so each subject's times are drawn sorted, instance by
    instance (the k-th point: the time within which k instances were answered); the median
    and 90th percentile are where the curve crosses half and nine tenths of the set."""
    plt = pyplot()
    figure, ax = plt.subplots(figsize=(7.4, 4.6), layout="constrained")
    answers = _answers(runs)
    subjects = list(dict.fromkeys(r["subject"] for r in runs))
    lines: list[tuple[str, list[float]]] = []
    for subject in subjects:
        answered = sorted(float(r["seconds"]) for r in runs
                          if r["subject"] == subject and r["status"] in ("sat", "unsat"))
        lines.append((subject, answered))
    published = {r["instance"]: float(r["published_seconds"]) for r in runs
                 if r.get("published_seconds") is not None}
    if published:
        lines.append((PUBLISHED_LABEL, sorted(published.values())))
    total = len({r["instance"] for r in runs})
    times: list[float] = []
    for index, (subject, answered) in enumerate(lines):
        colour = style.BLACK if subject == PUBLISHED_LABEL else COLOURS[index % len(COLOURS)]
        ax.plot(range(1, len(answered) + 1), answered, color=colour, linewidth=1.7,
                marker=MARKERS[index % len(MARKERS)], markersize=3, markevery=max(1, total // 10),
                linestyle="--" if subject == PUBLISHED_LABEL else "-",
                label=f"{subject}: {len(answered)}/{total} answered in {sum(answered):.1f} s")
        times += answered
    for share, name in ((0.5, "median"), (0.9, "90th percentile")):
        ax.axvline(share * total, color="#9a9a9a", linewidth=0.8, linestyle="-.")
        ax.annotate(name, (share * total, 1), xycoords=("data", "axes fraction"),
                    xytext=(-3, -12), textcoords="offset points", ha="right", fontsize=8,
                    color="#6b6b6b")
    _time_axis(ax, times, limit)
    if limit > 0:
        ax.axhline(limit, color="#555555", linestyle=":", linewidth=1)
    sat = sum(a == "sat" for a in answers.values())
    ax.set_xlim(0, total + 1)
    ax.set_xlabel(f"instances answered, fastest first ({sat} of {len(answers)} satisfiable; "
                  f"{meta.get('parameter', 'parameter')}: {runs[0]['parameter']:g} in all)",
                  fontsize=9)
    _label(ax, meta)
    return figure


def hardness_png(doc: dict[str, Any]) -> bytes:
    """The hardness plot of a results document as PNG bytes (the bench writes them with its
    other files, all or none)."""
    import io

    from ..drawing.figure import pyplot

    figure = hardness_figure(doc)
    buffer = io.BytesIO()
    try:  # as `plot_hardness` draws it (save.save_figure)
        figure.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    finally:
        pyplot().close(figure)
    return buffer.getvalue()


def plot_hardness(doc: dict[str, Any], path: str | os.PathLike[str]) -> None:
    """Write the hardness plot of a results document as PNG (or SVG by suffix) to `path`,
    atomically."""
    from .save import save_figure

    save_figure(hardness_figure(doc), path, dpi=110)


def plot_hardness_file(results: str | os.PathLike[str], path: str | os.PathLike[str]) -> None:
    """Draw the plot from a committed results file (`hard-SUITE.json`): the docs build's
    entry point."""
    with open(results, encoding="utf-8") as handle:
        doc = json.load(handle)
    plot_hardness(doc, path)
