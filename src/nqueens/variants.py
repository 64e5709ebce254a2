"""Variants as data: each variant is a list of line families, each family a function that
lists the lines of an n x n board. Backends only ever see the resulting `Line`s.

Kinds of line: "row" and "column" hold exactly one queen; "diagonal" (row - col constant,
running down-right; the textbook's left diagonal), "anti-diagonal" (row + col constant;
the textbook's right diagonal) and "knight" (two cells a knight's move apart) hold at most
one. On the torus the diagonals wrap around the board edges.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Line:
    """A group of cells holding at least `lo` and at most `hi` queens. The n-queens lines
    are exactly one (rows, columns: `exact`) or at most one (the others); a posed problem's
    lines (`families.py`) take any bounds."""

    kind: str
    cells: tuple[Cell, ...]
    lo: int
    hi: int

    @property
    def exact(self) -> bool:
        """Exactly one queen (an n-queens row or column); otherwise, on a variant's line, at
        most one."""
        return self.lo == 1 and self.hi == 1


Family = Callable[[int], list[Line]]


def rows(n: int) -> list[Line]:
    return [Line("row", tuple((r, c) for c in range(n)), 1, 1) for r in range(n)]


def columns(n: int) -> list[Line]:
    return [Line("column", tuple((r, c) for r in range(n)), 1, 1) for c in range(n)]


def diagonals(n: int) -> list[Line]:
    """Lines with row - col = d; single cells constrain nothing and are left out."""
    out = []
    for d in range(-(n - 2), n - 1):
        cells = tuple((r, r - d) for r in range(n) if 0 <= r - d < n)
        out.append(Line("diagonal", cells, 0, 1))
    return out


def anti_diagonals(n: int) -> list[Line]:
    """Lines with row + col = s; single cells left out."""
    out = []
    for s in range(1, 2 * n - 2):
        cells = tuple((r, s - r) for r in range(n) if 0 <= s - r < n)
        out.append(Line("anti-diagonal", cells, 0, 1))
    return out


def wrapped_diagonals(n: int) -> list[Line]:
    """Toroidal diagonals: (row - col) mod n constant, n cells each."""
    if n < 2:
        return []
    return [
        Line("diagonal", tuple((r, (r - d) % n) for r in range(n)), 0, 1) for d in range(n)
    ]


def wrapped_anti_diagonals(n: int) -> list[Line]:
    """Toroidal anti-diagonals: (row + col) mod n constant, n cells each."""
    if n < 2:
        return []
    return [
        Line("anti-diagonal", tuple((r, (s - r) % n) for r in range(n)), 0, 1) for s in range(n)
    ]


KNIGHT_STEPS = ((1, 2), (1, -2), (2, 1), (2, -1))


def knight_pairs(n: int) -> list[Line]:
    """Every pair of cells a knight's move apart, each pair listed once (downwards)."""
    out = []
    for r in range(n):
        for c in range(n):
            for dr, dc in KNIGHT_STEPS:
                r2, c2 = r + dr, c + dc
                if 0 <= r2 < n and 0 <= c2 < n:
                    out.append(Line("knight", ((r, c), (r2, c2)), 0, 1))
    return out


VARIANTS: dict[str, tuple[Family, ...]] = {
    "queens": (rows, columns, diagonals, anti_diagonals),
    "rooks": (rows, columns),
    "torus": (rows, columns, wrapped_diagonals, wrapped_anti_diagonals),
    "superqueens": (rows, columns, diagonals, anti_diagonals, knight_pairs),
}

#: For each variant, which line of each family runs through a cell, as arithmetic: two cells
#: share a line of that family exactly when their keys are equal (a test holds this to the
#: families above). Lets a spec check a few fixed queens without listing ~4 n^2 cells.
LineKey = Callable[[int, Cell], object]
_STRAIGHT: tuple[tuple[str, LineKey], ...] = (
    ("row", lambda n, cell: cell[0]),
    ("column", lambda n, cell: cell[1]),
)
_DIAGONAL: tuple[tuple[str, LineKey], ...] = (
    ("diagonal", lambda n, cell: cell[0] - cell[1]),
    ("anti-diagonal", lambda n, cell: cell[0] + cell[1]),
)
_WRAPPED: tuple[tuple[str, LineKey], ...] = (
    ("diagonal", lambda n, cell: (cell[0] - cell[1]) % n),
    ("anti-diagonal", lambda n, cell: (cell[0] + cell[1]) % n),
)
LINE_KEYS: dict[str, tuple[tuple[str, LineKey], ...]] = {
    "queens": _STRAIGHT + _DIAGONAL,
    "rooks": _STRAIGHT,
    "torus": _STRAIGHT + _WRAPPED,
    "superqueens": _STRAIGHT + _DIAGONAL,
}
#: Variants whose knight-pair lines join cells a knight's move apart.
KNIGHT_VARIANTS = frozenset({"superqueens"})


def shared_line(variant: str, n: int, a: Cell, b: Cell) -> str | None:
    """The kind of a line of `variant` through both cells, or None."""
    for kind, key in LINE_KEYS[variant]:
        if key(n, a) == key(n, b):
            return kind
    if variant in KNIGHT_VARIANTS and sorted((abs(a[0] - b[0]), abs(a[1] - b[1]))) == [1, 2]:
        return "knight"
    return None


#: Variants whose solution set is closed under the 8 symmetries of the square.
SYMMETRIC_VARIANTS = frozenset(VARIANTS)


@lru_cache(maxsize=64)
def lines_for(variant: str, n: int) -> tuple[Line, ...]:
    """All lines of the variant on an n x n board, in family order."""
    return tuple(line for family in VARIANTS[variant] for line in family(n))
