"""The 8 symmetries of the square acting on placements, and fundamental (unique) solutions:
two solutions are the same up to symmetry when one symmetry maps one onto the other; the
canonical form of a solution is the lexicographically smallest of its images.

With fixed or forbidden cells only some symmetries map the instance to itself (a queen
fixed in a corner allows the identity and the reflection through that corner's diagonal).
Unique counting then uses exactly that subgroup, so "unique" always means "up to the
symmetries the instance has", and a plain board gets all 8. Every variant of `variants.py`
is itself symmetric under the whole group. No solver imports.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from .spec import Cell, Placement, Spec
from .variants import SYMMETRIC_VARIANTS

__all__ = [
    "SYMMETRIES", "canonical", "fundamental", "instance_symmetries", "is_symmetric_spec",
    "line_symmetries", "transform_placement",
]

CellMap = Callable[[int, int, int], Cell]

#: name -> the map of cell (row, col) on an n x n board. Identity first.
SYMMETRIES: dict[str, CellMap] = {
    "identity": lambda r, c, n: (r, c),
    "rotate 90": lambda r, c, n: (c, n - 1 - r),
    "rotate 180": lambda r, c, n: (n - 1 - r, n - 1 - c),
    "rotate 270": lambda r, c, n: (n - 1 - c, r),
    "flip rows": lambda r, c, n: (n - 1 - r, c),
    "flip columns": lambda r, c, n: (r, n - 1 - c),
    "transpose": lambda r, c, n: (c, r),
    "anti-transpose": lambda r, c, n: (n - 1 - c, n - 1 - r),
}


def transform_placement(name: str, placement: Placement) -> Placement:
    """The image of a placement (one queen per row and per column) under a symmetry."""
    n = len(placement)
    image = [0] * n
    cell_map = SYMMETRIES[name]
    for r, c in enumerate(placement):
        r2, c2 = cell_map(r, c, n)
        image[r2] = c2
    return tuple(image)


def _maps_cells_to_themselves(name: str, cells: Iterable[Cell], n: int) -> bool:
    cells = set(cells)
    return {SYMMETRIES[name](r, c, n) for r, c in cells} == cells


def instance_symmetries(spec: Spec) -> tuple[str, ...]:
    """The symmetries that map the instance to itself: its fixed cells onto its fixed cells
    and its forbidden cells onto its forbidden cells (always at least the identity)."""
    if spec.variant not in SYMMETRIC_VARIANTS:
        return ("identity",)
    return tuple(
        name for name in SYMMETRIES
        if _maps_cells_to_themselves(name, spec.fixed, spec.n)
        and _maps_cells_to_themselves(name, spec.forbidden, spec.n)
    )


def line_symmetries(spec: Spec) -> tuple[str, ...]:
    """The symmetries that map a spec of any lines to itself: every line onto a line of the
    same cells' images and the same bounds (a row may become a column, a region another
    region), the fixed cells onto the fixed and the forbidden onto the forbidden. A posed
    problem's regions, knight pairs or one-sided rules keep only some of the eight; this
    reads the lines themselves, so no family needs its own rule (`instance_symmetries` is
    the same answer for the n-queens problem and its variants, without listing lines)."""
    n = spec.n
    lines = Counter((frozenset(line.cells), line.lo, line.hi) for line in spec.lines)

    def maps_lines(cell_map: CellMap) -> bool:
        image = {(r, c): cell_map(r, c, n) for r in range(n) for c in range(n)}
        images = Counter((frozenset(map(image.__getitem__, cells)), lo, hi)
                         for cells, lo, hi in lines.elements())
        return images == lines

    return tuple(
        name for name in SYMMETRIES
        if _maps_cells_to_themselves(name, spec.fixed, n)
        and _maps_cells_to_themselves(name, spec.forbidden, n)
        and (name == "identity" or maps_lines(SYMMETRIES[name]))
    )


def is_symmetric_spec(spec: Spec) -> bool:
    """True when all 8 symmetries map the instance to itself (no fixed or forbidden cell
    breaks the board's symmetry)."""
    return len(instance_symmetries(spec)) == len(SYMMETRIES)


def canonical(placement: Placement, symmetries: Iterable[str] = tuple(SYMMETRIES)) -> Placement:
    """The lexicographically smallest image of the placement under the given symmetries."""
    return min(transform_placement(name, tuple(placement)) for name in symmetries)


def fundamental(spec: Spec, placements: Iterable[Placement]) -> list[Placement]:
    """One representative (the canonical form) per class of solutions equivalent under the
    instance's own symmetries, in the order the classes were first met."""
    group = instance_symmetries(spec)
    seen: dict[Placement, None] = {}
    for placement in placements:
        seen.setdefault(canonical(placement, group))
    return list(seen)
