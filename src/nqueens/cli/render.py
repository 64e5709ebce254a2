"""Text renderings of placements and outcomes (a record builds its own JSON document:
`Outcome.as_json`). No solver imports."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from ..result import Outcome, Solution
from ..spec import Placement, Spec

if TYPE_CHECKING:
    from ..planning import Plan

#: Boards larger than this are shown as their column list only.
MAX_BOARD_TEXT = 40
#: Placements longer than this are not listed in text output (JSON always has them).
MAX_COLUMNS_TEXT = 1000


def queen_cells(spec: Spec, solution: Solution) -> set[tuple[int, int]]:
    """The queens of a solution in either view: a placement's columns, a posed problem's
    cells."""
    if spec.rows_exact:
        return set(enumerate(solution))
    return {(int(r), int(c)) for r, c in solution}


def board_text(spec: Spec, solution: Solution) -> str:
    """The board as rows of `Q` (queen), `.` (empty) and `x` (forbidden), space separated;
    on a region puzzle an empty cell shows its region's letter."""
    forbidden = set(spec.forbidden)
    queens = queen_cells(spec, solution)
    letters = region_letters(spec)

    def mark(r: int, c: int) -> str:
        if (r, c) in queens:
            return "Q"
        if (r, c) in forbidden:
            return "x"
        return letters[r][c] if letters else "."

    return "\n".join(" ".join(mark(r, c) for c in range(spec.n)) for r in range(spec.n))


def region_letters(spec: Spec) -> list[str]:
    """Each row of the region grid as lowercase letters (a, b, ...; never q or x, which
    mean a queen and a forbidden cell; past the 24 letters, the labels' digits), or []
    without regions."""
    if not spec.regions:
        return []
    from .placement_input import REGION_LETTERS as alphabet

    labels = sorted({label for row in spec.regions for label in row})
    name = {label: alphabet[i] if i < len(alphabet) else str(label)
            for i, label in enumerate(labels)}
    return ["".join(name[label] for label in row) for row in spec.regions]


def columns_text(placement: Placement, one_based: bool = False) -> str:
    shift = 1 if one_based else 0
    return "[" + ", ".join(str(c + shift) for c in placement) + "]"


def cells_text(cells: Solution, one_based: bool = False) -> str:
    shift = 1 if one_based else 0
    return " ".join(f"({r + shift}, {c + shift})" for r, c in cells)


def solution_text(
    spec: Spec, index: int, placement: Solution, one_based: bool = False
) -> str:
    """One solution: a header with its column list, then the board when it is small enough."""
    base = "1-based" if one_based else "0-based"
    if not spec.rows_exact:  # a posed problem's placement: its cells
        count = len(placement)
        return (f"solution {index}: {count} {'queen' if count == 1 else 'queens'} ({base}) "
                f"{cells_text(placement, one_based)}\n{board_text(spec, placement)}")
    if spec.n > MAX_COLUMNS_TEXT:
        return (f"solution {index}: {spec.n} columns, too many to list as text "
                "(use --format json > FILE for the placement)")
    head = f"solution {index}: columns ({base}) {columns_text(placement, one_based)}"
    if spec.n > MAX_BOARD_TEXT:
        return head
    return head + "\n" + board_text(spec, placement)


def backend_text(outcome: Outcome) -> str:
    """How text output names the backend that ran: "auto: backtrack, bitboard kernel" when
    `auto` chose it, else "backend cpsat"."""
    if outcome.rule is not None:
        return f"auto: {outcome.rule.describe()}"
    return f"backend {outcome.backend}"


def announce(chosen: Plan) -> None:
    """The plan's warning and notes on stderr (never stdout), before the work starts."""
    if chosen.warning is not None:
        print(f"nqueens: warning: {chosen.warning}", file=sys.stderr, flush=True)
    for note in chosen.notes:
        print(f"nqueens: note: {note}", file=sys.stderr, flush=True)


def optimum_text(outcome: Outcome) -> str:
    """For a posed problem with an objective: the optimum, and whether it is proved."""
    if outcome.optimum is None:
        return ""
    if outcome.complete or (outcome.bound == outcome.optimum):
        return f"optimum {outcome.optimum} queens (proved); optimal placements: "
    bound = "" if outcome.bound is None else f", bound {outcome.bound}"
    return f"best {outcome.optimum} queens, not proved optimal{bound}; "
