"""The notebook classes of the pictures: `Board` (one placement, drawn as SVG) and `Trace`
(the step-through page inline). The core's own values (`Spec`, `Outcome`, `Violation`,
`Propagation`) display by methods of their own, drawn with `nqueens.drawing`; SVG is built by
hand there, so displaying imports no matplotlib.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from typing import Any

from ..drawing.svg import MAX_SVG_N, board_svg
from ..errors import InputError
from ..spec import Spec
from ..validator import Violation


def _short(value: Any) -> str:
    """A value as an error message shows it: its repr, cut to a readable length."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


@dataclass(frozen=True)
class Board:
    """One placement: `columns[row]` is the queen's column on each row, 0-based, optionally
    on the board of a `spec` (whose fixed and forbidden cells are then drawn too).

    >>> Board((1, 3, 0, 2))
    Board(1, 3, 0, 2)
    """

    columns: tuple[int, ...]
    spec: Spec | None = None

    def __post_init__(self) -> None:
        if self.spec is not None and not isinstance(self.spec, Spec):
            raise InputError(f"Board's spec must be a nqueens.Spec or None, got {self.spec!r}")
        given: Any = self.columns  # typed a tuple, but a notebook passes anything
        if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
            raise InputError(f"a Board is a list of 0-based columns, one per row, got "
                             f"{_short(self.columns)}")
        columns = tuple(self.columns)
        n = self.spec.n if self.spec is not None else len(columns)
        if not columns:
            raise InputError("a Board needs at least one queen (one column per row)")
        for row, col in enumerate(columns):
            if isinstance(col, bool) or not isinstance(col, int):
                raise InputError(f"row {row}: column {_short(col)} is not an integer")
            if not 0 <= col < n:
                raise InputError(f"row {row}: column {col} is off the {n}x{n} board "
                                 f"(columns are 0..{n - 1})")
        if len(columns) > n:
            raise InputError(f"{len(columns)} rows of queens do not fit a {n}x{n} board")
        object.__setattr__(self, "columns", columns)

    @property
    def n(self) -> int:
        return self.spec.n if self.spec is not None else len(self.columns)

    @property
    def queens(self) -> tuple[tuple[int, int], ...]:
        return tuple(enumerate(self.columns))

    def violations(self) -> list[Violation]:
        """The broken rules, from the shared validator (empty for a solution)."""
        from ..spec import Spec
        from ..validator import find_violations

        return find_violations(self.spec or Spec(self.n), self.columns)

    def __repr__(self) -> str:
        shown = ", ".join(map(str, self.columns[:16]))
        more = f", ... ({len(self.columns)} queens)" if len(self.columns) > 16 else ""
        return f"Board({shown}{more})"

    def __str__(self) -> str:
        """The board as text, one line per row: Q for a queen, . for an empty cell."""
        return "\n".join(" ".join("Q" if c == col else "." for c in range(self.n))
                         for col in self.columns)

    def _repr_svg_(self) -> str | None:
        if self.n > MAX_SVG_N:
            return None
        spec = self.spec
        return board_svg(self.n, self.queens, fixed=spec.fixed if spec else (),
                         forbidden=spec.forbidden if spec else ())


class Trace:
    """The textbook walk for an n x n board; in a notebook it displays as the step-through
    page (in an iframe, so its script and ids stay its own).

    >>> Trace(4)
    Trace(4, up to the first solution: 30 events)
    """

    def __init__(self, board: int | Spec, *, all_solutions: bool = False) -> None:
        from ..textbook.trace import textbook_spec
        from .page import check_page_size

        # a board size, a queens Spec (a completion: fixed queens pre-placed, forbidden
        # cells pruned) or a posed problem with one queen a row, else a QueensError naming
        # what it is instead
        self.spec = textbook_spec(board, posed=True)
        check_page_size(self.spec.n, all_solutions, self.spec)
        self.n, self.all_solutions = self.spec.n, all_solutions

    def events(self) -> list[Any]:
        from ..textbook.trace import walk

        return list(walk(self.spec, all_solutions=self.all_solutions))

    def text(self) -> str:
        """The walk in the book's words, one event a line, under its step label."""
        from ..textbook.trace import event_text, step_label, steps

        lines = []
        for index, group in enumerate(steps(self.events())):
            for position, event in enumerate(group):
                label = f"({step_label(index)})"
                lines.append(f"{label if position == 0 else ' ' * len(label)} "
                             f"{event_text(event)}")
        return "\n".join(lines)

    def html(self) -> str:
        from .page import page_html

        return page_html(self.spec, all_solutions=self.all_solutions)

    def __repr__(self) -> str:
        scope = "the whole walk" if self.all_solutions else "up to the first solution"
        board = self.n if self.spec.is_plain else self.spec.describe()
        return f"Trace({board}, {scope}: {len(self.events())} events)"

    def _repr_html_(self) -> str:
        return (f'<iframe class="nqueens-trace" srcdoc="{escape(self.html(), quote=True)}" '
                f'style="width:100%;height:900px;border:1px solid #ccc"></iframe>')
