"""The one declarative specification every backend compiles.

A `Spec` is plain data: board size, pre-placed queens and forbidden cells, and either a
variant of the n-queens problem or a posed problem's own rules. Its constraint structure is
a tuple of `Line`s (groups of cells with a lower and an upper bound on their queens): a
variant's come from its line families in `variants.py`, a posed problem's from its `Rule`s
(`families.py`: rows, regions, touching pairs, coverage, ... with any bounds), a bound on
the number of queens and an objective (fewest or most queens). A new problem is a new set
of lines, never a change to the backends. No solver imports here.

A spec with rules is "open" (`is_open`, variant "custom"); rules that are exactly a
variant's preset, with nothing else open, are that variant, which keeps its fast routes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .errors import SpecError
from .variants import KNIGHT_STEPS, KNIGHT_VARIANTS, LINE_KEYS, VARIANTS, Line, lines_for

if TYPE_CHECKING:  # a posed problem's rules load with the first one (few commands pose one)
    from .posed.families import OBJECTIVES, Rule

Cell = tuple[int, int]
Placement = tuple[int, ...]

__all__ = ["OBJECTIVES", "Cell", "Line", "Placement", "Rule", "Spec"]



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
        rules: a posed problem's line families with their bounds (`families.Rule`); empty:
            the variant's lines.
        regions: the region grid, n rows of n integer labels, for a `regions` rule.
        queens: (lo, hi), at least lo and at most hi queens on the board (hi None: no
            bound).
        objective: "fewest" or "most" queens; None: any placement obeying the lines.

    Raises:
        SpecError: naming the offending cell or value.
    """

    n: int
    variant: str = "queens"
    fixed: tuple[Cell, ...] = ()
    forbidden: tuple[Cell, ...] = ()
    name: str = field(default="", compare=False)
    rules: tuple[Rule, ...] = ()
    regions: tuple[tuple[int, ...], ...] = ()
    queens: tuple[int, int | None] | None = None
    objective: str | None = None

    def __post_init__(self) -> None:
        n = self.n
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise SpecError(f"board size n must be a positive integer, got {n!r}")
        if self.rules or self.regions or self.queens is not None or self.objective is not None \
                or self.variant == "custom":  # a custom board without rules is refused there
            from .posed.checks import open_fields  # the posed problem's checks

            for key, value in open_fields(self).items():
                object.__setattr__(self, key, value)
        if self.variant == "custom":
            fixed = _cells("fixed", self.fixed, n)
            forbidden = _cells("forbidden", self.forbidden, n)
            object.__setattr__(self, "fixed", fixed)
            object.__setattr__(self, "forbidden", forbidden)
            for cell in set(fixed) & set(forbidden):
                raise SpecError(f"cell {cell} is both fixed and forbidden; remove it from one "
                                "list")
            from .posed.checks import check_lines

            check_lines(self)
            return
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

    @property
    def is_open(self) -> bool:
        """A posed problem (its own rules, a queens bound or an objective), not a variant of
        the n-queens problem: only the compilers of any lines take it."""
        return self.variant == "custom"

    @cached_property
    def lines(self) -> tuple[Line, ...]:
        """Every line of the board (rows first, then columns, ...; a posed problem's in its
        rules' order, then its bound on the number of queens as one line of every cell)."""
        if not self.is_open:
            return lines_for(self.variant, self.n)
        from .posed.families import rule_lines

        lines = [line for rule in self.rules for line in rule_lines(self, rule)]
        if self.queens is not None:
            lo, hi = self.queens
            board = tuple((r, c) for r in range(self.n) for c in range(self.n))
            lines.append(Line("board", board, lo, len(board) if hi is None else hi))
        return tuple(lines)

    def posed_json(self) -> dict[str, Any]:
        """A posed problem's own keys for a JSON document (rules, regions, queens,
        objective), as model files spell them."""
        doc: dict[str, Any] = {"rules": [rule.as_json() for rule in self.rules]}
        if self.regions:
            doc["regions"] = [list(row) for row in self.regions]
        if self.queens is not None:
            doc["queens"] = list(self.queens)
        if self.objective is not None:
            doc["objective"] = self.objective
        return doc

    @property
    def rows_exact(self) -> bool:
        """Every row holds exactly one queen, so a solution is also a list of columns."""
        return not self.is_open or any(rule.family == "rows" and rule.bounds == (1, 1)
                                       for rule in self.rules)

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
        """True when nothing (fixed or forbidden cell, a posed problem's rules) breaks the
        board's symmetry."""
        return not self.fixed and not self.forbidden and not self.is_open

    def with_prefix(self, prefix: Iterable[int]) -> Spec:
        """This spec with queens also fixed in the first rows at the given columns.

        Raises SpecError if the prefix contradicts the spec: callers build prefixes that are
        consistent (see `counting/plan.py`).
        """
        extra = [(row, col) for row, col in enumerate(prefix) if row not in self.fixed_columns]
        return replace(self, fixed=self.fixed + tuple(extra))

    def describe(self) -> str:
        """A one-line human summary, e.g. "8-queens, 2 fixed, 1 forbidden"; a posed problem
        by its rules ("8x8: exactly 1 per row, ..., fewest queens")."""
        if self.is_open:
            parts = [f"{self.n}x{self.n}: " + ", ".join(rule.describe() for rule in self.rules)]
            if self.queens is not None:
                lo, hi = self.queens
                parts.append(f"at least {lo} queens" if hi is None else
                             f"{lo} to {hi} queens" if lo != hi else f"{lo} queens")
            if self.objective is not None:
                parts.append(f"{self.objective} queens")
        else:
            parts = [f"{self.n}-{self.variant}" if self.variant != "queens"
                     else f"{self.n}-queens"]
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


def __dir__() -> list[str]:
    return sorted({*globals(), "Rule", "OBJECTIVES"})


def __getattr__(name: str) -> Any:
    """`Rule` and `OBJECTIVES`, named here beside `Spec` for its callers, from
    `posed.families`, loaded with the first use."""
    if name in ("Rule", "OBJECTIVES"):
        from .posed import families

        return getattr(families, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
