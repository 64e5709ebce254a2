"""The board the widget and the play page share: which boards can be played (`play_spec`),
and the board's script and style (`assets/`) with the colours and the crown of
`drawing/style.py`. Imports neither anywidget nor a solver.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from ..drawing import style
from ..errors import InputError
from ..spec import Spec

#: Largest board to play on (cells of 16 px: 640 px across); the propagation is instant.
PLAY_MAX_N = 40


def play_spec(board: int | Spec | str) -> Spec:
    """The board to play on: a size, a queens Spec, a posed problem, or a model's name or
    file; its fixed queens and forbidden cells are the givens of the game.

    Raises:
        InputError, SpecError: a variant other than queens, a board too large to click on, a
            bad model.
    """
    from ..planning import spec_of
    from .rules import position_spec

    spec = position_spec(spec_of(board))  # a queens board or a posed problem
    if spec.n > PLAY_MAX_N:
        raise InputError(f"a {spec.n}x{spec.n} board is too large to play on (at most "
                         f"{PLAY_MAX_N}x{PLAY_MAX_N}); give a smaller board (nqueens.propagate "
                         "tells what a position implies on larger ones)")
    return spec


def board_words(spec: Spec) -> dict[str, Any]:
    """What the board's drawing and the page's rules need beside a position: the lines with
    their words (`lines.page_lines`), the bound on the queens and what "a solution" adds
    (as the status line words them), whether cells are to be covered, and a posed problem's
    regions, a colour and a letter per cell (row * n + col), or null."""
    from .lines import lines_of, page_lines
    from .rules import bound_words, covers, solved_words

    lines = lines_of(spec)
    regions = None
    if spec.regions:
        from ..modeling.modelfile import region_letters

        colour, letter = style.region_colours(spec.regions), region_letters(spec.regions)
        cells = [label for row in spec.regions for label in row]
        regions = {"colour": [colour[label] for label in cells],
                   "name": [letter.get(label, str(label)) for label in cells]}
    posed = ({"regions": bool(spec.regions), "coverage": covers(lines)} if spec.is_open
             else None)
    return {"lines": page_lines(lines), "bound": bound_words(spec), "to_cover": covers(lines),
            "solved": solved_words(spec), "posed": posed, "regions": regions}


def asset(name: str) -> str:
    """A file of `playing/assets/` (the board's script and style), as text."""
    return resources.files(__package__).joinpath("assets", name).read_text(encoding="utf-8")


def board_script() -> str:
    """The board's drawing code (`play-board.js`) after the look it draws with: the crown
    and the colours of `drawing/style.py`, as the constant `NQ`."""
    look = {
        "crown": style.CROWN, "tips": style.CROWN_TIPS, "tip": style.TIP_RADIUS,
        "queen": style.QUEEN_FILL, "edge": style.QUEEN_EDGE, "light": style.LIGHT,
        "forbidden": style.FORBIDDEN, "attacked": style.ATTACKED,
        "attackedOpacity": style.ATTACKED_OPACITY, "excludedOpacity": style.EXCLUDED_OPACITY,
        "forced": style.FORCED, "forcedOpacity": style.FORCED_OPACITY, "dead": style.DEAD,
        "fixedFill": style.FIXED_FILL, "fixedEdge": style.FIXED_EDGE,
        "regionEdge": style.REGION_EDGE, "regionKey": style.REGION_COLOURS[0],
        "uncovered": style.UNCOVERED,
    }
    return f"const NQ = {json.dumps(look)};\n" + asset("play-board.js")


def board_style() -> str:
    """The board's style (`play.css`) after the colours it uses, as CSS variables."""
    colours = {
        "light": style.LIGHT, "dark": style.DARK, "attacked": style.ATTACKED,
        "attacked-opacity": style.ATTACKED_OPACITY, "excluded-opacity": style.EXCLUDED_OPACITY,
        "forced": style.FORCED, "forced-opacity": style.FORCED_OPACITY, "dead": style.DEAD,
        "fixed-fill": style.FIXED_FILL, "fixed-edge": style.FIXED_EDGE,
        "uncovered": style.UNCOVERED,
    }
    variables = " ".join(f"--nq-{name}: {value};" for name, value in colours.items())
    return f".nq-play {{ {variables} }}\n" + asset("play.css")
