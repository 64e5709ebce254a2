"""The open specification's rules: line families with any bounds, as data.

A `Rule` names a family of lines on the board and the bounds every line of it obeys, from
"at most one queen" (the n-queens diagonals) to "exactly two" (Star Battle's rows) or "at
least one" (coverage: every cell occupied or attacked). The n-queens problem and its
variants are presets of these rules (`PRESETS`), so a posed problem and the textbook's are
the same kind of thing to every compiler: lines of cells, each with a lower and an upper
bound. No solver imports; this module lists lines, `spec.py` checks them.

Families:
- rows, columns; diagonals (row - col constant), anti-diagonals (row + col constant);
  wrapped-diagonals, wrapped-anti-diagonals (the torus's);
- knight, king: every pair of cells a knight's move apart / touching (king-adjacent);
  bounds on a pair: `hi = 1` is "no two queens so placed";
- regions: one line per label of the spec's region grid;
- coverage: per cell, that cell and every cell attacking it under `attack` (queen, rook,
  bishop, knight, king); `lo = 1` is domination;
- cells: the user's own lists of cells.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Protocol

from ..errors import SpecError
from ..variants import Cell, Line


class Board(Protocol):
    """What a rule's lines depend on: the board's size and, for a regions rule, its grid.
    A `Spec` is one; naming only these keeps this module below `spec.py`, which uses it."""

    @property
    def n(self) -> int: ...

    @property
    def regions(self) -> tuple[tuple[int, ...], ...]: ...


__all__ = ["ATTACKS", "FAMILIES", "MAX_OPEN_N", "OBJECTIVES", "PRESETS", "REGION_PUZZLE", "Rule",
           "attacks", "rule_lines"]

#: The objectives a spec may state: the fewest or the most queens its lines allow.
OBJECTIVES = ("fewest", "most")
#: The largest board a posed problem takes: its lines are listed cell by cell (a coverage
#: rule holds about 3 n^3 cells) and its compilers have no large-board routes.
MAX_OPEN_N = 64

KNIGHT_STEPS = ((1, 2), (1, -2), (2, 1), (2, -1))
KING_STEPS = ((0, 1), (1, -1), (1, 0), (1, 1))

#: What attacks a cell, per piece: the coverage family's `attack`.
ATTACKS = ("queen", "rook", "bishop", "knight", "king")


def attacks(piece: str, a: Cell, b: Cell) -> bool:
    """True when a `piece` on `a` attacks `b` (two distinct cells; no blocking, as in the
    domination problems: a queen sees along the whole line)."""
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    if (dr, dc) == (0, 0):
        return False
    straight, diagonal = dr == 0 or dc == 0, dr == dc
    return {"queen": straight or diagonal, "rook": straight, "bishop": diagonal,
            "knight": {dr, dc} == {1, 2}, "king": max(dr, dc) == 1}[piece]


@dataclass(frozen=True)
class Rule:
    """One family of lines and the bounds on each of its lines.

    Args:
        family: one of `FAMILIES`.
        lo, hi: at least `lo` and at most `hi` queens on every line of the family (hi None:
            no upper bound). Defaults: at most one; coverage at least one.
        attack: coverage only, the piece whose attacks cover a cell (`ATTACKS`).
        cells: the `cells` family only, the user's lines, each a tuple of (row, col).
        connected: regions only, every region must be one 4-connected piece (puzzles ask it).
        label: how messages and `describe` name the rule ("rules[2] (regions)").
    """

    family: str
    lo: int | None = None
    hi: int | None = None
    attack: str = "queen"
    cells: tuple[tuple[Cell, ...], ...] = ()
    connected: bool = True

    def __post_init__(self) -> None:
        if self.family not in FAMILIES:
            raise SpecError(f"unknown line family {self.family!r}; choose one of: "
                            f"{', '.join(FAMILIES)}")
        default_lo, default_hi = (1, None) if self.family == "coverage" else (0, 1)
        lo = default_lo if self.lo is None else self.lo
        hi = default_hi if self.lo is None and self.hi is None else self.hi
        for name, value in (("lo", lo), ("hi", hi)):
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)
                                      or value < 0):
                raise SpecError(f"{self.family}: {name} must be a whole number >= 0, "
                                f"got {value!r}")
        if hi is not None and lo > hi:
            raise SpecError(f"{self.family}: at least {lo} and at most {hi} contradict each "
                            "other; make lo <= hi")
        if hi == 0 and lo == 0:
            raise SpecError(f"{self.family}: at most 0 queens on every line empties the "
                            "board; use forbidden cells, or hi >= 1")
        if self.attack not in ATTACKS:
            raise SpecError(f"{self.family}: unknown attack {self.attack!r}; choose one of: "
                            f"{', '.join(ATTACKS)}")
        if self.family != "coverage" and self.attack != "queen":
            raise SpecError(f"{self.family}: attack applies to the coverage family only; "
                            "remove it")
        if (self.family == "cells") != bool(self.cells):
            raise SpecError("the cells family takes its lines as cells = [[[r, c], ...], ...]"
                            if self.family == "cells" else
                            f"{self.family}: cells = ... applies to the cells family only")
        object.__setattr__(self, "lo", lo)
        object.__setattr__(self, "hi", hi)
        object.__setattr__(self, "cells", tuple(tuple(tuple(cell) for cell in line)
                                                for line in self.cells))

    @property
    def bounds(self) -> tuple[int, int | None]:
        """(lo, hi) after defaults (hi None: unbounded)."""
        return self.lo or 0, self.hi

    def as_json(self) -> dict[str, object]:
        """The rule as a model file and a JSON document state it (defaults left out)."""
        doc: dict[str, object] = {"family": self.family, "lo": self.lo, "hi": self.hi}
        if self.family == "coverage":
            doc["attack"] = self.attack
        if self.family == "cells":
            doc["cells"] = [[list(cell) for cell in line] for line in self.cells]
        if self.family == "regions" and not self.connected:
            doc["connected"] = False
        return doc

    def describe(self) -> str:
        """"exactly 2 per row", "at most 1 per king pair", "at least 1 per coverage (queen)"."""
        lo, hi = self.bounds
        what = {"rows": "row", "columns": "column", "diagonals": "diagonal",
                "anti-diagonals": "anti-diagonal", "wrapped-diagonals": "wrapped diagonal",
                "wrapped-anti-diagonals": "wrapped anti-diagonal", "knight": "knight pair",
                "king": "touching pair", "regions": "region",
                "coverage": f"cell's {self.attack} coverage", "cells": "listed line"}
        if lo == hi:
            amount = f"exactly {lo}"
        elif hi is None:
            amount = f"at least {lo}"
        elif lo == 0:
            amount = f"at most {hi}"
        else:
            amount = f"{lo} to {hi}"
        return f"{amount} per {what[self.family]}"


def _straight(n: int, key: Callable[[Cell], int]) -> list[tuple[Cell, ...]]:
    groups: dict[int, list[Cell]] = {}
    for r in range(n):
        for c in range(n):
            groups.setdefault(key((r, c)), []).append((r, c))
    return [tuple(cells) for _, cells in sorted(groups.items())]


def _pairs(n: int, steps: tuple[tuple[int, int], ...]) -> list[tuple[Cell, ...]]:
    out: list[tuple[Cell, ...]] = []
    for r in range(n):
        for c in range(n):
            for dr, dc in steps:
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    out.append(((r, c), (r + dr, c + dc)))
    return out


def _regions(spec: Board, rule: Rule) -> list[tuple[Cell, ...]]:
    groups: dict[int, list[Cell]] = {}
    for r, row in enumerate(spec.regions):
        for c, label in enumerate(row):
            groups.setdefault(label, []).append((r, c))
    return [tuple(cells) for _, cells in sorted(groups.items())]


def _coverage(n: int, piece: str) -> list[tuple[Cell, ...]]:
    """Per cell a, a and every cell b from which `piece` attacks it, in row-major order.
    A piece's attacks depend on the step from b to a only, so the steps are read from
    `attacks` once, in row-major order, and shifted to each cell: O(n) per cell for a queen
    rather than a test of every cell of the board."""
    steps = [(dr, dc) for dr in range(1 - n, n) for dc in range(1 - n, n)
             if (dr, dc) == (0, 0) or attacks(piece, (0, 0), (dr, dc))]
    return [tuple((r + dr, c + dc) for dr, dc in steps if 0 <= r + dr < n and 0 <= c + dc < n)
            for r in range(n) for c in range(n)]


_KEYED: dict[str, Callable[[int, Cell], int]] = {
    "rows": lambda n, cell: cell[0],
    "columns": lambda n, cell: cell[1],
    "diagonals": lambda n, cell: cell[0] - cell[1],
    "anti-diagonals": lambda n, cell: cell[0] + cell[1],
    "wrapped-diagonals": lambda n, cell: (cell[0] - cell[1]) % n,
    "wrapped-anti-diagonals": lambda n, cell: (cell[0] + cell[1]) % n,
}
_LISTED: dict[str, Callable[[Board, Rule], list[tuple[Cell, ...]]]] = {
    "knight": lambda spec, rule: _pairs(spec.n, KNIGHT_STEPS),
    "king": lambda spec, rule: _pairs(spec.n, KING_STEPS),
    "regions": _regions,
    "coverage": lambda spec, rule: _coverage(spec.n, rule.attack),
    "cells": lambda spec, rule: [tuple(line) for line in rule.cells],
}


def family_cells(spec: Board, rule: Rule) -> list[tuple[Cell, ...]]:
    """Every line of the rule's family on `spec`'s board, as cells (single cells too)."""
    n = spec.n
    if rule.family in _KEYED:
        key = _KEYED[rule.family]
        return _straight(n, lambda cell: key(n, cell))
    return _LISTED[rule.family](spec, rule)


#: The line kinds, as `Line.kind` names them (the validator's and the messages' words).
FAMILIES: dict[str, str] = {
    "rows": "row", "columns": "column", "diagonals": "diagonal",
    "anti-diagonals": "anti-diagonal", "wrapped-diagonals": "diagonal",
    "wrapped-anti-diagonals": "anti-diagonal", "knight": "knight", "king": "king",
    "regions": "region", "coverage": "coverage", "cells": "cells",
}


def rule_lines(spec: Board, rule: Rule) -> Iterator[Line]:
    """The lines of one rule on `spec`'s board. A line of one cell under at most one or
    more constrains nothing and is left out (the corner diagonals), unless the rule asks
    for at least one queen there."""
    lo, hi = rule.bounds
    for cells in family_cells(spec, rule):
        top = len(cells) if hi is None else min(hi, len(cells))
        if lo == 0 and top >= len(cells):
            continue  # nothing to say about this line
        yield Line(FAMILIES[rule.family], cells, lo, top)


#: The n-queens problem and its variants as rules: a spec whose rules are one of these (and
#: nothing else open) is that variant, with its routes and speed.
PRESETS: dict[str, tuple[Rule, ...]] = {
    "queens": (Rule("rows", 1, 1), Rule("columns", 1, 1), Rule("diagonals", 0, 1),
               Rule("anti-diagonals", 0, 1)),
    "rooks": (Rule("rows", 1, 1), Rule("columns", 1, 1)),
    "torus": (Rule("rows", 1, 1), Rule("columns", 1, 1), Rule("wrapped-diagonals", 0, 1),
              Rule("wrapped-anti-diagonals", 0, 1)),
    "superqueens": (Rule("rows", 1, 1), Rule("columns", 1, 1), Rule("diagonals", 0, 1),
                    Rule("anti-diagonals", 0, 1), Rule("knight", 0, 1)),
}

#: The daily region puzzle a grid of letters states: one queen per row, column and region,
#: no two touching (no diagonal rule).
REGION_PUZZLE: tuple[Rule, ...] = (Rule("rows", 1, 1), Rule("columns", 1, 1),
                                   Rule("regions", 1, 1), Rule("king", 0, 1))
