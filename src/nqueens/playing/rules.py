"""What a position on a queens board implies, by the rules of the backtracker's propagate
order (`backends/propagate.py`): the one place those rules are written for a position that
a person (the play widget, the play page's test) or a program asks about.

The rules, as the propagate order applies them:

- a queen takes every cell of its row, column and two diagonals off the board (those cells
  are *attacked*); a forbidden cell is off the board from the start;
- a row or column without a queen that has no free cell left is *dead*: no completion of the
  position exists (the search calls it a wipe-out and fails the branch at once);
- a row or column without a queen that has exactly one free cell *forces* its queen there.

Forcing iterates to a fixpoint, as the search does: the open line with the fewest free
cells is the one it branches on, so a line with one free cell gets its queen before any real
choice, and that queen's lines are taken off in turn (the cells it takes are *excluded*),
which may force another queen or kill a line. Lines are scanned rows first, then columns, and
the first line with one free cell is forced first (the search's tie rule); forcing stops at
the first dead line, and every line dead at that point is reported. Forced queens are
consequences, not moves: the position itself holds only the queens placed.

A dead line is a proof that the position has no completion; its absence proves nothing (the
search may still fail deeper). Rows and columns are 0-based, as in `Spec`. No solver imports.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ..errors import InputError
from ..spec import Cell, Spec, as_spec
from ..wording import plural

__all__ = ["MAX_N", "Forced", "Propagation", "line_cells", "propagate"]

#: Largest board propagated (a million cells): the play widget and page stay far below.
MAX_N = 1000

#: The attack lines of a queen, in the order `line_cells` lists them.
LINE_NAMES = ("row", "column", "diagonal", "anti-diagonal")


def line_cells(n: int, row: int, col: int) -> Iterator[tuple[str, Cell]]:
    """Every other cell on the row, column, diagonal and anti-diagonal of (row, col), each
    with the name of the line it shares (the order of `_propagate.c`'s attack list)."""
    for c in range(n):
        if c != col:
            yield "row", (row, c)
    for r in range(n):
        if r != row:
            yield "column", (r, col)
    for r in range(n):
        if r != row and 0 <= col + r - row < n:
            yield "diagonal", (r, col + r - row)
    for r in range(n):
        if r != row and 0 <= col - (r - row) < n:
            yield "anti-diagonal", (r, col - (r - row))


@dataclass(frozen=True, slots=True)
class Forced:
    """A queen the position forces: `cell`, the only free cell of its `line` ("row" or
    "column") number `index`."""

    cell: Cell
    line: str
    index: int

    def describe(self) -> str:
        return f"({self.cell[0]}, {self.cell[1]}), the only free cell of {self.line} {self.index}"


@dataclass(frozen=True)
class Propagation:
    """A position and what it implies (`propagate`).

    Attributes:
        spec: the position: its queens are `spec.fixed`, its forbidden cells `spec.forbidden`.
        attacked: the cells on a line of one of the queens (the queens' own cells excluded).
        forced: the queens forced, in the order found.
        excluded: the cells the forced queens take off the board that no queen attacks.
        dead_rows, dead_columns: the lines without a queen left with no free cell.
        blame: for each cell off the board but not holding a queen, the first reason found:
            ("forbidden", None, "") or ("queen" or "forced queen", its cell, the line shared).
    """

    spec: Spec
    attacked: tuple[Cell, ...]
    forced: tuple[Forced, ...]
    excluded: tuple[Cell, ...]
    dead_rows: tuple[int, ...]
    dead_columns: tuple[int, ...]
    blame: dict[Cell, tuple[str, Cell | None, str]]

    @property
    def n(self) -> int:
        return self.spec.n

    @property
    def queens(self) -> tuple[Cell, ...]:
        return self.spec.fixed

    @property
    def forbidden(self) -> tuple[Cell, ...]:
        return self.spec.forbidden

    @property
    def forced_cells(self) -> tuple[Cell, ...]:
        return tuple(force.cell for force in self.forced)

    @property
    def dead(self) -> bool:
        """True when a line is dead: the position has no completion (a proof)."""
        return bool(self.dead_rows or self.dead_columns)

    def why(self, cell: Cell) -> str:
        """Why `cell` is not free, in words ("" when it is free)."""
        if cell in self.queens:
            return f"({cell[0]}, {cell[1]}) holds a queen"
        if cell in self.forced_cells:
            return f"({cell[0]}, {cell[1]}) holds a forced queen"
        kind, queen, line = self.blame.get(cell, ("", None, ""))
        if kind == "forbidden":
            return f"({cell[0]}, {cell[1]}) is forbidden"
        if queen is None:
            return ""
        return f"({cell[0]}, {cell[1]}) is on the {line} of the {kind} at ({queen[0]}, {queen[1]})"

    def explain(self) -> str:
        """Why the position has no completion: the dead lines, then each one's cells and
        why each is not free, a line each; or what propagation knows when no line is dead."""
        if not self.dead:
            forced = (f"; it forces {len(self.forced)} {plural(len(self.forced), 'queen')}"
                      if self.forced else "")
            return (f"no row or column is dead{forced}: propagation alone does not show that "
                    "a completion is missing; a search decides it")
        n = self.n
        lines = [(f"row {r}", [(r, c) for c in range(n)]) for r in self.dead_rows]
        lines += [(f"column {c}", [(r, c) for r in range(n)]) for c in self.dead_columns]
        text = [f"no completion: no free cell is left in {', '.join(name for name, _ in lines)}"]
        for name, cells in lines:
            text.append(f"{name}:")
            text.extend(f"  {self.why(cell)}" for cell in cells)
        return "\n".join(text)

    def describe(self) -> str:
        """The position and its consequences in one line."""
        queens, forbidden = len(self.queens), len(self.forbidden)
        parts = [f"{self.n}x{self.n}: {queens} queen{'s' if queens != 1 else ''}"]
        if forbidden:
            parts.append(f"{forbidden} forbidden")
        parts.append(f"{len(self.attacked)} attacked")
        if self.forced:
            parts.append("forced: " + ", ".join(f"({r}, {c})" for r, c in self.forced_cells))
        dead = [f"row {r}" for r in self.dead_rows] + [f"column {c}" for c in self.dead_columns]
        if dead:
            parts.append(f"dead: {', '.join(dead)} (no completion)")
        elif len(self.queens) == self.n:
            parts.append("a solution")
        elif len(self.queens) + len(self.forced) == self.n:
            parts.append("the forced queens complete a solution")
        return "; ".join(parts)

    def state(self) -> dict[str, Any]:
        """The position and its consequences as JSON-ready lists of [row, col] (what the
        play widget and page draw)."""
        return {
            "n": self.n,
            "queens": [list(cell) for cell in self.queens],
            "forbidden": [list(cell) for cell in self.forbidden],
            "attacked": [list(cell) for cell in self.attacked],
            "excluded": [list(cell) for cell in self.excluded],
            "forced": [list(cell) for cell in self.forced_cells],
            "dead_rows": list(self.dead_rows),
            "dead_columns": list(self.dead_columns),
        }

    def svg(self, *, given: Iterable[Cell] = (), caption: str = "") -> str | None:
        """The board with the queens (`given` ones on framed cells), forbidden cells,
        attacked and excluded cells, forced queens and dead lines, as SVG text (None beyond
        the largest board drawn); `caption` below it, `describe()` by default."""
        from ..drawing.svg import MAX_SVG_N, Marks, board_svg

        if self.n > MAX_SVG_N:
            return None
        given = set(given)
        marks = Marks(self.attacked, self.excluded, self.forced_cells, self.dead_rows,
                      self.dead_columns)
        return board_svg(self.n, [q for q in self.queens if q not in given],
                         fixed=sorted(given), forbidden=self.forbidden, marks=marks,
                         caption=caption or self.describe())

    def _repr_svg_(self) -> str | None:
        """The board and what the position implies, for notebooks."""
        return self.svg()


def position_spec(position: int | Spec, queens: Iterable[Any] = (),
                  forbidden: Iterable[Any] = ()) -> Spec:
    """The position as a Spec: `position`'s fixed queens and forbidden cells plus `queens`
    and `forbidden`, checked (off-board, repeated and attacking cells are refused).

    Raises:
        SpecError: a bad cell, or two queens on one line.
        InputError: another variant than queens, or a board beyond MAX_N.
    """
    base = as_spec(position)
    if base.variant != "queens":
        raise InputError(f"propagation knows the queens' lines; {base.describe()} has other "
                         "rules (use a queens board)")
    if base.n > MAX_N:
        raise InputError(f"a {base.n}x{base.n} board is too large to propagate here (at most "
                         f"{MAX_N}x{MAX_N})")
    added_queens, added_forbidden = (_pairs(name, cells) for name, cells in
                                     (("queens", queens), ("forbidden", forbidden)))
    return Spec(base.n, fixed=base.fixed + added_queens,
                forbidden=base.forbidden + added_forbidden, name=base.name)


def _pairs(name: str, cells: Iterable[Any]) -> tuple[Any, ...]:
    """`cells` as a tuple of pairs ([row, col] lists from JSON become tuples); the Spec
    checks the values."""
    if isinstance(cells, (str, bytes)) or not isinstance(cells, Iterable):
        raise InputError(f"{name} must be a list of [row, col] pairs, got {cells!r}")
    return tuple(tuple(cell) if isinstance(cell, list) else cell for cell in cells)


def propagate(position: int | Spec, queens: Iterable[Any] = (),
              forbidden: Iterable[Any] = ()) -> Propagation:
    """What the position implies: a board size or a queens Spec (its fixed queens and
    forbidden cells are part of the position), with `queens` and `forbidden` cells added.

    >>> p = propagate(4, queens=[(0, 1)])
    >>> p.forced_cells  # the rest of 4-queens' solution (1, 3, 0, 2) follows
    ((1, 3), (2, 0), (3, 2))
    >>> propagate(4, queens=[(0, 0), (1, 2)]).dead_rows
    (2,)

    Raises:
        SpecError, InputError: as `position_spec`.
    """
    spec = position_spec(position, queens, forbidden)
    return _Board(spec).propagate()


class _Board:
    """Free cells and free counts per line (rows 0..n-1, columns n..2n-1), as the propagate
    order keeps them."""

    def __init__(self, spec: Spec) -> None:
        n = self.n = spec.n
        self.spec = spec
        self.free = bytearray(b"\x01") * (n * n)
        self.count = [n] * (2 * n)
        self.done = [False] * (2 * n)
        self.blame: dict[Cell, tuple[str, Cell | None, str]] = {}
        for cell in spec.forbidden:
            self.take(cell)
            self.blame[cell] = ("forbidden", None, "")

    def take(self, cell: Cell) -> None:
        r, c = cell
        if self.free[r * self.n + c]:
            self.free[r * self.n + c] = 0
            self.count[r] -= 1
            self.count[self.n + c] -= 1

    def place(self, cell: Cell, kind: str) -> None:
        """Put a queen (`kind`: "queen" or "forced queen") on `cell`: take its lines off
        the board, blaming it for the cells nothing was blamed for before."""
        r, c = cell
        self.take(cell)
        self.done[r] = self.done[self.n + c] = True
        for line, other in line_cells(self.n, r, c):
            self.take(other)
            self.blame.setdefault(other, (kind, cell, line))

    def free_cell(self, line: int) -> Cell:
        n = self.n
        cells = [(line, k) for k in range(n)] if line < n else [(k, line - n) for k in range(n)]
        return next(cell for cell in cells if self.free[cell[0] * n + cell[1]])

    def propagate(self) -> Propagation:
        n, spec = self.n, self.spec
        attacked: set[Cell] = set()
        for queen in spec.fixed:
            attacked.update(other for _, other in line_cells(n, *queen))
            self.place(queen, "queen")
        forced: list[Forced] = []
        excluded: set[Cell] = set()
        dead: list[int] = []
        while True:
            open_lines = [line for line in range(2 * n) if not self.done[line]]
            dead = [line for line in open_lines if self.count[line] == 0]
            single = next((line for line in open_lines if self.count[line] == 1), None)
            if dead or single is None:
                break
            cell = self.free_cell(single)
            kind, index = ("row", single) if single < n else ("column", single - n)
            forced.append(Forced(cell, kind, index))
            excluded.update(other for _, other in line_cells(n, *cell) if other not in attacked)
            self.place(cell, "forced queen")
        return Propagation(
            spec=spec,
            attacked=tuple(sorted(attacked)),
            forced=tuple(forced),
            excluded=tuple(sorted(excluded)),
            dead_rows=tuple(line for line in dead if line < n),
            dead_columns=tuple(line - n for line in dead if line >= n),
            blame=self.blame,
        )
