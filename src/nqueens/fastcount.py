"""Fast counting for the queens variant: the classic bitboard walk (columns and both
diagonal families as shifted bitmasks), which visits exactly the textbook's promising
nodes, so it returns the solution count and the promising-node count in one pass.

This is the pure-Python reference of the fast path; every faster route must give the same
numbers (checked in tests). It honours fixed and forbidden cells through per-row masks.
"""

from __future__ import annotations

from dataclasses import dataclass

from .backends.backtrack import initial_rows
from .spec import Spec


@dataclass(frozen=True, slots=True)
class TreeCount:
    """Solutions and promising nodes (root and solutions included) of the pruned tree."""

    solutions: int
    promising_nodes: int

    def nodes_checked(self, n: int) -> int:
        """Every promising non-solution node has n children checked, plus the root."""
        return 1 + n * (self.promising_nodes - self.solutions)


def supports(spec: Spec) -> bool:
    """The bitboard shifts encode the ordinary (non-wrapping) queen diagonals only."""
    return spec.variant == "queens"


def count_tree(spec: Spec) -> TreeCount:
    """Count solutions and promising nodes of the queens spec's pruned state-space tree."""
    if not supports(spec):
        raise ValueError(f"the bitboard counter handles the queens variant, not {spec.variant!r}")
    n = spec.n
    full = (1 << n) - 1
    allowed = initial_rows(spec)
    solutions = 0
    promising = 1  # the root

    def walk(row: int, cols: int, left: int, right: int) -> None:
        nonlocal solutions, promising
        bits = allowed[row] & ~(cols | left | right)
        while bits:
            bit = bits & -bits
            bits ^= bit
            promising += 1
            if row == n - 1:
                solutions += 1
            else:
                walk(row + 1, cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1)

    walk(0, 0, 0, 0)
    return TreeCount(solutions, promising)
