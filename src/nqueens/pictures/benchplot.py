"""The bench plot: median time against n, one panel per workload, both axes logarithmic.

The n axis is ticked at the sizes measured (whole numbers, no 8.5 or 960-1040), the time
axis at whole decades labelled in plain seconds (0.1 s, 1 s, 10 s), the legend in 9 pt text
under its panel where it covers no line. Colours follow the Okabe-Ito palette; references
are dashed. It reads only the measurements' fields (group, subject, n, median, role), so it
does not import the bench.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..drawing import style
from ..drawing.figure import pyplot

COLOURS = (style.BLUE, style.VERMILLION, style.GREEN, style.ORANGE, style.PURPLE,
           style.SKY_BLUE, style.BLACK, style.YELLOW)
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")


def seconds_label(value: float, _position: object = None) -> str:
    """A decade tick in plain seconds: 0.001 s, 0.1 s, 1 s, 100 s."""
    return f"{value:g} s"


def seconds_axis(ax: Any, times: Sequence[float], headroom: float = 1.0) -> None:
    """A log axis of seconds from the decade below the shortest time to the decade above
    the longest (times `headroom`), labelled in seconds, with a light major grid."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    positive = [t for t in times if t > 0]
    ax.set_yscale("log")
    if positive:
        low = 10.0 ** math.floor(math.log10(min(positive)))
        high = 10.0 ** math.ceil(math.log10(max(positive) * headroom))
        ax.set_ylim(low, high if high > low else low * 10)
    ax.yaxis.set_major_locator(LogLocator(base=10, numticks=12))
    ax.yaxis.set_major_formatter(FuncFormatter(seconds_label))
    ax.yaxis.set_minor_formatter(NullFormatter())
    ax.tick_params(labelsize=9)
    ax.grid(True, which="major", color="#dddddd", linewidth=0.8)


def bench_png(results: Sequence[Any]) -> bytes:
    """The plot of `results` (bench Measurements) as PNG bytes (the bench writes them with
    its other files through the atomic writer)."""
    import io

    figure = bench_figure(results)
    buffer = io.BytesIO()
    try:
        figure.savefig(buffer, format="png", dpi=110)
    finally:
        pyplot().close(figure)
    return buffer.getvalue()


def bench_figure(results: Sequence[Any]) -> Any:
    plt = pyplot()
    from matplotlib.ticker import FixedLocator, FuncFormatter

    groups = list(dict.fromkeys(m.group for m in results))
    cols = min(3, max(1, len(groups)))
    rows = max(1, math.ceil(len(groups) / cols))  # an empty run: one empty panel
    legend_rows = max((len({m.subject for m in results if m.group == g}) for g in groups),
                      default=1)
    figure, axes_grid = plt.subplots(
        rows, cols, squeeze=False, layout="constrained",
        figsize=(5.6 * cols, (3.6 + 0.22 * legend_rows) * rows))
    for ax, group in zip(axes_grid.flat, groups, strict=False):
        mine = [m for m in results if m.group == group]
        times = [m.median for m in mine if m.median is not None and m.median > 0]
        for index, subject in enumerate(dict.fromkeys(m.subject for m in mine)):
            points = sorted((m.n, m.median) for m in mine
                            if m.subject == subject and m.median is not None and m.median > 0)
            if not points:
                continue
            xs, ys = zip(*points, strict=True)
            reference = any(m.role == "reference" for m in mine if m.subject == subject)
            ax.plot(xs, ys, marker=MARKERS[index % len(MARKERS)], markersize=5,
                    color=COLOURS[index % len(COLOURS)], linewidth=1.6,
                    linestyle="--" if reference else "-",
                    label=f"{subject} (reference)" if reference else subject)
        sizes = sorted({m.n for m in mine})
        ax.set_xscale("log")
        ax.xaxis.set_major_locator(FixedLocator(sizes))
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _p: f"{v:,.0f}"))
        ax.xaxis.set_minor_locator(FixedLocator([]))
        ax.set_xlim(sizes[0] / 1.25, sizes[-1] * 1.25)
        seconds_axis(ax, times)
        ax.set_title(group, fontsize=11)
        ax.set_xlabel("n (log scale)", fontsize=9)
        ax.set_ylabel("median seconds, whole process (log)", fontsize=9)
        if ax.get_legend_handles_labels()[0]:  # a panel with no timed run has no legend
            ax.legend(fontsize=9, loc="upper center", bbox_to_anchor=(0.5, -0.2),
                      frameon=False, ncol=1)
        else:
            ax.text(0.5, 0.5, "no run finished", transform=ax.transAxes, ha="center",
                    va="center", fontsize=9, color="#666666")
    for ax in list(axes_grid.flat)[len(groups):]:
        ax.set_axis_off()
    if not groups:
        figure.text(0.5, 0.5, "no measurement", ha="center", va="center", fontsize=11)
    return figure
