"""The textbook's state-space-tree table (seed 000, repeated in 001) for any n: the sizes of
the naive search spaces beside the nodes the backtracker really checks.

Algorithm 1 is the whole tree (every row, every column), Algorithm 2 the n! permutations,
seed 001's bound counts the nodes left when no two queens share a column. The real figures
come from `bitboard.count_tree` (whichever kernel it uses), never from a second counter.
No solver imports.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..bitboard import count_tree
from ..errors import InputError
from ..spec import Spec

__all__ = ["TreeStats", "algorithm1_nodes", "promising_bound", "tree_stats"]


def algorithm1_nodes(n: int) -> int:
    """Nodes of the whole state-space tree: 1 + n + n^2 + ... + n^n."""
    return n + 1 if n == 1 else (n ** (n + 1) - 1) // (n - 1)


def promising_bound(n: int) -> int:
    """Seed 001's bound on promising nodes from "no two queens in one column":
    1 + n + n(n-1) + ... + n!."""
    total, term = 1, 1
    for k in range(n):
        term *= n - k
        total += term
    return total


@dataclass(frozen=True, slots=True)
class TreeStats:
    """One row of the table; every figure exact."""

    n: int
    algorithm1: int
    promising_bound: int
    algorithm2: int
    nodes_checked: int
    promising_nodes: int
    solutions: int

    def as_dict(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in self.__slots__}


def tree_stats(n: int, spec: Spec | None = None) -> TreeStats:
    """The table row for an n x n board: the plain textbook problem, or `spec` (a queens
    board of size n with fixed or forbidden cells, or a posed problem whose every row holds
    one queen), whose real figures are counted while the bounds stay the plain board's."""
    if spec is not None and spec.is_open:
        counted = posed_tree(spec)
        if counted is None:
            raise InputError(f"the tree of {spec.name or spec.describe()} has more than "
                             f"{MAX_POSED_NODES:,} nodes checked, too many to walk here; use "
                             "`nqueens estimate` for its size")
        checked, promising, solutions = counted
    else:
        tree = count_tree(spec if spec is not None else Spec(n))
        checked, promising, solutions = tree.nodes_checked(n), tree.promising_nodes, tree.solutions
    return TreeStats(
        n=n,
        algorithm1=algorithm1_nodes(n),
        promising_bound=promising_bound(n),
        algorithm2=math.factorial(n),
        nodes_checked=checked,
        promising_nodes=promising,
        solutions=solutions,
    )


#: Most nodes `posed_tree` walks (in Python, about five seconds here).
MAX_POSED_NODES = 2_000_000


def posed_tree(spec: Spec, most: int = MAX_POSED_NODES) -> tuple[int, int, int] | None:
    """(nodes checked, promising nodes, solutions) of the book's walk of a posed problem
    whose every row holds one queen, root included, counted by walking it whole (the
    bitboard kernels know the queens' lines only); None once more than `most` nodes are
    checked: an estimate can miss a tree whose bulk lies behind rare branches, so the walk
    is bounded by its own count."""
    from .trace import walk

    checked = promising = solutions = 0
    for event in walk(spec, all_solutions=True):
        if checked > most:
            return None
        checked += event.kind == "check"
        promising += event.kind == "check" and event.promising
        solutions += event.kind == "solution"
    return checked + 1, promising + 1, solutions


def book_rounding(value: float) -> str:
    """The book's form for large figures: three significant digits, e.g. "9.73 x 10^12".
    Integers beyond a float's range (about 10^308) are rounded with integer arithmetic."""
    if value < 1e6:
        return f"{value:,.0f}"
    if isinstance(value, int) and value.bit_length() > 1000:
        exponent = len(str(value)) - 1
        mantissa = round(value // 10 ** (exponent - 3) / 1000, 2)  # exact to the digit shown
        if mantissa >= 10:
            mantissa, exponent = mantissa / 10, exponent + 1
        return f"{mantissa:.2f} x 10^{exponent}"
    digits, power = f"{value:.2e}".split("e")
    return f"{digits} x 10^{int(power)}"
