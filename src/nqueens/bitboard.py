"""Fast counting for the queens variant: the classic bitboard walk (columns and both
diagonal families as shifted bitmasks), which visits exactly the textbook's promising
nodes, so it returns the solution count and the promising-node count in one pass.

The walk exists twice: the compiled kernel `_kernel.c` (built by `pip install .` when a C
compiler is present) and the pure-Python reference below, used when the kernel is missing
or the board is wider than its 64-bit masks. Both give the same numbers (checked in
tests). Fixed and forbidden cells enter through per-row masks. Optionally the walk also
counts canonical solutions (the smallest of their 8 board images): on a board searched
once per symmetry class of first-row columns that yields the fundamental count.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .spec import Placement, Spec

try:
    from . import _kernel
except ImportError:  # not built (no compiler at install time): the Python walk serves
    _kernel = None  # type: ignore[assignment]

#: Widest board the compiled kernel's 64-bit masks hold.
KERNEL_MAX_N = 63 if _kernel is None else int(_kernel.MAX_N)
_PY_POLL_EVERY = 1 << 16  # Python-walk nodes between polls of `should_stop`


@dataclass(frozen=True, slots=True)
class WalkCount:
    """What one walk found: solutions, promising nodes (root included), canonical
    solutions (0 unless asked for) and whether it ran to the end."""

    solutions: int
    promising_nodes: int
    canonical: int
    complete: bool


@dataclass(frozen=True, slots=True)
class TreeCount:
    """Solutions and promising nodes (root and solutions included) of the pruned tree."""

    solutions: int
    promising_nodes: int

    def nodes_checked(self, n: int) -> int:
        """Every promising non-solution node has n children checked, plus the root."""
        return 1 + n * (self.promising_nodes - self.solutions)


def initial_rows(spec: Spec) -> list[int]:
    """Per row, the bitmask of columns (bit c = column c) a queen may take before any is placed:
    not forbidden, not attacked by a fixed queen, and the fixed column in a fixed row."""
    n = spec.n
    full = (1 << n) - 1
    rows = [full] * n
    for r, c in spec.forbidden:
        rows[r] &= ~(1 << c)
    for r, c in spec.fixed:
        for line_id in spec.line_ids_of((r, c)):
            for r2, c2 in spec.lines[line_id].cells:
                if (r2, c2) != (r, c):
                    rows[r2] &= ~(1 << c2)
        rows[r] &= 1 << c
    return rows


class AttackMasks:
    """For a cell (r, c): per later row r' > r, the mask of columns left free by a queen at
    (r, c). Built on first use and cached, so large boards pay only for cells visited."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.full = (1 << spec.n) - 1
        self.cache: dict[tuple[int, int], tuple[int, ...]] = {}

    def below(self, r: int, c: int) -> tuple[int, ...]:
        key = (r, c)
        masks = self.cache.get(key)
        if masks is None:
            attacked = [0] * (self.spec.n - r - 1)
            for line_id in self.spec.line_ids_of(key):
                for r2, c2 in self.spec.lines[line_id].cells:
                    if r2 > r:
                        attacked[r2 - r - 1] |= 1 << c2
            masks = tuple(self.full & ~a for a in attacked)
            self.cache[key] = masks
        return masks


def supports(spec: Spec) -> bool:
    """The bitboard shifts encode the ordinary (non-wrapping) queen diagonals only."""
    return spec.variant == "queens"


def kernel_available() -> bool:
    """True when the compiled kernel was built and can be imported."""
    return _kernel is not None


def count_tree(spec: Spec) -> TreeCount:
    """Count solutions and promising nodes of the queens spec's pruned state-space tree."""
    if not supports(spec):
        raise ValueError(f"the bitboard counter handles the queens variant, not {spec.variant!r}")
    walk = count_masks(spec.n, initial_rows(spec))
    return TreeCount(walk.solutions, walk.promising_nodes)


def count_masks(
    n: int,
    allowed: Sequence[int],
    *,
    canonical: bool = False,
    should_stop: Callable[[], bool] | None = None,
    compiled: bool = True,
) -> WalkCount:
    """Walk the tree of an n-queens board whose row r may use the columns in `allowed[r]`.

    Args:
        n: board size.
        allowed: per row, the bitmask of columns a queen may take (`initial_rows`).
        canonical: also count solutions that are the smallest of their 8 board images.
        should_stop: polled now and then; True ends the walk early (complete=False).
        compiled: use the kernel when it is built and n fits (False: the Python walk).
    """
    if compiled and _kernel is not None and n <= KERNEL_MAX_N:
        return WalkCount(*_kernel.count(n, list(allowed), canonical, should_stop))
    return _python_walk(n, list(allowed), canonical, should_stop)


def is_canonical(placement: Placement) -> bool:
    """True when the placement is the lexicographically smallest of its 8 images under the
    board's rotations and reflections (mirrors the kernel's check)."""
    p = list(placement)
    n = len(p)
    q = [0] * n
    for row, col in enumerate(p):
        q[col] = row
    m = n - 1
    images = (
        [m - c for c in p], p[::-1], [m - c for c in reversed(p)],
        q, [m - r for r in q], q[::-1], [m - r for r in reversed(q)],
    )
    return all(image >= p for image in images)


class _Stopped(Exception):
    """Unwinds the recursive Python walk when `should_stop` says so."""


def _python_walk(
    n: int, allowed: list[int], canonical: bool, should_stop: Callable[[], bool] | None
) -> WalkCount:
    full = (1 << n) - 1
    cols = [0] * n
    solutions = canonical_count = 0
    promising = 1  # the root

    def walk(row: int, taken: int, left: int, right: int) -> None:
        nonlocal solutions, promising, canonical_count
        bits = allowed[row] & ~(taken | left | right)
        while bits:
            bit = bits & -bits
            bits ^= bit
            promising += 1
            if should_stop is not None and promising % _PY_POLL_EVERY == 0 and should_stop():
                raise _Stopped
            if row == n - 1:
                solutions += 1
                if canonical:
                    cols[row] = bit.bit_length() - 1
                    canonical_count += is_canonical(cols)
            else:
                cols[row] = bit.bit_length() - 1
                walk(row + 1, taken | bit, ((left | bit) << 1) & full, (right | bit) >> 1)

    try:
        walk(0, 0, 0, 0)
    except _Stopped:
        return WalkCount(solutions, promising, canonical_count, False)
    return WalkCount(solutions, promising, canonical_count, True)
