"""A board to play on: `play(board)`, the notebook widget (`widget.py`), and the
self-contained play page (`page.py`, `nqueens play N -o page.html`), drawn by one script and
style (`board.py`, `assets/`). Click to place or remove a queen, shift-click to forbid a
cell; the board shows the attacked cells, the forced queens and the dead lines
(`nqueens.playing.rules`), on a queens board or a posed problem's lines (its regions
coloured). The widget hands the position to the solvers through the API, so
this package sits above it.

The widget needs anywidget (`pip install 'nqueens[notebook]'`); nothing imports it until
`play` is called, so `import nqueens` stays light and a missing extra is one line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import InputError
from ..spec import Spec

if TYPE_CHECKING:
    from .widget import PlayWidget

__all__ = ["INSTALL", "play"]

#: What to install for the widget, from PyPI and from a clone of the repository.
INSTALL = "pip install 'nqueens[notebook]' (from a clone: pip install '.[notebook]')"


def play(board: int | Spec | str) -> PlayWidget:
    """A board to play on in a notebook: click a cell to place or remove a queen, shift-click
    to mark it forbidden; the board shows the attacked cells, the forced queens and the dead
    rows and columns (`nqueens.playing.rules`), and its buttons hand the position to a solver.

    `board` is a size, a queens Spec, a posed problem (a region puzzle, Star Battle,
    domination: played by its own lines, its regions coloured) or a model's name or file;
    its fixed queens and forbidden cells are givens that stay. From Python: `w.queens`, `w.forbidden` (read and
    set), `w.attacked`, `w.forced`, `w.spec`, `w.complete(backend=...)`; see `PlayWidget`.

    Raises:
        InputError: anywidget is not installed (the message says what to install), or the
            board cannot be played (a variant other than queens, too large).
    """
    try:
        import anywidget  # noqa: F401 - only to know whether the widget can be made
    except ImportError:
        raise InputError(f"nqueens.play needs anywidget, which is not installed; {INSTALL}") from None
    from .widget import PlayWidget

    return PlayWidget(board)
