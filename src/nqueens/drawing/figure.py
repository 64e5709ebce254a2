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
LABEL_PT = 7.0  # the row and column numbers
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
                  keys: Sequence[str] = (), diagonals: Sequence[Sequence[Cell]] = (),
                  mark_empty: bool = False) -> Any:
    """A matplotlib figure of the placements (a column per row) on n x n boards, each with
    the `fixed` cells framed and the `forbidden` ones crossed (one cross a cell, however many
    givens name it): what `Outcome.show()` returns and `nqueens solve --output` saves.
    `queens` are more queens on every board (a partial placement, rows without one: most
    queens), `faint` cells get a small grey cross (givens shown but set aside: an
    explanation's other givens); `diagonals` (each an excluded diagonal's cells) are drawn
    as lines across the board; `mark_empty` shades the rows and columns left without a
    queen. `keys`, when given, replace the heading's description of the crosses and frames;
    the lines, the bands and the numbering describe themselves.

    Every board has its row and column numbers beside it (0-based, as the CLI's text says
    them, or 1-based with `one_based`), every one or, on a large board, every few;
    `mark_empty` is for a single board."""
    plt = pyplot()
    count = len(placements)
    shift = 1 if one_based else 0
    forbidden = list(dict.fromkeys(forbidden))
    faint = [cell for cell in dict.fromkeys(faint) if cell not in set(forbidden)]
    columns = min(count, max(1, math.ceil(math.sqrt(count * 1.6))))
    rows = math.ceil(count / columns)
    # inches per board; a large single board grows so its numbers and marks stay readable
    side = (max(4.2, min(9.0, 0.175 * n)) if count == 1
            else max(1.6, min(3.0, 12.0 / columns)))
    unit = side / n  # inches per cell
    captions = [] if count == 1 else [
        wrap_lines(f"solution {i + 1}: ({', '.join(str(c + shift) for c in p)})", side, CAPTION_PT)
        for i, p in enumerate(placements)
    ]
    band = max((len(lines) for lines in captions), default=0) * CAPTION_PT * LINE_HEIGHT / 72
    band += 0.08 if captions else 0.0
    digits = len(str(n - 1 + shift))
    margin = 0.12 + digits * style.CHAR_WIDTH * LABEL_PT / 72  # each board's numbers
    after = margin if count == 1 else 0.0  # a single board sits in the middle
    cell_w = margin + side + GAP_IN
    cell_h = margin + side + band + GAP_IN
    width = columns * cell_w - GAP_IN + after + 0.2
    base = "1-based" if one_based else "0-based"
    on_board = [(r, c) for r, c in queens]
    if count == 1:
        on_board += list(enumerate(placements[0]))
    mark_empty = mark_empty and count == 1
    empty_rows = sorted(set(range(n)) - {r for r, _ in on_board}) if mark_empty else []
    empty_cols = sorted(set(range(n)) - {c for _, c in on_board}) if mark_empty else []
    sums = [cells for cells in diagonals if _is_sum_diagonal(n, cells)]
    differences = [cells for cells in diagonals if not _is_sum_diagonal(n, cells)]
    keys = list(keys) or [text for present, text in (
        (fixed, f"{style.NAMES[style.FIXED_EDGE]} framed cell: fixed queen"),
        (forbidden, f"{style.NAMES[style.FORBIDDEN]} cross: forbidden cell")) if present]
    keys += [text for present, text in (
        (sums, f"solid {style.NAMES[style.SUM_DIAGONAL]} line: an excluded diagonal r + c"),
        (differences, (f"dashed {style.NAMES[style.DIFFERENCE_DIAGONAL]} line: an excluded "
                       "diagonal r - c")),
        (empty_rows or empty_cols, (f"{style.NAMES[style.EMPTY_LINE]} band: a row or column "
                                    "without a queen"))) if present]
    keys.append(f"rows and columns numbered from {shift}" if count == 1 else
                f"rows and columns numbered from {shift}; each caption lists the queens' "
                f"columns row by row, {base}")
    heading = ([title] if title else []) + wrap_lines("; ".join(keys), width - 0.3, 9)
    top = 0.2 + 0.25 * len(heading)
    height = rows * cell_h - GAP_IN + top + after + 0.1
    figure = plt.figure(figsize=(width, height))
    axes = figure.add_axes((0, 0, 1, 1))
    axes.set_axis_off()
    # data coordinates in inches from the top-left corner, y down
    axes.set_xlim(0, width)
    axes.set_ylim(height, 0)
    for line, text in enumerate(heading):
        axes.text(width / 2, 0.1 + 0.25 * line, text, ha="center", va="top",
                  fontsize=11 if line == 0 and title else 9, gid=f"heading-{line}")
    for index, placement in enumerate(placements):
        x0 = 0.1 + margin + (index % columns) * cell_w
        y0 = top + margin + (index // columns) * cell_h
        _draw_board(axes, n, [*enumerate(placement), *queens], fixed, forbidden, faint,
                    (x0, y0), unit, f"b{index}")
        if diagonals:
            _draw_diagonals(axes, n, sums, differences, (x0, y0), unit)
        if captions:
            axes.text(x0 + side / 2, y0 + side + 0.06, "\n".join(captions[index]),
                      ha="center", va="top", fontsize=CAPTION_PT, linespacing=1.2,
                      gid=f"caption-{index}")
        _draw_numbers(axes, n, shift, (x0, y0), unit, empty_rows, empty_cols, f"-b{index}"
                      if count > 1 else "")
    axes.set_xlim(0, width)
    axes.set_ylim(height, 0)
    axes.set_aspect("auto")
    return figure


def label_step(n: int, unit: float, digits: int) -> int:
    """Every how many rows and columns a number is written: the fewest that keep the
    widest number (`digits` long, LABEL_PT) and a little space inside its stretch of cells."""
    need = digits * style.CHAR_WIDTH * LABEL_PT / 72 + 0.03
    return next((step for step in (1, 2, 5, 10, 20, 50) if step * unit >= need), 100)


def _draw_numbers(axes: Any, n: int, shift: int, corner: tuple[float, float], unit: float,
                  empty_rows: Sequence[int], empty_cols: Sequence[int], key: str) -> None:
    """The row numbers left of the board and the column numbers above it; a row or column
    without a queen gets its band and its number, bold on the band's colour, always."""
    from matplotlib.patches import Rectangle

    x0, y0 = corner
    side = n * unit
    step = label_step(n, unit, len(str(n - 1 + shift)))
    for kind, lines in (("row", empty_rows), ("col", empty_cols)):
        for i in lines:
            x, y, w, h = ((x0, y0 + i * unit, side, unit) if kind == "row"
                          else (x0 + i * unit, y0, unit, side))
            axes.add_artist(Rectangle((x, y), w, h, facecolor=style.EMPTY_LINE,
                                      alpha=style.EMPTY_OPACITY, edgecolor="none", zorder=1.5,
                                      gid=f"empty-{kind}-{i}"))
    for kind, empty in (("row", set(empty_rows)), ("col", set(empty_cols))):
        for i in range(n):
            if i % step and i not in empty:
                continue
            mark = {"fontweight": "bold", "color": style.BLACK,
                    "bbox": {"boxstyle": "round,pad=0.12", "facecolor": style.EMPTY_LINE,
                             "edgecolor": style.BLACK, "linewidth": 0.5}} if i in empty else {
                "color": style.LABEL}
            if kind == "row":
                axes.text(x0 - 0.06, y0 + (i + 0.5) * unit, str(i + shift), ha="right",
                          va="center", fontsize=LABEL_PT, gid=f"row-label-{i}{key}", **mark)
            else:
                axes.text(x0 + (i + 0.5) * unit, y0 - 0.05, str(i + shift), ha="center",
                          va="bottom", fontsize=LABEL_PT, gid=f"col-label-{i}{key}", **mark)


def _is_sum_diagonal(n: int, cells: Sequence[Cell]) -> bool:
    """Whether an excluded diagonal's cells keep r + c (rising to the right) rather than
    r - c; a diagonal of one cell is a corner's: (0, 0) and (n-1, n-1) are sum diagonals."""
    if len(cells) > 1:
        (r0, c0), (r1, c1) = cells[0], cells[1]
        return r0 + c0 == r1 + c1
    r, c = cells[0]
    return r == c and r in (0, n - 1)


def _draw_diagonals(axes: Any, n: int, sums: Sequence[Sequence[Cell]],
                    differences: Sequence[Sequence[Cell]], corner: tuple[float, float],
                    unit: float) -> None:
    """Each excluded diagonal as one line from board edge to board edge through its cells'
    centres: sum diagonals solid, difference diagonals dashed, each in its colour."""
    x0, y0 = corner
    width = max(0.8, min(2.2, unit * 20))
    for cells_of, colour, dashes, name in ((sums, style.SUM_DIAGONAL, "-", "sum"),
                                           (differences, style.DIFFERENCE_DIAGONAL, "--",
                                            "difference")):
        for cells in cells_of:
            ordered = sorted(cells)
            (ra, ca), (rb, cb) = ordered[0], ordered[-1]
            sign = -1 if name == "sum" else 1  # the column's step for each row down
            xa, ya = x0 + (ca + 0.5 - 0.5 * sign) * unit, y0 + ra * unit
            xb, yb = x0 + (cb + 0.5 + 0.5 * sign) * unit, y0 + (rb + 1) * unit
            key = ra + ca if name == "sum" else ra - ca
            axes.plot([xa, xb], [ya, yb], color=colour, linestyle=dashes, linewidth=width,
                      alpha=0.9, zorder=2.5, solid_capstyle="butt", gid=f"diagonal-{name}-{key}")


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
    for cells, colour, width, inset, name in (
            (forbidden, style.FORBIDDEN, thin, 0.18 * unit, "forbidden"),
            (faint, style.FAINT, thin * 0.45, 0.32 * unit, "faint")):
        for r, c in cells:  # one cross a cell: both strokes in one line, split by a NaN
            x, y = x0 + c * unit, y0 + r * unit
            axes.plot([x + inset, x + unit - inset, math.nan, x + inset, x + unit - inset],
                      [y + inset, y + unit - inset, math.nan, y + unit - inset, y + inset],
                      color=colour, linewidth=width, zorder=2, solid_capstyle="round",
                      gid=f"{name}-{r}-{c}-{key}")
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
