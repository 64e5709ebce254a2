"""Splitting one count into independent subproblems: every consistent placement of the
first `depth` rows is one subproblem (the spec with those queens fixed as well).

The subproblems are disjoint and together cover the whole search space, so their counts
add up to the total; each carries a `weight` so that symmetry reductions (counting one
half of the board and doubling) fit the same shape. Used by parallel counting,
checkpoints and cluster executors alike. No solver imports.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bitboard import AttackMasks, initial_rows
from ..spec import Placement, Spec


@dataclass(frozen=True, slots=True)
class Subproblem:
    """The columns of the first rows, and how many times its count enters the total."""

    prefix: Placement
    weight: int = 1

    @property
    def key(self) -> str:
        """A stable text key for checkpoints and task names, e.g. "0.2.4"."""
        return ".".join(map(str, self.prefix))

    def spec(self, base: Spec) -> Spec:
        return base.with_prefix(self.prefix)


def prefixes(spec: Spec, depth: int) -> list[Placement]:
    """Every placement of rows 0..depth-1 that no line of the spec forbids, in
    lexicographic order (the backtracker's order)."""
    depth = max(0, min(depth, spec.n))
    masks = AttackMasks(spec)
    out: list[Placement] = []

    def walk(row: int, rows: tuple[int, ...], prefix: tuple[int, ...]) -> None:
        if row == depth:
            out.append(prefix)
            return
        bits = rows[0]
        while bits:
            bit = bits & -bits
            bits ^= bit
            col = bit.bit_length() - 1
            below = masks.below(row, col)
            walk(row + 1, tuple(a & m for a, m in zip(rows[1:], below)), prefix + (col,))

    walk(0, tuple(initial_rows(spec)), ())
    return out


def split(spec: Spec, depth: int) -> list[Subproblem]:
    """The spec's search space as disjoint subproblems of weight 1, by the first `depth` rows."""
    return [Subproblem(prefix) for prefix in prefixes(spec, depth)]


def default_depth(spec: Spec, tasks_wanted: int) -> int:
    """The smallest depth giving at least `tasks_wanted` subproblems (at most n - 1)."""
    depth = 0
    while depth < spec.n - 1 and len(prefixes(spec, depth)) < tasks_wanted:
        depth += 1
    return depth


def split_mirror(spec: Spec, depth: int) -> list[Subproblem]:
    """A plain spec's search space halved by the left-right mirror, split by the first
    `depth` rows (at least 1): prefixes starting in the left half weigh 2 (each stands for
    its mirror image too); on odd boards those starting in the middle column weigh 1.

    Raises:
        ValueError: if the spec is not plain (fixed or forbidden cells break the mirror).
    """
    if not spec.is_plain:
        raise ValueError("the mirror split needs a plain spec (no fixed or forbidden cells)")
    n = spec.n
    out = []
    for prefix in prefixes(spec, max(1, depth)):
        if 2 * prefix[0] + 1 < n:
            out.append(Subproblem(prefix, 2))
        elif 2 * prefix[0] + 1 == n:
            out.append(Subproblem(prefix, 1))
    return out


def mirror_depth(spec: Spec, tasks_wanted: int) -> int:
    """The smallest depth (at least 1) whose mirror split has `tasks_wanted` subproblems."""
    depth = 1
    while depth < spec.n - 1 and len(split_mirror(spec, depth)) < tasks_wanted:
        depth += 1
    return depth
