"""Boards as a matplotlib figure: queens on a checkerboard, forbidden cells crossed, fixed
(pre-placed) queens on a framed blue cell; several solutions as a grid of small boards, each
with its caption in a band of its own (wrapped to the board's width, so captions never meet).

All boards share one matplotlib axes in board units (one cell = 1): making 92 axes took most
of the 11-20 s a grid of 8x8 solutions used to cost. matplotlib is imported when a figure is
made (`pyplot`), never with this module. Cells are (row, col) pairs, 0-based.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from typing import Any

from . import style
from .style import LINE_HEIGHT, wrap_lines

Cell = tuple[int, int]

CAPTION_PT = 8.0
GAP_IN = 0.25  # between boards


def pyplot() -> Any:
    """matplotlib.pyplot, on the non-interactive Agg backend unless one was chosen; SVG keeps
    its text as <text> elements (editable, searchable), not as glyph outlines."""
    import sys

    import matplotlib

    if "matplotlib.pyplot" not in sys.modules and not os.environ.get("MPLBACKEND"):
        matplotlib.use("Agg")  # a notebook's (or the user's) chosen backend is kept
    matplotlib.rcParams["svg.fonttype"] = "none"
    import matplotlib.pyplot as plt

    return plt



def boards_figure(n: int, placements: Sequence[Sequence[int]], *, fixed: Sequence[Cell] = (),
                  forbidden: Sequence[Cell] = (), one_based: bool = False,
                  title: str = "", queens: Sequence[Cell] = (), faint: Sequence[Cell] = (),
                  keys: Sequence[str] = ()) -> Any:
    """A matplotlib figure of the placements (a column per row) on n x n boards, each with
    the `fixed` cells framed and the `forbidden` ones crossed: what `Outcome.show()` returns
    and `nqueens solve --output` saves. `queens` are more queens on every board (a partial
    placement, rows without one: most queens), `faint` cells get a small grey cross (givens
    shown but set aside: an explanation's other givens); `keys`, when given, replace the
    heading's description of the marks."""
    plt = pyplot()
    count = len(placements)
    shift = 1 if one_based else 0
    columns = min(count, max(1, math.ceil(math.sqrt(count * 1.6))))
    rows = math.ceil(count / columns)
    side = 4.2 if count == 1 else max(1.6, min(3.0, 12.0 / columns))  # inches per board
    unit = side / n  # inches per cell
    captions = [] if count == 1 else [
        wrap_lines(f"solution {i + 1}: ({', '.join(str(c + shift) for c in p)})", side, CAPTION_PT)
        for i, p in enumerate(placements)
    ]
    band = max((len(lines) for lines in captions), default=0) * CAPTION_PT * LINE_HEIGHT / 72
    band += 0.08 if captions else 0.0
    margin = 0.3 if count == 1 and n <= 20 else 0.0  # room for the coordinates
    cell_w = side + GAP_IN
    cell_h = side + band + GAP_IN
    keys = list(keys) or [text for present, text in (
        (fixed, "blue framed cell: fixed queen"),
        (forbidden, "red cross: forbidden cell")) if present]
    heading = [line for line in (title, "; ".join(keys)) if line]
    top = 0.2 + 0.25 * len(heading)
    width = columns * cell_w - GAP_IN + 2 * margin + 0.2
    height = rows * cell_h - GAP_IN + top + margin + 0.1
    figure = plt.figure(figsize=(width, height))
    axes = figure.add_axes((0, 0, 1, 1))
    axes.set_axis_off()
    # data coordinates in inches from the top-left corner, y down
    axes.set_xlim(0, width)
    axes.set_ylim(height, 0)
    for line, text in enumerate(heading):
        axes.text(width / 2, 0.1 + 0.25 * line, text, ha="center", va="top",
                  fontsize=11 if line == 0 and title else 9)
    for index, placement in enumerate(placements):
        x0 = 0.1 + margin + (index % columns) * cell_w
        y0 = top + margin + (index // columns) * cell_h
        _draw_board(axes, n, [*enumerate(placement), *queens], fixed, forbidden, faint,
                    (x0, y0), unit, f"b{index}")
        if captions:
            axes.text(x0 + side / 2, y0 + side + 0.06, "\n".join(captions[index]),
                      ha="center", va="top", fontsize=CAPTION_PT, linespacing=1.2,
                      gid=f"caption-{index}")
        if margin:
            for i in range(n):
                label = str(i + shift)
                axes.text(x0 + (i + 0.5) * unit, y0 - 0.06, label, ha="center", va="bottom",
                          fontsize=7, color="#444444")
                axes.text(x0 - 0.08, y0 + (i + 0.5) * unit, label, ha="right", va="center",
                          fontsize=7, color="#444444")
    axes.set_xlim(0, width)
    axes.set_ylim(height, 0)
    axes.set_aspect("auto")
    return figure


def _draw_board(axes: Any, n: int, placement: Sequence[Cell], fixed: Sequence[Cell],
                forbidden: Sequence[Cell], faint: Sequence[Cell], corner: tuple[float, float],
                unit: float, key: str) -> None:
    """One board with its top-left corner at `corner` (x0, y0) inches, `unit` inches a cell."""
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Circle, PathPatch, Rectangle
    from matplotlib.transforms import Affine2D

    x0, y0 = corner
    side = n * unit
    shade = [[(r + c) % 2 for c in range(n)] for r in range(n)]
    axes.imshow(shade, cmap=ListedColormap([style.LIGHT, style.DARK]),
                extent=(x0, x0 + side, y0 + side, y0), interpolation="nearest", zorder=0)
    axes.add_artist(Rectangle((x0, y0), side, side, fill=False, edgecolor="#555555",
                             linewidth=0.8, zorder=1))
    thin = max(0.6, min(2.5, unit * 30))
    for cells, colour, width, inset in ((forbidden, style.FORBIDDEN, thin, 0.18 * unit),
                                        (faint, style.FAINT, thin * 0.45, 0.32 * unit)):
        for r, c in cells:
            x, y = x0 + c * unit, y0 + r * unit
            for (xa, ya), (xb, yb) in (((x + inset, y + inset), (x + unit - inset, y + unit - inset)),
                                       ((x + inset, y + unit - inset), (x + unit - inset, y + inset))):
                axes.plot([xa, xb], [ya, yb], color=colour, linewidth=width, zorder=2,
                          solid_capstyle="round")
    for r, c in fixed:
        inset = 0.06 * unit
        axes.add_artist(Rectangle((x0 + c * unit + inset, y0 + r * unit + inset),
                                 unit - 2 * inset, unit - 2 * inset,
                                 facecolor=style.FIXED_FILL, edgecolor=style.FIXED_EDGE,
                                 linewidth=thin * 1.2, zorder=2, gid=f"fixed-{r}-{c}"))
    edge = max(0.3, min(1.0, unit * 12))
    crown = _crown_paths() if n <= style.CROWN_UP_TO else None
    for r, c in placement:
        x, y = x0 + c * unit, y0 + r * unit
        if crown is not None:
            place = Affine2D().scale(unit).translate(x, y)
            for part, gid in zip(crown, (f"queen-{r}-{c}-{key}", None), strict=False):
                axes.add_artist(PathPatch(part.transformed(place), facecolor=style.QUEEN_FILL,
                                          edgecolor=style.QUEEN_EDGE, linewidth=edge,
                                          zorder=3, gid=gid))
        else:
            axes.add_artist(Circle((x + 0.5 * unit, y + 0.5 * unit), 0.38 * unit,
                                   color=style.QUEEN_FILL, zorder=3, gid=f"queen-{r}-{c}-{key}"))
    # add_artist rather than add_patch: add_patch's limit bookkeeping was most of the time


def _crown_paths() -> tuple[Any, Any]:
    """The crown's body and its five tip balls, as two matplotlib Paths in a unit cell."""
    from matplotlib.path import Path

    body = Path([*style.CROWN, style.CROWN[0]], closed=True)
    tips = Path.make_compound_path(*(Path.circle(tip, style.TIP_RADIUS)
                                     for tip in style.CROWN_TIPS))
    return body, tips
