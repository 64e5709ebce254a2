"""The backtracker's propagating order, for boards made hard by fixed queens and forbidden
cells (completion, blocked squares, excluded diagonals).

The row and first-fail orders look at rows only. Here every cell is free or not and every
row *and* column keeps its number of free cells: a queen takes every free cell of its row,
column and diagonals off the board, and the next line to branch on is the open row or
column with the fewest free cells. A line with none left is a wipe-out (the branch fails
at once); a line with one is a forced queen. In the chosen line, the cell whose crossing
line is tightest (nearest the middle of the board on a tie) is placed and, when that
subtree is done, removed (place / remove), and the tightest line is chosen again. The
crossing line first: on loosely constrained boards of a few hundred rows, the cell
nearest the middle alone gets lost where this choice goes straight to a solution. Since
the two branches hold disjoint solutions, the search is exhaustive: counts and "no
solution" are proofs, as in the other orders.

A column that runs out of cells is what makes these instances hard for a row-by-row
search: it is found here at the placement that empties it, not rows later.

The loop runs in the C extension `nqueens._propagate` when it was built; without it the
same search runs here in Python (same choices, same solutions in the same order, same
node counts; a test holds the two to each other). Queens boards only: the lines are the
queens' (the registry refuses another variant before any work). Node counts:
`promising_nodes` is the root plus every placement (each is on a free cell, consistent
with the queens above it), `nodes_checked` adds every removal (the other branch).
"""

from __future__ import annotations

from collections.abc import Callable

from ..result import Deadline
from ..spec import Spec
from .base import Emitter

try:
    import nqueens._propagate as _kernel
except ImportError:  # no C compiler at install time: the pure-Python loop below
    # the stub types the name as the module; None stands for "not built"
    _kernel = None  # type: ignore[assignment]

_POLL_EVERY = 1 << 14  # nodes between deadline checks (as in the C loop)

#: The variant whose lines this search knows.
VARIANT = "queens"


def compiled() -> bool:
    """True when the C loop was built."""
    return _kernel is not None


def check_variant(spec: Spec) -> None:
    """Refuse a variant whose lines this order does not know.

    Raises:
        InputError: naming the order that handles it.
    """
    if spec.variant != VARIANT:
        from ..errors import InputError

        raise InputError(f"the propagate order handles queens boards only, not "
                         f"{spec.variant!r}; use --order first-fail")


def propagate_search(
    spec: Spec, emitter: Emitter, deadline: Deadline | None, *, use_c: bool = True
) -> tuple[bool, bool, dict[str, int]]:
    """Search `spec` in the propagating order, sending solutions to `emitter`.

    Returns (exhausted, timed_out, stats).
    """
    check_variant(spec)
    n = spec.n
    fixed = [r * n + c for r, c in spec.fixed]
    forbidden = [r * n + c for r, c in spec.forbidden]
    poll: Callable[[], bool] | None = deadline.expired if deadline is not None else None
    search = _kernel.search if use_c and _kernel is not None else _python_search
    status, placements, removals = search(n, fixed, forbidden, emitter.emit, poll)
    stats = {"promising_nodes": 1 + placements, "nodes_checked": 1 + placements + removals}
    return status == 0, status == 1, stats


def first_solution(
    n: int, fixed: list[int], forbidden: list[int], deadline: Deadline | None = None,
) -> tuple[tuple[int, ...] | None, bool]:
    """The first solution of the queens board with these cells (row * n + col) fixed and
    forbidden, in the propagating order: (placement or None, timed out). Cells fixed on
    forbidden or attacked cells are allowed (there is then no solution): explanations
    ask about thousands of subsets of givens, and a Spec for each costs as much as the
    search."""
    found: list[tuple[int, ...]] = []

    def keep(placement: tuple[int, ...]) -> bool:
        found.append(placement)
        return False

    poll: Callable[[], bool] | None = deadline.expired if deadline is not None else None
    search = _kernel.search if _kernel is not None else _python_search
    status, _, _ = search(n, fixed, forbidden, keep, poll)
    return (found[0] if found else None), status == 1


class _Board:
    """The state of `_propagate.c`'s board_t, with its operations."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.free = bytearray(b"\x01") * (n * n)
        self.count = [n] * (2 * n)
        self.done = [False] * (2 * n)
        self.queen = [0] * n
        self.trail: list[int] = []
        self.centre = sorted(range(n), key=lambda k: (abs(2 * k - (n - 1)), k))
        # the cells each queen attacks (its own included), by cell: built on first use
        self._attacked: dict[int, tuple[int, ...]] = {}

    def take(self, cell: int) -> None:
        n = self.n
        self.free[cell] = 0
        self.count[cell // n] -= 1
        self.count[n + cell % n] -= 1
        self.trail.append(cell)

    def undo_to(self, mark: int) -> None:
        n, free, count, trail = self.n, self.free, self.count, self.trail
        while len(trail) > mark:
            cell = trail.pop()
            free[cell] = 1
            count[cell // n] += 1
            count[n + cell % n] += 1

    def attacked(self, cell: int) -> tuple[int, ...]:
        """Row, column, diagonal, anti-diagonal: in the C loop's order."""
        cells = self._attacked.get(cell)
        if cells is None:
            n = self.n
            r, c = divmod(cell, n)
            d, a = min(r, c), min(r, n - 1 - c)
            row = range(r * n, r * n + n)
            col = range(c, n * n, n)
            diag = [(r - d + k) * n + c - d + k for k in range(n - max(r - d, c - d))]
            anti = [(r - a + k) * n + c + a - k for k in range(min(n - (r - a), c + a + 1))]
            cells = (*row, *col, *diag, *anti)
            self._attacked[cell] = cells
        return cells

    def place(self, cell: int) -> None:
        free = self.free
        for k in self.attacked(cell):
            if free[k]:
                self.take(k)
        r, c = divmod(cell, self.n)
        self.done[r] = self.done[self.n + c] = True
        self.queen[r] = c

    def tightest(self) -> int:
        best, best_count = -1, self.n * self.n + 1
        for line, (count, done) in enumerate(zip(self.count, self.done, strict=True)):
            if done or count >= best_count:
                continue
            best, best_count = line, count
            if count == 0:
                break
        return best

    def pick(self, line: int) -> int:
        """The line's free cell whose crossing line (its column for a row, its row for a
        column) has the fewest free cells; on a tie the one nearest the middle."""
        n, free, count = self.n, self.free, self.count
        best, best_count = -1, n * n + 1
        for k in self.centre:
            cell, crossing = (line * n + k, count[n + k]) if line < n else (k * n + line - n, count[k])
            if free[cell] and crossing < best_count:
                best, best_count = cell, crossing
        return best


def _python_search(  # noqa: C901 - the loop of _propagate.c's run(), statement for statement
    n: int, fixed: list[int], forbidden: list[int],
    sink: Callable[[tuple[int, ...]], bool], poll: Callable[[], bool] | None,
) -> tuple[int, int, int]:
    """`_propagate.search` in Python: (status, placements, removals); status 0 exhausted,
    1 stopped by `poll`, 2 stopped by `sink`."""
    b = _Board(n)
    for cell in forbidden:
        if b.free[cell]:
            b.take(cell)
    for cell in fixed:
        if not b.free[cell]:
            return 0, 0, 0
        b.place(cell)
    placements = removals = ticks = 0
    mark = [len(b.trail)] + [0] * n
    cell_of = [0] * (n + 1)
    placed_mark = [0] * (n + 1)
    depth, status, choose = 0, 0, True
    while True:
        if choose:
            line = b.tightest()
            if line < 0:
                if not sink(tuple(b.queen)):
                    status = 2
                    break
                choose = False
            elif b.count[line] == 0:
                choose = False
            else:
                cell = b.pick(line)
                cell_of[depth] = cell
                placed_mark[depth] = len(b.trail)
                b.place(cell)
                placements += 1
                depth += 1
                mark[depth] = len(b.trail)
                ticks += 1
                if poll is not None and ticks % _POLL_EVERY == 0 and poll():
                    status = 1
                    break
                continue
        b.undo_to(mark[depth])
        if depth == 0:
            break
        depth -= 1
        cell = cell_of[depth]
        b.undo_to(placed_mark[depth])
        b.done[cell // n] = b.done[n + cell % n] = False
        b.take(cell)
        removals += 1
        choose = True
    return status, placements, removals
