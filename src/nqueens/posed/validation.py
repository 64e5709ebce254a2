"""The shared check of a posed problem's placements: every rule, every bound, the objective.

Like `validator.py` it works from coordinates and the spec's stated data (its rules' bounds,
the region grid, the user's own cell lists), never from `Spec.lines` or `families.py`: a
family that lost a line would otherwise be agreed with by every compiler and the check
alike. Each family's lines are told apart by a key computed here (a row by r, a diagonal by
r - c, a region by its label, a cell's coverage by the queens that see it); every line of
every family is counted, empty ones too, so an "at least" is checked where no queen stands.
It never raises on malformed input; it reports it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol

from ..violation import Violation

if TYPE_CHECKING:
    from ..variants import Cell
    from .families import Rule


class Spec(Protocol):
    """What the check reads of a posed spec (a `nqueens.Spec` is one): its stated rules and
    givens, never its compiled lines; naming only these keeps this module below `spec.py`."""

    @property
    def n(self) -> int: ...

    @property
    def rules(self) -> tuple[Rule, ...]: ...

    @property
    def regions(self) -> tuple[tuple[int, ...], ...]: ...

    @property
    def queens(self) -> tuple[int, int | None] | None: ...

    @property
    def fixed(self) -> tuple[Cell, ...]: ...

    @property
    def forbidden(self) -> tuple[Cell, ...]: ...

    @property
    def rows_exact(self) -> bool: ...

__all__ = ["as_cells", "find_posed_violations", "sees"]

_KEYS: dict[str, Callable[[int, int, int], object]] = {
    "rows": lambda r, c, n: r,
    "columns": lambda r, c, n: c,
    "diagonals": lambda r, c, n: r - c,
    "anti-diagonals": lambda r, c, n: r + c,
    "wrapped-diagonals": lambda r, c, n: (r - c) % n,
    "wrapped-anti-diagonals": lambda r, c, n: (r + c) % n,
}
_NAMES = {"rows": "row", "columns": "column", "diagonals": "diagonal",
          "anti-diagonals": "anti-diagonal", "wrapped-diagonals": "wrapped diagonal",
          "wrapped-anti-diagonals": "wrapped anti-diagonal", "regions": "region"}


def sees(piece: str, a: Cell, b: Cell) -> bool:
    """A `piece` on `a` attacks or stands on `b` (coverage: occupied or attacked)."""
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    if piece == "queen":
        return dr == 0 or dc == 0 or dr == dc
    if piece == "rook":
        return dr == 0 or dc == 0
    if piece == "bishop":
        return dr == dc
    if piece == "knight":
        return (dr, dc) in ((0, 0), (1, 2), (2, 1))
    return max(dr, dc) <= 1  # king


def _bounded(count: int, lo: int, hi: int | None) -> bool:
    return count >= lo and (hi is None or count <= hi)


def _amount(lo: int, hi: int | None) -> str:
    if lo == hi:
        return f"exactly {lo}"
    if hi is None:
        return f"at least {lo}"
    return f"at most {hi}" if lo == 0 else f"{lo} to {hi}"


def _cells_of(queens: Any, n: int) -> tuple[list[Cell], list[Violation]]:
    """The placement as on-board cells, and what is malformed about it."""
    cells: list[Cell] = []
    problems: list[Violation] = []
    try:
        items = list(queens)
    except TypeError:
        return [], [Violation("format", detail=f"a placement is a list of [row, col] cells, "
                                               f"got {queens!r}")]
    for item in items:
        try:
            r, c = item
        except (TypeError, ValueError):
            problems.append(Violation("format", detail=f"{item!r} is not a [row, col] cell"))
            continue
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (r, c)):
            problems.append(Violation("format", detail=f"cell {item!r}: row and column must "
                                                       "be integers"))
        elif not (0 <= r < n and 0 <= c < n):
            problems.append(Violation("format", detail=f"cell ({r}, {c}) is off the {n}x{n} "
                                                       "board"))
        elif (r, c) in cells:
            problems.append(Violation("format", detail=f"cell ({r}, {c}) is listed twice"))
        else:
            cells.append((r, c))
    return cells, problems


Key = Callable[[int, int, int], object]


def _keyed(spec: Spec, rule: Rule, cells: list[Cell], occupied: set[Cell]) -> list[Violation]:
    """A family of lines told apart by a key: every line, empty ones too, holds its bounds."""
    n = spec.n
    key: Key = _KEYS[rule.family] if rule.family != "regions" else \
        (lambda r, c, n: spec.regions[r][c])
    on_line = Counter(key(r, c, n) for r, c in cells)
    first: dict[object, Cell] = {}
    for r in range(n):
        for c in range(n):
            first.setdefault(key(r, c, n), (r, c))
    lo, hi = rule.bounds
    return [Violation(rule.family, tuple(cell for cell in cells if key(*cell, n) == line),
                      detail=f"the {_NAMES[rule.family]} through {cell} holds "
                             f"{on_line.get(line, 0)} queens, not {_amount(lo, hi)}")
            for line, cell in first.items() if not _bounded(on_line.get(line, 0), lo, hi)]


def _paired(spec: Spec, rule: Rule, cells: list[Cell], occupied: set[Cell]) -> list[Violation]:
    """Every pair of cells a knight's move apart, or touching, holds its bounds."""
    n = spec.n
    steps = ((1, 2), (2, 1), (1, -2), (2, -1)) if rule.family == "knight" else \
        ((0, 1), (1, 0), (1, 1), (1, -1))
    word = "a knight's move apart" if rule.family == "knight" else "touching"
    lo, hi = rule.bounds
    out = []
    for r in range(n):
        for c in range(n):
            for dr, dc in steps:
                other = (r + dr, c + dc)
                if not (0 <= other[0] < n and 0 <= other[1] < n):
                    continue
                pair = tuple(cell for cell in ((r, c), other) if cell in occupied)
                if not _bounded(len(pair), lo, hi):
                    out.append(Violation(rule.family, pair, detail=(
                        f"the cells {(r, c)} and {other}, {word}, hold {len(pair)} queens, "
                        f"not {_amount(lo, hi)}")))
    return out


def _covered(spec: Spec, rule: Rule, cells: list[Cell], occupied: set[Cell]) -> list[Violation]:
    """Every cell is seen (occupied or attacked) by as many queens as the bounds say."""
    lo, hi = rule.bounds
    out = []
    for r in range(spec.n):
        for c in range(spec.n):
            count = sum(1 for queen in cells if sees(rule.attack, queen, (r, c)))
            if not _bounded(count, lo, hi):
                out.append(Violation("coverage", ((r, c),), detail=(
                    f"cell ({r}, {c}) is seen by {count} {rule.attack}s, not "
                    f"{_amount(lo, hi)}")))
    return out


def _listed(spec: Spec, rule: Rule, cells: list[Cell], occupied: set[Cell]) -> list[Violation]:
    """Each of the user's own lines holds its bounds."""
    lo, hi = rule.bounds
    out = []
    for index, line in enumerate(rule.cells):
        members = {tuple(cell) for cell in line}
        count = len(members & occupied)
        if not _bounded(count, lo, hi):
            out.append(Violation("cells", tuple(cell for cell in cells if cell in members),
                                 detail=f"listed line {index} holds {count} queens, not "
                                        f"{_amount(lo, hi)}"))
    return out


_CHECKS: dict[str, Callable[[Spec, Rule, list[Cell], set[Cell]], list[Violation]]] = {
    **dict.fromkeys((*_KEYS, "regions"), _keyed),
    "knight": _paired, "king": _paired, "coverage": _covered, "cells": _listed,
}


def as_cells(spec: Spec, solution: Any) -> Any:
    """A solution in either view as cells: where every row holds one queen, a list of
    integers is the column of each row's queen; anything else is taken as cells (and
    reported by the check if it is not)."""
    try:
        items = list(solution)
    except TypeError:
        return solution
    if spec.rows_exact and items and all(isinstance(v, int) and not isinstance(v, bool)
                                         for v in items):
        return list(enumerate(items))
    return items


def find_posed_violations(spec: Spec, queens: Iterable[Any], *,
                          optimum: int | None = None) -> list[Violation]:
    """Every rule of the posed problem `spec` that the queens on `queens` (cells) break;
    empty: a solution. `optimum`: a claimed optimal number of queens, checked to be what the
    placement holds (its optimality is the solver's proof, not this check's)."""
    cells, violations = _cells_of(queens, spec.n)
    occupied = set(cells)
    for rule in spec.rules:
        violations.extend(_CHECKS[rule.family](spec, rule, cells, occupied))
    if spec.queens is not None and not _bounded(len(cells), *spec.queens):
        violations.append(Violation("count", detail=f"{len(cells)} queens on the board, not "
                                                    f"{_amount(*spec.queens)}"))
    if optimum is not None and len(cells) != optimum:
        violations.append(Violation("optimum", detail=(
            f"the placement holds {len(cells)} queens, not the optimum {optimum} claimed")))
    violations.extend(Violation("fixed", (cell,)) for cell in spec.fixed if cell not in occupied)
    forbidden = set(spec.forbidden)
    violations.extend(Violation("forbidden", (cell,)) for cell in cells if cell in forbidden)
    return violations
