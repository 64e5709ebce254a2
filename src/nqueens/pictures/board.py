"""Boards written to a picture file (`nqueens solve --output`): the file and the boards are
checked before anything is drawn, then the figure of `drawing.figure` is saved safely
(`pictures.save`). No solver imports.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from ..drawing.figure import boards_figure
from ..errors import InputError
from ..spec import Placement, Spec
from .save import picture_format, save_figure

#: Most boards in one picture, and the largest board drawn (cells get too small beyond).
MAX_BOARDS = 120
MAX_DRAWN_N = 200


def draw_boards(
    spec: Spec,
    placements: Sequence[Placement],
    path: str | os.PathLike[str],
    *,
    one_based: bool = False,
    title: str = "",
    overwrite: bool = False,
) -> None:
    """Draw each placement as a board (at most MAX_BOARDS) to `path` (.svg or .png).

    Raises:
        InputError: for a bad file name, too many boards or too large a board.
    """
    picture_format(path, overwrite=overwrite)
    if not placements:
        raise InputError("there is no solution to draw; nothing was written")
    if len(placements) > MAX_BOARDS:
        raise InputError(
            f"{len(placements)} boards are too many for one picture (at most {MAX_BOARDS}); "
            f"use --limit K or --unique"
        )
    if spec.n > MAX_DRAWN_N:
        raise InputError(f"a board of {spec.n}x{spec.n} cells is too large to draw (at most "
                         f"{MAX_DRAWN_N}); use --format json")
    figure = boards_figure(spec.n, placements, fixed=spec.fixed, forbidden=spec.forbidden,
                           one_based=one_based, title=title)
    save_figure(figure, path, overwrite=overwrite)
