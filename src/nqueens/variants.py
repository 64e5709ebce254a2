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
    """A group of cells: `exact` means exactly one queen, otherwise at most one."""

    kind: str
    cells: tuple[Cell, ...]
    exact: bool


Family = Callable[[int], list[Line]]


def rows(n: int) -> list[Line]:
    return [Line("row", tuple((r, c) for c in range(n)), True) for r in range(n)]


def columns(n: int) -> list[Line]:
    return [Line("column", tuple((r, c) for r in range(n)), True) for c in range(n)]


def diagonals(n: int) -> list[Line]:
    """Lines with row - col = d; single cells constrain nothing and are left out."""
    out = []
    for d in range(-(n - 2), n - 1):
        cells = tuple((r, r - d) for r in range(n) if 0 <= r - d < n)
        out.append(Line("diagonal", cells, False))
    return out


def anti_diagonals(n: int) -> list[Line]:
    """Lines with row + col = s; single cells left out."""
    out = []
    for s in range(1, 2 * n - 2):
        cells = tuple((r, s - r) for r in range(n) if 0 <= s - r < n)
        out.append(Line("anti-diagonal", cells, False))
    return out


def wrapped_diagonals(n: int) -> list[Line]:
    """Toroidal diagonals: (row - col) mod n constant, n cells each."""
    if n < 2:
        return []
    return [
        Line("diagonal", tuple((r, (r - d) % n) for r in range(n)), False) for d in range(n)
    ]


def wrapped_anti_diagonals(n: int) -> list[Line]:
    """Toroidal anti-diagonals: (row + col) mod n constant, n cells each."""
    if n < 2:
        return []
    return [
        Line("anti-diagonal", tuple((r, (s - r) % n) for r in range(n)), False) for s in range(n)
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
                    out.append(Line("knight", ((r, c), (r2, c2)), False))
    return out


VARIANTS: dict[str, tuple[Family, ...]] = {
    "queens": (rows, columns, diagonals, anti_diagonals),
    "rooks": (rows, columns),
    "torus": (rows, columns, wrapped_diagonals, wrapped_anti_diagonals),
    "superqueens": (rows, columns, diagonals, anti_diagonals, knight_pairs),
}

#: Variants whose solution set is closed under the 8 symmetries of the square.
SYMMETRIC_VARIANTS = frozenset(VARIANTS)


@lru_cache(maxsize=64)
def lines_for(variant: str, n: int) -> tuple[Line, ...]:
    """All lines of the variant on an n x n board, in family order."""
    return tuple(line for family in VARIANTS[variant] for line in family(n))
