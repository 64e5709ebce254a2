"""The backtracker's first-fail order: next the open row with the fewest free cells, its
columns tried from the middle of the board outwards, with forward checking (a placement
that empties some open row is abandoned at once).

The textbook's row-by-row order (`backtrack.py`) explores rows in a fixed order, which is
what its tables count, but it gets lost on boards of a few dozen rows. Choosing the most
constrained row first and the least constraining (central) column first finds a solution
of n = 1000 after about as many placements as there are rows. The search is still
exhaustive: every column of the chosen row is tried, so its counts and its "no solution"
are proofs. Fixed queens are placed before the search, forbidden cells are removed from
their rows.

Node counts, comparable with the row order's: `promising_nodes` counts the root and every
placement tried (each is consistent with the queens already placed), `nodes_checked` the
root plus the n cells of the row examined at every expanded node.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ..result import Deadline
from ..spec import Spec
from .base import Emitter

_CHECK_EVERY = 256  # placements between deadline checks (each costs O(n))

Attack = Callable[[int, int, int], int]


def _lines_attack(spec: Spec) -> Attack:
    """Columns of row r2 attacked by a queen at (r, c), from the spec's lines (any
    variant; the queens variant's are inlined in `place`); per cell, built on first use."""
    cache: dict[tuple[int, int], dict[int, int]] = {}

    def attack(r: int, c: int, r2: int) -> int:
        rows = cache.get((r, c))
        if rows is None:
            rows = {}
            for line_id in spec.line_ids_of((r, c)):
                for rr, cc in spec.lines[line_id].cells:
                    rows[rr] = rows.get(rr, 0) | (1 << cc)
            cache[(r, c)] = rows
        return rows.get(r2, 0)

    return attack


def _middle_out(mask: int, order: list[int]) -> Iterator[int]:
    """The columns set in `mask`, nearest the centre first (`order`: all columns so);
    lazily, since the first one usually succeeds."""
    return (c for c in order if mask >> c & 1)


def first_fail_search(  # noqa: C901 - the search's inner loop: a helper call per node would cost time
    spec: Spec, emitter: Emitter, deadline: Deadline | None
) -> tuple[bool, bool, dict[str, int]]:
    """Search `spec` in first-fail order, sending solutions to `emitter`.

    Returns (exhausted, timed_out, stats).
    """
    n = spec.n
    full = (1 << n) - 1
    attack = _lines_attack(spec)
    free = [full] * n
    for r, c in spec.forbidden:
        free[r] &= ~(1 << c)
    cols = [-1] * n
    open_rows = set(range(n))
    trail: list[tuple[int, int]] = []  # (row, its mask before a placement narrowed it)

    queens = spec.variant == "queens"

    def place(r: int, c: int) -> int:
        """Put a queen at (r, c) and narrow the open rows. Returns the open row with the
        fewest free cells next (n when none is left open), or -1 if one is left empty."""
        cols[r] = c
        open_rows.discard(r)
        best_row, best = n, n + 1
        bit = 1 << c
        for r2 in open_rows:
            old = free[r2]
            if queens:  # inlined `_queens_attack`: this loop is the search's inner loop
                d = r2 - r if r2 > r else r - r2
                new = old & ~(bit | (bit << d) | (bit >> d))
            else:
                new = old & ~attack(r, c, r2)
            if new != old:
                trail.append((r2, old))
                free[r2] = new
                if not new:
                    return -1
            size = new.bit_count()
            if size < best or (size == best and r2 < best_row):
                best_row, best = r2, size
        return best_row

    def undo(r: int, mark: int) -> None:
        while len(trail) > mark:
            r2, old = trail.pop()
            free[r2] = old
        cols[r] = -1
        open_rows.add(r)

    stats = {"promising_nodes": 1, "nodes_checked": 1}
    consistent = True
    for r, c in spec.fixed:
        if not (free[r] >> c) & 1 or place(r, c) < 0:
            consistent = False
            break
    # the fixed queens alone may leave some row without a free cell
    if not consistent or not all(free[r] for r in open_rows):
        return True, False, stats

    centre_first = sorted(range(n), key=lambda c: (abs(2 * c - (n - 1)), c))
    # frame: [row, candidate columns (an iterator), trail mark, placed?]
    stack: list[list[Any]] = []
    promising, checked, ticks = 1, 1, 0
    exhausted = timed_out = False
    descend = True
    row = min(open_rows, key=lambda r: (free[r].bit_count(), r), default=n)
    while True:
        if descend:
            if row == n:
                if not emitter.emit(tuple(cols)):
                    break
            else:
                checked += n
                stack.append([row, _middle_out(free[row], centre_first), len(trail), False])
        descend = False
        while stack:
            frame = stack[-1]
            row, cands, mark, placed = frame
            if placed:
                undo(row, mark)
                frame[3] = False
            col = next(cands, -1)
            if col < 0:
                stack.pop()
                continue
            frame[3] = True
            promising += 1
            nxt = place(row, col)
            if nxt >= 0:
                row = nxt
                descend = True
                break
        if not descend:
            exhausted = True
            break
        ticks += 1
        if deadline is not None and ticks % _CHECK_EVERY == 0 and deadline.expired():
            timed_out = True
            break
    stats["promising_nodes"] = promising
    stats["nodes_checked"] = checked
    return exhausted, timed_out, stats
