"""The one declarative n-queens specification every backend compiles.

A `Spec` is plain data: board size, variant, pre-placed queens and forbidden cells. Its
constraint structure is a tuple of `Line`s (groups of cells holding exactly one or at most
one queen) produced by the variant's line families in `variants.py`, so a new variant is a
new set of lines, never a change to the backends. No solver imports here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .errors import SpecError
from .variants import KNIGHT_STEPS, KNIGHT_VARIANTS, LINE_KEYS, VARIANTS, Line, lines_for

Cell = tuple[int, int]
Placement = tuple[int, ...]

__all__ = ["Cell", "Line", "Placement", "Spec"]


def _cells(name: str, values: Iterable[Any], n: int) -> tuple[Cell, ...]:
    """Normalise cells to sorted (row, col) tuples, rejecting junk, off-board cells and duplicates."""
    seen: set[Cell] = set()
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise SpecError(f"{name} must be a list of [row, col] pairs, got {values!r}")
    for index, value in enumerate(values):
        try:
            row, col = value
        except (TypeError, ValueError):
            raise SpecError(f"{name}[{index}]: expected a [row, col] pair, got {value!r}") from None
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (row, col)):
            raise SpecError(f"{name}[{index}]: row and column must be integers, got {value!r}")
        if not (0 <= row < n and 0 <= col < n):
            raise SpecError(
                f"{name}[{index}]: cell ({row}, {col}) is off the {n}x{n} board "
                f"(rows and columns are 0..{n - 1})"
            )
        if (row, col) in seen:
            raise SpecError(f"{name}[{index}]: cell ({row}, {col}) is listed twice; list it once")
        seen.add((row, col))
    return tuple(sorted(seen))


@dataclass(frozen=True)
class Spec:
    """An n-queens instance.

    Args:
        n: board size (n x n), at least 1.
        variant: name of the line families (see `variants.VARIANTS`): "queens" by default.
        fixed: cells (row, col), 0-based, that must hold a queen.
        forbidden: cells that must stay empty.
        name: a label for reports and model files.

    Raises:
        SpecError: naming the offending cell or value.
    """

    n: int
    variant: str = "queens"
    fixed: tuple[Cell, ...] = ()
    forbidden: tuple[Cell, ...] = ()
    name: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        n = self.n
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise SpecError(f"board size n must be a positive integer, got {n!r}")
        if not isinstance(self.variant, str) or self.variant not in VARIANTS:
            raise SpecError(
                f"unknown variant {self.variant!r}; choose one of: {', '.join(sorted(VARIANTS))}"
            )
        fixed = _cells("fixed", self.fixed, n)
        forbidden = _cells("forbidden", self.forbidden, n)
        object.__setattr__(self, "fixed", fixed)
        object.__setattr__(self, "forbidden", forbidden)
        for cell in set(fixed) & set(forbidden):
            raise SpecError(f"cell {cell} is both fixed and forbidden; remove it from one list")
        self._check_fixed_compatible()

    def _check_fixed_compatible(self) -> None:
        """Two fixed queens on one line make the instance self-contradictory. Checked from the
        variant's line keys on the fixed cells alone: going through `lines` would build every
        line of the board (4 n^2 cells: at n = 10^4 with one fixed queen, gigabytes)."""
        owner: dict[tuple[str, object], Cell] = {}
        for cell in self.fixed:
            for kind, key in LINE_KEYS[self.variant]:
                line = (kind, key(self.n, cell))
                if line in owner:
                    self._refuse_pair(owner[line], cell, kind)
                owner[line] = cell
        if self.variant in KNIGHT_VARIANTS:
            cells = set(self.fixed)
            for r, c in self.fixed:
                for dr, dc in KNIGHT_STEPS:
                    if (r + dr, c + dc) in cells:
                        self._refuse_pair((r, c), (r + dr, c + dc), "knight")

    @staticmethod
    def _refuse_pair(first: Cell, second: Cell, kind: str) -> None:
        raise SpecError(
            f"fixed queens at {first} and {second} attack each other (same {kind}); "
            "remove one of them"
        )

    @cached_property
    def lines(self) -> tuple[Line, ...]:
        """Every line of the board for this variant (rows first, then columns, ...)."""
        return lines_for(self.variant, self.n)

    @cached_property
    def _cell_lines(self) -> dict[Cell, tuple[int, ...]]:
        index: dict[Cell, list[int]] = {}
        for line_id, line in enumerate(self.lines):
            for cell in line.cells:
                index.setdefault(cell, []).append(line_id)
        return {cell: tuple(ids) for cell, ids in index.items()}

    def line_ids_of(self, cell: Cell) -> tuple[int, ...]:
        """Indices into `lines` of every line through `cell`."""
        return self._cell_lines.get(cell, ())

    @cached_property
    def fixed_columns(self) -> dict[int, int]:
        """Row -> column of the fixed queen in that row."""
        return {row: col for row, col in self.fixed}

    @property
    def is_plain(self) -> bool:
        """True when nothing (fixed or forbidden cell) breaks the board's symmetry."""
        return not self.fixed and not self.forbidden

    def with_prefix(self, prefix: Iterable[int]) -> Spec:
        """This spec with queens also fixed in the first rows at the given columns.

        Raises SpecError if the prefix contradicts the spec: callers build prefixes that are
        consistent (see `counting/plan.py`).
        """
        extra = [(row, col) for row, col in enumerate(prefix) if row not in self.fixed_columns]
        return Spec(self.n, self.variant, self.fixed + tuple(extra), self.forbidden, self.name)

    def describe(self) -> str:
        """A one-line human summary, e.g. "8-queens, 2 fixed, 1 forbidden"."""
        parts = [f"{self.n}-{self.variant}" if self.variant != "queens" else f"{self.n}-queens"]
        if self.fixed:
            parts.append(f"{len(self.fixed)} fixed")
        if self.forbidden:
            parts.append(f"{len(self.forbidden)} forbidden")
        return ", ".join(parts)

    def _repr_svg_(self) -> str | None:
        """The empty board in a notebook: fixed queens on framed cells, forbidden cells
        crossed (None beyond the largest board drawn, so the text form shows). The drawing
        code (`nqueens.drawing`, below the core) loads at the first display."""
        from .drawing.svg import MAX_SVG_N, board_svg

        if self.n > MAX_SVG_N:
            return None
        return board_svg(self.n, fixed=self.fixed, forbidden=self.forbidden,
                         caption=self.describe())


def as_spec(spec_or_n: Spec | int) -> Spec:
    """Accept a Spec or a bare board size, as every API entry point does."""
    if isinstance(spec_or_n, Spec):
        return spec_or_n
    if isinstance(spec_or_n, bool) or not isinstance(spec_or_n, int):
        raise SpecError(f"expected a Spec or a board size (int), got {spec_or_n!r}")
    return Spec(spec_or_n)
