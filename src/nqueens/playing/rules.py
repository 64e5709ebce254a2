"""What a position implies, by the rules of the backtracker's propagate order
(`backends/propagate.py`), on a queens board or on a posed problem's lines: the one place
those rules are written for a position that a person (the play widget, the play page's
test) or a program asks about.

The rules, for every line of the board (`playing.lines`: a queens board's rows, columns and
diagonals; a posed problem's rows, regions, touching pairs, coverage lines, ... with their
bounds), with q queens on it and f free cells:

- a line holding its most queens (q >= hi) takes its other cells off the board (on a queens
  board: a queen takes its row, column and two diagonals); those cells are *attacked* when
  the position's own queens fill the line; a forbidden cell is off the board from the start;
- a line that can no longer reach its least (q + f < lo) is *dead*: no completion of the
  position exists (the search calls it a wipe-out and fails the branch at once);
- a line that needs every free cell it has (q + f == lo, f > 0) *forces* a queen on each.

Forcing iterates to a fixpoint, as the search does: a line with one free cell it needs gets
its queen before any real choice, and that queen's full lines are taken off in turn (the
cells it takes are *excluded*), which may force another queen or kill a line. Lines are
scanned in the spec's order (rows, then columns, ...), and the first free cell of the first
line that needs all of its free cells is forced first (the search's tie rule); forcing
stops at the first dead line, and every line dead at that point is reported. Forced queens
are consequences, not moves: the position itself holds only the queens placed.

A posed problem's bound on the number of queens is one more line (every cell, "the board"),
held like the others; its objective (fewest or most queens) is not a rule of a position:
a completion is any placement obeying the lines, and the solvers behind the widget's
buttons judge the objective.

A dead line is a proof that the position has no completion; its absence proves nothing (the
search may still fail deeper). Rows and columns are 0-based, as in `Spec`. No solver imports.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from ..errors import InputError, SpecError
from ..spec import Cell, Spec, as_spec
from ..wording import plural
from .lines import Lines, lines_of

__all__ = ["MAX_N", "Blame", "Forced", "Propagation", "propagate"]

#: Largest board propagated (a million cells): the play widget and page stay far below.
MAX_N = 1000


@dataclass(frozen=True, slots=True)
class Forced:
    """A queen the position forces: `cell`, a free cell of a line that needs all of its
    `free` free cells; `line` is the line's kind ("row", "column", "region", ...), `index`
    its row or column (another line's number in `Propagation.lines`), `name` what a person
    calls it ("row 2", "region C")."""

    cell: Cell
    line: str
    index: int
    name: str = ""
    free: int = 1

    def describe(self) -> str:
        where = self.name or f"{self.line} {self.index}"
        if self.free == 1:
            return f"({self.cell[0]}, {self.cell[1]}), the only free cell of {where}"
        return f"({self.cell[0]}, {self.cell[1]}), one of the {self.free} free cells {where} needs"


@dataclass(frozen=True, slots=True)
class Blame:
    """Why a cell is off the board, the first reason found: the line (a number in
    `Propagation.lines`) whose queens filled it, and those queens as (kind, cell), kind
    "queen" or "forced queen"; `line` None: the cell is forbidden."""

    line: int | None
    queens: tuple[tuple[str, Cell], ...] = ()


def _queens_words(queens: tuple[tuple[str, Cell], ...]) -> str:
    """"the queen at (0, 0)", "the queens at (3, 1) and (3, 5)", "the queen at (3, 1) and
    the forced queen at (3, 5)"."""
    cells = [f"({r}, {c})" for _, (r, c) in queens]
    kinds = {kind for kind, _ in queens}
    if len(kinds) == 1:
        listed = cells[0] if len(cells) == 1 else ", ".join(cells[:-1]) + " and " + cells[-1]
        return f"the {plural(len(cells), kinds.pop())} at {listed}"
    each = [f"the {kind} at {cell}" for (kind, _), cell in zip(queens, cells, strict=True)]
    return ", ".join(each[:-1]) + " and " + each[-1]


def bound_words(board: Spec) -> str:
    """A posed problem's bound on the number of queens as the status line says it ("at most
    5"), "" without one."""
    if board.queens is None:
        return ""
    lo, hi = board.queens
    return (f"at least {lo}" if hi is None else f"exactly {lo}" if lo == hi else
            f"at most {hi}" if lo == 0 else f"{lo} to {hi}")


def solved_words(board: Spec) -> str:
    """What "a solution" adds on a problem with an objective, which no position judges."""
    if board.objective is None:
        return ""
    return f" (of the lines: whether with the {board.objective} queens, a search decides)"


def covers(lines: Lines) -> bool:
    """Whether the board has cells to cover (a coverage rule: domination)."""
    return any(lines.target(line) is not None for line in range(lines.count))


@dataclass(frozen=True)
class Propagation:
    """A position and what it implies (`propagate`).

    Attributes:
        board: what is played: the problem with its own givens, before the position.
        position: the position as a Spec (its queens fixed), or None when a posed problem's
            Spec cannot state it (forbidden cells leaving a line fewer cells than it needs:
            a dead line here); `spec` says so.
        queens, forbidden: the position's queens (every one, the givens too) and forbidden
            cells, sorted.
        lines: the lines it is judged by (`playing.lines`), numbered in the spec's order.
        attacked: the cells the position's queens take off (on the full lines of its queens;
            the queens' own cells excluded).
        forced: the queens forced, in the order found.
        excluded: the cells the forced queens take off the board that no queen attacks.
        dead_lines: the lines (numbers in `lines`) that can no longer reach their least.
        blame: for each cell off the board but not holding a queen, the first reason found.
    """

    board: Spec
    position: Spec | None
    queens: tuple[Cell, ...]
    forbidden: tuple[Cell, ...]
    lines: Lines
    attacked: tuple[Cell, ...]
    forced: tuple[Forced, ...]
    excluded: tuple[Cell, ...]
    dead_lines: tuple[int, ...]
    blame: dict[Cell, Blame]

    @property
    def n(self) -> int:
        return self.board.n

    @property
    def spec(self) -> Spec:
        """The position as a Spec: its queens fixed, its forbidden cells.

        Raises:
            InputError: a posed problem whose Spec refuses the position (its forbidden
                cells leave a line fewer cells than it needs: no completion exists).
        """
        if self.position is None:
            names = ", ".join(self.lines.name(line) for line in self.dead_lines)
            whose = "its" if len(self.dead_lines) == 1 else "their"
            raise InputError(f"the forbidden cells leave {names} too few cells for {whose} "
                             "queens: the position has no completion, and no Spec states it "
                             "(allow a cell again)")
        return self.position

    @property
    def forced_cells(self) -> tuple[Cell, ...]:
        return tuple(force.cell for force in self.forced)

    @property
    def dead(self) -> bool:
        """True when a line is dead: the position has no completion (a proof)."""
        return bool(self.dead_lines)

    def _dead_of(self, kind: str) -> tuple[int, ...]:
        return tuple(self.lines.index(line) for line in self.dead_lines
                     if self.lines.kind(line) == kind)

    @property
    def dead_rows(self) -> tuple[int, ...]:
        """The dead rows (a row that can no longer hold the queens it needs)."""
        return self._dead_of("row")

    @property
    def dead_columns(self) -> tuple[int, ...]:
        return self._dead_of("column")

    @property
    def dead_cells(self) -> tuple[Cell, ...]:
        """The cells of the dead lines other than rows and columns (a region, a coverage
        line, ...), which the board outlines cell by cell."""
        cells = {cell for line in self.dead_lines if self.lines.kind(line) not in ("row", "column")
                 for cell in self.lines.cells(line)}
        return tuple(sorted(cells))

    @property
    def uncovered(self) -> tuple[Cell, ...]:
        """The cells a coverage line still asks more queens for (not yet covered enough)."""
        held = set(self.queens)
        out = {target for line in range(self.lines.count)
               if (target := self.lines.target(line)) is not None
               and sum(cell in held for cell in self.lines.cells(line)) < self.lines.lo[line]}
        return tuple(sorted(out))

    @property
    def complete(self) -> bool:
        """Every line holds at least its least: the queens placed are a solution of the
        lines (an objective aside)."""
        return self._holds(set(self.queens))

    def _holds(self, cells: set[Cell]) -> bool:
        if not self.board.is_open:
            return len(cells) == self.n
        lines = self.lines
        return all(sum(cell in cells for cell in lines.cells(line)) >= lines.lo[line]
                   for line in range(lines.count) if lines.lo[line])

    def why(self, cell: Cell) -> str:
        """Why `cell` is not free, in words ("" when it is free)."""
        if cell in self.queens:
            return f"({cell[0]}, {cell[1]}) holds a queen"
        if cell in self.forced_cells:
            return f"({cell[0]}, {cell[1]}) holds a forced queen"
        blame = self.blame.get(cell)
        if blame is None:
            return ""
        if blame.line is None:
            return f"({cell[0]}, {cell[1]}) is forbidden"
        return (f"({cell[0]}, {cell[1]}) is {self.lines.phrase(blame.line)} "
                f"{_queens_words(blame.queens)}")

    def _shortfall(self, line: int) -> tuple[int, int]:
        """(queens still needed, free cells) of a line."""
        lines, taken = self.lines, set(self.queens) | set(self.forced_cells)
        cells = lines.cells(line)
        held = sum(cell in taken for cell in cells)
        free = sum(cell not in taken and cell not in self.blame for cell in cells)
        return lines.lo[line] - held, free

    def explain(self) -> str:
        """Why the position has no completion: the dead lines, then each one's cells and
        why each is not free, a line each; or what propagation knows when no line is dead."""
        if not self.dead:
            forced = (f"; it forces {len(self.forced)} {plural(len(self.forced), 'queen')}"
                      if self.forced else "")
            which = "line" if self.board.is_open else "row or column"
            return (f"no {which} is dead{forced}: propagation alone does not show that "
                    "a completion is missing; a search decides it")
        names = [self.lines.name(line) for line in self.dead_lines]
        short = [self._shortfall(line) for line in self.dead_lines]
        if all(free == 0 for _, free in short):
            text = [f"no completion: no free cell is left in {', '.join(names)}"]
        else:
            said = [name if free == 0 else
                    f"{name} (needs {need} more {plural(need, 'queen')}, {free} free)"
                    for name, (need, free) in zip(names, short, strict=True)]
            text = [f"no completion: too few free cells are left in {', '.join(said)}"]
        for line, name in zip(self.dead_lines, names, strict=True):
            text.append(f"{name}:")
            text.extend(f"  {self.why(cell) or f'({cell[0]}, {cell[1]}) is free'}"
                        for cell in self.lines.cells(line))
        return "\n".join(text)

    def describe(self) -> str:
        """The position and its consequences in one line."""
        queens, forbidden = len(self.queens), len(self.forbidden)
        parts = [f"{self.n}x{self.n}: {queens} queen{'s' if queens != 1 else ''}"]
        bound = bound_words(self.board)
        if bound:
            parts[0] += f" ({bound} on the board)"
        if forbidden:
            parts.append(f"{forbidden} forbidden")
        parts.append(f"{len(self.attacked)} attacked")
        if covers(self.lines):
            left = len(self.uncovered)
            parts.append(f"{left} {plural(left, 'cell')} to cover")
        if self.forced:
            parts.append("forced: " + ", ".join(f"({r}, {c})" for r, c in self.forced_cells))
        solved = solved_words(self.board)
        if self.dead:
            parts.append(f"dead: {', '.join(self.lines.name(line) for line in self.dead_lines)} "
                         "(no completion)")
        elif self.complete:
            parts.append("a solution" + solved)
        elif self._holds(set(self.queens) | set(self.forced_cells)):
            parts.append("the forced queens complete a solution" + solved)
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
            "dead_cells": [list(cell) for cell in self.dead_cells],
            "uncovered": [list(cell) for cell in self.uncovered],
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
                      self.dead_columns, self.dead_cells, self.uncovered)
        return board_svg(self.n, [q for q in self.queens if q not in given],
                         fixed=sorted(given), forbidden=self.forbidden, marks=marks,
                         caption=caption or self.describe(), regions=self.board.regions)

    def _repr_svg_(self) -> str | None:
        """The board and what the position implies, for notebooks."""
        return self.svg()


def position_spec(position: int | Spec, queens: Iterable[Any] = (),
                  forbidden: Iterable[Any] = ()) -> Spec:
    """The position as a Spec: `position`'s fixed queens and forbidden cells plus `queens`
    and `forbidden`, checked (off-board, repeated and attacking cells are refused; on a
    posed problem, queens beyond a line's most).

    Raises:
        SpecError: a bad cell, two queens on one line, or a posed problem's Spec refusing
            the position (`_position` takes that case apart).
        InputError: another variant than queens, or a board beyond MAX_N.
    """
    base = _board(position)
    added_queens, added_forbidden = (_pairs(name, cells) for name, cells in
                                     (("queens", queens), ("forbidden", forbidden)))
    return replace(base, fixed=base.fixed + added_queens,
                   forbidden=base.forbidden + added_forbidden)


def _board(position: int | Spec) -> Spec:
    base = as_spec(position)
    if not base.is_open and base.variant != "queens":
        raise InputError(f"propagation knows the queens' lines and posed problems' rules; "
                         f"{base.describe()} has other rules (use a queens board)")
    if base.n > MAX_N:
        raise InputError(f"a {base.n}x{base.n} board is too large to propagate here (at most "
                         f"{MAX_N}x{MAX_N})")
    return base


def _pairs(name: str, cells: Iterable[Any]) -> tuple[Any, ...]:
    """`cells` as a tuple of pairs ([row, col] lists from JSON become tuples); the Spec
    checks the values."""
    if isinstance(cells, (str, bytes)) or not isinstance(cells, Iterable):
        raise InputError(f"{name} must be a list of [row, col] pairs, got {cells!r}")
    return tuple(tuple(cell) if isinstance(cell, list) else cell for cell in cells)


def _position(base: Spec, queens: tuple[Any, ...], forbidden: tuple[Any, ...]
              ) -> tuple[Spec | None, tuple[Cell, ...], tuple[Cell, ...]]:
    """The position as a Spec, with its queens and forbidden cells as checked cells. A
    posed problem's Spec refuses forbidden cells that leave a line fewer cells than its
    least: to a position that line is dead, not an error, so the cells are checked against
    the same rules without their least (everything else a Spec refuses still is) and the
    position has no Spec (None)."""
    try:
        spec = position_spec(base, queens, forbidden)
        return spec, spec.fixed, spec.forbidden
    except SpecError:
        if not base.is_open:
            raise
        relaxed = replace(base, rules=tuple(replace(rule, lo=0) for rule in base.rules),
                          queens=None if base.queens is None else (0, base.queens[1]))
        checked = position_spec(relaxed, queens, forbidden)  # raises what is wrong otherwise
        return None, checked.fixed, checked.forbidden


def propagate(position: int | Spec, queens: Iterable[Any] = (),
              forbidden: Iterable[Any] = ()) -> Propagation:
    """What the position implies: a board size, a queens Spec or a posed problem (its fixed
    queens and forbidden cells are part of the position), with `queens` and `forbidden`
    cells added.

    >>> p = propagate(4, queens=[(0, 1)])
    >>> p.forced_cells  # the rest of 4-queens' solution (1, 3, 0, 2) follows
    ((1, 3), (2, 0), (3, 2))
    >>> propagate(4, queens=[(0, 0), (1, 2)]).dead_rows
    (2,)

    Raises:
        SpecError, InputError: as `position_spec`.
    """
    base = _board(position)
    spec, placed, off = _position(base, _pairs("queens", queens), _pairs("forbidden", forbidden))
    return _Board(base, spec, placed, off).propagate()


class _Board:
    """Free cells, and queens and free cells per line, as the propagate order keeps them."""

    def __init__(self, base: Spec, spec: Spec | None, queens: tuple[Cell, ...],
                 forbidden: tuple[Cell, ...]) -> None:
        n = self.n = base.n
        self.base, self.spec, self.queens, self.forbidden = base, spec, queens, forbidden
        self.lines = lines = lines_of(base)
        self.free = bytearray(b"\x01") * (n * n)
        self.count = list(lines.size)  # free cells per line
        self.held: list[list[tuple[str, Cell]]] = [[] for _ in range(lines.count)]
        self.blame: dict[Cell, Blame] = {}
        for cell in forbidden:
            self.take(cell)
            self.blame[cell] = Blame(None)

    def take(self, cell: Cell) -> None:
        r, c = cell
        if self.free[r * self.n + c]:
            self.free[r * self.n + c] = 0
            for line in self.lines.through(cell):
                self.count[line] -= 1

    def place(self, cell: Cell, kind: str) -> list[Cell]:
        """Put a queen (`kind`: "queen" or "forced queen") on `cell` and take the other
        cells of every line it fills off the board, blaming that line's queens for the cells
        nothing was blamed for before; returns those cells."""
        self.take(cell)
        through = self.lines.through(cell)
        for line in through:
            self.held[line].append((kind, cell))
        off: list[Cell] = []
        for line in through:
            if len(self.held[line]) < self.lines.hi[line]:
                continue
            queens = tuple(self.held[line])
            standing = {queen for _, queen in queens}
            for other in self.lines.cells(line):
                if other not in standing:
                    self.take(other)
                    self.blame.setdefault(other, Blame(line, queens))
                    off.append(other)
        return off

    def need(self, line: int) -> int:
        return self.lines.lo[line] - len(self.held[line])

    def free_cell(self, line: int) -> Cell:
        n = self.n
        return next(cell for cell in self.lines.cells(line) if self.free[cell[0] * n + cell[1]])

    def propagate(self) -> Propagation:
        lines = self.lines
        attacked: set[Cell] = set()
        for queen in self.queens:
            attacked.update(self.place(queen, "queen"))
        attacked -= set(self.queens)
        forced: list[Forced] = []
        excluded: set[Cell] = set()
        dead: list[int] = []
        while True:
            wanting = [line for line in range(lines.count) if self.need(line) > 0]
            dead = [line for line in wanting if self.count[line] < self.need(line)]
            single = next((line for line in wanting if self.count[line] == self.need(line)),
                          None)
            if dead or single is None:
                break
            cell = self.free_cell(single)
            forced.append(Forced(cell, lines.kind(single), lines.index(single),
                                 lines.name(single), self.count[single]))
            taken = self.place(cell, "forced queen")
            excluded.update(other for other in taken if other not in attacked)
        excluded -= {force.cell for force in forced}
        return Propagation(
            board=self.base, position=self.spec, queens=self.queens, forbidden=self.forbidden,
            lines=lines, attacked=tuple(sorted(attacked)), forced=tuple(forced),
            excluded=tuple(sorted(excluded)), dead_lines=tuple(dead), blame=self.blame,
        )
