"""Text renderings of placements and outcomes (a record builds its own JSON document:
`Outcome.as_json`). No solver imports."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from ..result import Outcome
from ..spec import Placement, Spec

if TYPE_CHECKING:
    from ..planning import Plan

#: Boards larger than this are shown as their column list only.
MAX_BOARD_TEXT = 40
#: Placements longer than this are not listed in text output (JSON always has them).
MAX_COLUMNS_TEXT = 1000


def board_text(spec: Spec, placement: Placement) -> str:
    """The board as rows of `Q` (queen), `.` (empty) and `x` (forbidden), space separated."""
    forbidden = set(spec.forbidden)
    lines = []
    for r, col in enumerate(placement):
        lines.append(
            " ".join(
                "Q" if c == col else ("x" if (r, c) in forbidden else ".") for c in range(spec.n)
            )
        )
    return "\n".join(lines)


def columns_text(placement: Placement, one_based: bool = False) -> str:
    shift = 1 if one_based else 0
    return "[" + ", ".join(str(c + shift) for c in placement) + "]"


def solution_text(
    spec: Spec, index: int, placement: Placement, one_based: bool = False
) -> str:
    """One solution: a header with its column list, then the board when it is small enough."""
    base = "1-based" if one_based else "0-based"
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
