"""A board to play on: `play(board)`, the notebook widget, and what it shares with the
self-contained play page (`playpage.py`): which boards can be played, and the board's
script and style (`assets/`), with the colours and the crown of `pictures/style.py`.

The widget needs anywidget (`pip install 'nqueens[notebook]'`); nothing here imports it
until `play` is called, so `import nqueens` stays light and a missing extra is one line.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import TYPE_CHECKING

from ..errors import InputError
from ..spec import Spec
from . import style

if TYPE_CHECKING:
    from .widget import PlayWidget

#: Largest board to play on (cells of 16 px: 640 px across); the propagation is instant.
PLAY_MAX_N = 40

#: What to install for the widget, from PyPI and from a clone of the repository.
INSTALL = "pip install 'nqueens[notebook]' (from a clone: pip install '.[notebook]')"


def play_spec(board: int | Spec | str) -> Spec:
    """The board to play on: a size, a queens Spec, or a model's name or file; its fixed
    queens and forbidden cells are the givens of the game.

    Raises:
        InputError, SpecError: another variant, a board too large to click on, a bad model.
    """
    from ..planning import spec_of
    from ..propagation import position_spec

    spec = position_spec(spec_of(board))  # a queens board: what the propagation knows
    if spec.n > PLAY_MAX_N:
        raise InputError(f"a {spec.n}x{spec.n} board is too large to play on (at most "
                         f"{PLAY_MAX_N}x{PLAY_MAX_N}); use nqueens.propagation.propagate for "
                         "what a position implies")
    return spec


def asset(name: str) -> str:
    """A file of `pictures/assets/` (the board's script and style), as text."""
    return resources.files(__package__).joinpath("assets", name).read_text(encoding="utf-8")


def board_script() -> str:
    """The board's drawing code (`play-board.js`) after the look it draws with: the crown
    and the colours of `pictures/style.py`, as the constant `NQ`."""
    look = {
        "crown": style.CROWN, "tips": style.CROWN_TIPS, "tip": style.TIP_RADIUS,
        "queen": style.QUEEN_FILL, "edge": style.QUEEN_EDGE, "light": style.LIGHT,
        "forbidden": style.FORBIDDEN, "attacked": style.ATTACKED,
        "attackedOpacity": style.ATTACKED_OPACITY, "excludedOpacity": style.EXCLUDED_OPACITY,
        "forced": style.FORCED, "forcedOpacity": style.FORCED_OPACITY, "dead": style.DEAD,
        "fixedFill": style.FIXED_FILL, "fixedEdge": style.FIXED_EDGE,
    }
    return f"const NQ = {json.dumps(look)};\n" + asset("play-board.js")


def board_style() -> str:
    """The board's style (`play.css`) after the colours it uses, as CSS variables."""
    colours = {
        "light": style.LIGHT, "dark": style.DARK, "attacked": style.ATTACKED,
        "attacked-opacity": style.ATTACKED_OPACITY, "excluded-opacity": style.EXCLUDED_OPACITY,
        "forced": style.FORCED, "forced-opacity": style.FORCED_OPACITY, "dead": style.DEAD,
        "fixed-fill": style.FIXED_FILL, "fixed-edge": style.FIXED_EDGE,
    }
    variables = " ".join(f"--nq-{name}: {value};" for name, value in colours.items())
    return f".nq-play {{ {variables} }}\n" + asset("play.css")


def play(board: int | Spec | str) -> PlayWidget:
    """A board to play on in a notebook: click a cell to place or remove a queen, shift-click
    to mark it forbidden; the board shows the attacked cells, the forced queens and the dead
    rows and columns (`nqueens.propagation`), and its buttons hand the position to a solver.

    `board` is a size, a queens Spec or a model's name or file; its fixed queens and
    forbidden cells are givens that stay. From Python: `w.queens`, `w.forbidden` (read and
    set), `w.attacked`, `w.forced`, `w.spec`, `w.complete(backend=...)`; see `PlayWidget`.

    Raises:
        InputError: anywidget is not installed (the message says what to install), or the
            board cannot be played (another variant, too large).
    """
    try:
        import anywidget  # noqa: F401 - only to know whether the widget can be made
    except ImportError:
        raise InputError(f"nqueens.play needs anywidget, which is not installed; {INSTALL}") from None
    from .widget import PlayWidget

    return PlayWidget(board)
