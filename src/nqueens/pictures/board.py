"""Pictures of boards: queens on a checkerboard, forbidden cells hatched, fixed (pre-placed)
queens ringed; several solutions as a grid of small boards. matplotlib is imported lazily
through `figure_file`. No solver imports.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from typing import Any

from ..errors import InputError
from .save import picture_format, pyplot, save_figure
from ..spec import Placement, Spec

#: Most boards in one picture, and the largest board drawn (cells get too small beyond).
MAX_BOARDS = 120
MAX_BOARD_N = 200
#: Up to this size queens are drawn as the chess glyph; beyond, as dots.
GLYPH_UP_TO = 24

LIGHT, DARK = "#f0d9b5", "#b58863"
QUEEN = "\u265b"


def draw_boards(
    spec: Spec,
    placements: Sequence[Placement],
    path: str | os.PathLike[str],
    *,
    one_based: bool = False,
    title: str = "",
) -> None:
    """Draw each placement as a board (at most MAX_BOARDS) to `path` (.svg or .png).

    Raises:
        InputError: for a bad file name, too many boards or too large a board.
    """
    picture_format(path)
    if not placements:
        raise InputError("there is no solution to draw; nothing was written")
    if len(placements) > MAX_BOARDS:
        raise InputError(
            f"{len(placements)} boards are too many for one picture (at most {MAX_BOARDS}); "
            f"use --limit K or --unique"
        )
    if spec.n > MAX_BOARD_N:
        raise InputError(f"an {spec.n}x{spec.n} board is too large to draw (at most "
                         f"{MAX_BOARD_N}); use --format json")
    plt = pyplot()
    columns = min(len(placements), max(1, math.ceil(math.sqrt(len(placements) * 1.6))))
    rows = math.ceil(len(placements) / columns)
    side = 4.2 if len(placements) == 1 else max(1.6, min(3.0, 12.0 / columns))
    figure, axes_grid = plt.subplots(rows, columns, squeeze=False,
                                     figsize=(side * columns, side * rows + 0.6))
    for index, axes in enumerate(axes_grid.flat):
        if index < len(placements):
            _draw_board(axes, spec, placements[index], one_based,
                        f"solution {index + 1}" if len(placements) > 1 else "")
        else:
            axes.set_axis_off()
    keys = [text for present, text in ((spec.fixed, "red frame: fixed queen"),
                                       (spec.forbidden, "hatched: forbidden cell")) if present]
    if keys:
        title = f"{title}\n({'; '.join(keys)})" if title else f"({'; '.join(keys)})"
    if title:
        figure.suptitle(title, fontsize=11)
    figure.tight_layout()
    save_figure(figure, path)


def _draw_board(ax: Any, spec: Spec, placement: Placement, one_based: bool,
                label: str) -> None:
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Circle, Rectangle

    n = spec.n
    shade = [[(r + c) % 2 for c in range(n)] for r in range(n)]
    ax.imshow(shade, cmap=ListedColormap([LIGHT, DARK]), extent=(0, n, n, 0),
              interpolation="nearest")
    for r, c in spec.forbidden:
        ax.add_patch(Rectangle((c, r), 1, 1, facecolor="#555555", alpha=0.55,
                               hatch="xx", edgecolor="#222222", linewidth=0))
    fixed = set(spec.fixed)
    fontsize = max(4.0, min(28.0, 220.0 / n)) * (0.55 if label else 1.0)
    for r, c in enumerate(placement):
        if (r, c) in fixed:
            ax.add_patch(Rectangle((c + 0.04, r + 0.04), 0.92, 0.92, fill=False,
                                   edgecolor="#c53030", linewidth=2.0))
        if n <= GLYPH_UP_TO:
            ax.text(c + 0.5, r + 0.54, QUEEN, ha="center", va="center",
                    fontsize=fontsize, color="#111111", gid=f"queen-{r}-{c}")
        else:
            ax.add_patch(Circle((c + 0.5, r + 0.5), 0.38, color="#111111",
                                gid=f"queen-{r}-{c}"))
    shift = 1 if one_based else 0
    if n <= 20:
        ticks = [i + 0.5 for i in range(n)]
        names = [str(i + shift) for i in range(n)]
        ax.set_xticks(ticks, names, fontsize=7)
        ax.set_yticks(ticks, names, fontsize=7)
        ax.tick_params(length=0, labeltop=True, labelbottom=False)
    else:
        ax.set_xticks([])
        ax.set_yticks([])
    ax.set_xlim(0, n)
    ax.set_ylim(n, 0)
    ax.set_aspect("equal")
    if label:
        ax.set_xlabel(f"{label}: {[c + shift for c in placement]}", fontsize=7)
