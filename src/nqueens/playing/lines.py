"""The lines a position on the play board is judged by, each with its bounds and its name.

`propagate` reads a board's lines through one interface, whatever the board: a queens board's
rows, columns and diagonals (`QueensLines`, from their geometry, so that a position on a
1000 x 1000 board costs what its queens touch, not the four million cells its lines hold) or
a posed problem's `Spec.lines` (`SpecLines`: rows, regions, touching pairs, coverage, ...
with any bounds, and the bound on the number of queens as one line of every cell). The
names a person reads ("row 3", "region C", "the coverage of (2, 4)") and how a cell stands
to a full line's queens ("on the row of", "touching") are worded here, from the line's kind,
once: the play page's script receives them with the lines (`page_lines`) instead of
wording them again. No solver imports.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..spec import Cell, Spec

__all__ = ["Lines", "QueensLines", "SpecLines", "lines_of", "page_lines"]

#: Kinds whose line through a cell is one line, named by its kind alone: "on the row of".
_OWN = ("row", "column", "diagonal", "anti-diagonal")


class Lines:
    """A board's lines: `count` of them, numbered in the spec's line order, each with its
    least and most queens (`lo`, `hi`) and its number of cells (`size`); the cells of a line
    and the lines through a cell on demand."""

    n: int
    count: int
    lo: list[int]
    hi: list[int]
    size: list[int]

    def cells(self, line: int) -> Sequence[Cell]:
        raise NotImplementedError

    def through(self, cell: Cell) -> Sequence[int]:
        raise NotImplementedError

    def kind(self, line: int) -> str:
        raise NotImplementedError

    def name(self, line: int) -> str:
        """What a person calls the line: "row 3", "region C", "the board"."""
        raise NotImplementedError

    def phrase(self, line: int) -> str:
        """How a cell of the line stands to the queens that fill it, before "the queen at
        ...": "on the row of", "on region C of", "touching"."""
        kind = self.kind(line)
        if kind in _OWN:
            return f"on the {kind} of"
        return f"on {self.name(line)}, full with"

    def target(self, line: int) -> Cell | None:
        """The cell a coverage line covers (None for other lines)."""
        return None

    def index(self, line: int) -> int:
        """The number a row or column goes by (its row, its column), else the line's own."""
        kind, first = self.kind(line), self.cells(line)[0]
        return first[0] if kind == "row" else first[1] if kind == "column" else line


class QueensLines(Lines):
    """The queens board's lines from their geometry: rows 0..n-1 (exactly one queen),
    columns (exactly one), then diagonals (row - col ascending) and anti-diagonals (row + col
    ascending), at most one each: the order of `Spec.lines`, whose one-cell corner diagonals
    are here too (they never force or die)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.count = 6 * n - 2
        diagonal = [n - abs(d - (n - 1)) for d in range(2 * n - 1)]
        self.size = [n] * (2 * n) + diagonal + diagonal
        self.lo = [1] * (2 * n) + [0] * (4 * n - 2)
        self.hi = [1] * self.count

    def through(self, cell: Cell) -> Sequence[int]:
        r, c = cell
        n = self.n
        return (r, n + c, 2 * n + r - c + n - 1, 4 * n - 1 + r + c)

    def cells(self, line: int) -> Sequence[Cell]:
        n = self.n
        if line < n:
            return [(line, c) for c in range(n)]
        if line < 2 * n:
            return [(r, line - n) for r in range(n)]
        if line < 4 * n - 1:
            d = line - 3 * n + 1  # row - col
            return [(r, r - d) for r in range(n) if 0 <= r - d < n]
        s = line - 4 * n + 1  # row + col
        return [(r, s - r) for r in range(n) if 0 <= s - r < n]

    def kind(self, line: int) -> str:
        n = self.n
        return ("row" if line < n else "column" if line < 2 * n else
                "diagonal" if line < 4 * n - 1 else "anti-diagonal")

    def name(self, line: int) -> str:
        kind, first = self.kind(line), self.cells(line)[0]
        return (f"row {first[0]}" if kind == "row" else f"column {first[1]}" if kind == "column"
                else f"the {kind} through ({first[0]}, {first[1]})")


class SpecLines(Lines):
    """A posed problem's lines, `Spec.lines` as they are, named by their kinds: a region by
    its letter (as the model file writes the grid), a coverage line by the cell it covers,
    a listed line by its number in its rule, the bound on the number of queens as "the
    board"."""

    def __init__(self, spec: Spec) -> None:
        from ..modeling.modelfile import region_letters
        from ..posed.families import family_cells

        self.n, self.spec = spec.n, spec
        self._lines = spec.lines
        self.count = len(self._lines)
        self.lo = [line.lo for line in self._lines]
        self.hi = [line.hi for line in self._lines]
        self.size = [len(line.cells) for line in self._lines]
        letters = region_letters(spec.regions) if spec.regions else {}
        self._region = {(r, c): letters.get(label, str(label))
                        for r, row in enumerate(spec.regions) for c, label in enumerate(row)}
        board = [(r, c) for r in range(spec.n) for c in range(spec.n)]
        self._covers: dict[tuple[Cell, ...], Cell] = {}
        self._listed: dict[tuple[Cell, ...], int] = {}
        for rule in spec.rules:
            if rule.family == "coverage":
                self._covers.update(zip(family_cells(spec, rule), board, strict=True))
            elif rule.family == "cells":
                self._listed.update((tuple(cells), k) for k, cells in enumerate(rule.cells))

    def cells(self, line: int) -> Sequence[Cell]:
        return self._lines[line].cells

    def through(self, cell: Cell) -> Sequence[int]:
        return self.spec.line_ids_of(cell)

    def kind(self, line: int) -> str:
        return self._lines[line].kind

    def target(self, line: int) -> Cell | None:
        return self._covers.get(self._lines[line].cells) if self.kind(line) == "coverage" \
            else None

    def name(self, line: int) -> str:
        kind, cells = self.kind(line), self._lines[line].cells
        first = f"({cells[0][0]}, {cells[0][1]})"
        if kind == "row":
            return f"row {cells[0][0]}"
        if kind == "column":
            return f"column {cells[0][1]}"
        if kind == "region":
            return f"region {self._region[cells[0]]}"
        if kind in ("king", "knight"):  # as the rule says them: "at most 1 per touching pair"
            last = f"({cells[1][0]}, {cells[1][1]})"
            pair = "touching pair" if kind == "king" else "knight pair"
            return f"the {pair} {first} and {last}"
        if kind == "coverage":
            target = self.target(line)
            return f"the coverage of ({target[0]}, {target[1]})" if target else \
                f"the coverage through {first}"
        if kind == "cells":
            return f"listed line {self._listed.get(cells, line)}"
        if kind == "board":
            return "the board"
        return f"the {kind} through {first}"

    def phrase(self, line: int) -> str:
        kind = self.kind(line)
        if kind == "region":
            return f"on {self.name(line)} of"
        if kind == "king":
            return "touching"
        if kind == "knight":
            return "a knight's move from"
        if kind == "board":
            return f"beyond the board's at most {self.hi[line]} queens, reached by"
        return super().phrase(line)

    def region(self, cell: Cell) -> str:
        """The letter (or label) of the region `cell` lies in ("" without regions)."""
        return self._region.get(cell, "")


def lines_of(spec: Spec) -> Lines:
    """The lines a position on `spec`'s board is judged by: the queens board's geometry, or a
    posed problem's own lines."""
    return SpecLines(spec) if spec.is_open else QueensLines(spec.n)


def page_lines(lines: Lines) -> list[list[Any]]:
    """Every line for the play page's script: [cells as row * n + col, lo, hi, kind, name,
    phrase, the cell it covers or null], the words Python's and the page's share."""
    n = lines.n
    out: list[list[Any]] = []
    for line in range(lines.count):
        target = lines.target(line)
        out.append([[r * n + c for r, c in lines.cells(line)], lines.lo[line], lines.hi[line],
                    lines.kind(line), lines.name(line), lines.phrase(line),
                    None if target is None else target[0] * n + target[1]])
    return out
