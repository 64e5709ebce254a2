"""The givens of an instance: what its file states beyond the rules of the board, one
statement at a time.

A `Spec` knows cells only: a queen fixed here, a cell forbidden there. The published formats
state more than cells: an excluded-diagonals file excludes whole diagonals, and the ASP and
CSPLib blocked files block single squares. An explanation of a "no" is a set of these
statements (one excluded diagonal is one reason, not its twenty cells), so each reader keeps
them, as `Given`s, on the `Model` beside the Spec (`Model.givens`). A Spec made any other
way has one given per fixed queen and per forbidden cell (`cell_givens`).

The rules of the board (a queen per row and column, none attacking) are not givens: they
hold in every explanation. No solver imports.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..errors import InputError
from ..spec import Cell, Spec

__all__ = ["KINDS", "Given", "bare_board", "cell_givens", "check_givens", "spec_with"]

#: The kinds of given: a pre-placed queen, a forbidden cell (our TOML files), a blocked
#: square (the CSPLib and ASP blocked files), a whole excluded diagonal.
KINDS = ("fixed", "forbidden", "blocked", "diagonal")
#: The one kind that places a queen; the others keep their cells empty.
QUEEN_KIND = "fixed"


@dataclass(frozen=True, slots=True)
class Given:
    """One statement of an instance: `kind` (one of KINDS), the `cells` it is about (0-based
    (row, col)), and `source`, the statement as its file writes it (e.g. `block(4,5)`,
    `diags [15, 1]`), so that a user finds it in the file."""

    kind: str
    cells: tuple[Cell, ...]
    source: str = ""

    @property
    def places_queen(self) -> bool:
        """True for a fixed queen (its cell must hold one), False for the kinds that keep
        their cells empty."""
        return self.kind == QUEEN_KIND

    def describe(self) -> str:
        """A short phrase, 0-based, e.g. "blocked cell (3, 4)" or "excluded diagonal
        r + c = 15 (16 cells)"."""
        if self.kind == "diagonal" and len(self.cells) > 1:
            (r0, c0), (r1, c1) = self.cells[0], self.cells[1]
            line = f"r + c = {r0 + c0}" if r1 + c1 == r0 + c0 else f"r - c = {r0 - c0}"
            return f"excluded diagonal {line} ({len(self.cells)} cells)"
        what = {"fixed": "fixed queen", "forbidden": "forbidden cell", "blocked": "blocked cell",
                "diagonal": "excluded diagonal"}[self.kind]
        return f"{what} {', '.join(f'({r}, {c})' for r, c in self.cells)}"

    def as_json(self) -> dict[str, Any]:
        """`{"kind", "cells": [[row, col], ...] (0-based), "source"}`."""
        return {"kind": self.kind, "cells": [[r, c] for r, c in self.cells],
                "source": self.source}


def cell_givens(spec: Spec) -> tuple[Given, ...]:
    """One given per fixed queen, then one per forbidden cell: the givens of a Spec that
    came without its file's grouping."""
    return (*(Given("fixed", (cell,), f"fixed [{cell[0]}, {cell[1]}]") for cell in spec.fixed),
            *(Given("forbidden", (cell,), f"forbidden [{cell[0]}, {cell[1]}]")
              for cell in spec.forbidden))


def bare_board(spec: Spec) -> Spec:
    """`spec` without its givens: the board's size and variant, or a posed problem's rules
    (its objective dropped: a set of givens explains a "no", whatever is optimised)."""
    if spec.is_open:
        return replace(spec, fixed=(), forbidden=(), objective=None)
    return Spec(spec.n, spec.variant)


def spec_with(spec: Spec, givens: Iterable[Given]) -> Spec:
    """`spec`'s board (`bare_board`, and its name) with only these givens: the instance an
    explanation's set of givens stands for."""
    fixed: set[Cell] = set()
    forbidden: set[Cell] = set()
    for given in givens:
        (fixed if given.places_queen else forbidden).update(given.cells)
    return replace(bare_board(spec), fixed=tuple(sorted(fixed)),
                   forbidden=tuple(sorted(forbidden)), name=spec.name)


def check_givens(spec: Spec, givens: Sequence[Given]) -> None:
    """Refuse givens that do not state exactly `spec`'s fixed and forbidden cells.

    Raises:
        InputError: naming the first cell or given that disagrees.
    """
    fixed: set[Cell] = set()
    forbidden: set[Cell] = set()
    for given in givens:
        if not isinstance(given, Given) or given.kind not in KINDS or not given.cells:
            raise InputError(f"a given is a nqueens.modeling.givens.Given of one of the kinds "
                             f"{', '.join(KINDS)} with at least one cell, got {given!r}")
        if given.places_queen and len(given.cells) != 1:
            raise InputError(f"a fixed queen is one cell, got {given.describe()}")
        (fixed if given.places_queen else forbidden).update(given.cells)
    for name, stated, cells in (("fixed", fixed, spec.fixed), ("forbidden", forbidden,
                                                                 spec.forbidden)):
        for cell in sorted(stated ^ set(cells)):
            where = "the givens state" if cell in stated else "the spec has"
            raise InputError(f"{where} the {name} cell {cell} and the other does not; "
                             "give the givens of this spec")
