"""The backtracker's three orders writing their own proof: a search that ends without a
solution leaves a DRAT proof that the instance's CNF has no model, made of the clauses of
the nodes it closed.

The CNF is the one certificates check, `encode_cnf(spec, "pairwise")`: variable
row * n + col + 1 is a cell; every row and column has its at-least-one clause, every line
of the variant its pairwise at-most-one clauses; fixed and forbidden cells are unit
clauses. The searches reason by unit propagation on exactly those clauses: a queen takes the
cells that share a line with it (binary clauses), a row (or, in the propagate order, a
column) with no free cell fails (its at-least-one clause), and one with a single free cell
forces its queen. So the clause of a closed node follows from the clauses written before it
by unit propagation alone (RUP), and the proof is as long as the search's tree of decisions.

Every cell that leaves the board remembers why: the root (a unit clause), the queen at
depth j, or a removal (its place child was refuted) with the decisions that refutation
needed. When a line runs out of cells, the union of its cells' reasons is a set E of
decisions, and "not all of E" (one negative cell literal per decision) is RUP. The search
then jumps back to the deepest decision in E (the nodes in between fail for the same
reason: conflict-directed backjumping, which skips only subtrees without solutions, so the
solutions come in the plain order's order), removes that queen with the rest of E as its
reason, and deletes the clauses of the nodes it closed, so a checker's clause set stays
small. A queen forced by a line with one free cell is no decision: it never appears in a
clause. A decision that empties a line through one cell it took writes nothing (from the rest
of E, unit propagation forces that cell and excludes the queen). A solution the caller
continues past is a conflict whose explanation is every decision: its blocking clause, which
the CNF of a certified count adds. The proof ends with the empty clause when the search is
exhausted; a search stopped early leaves an incomplete proof.

The three orders are one place / remove search here, differing in the line they branch on
and where in it: propagate (the open row or column with the fewest free cells, the cell on
the tightest crossing line; `_propagate.c`'s `search_logged` runs it in C, and this module's
twin writes the same proof byte for byte), first-fail (the open row with the fewest free
cells, kept until it is exhausted, its cells from the middle out) and rows (the textbook's:
the first open row, its cells left to right). Fixed queens are placed before the search, so
the rows order does not branch on their rows. Node counts: `promising_nodes` is the root
plus every placement, `nodes_checked` adds every removal (as in the propagate order).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import BinaryIO

from ..result import Deadline
from ..spec import Spec
from . import propagate
from .backtrack_facts import ORDERS
from .base import Emitter

try:
    import nqueens._propagate as _kernel
except ImportError:  # no C compiler at install time: the Python twin below
    _kernel = None  # type: ignore[assignment]

_POLL_EVERY = 1 << 14  # placements between deadline checks (as in the C loop)
#: The largest board the C search logs (its sets of decisions are fixed-size bitsets);
#: beyond it the Python twin writes the same proof.
C_MAX_N = 4096
_BUFFER = 1 << 20  # bytes of proof text held before a write


class DratText:
    """Proof lines in DRAT text form, buffered into a binary file: "-3 -7 0" adds a
    clause, "d -3 -7 0" deletes one, "0" is the empty clause."""

    __slots__ = ("_held", "_parts", "added", "deleted", "out")

    def __init__(self, out: BinaryIO) -> None:
        self.out = out
        self._parts: list[str] = []
        self._held = 0
        self.added = 0
        self.deleted = 0

    def add(self, lits: Sequence[int]) -> None:
        self.added += 1
        self._line("", lits)

    def delete(self, lits: Sequence[int]) -> None:
        self.deleted += 1
        self._line("d ", lits)

    def _line(self, prefix: str, lits: Sequence[int]) -> None:
        text = prefix + "".join(f"{lit} " for lit in lits) + "0\n"
        self._parts.append(text)
        self._held += len(text)
        if self._held >= _BUFFER:
            self.flush()

    def flush(self) -> None:
        self.out.write("".join(self._parts).encode("ascii"))
        self._parts.clear()
        self._held = 0


def proving_search(
    spec: Spec, order: str, emitter: Emitter, deadline: Deadline | None, proof: BinaryIO,
    *, use_c: bool = True,
) -> tuple[bool, bool, dict[str, int]]:
    """Search `spec` in `order` writing the proof to `proof` (a binary file; written at its
    current position), sending solutions to `emitter`. The proof is complete (it ends with
    the empty clause) when the search is exhausted. The propagate order runs in C when
    `_propagate` was built and `use_c`.

    Returns (exhausted, timed_out, stats); stats adds `proof_added` and `proof_deleted`,
    the proof's lines of each kind.

    Raises:
        InputError: an unknown order, or the propagate order on another variant.
        OSError: the proof could not be written.
    """
    if order not in ORDERS:
        from ..errors import InputError

        raise InputError(f"unknown search order {order!r}; choose one of: {', '.join(ORDERS)}")
    if order == "propagate":
        propagate.check_variant(spec)
    n = spec.n
    fixed = [r * n + c for r, c in spec.fixed]
    forbidden = [r * n + c for r, c in spec.forbidden]
    poll: Callable[[], bool] | None = deadline.expired if deadline is not None else None
    if order == "propagate" and use_c and _kernel is not None and n <= C_MAX_N:
        proof.flush()
        status, placements, removals, added, deleted = _kernel.search_logged(
            n, fixed, forbidden, emitter.emit, proof.fileno(), poll)
        if proof.seekable():  # C wrote past the file object's idea of its position
            proof.seek(0, io.SEEK_END)
    else:
        writer = DratText(proof)
        search = _Search(spec, order, writer)
        status, placements, removals = search.run(fixed, forbidden, emitter.emit, poll)
        writer.flush()
        added, deleted = writer.added, writer.deleted
    stats = {"promising_nodes": 1 + placements, "nodes_checked": 1 + placements + removals,
             "proof_added": added, "proof_deleted": deleted}
    return status == 0, status == 1, stats


class _Search:
    """The place / remove search with reasons (`_propagate.c`'s logged_t and run_logged,
    generalised to the three orders and to any variant's lines)."""

    def __init__(self, spec: Spec, order: str, out: DratText) -> None:
        n = self.n = spec.n
        self.spec = spec
        self.order = order
        self.out = out
        self.free = bytearray(b"\x01") * (n * n)
        self.count = [n] * (2 * n)  # free cells of row r (r) and column c (n + c)
        self.done = [False] * (2 * n)
        self.queen = [0] * n
        self.trail: list[int] = []
        # why a cell left the board: -1 the root, j > 0 the queen at depth j, -2 - k removal k
        self.why = [-1] * (n * n)
        self.qset = [0] * (n + 1)  # the decisions behind the queen at depth j (bit j: itself)
        self.qcell = [0] * (n + 1)
        self.placed_mark = [0] * (n + 1)
        self.cstart = [0] * (n + 1)  # clause stack's length when depth j was entered
        self.line_at = [-1] * (n + 1)  # first-fail: the row depth j branches on
        self.rsets: list[int] = []  # the removals' reasons, in trail order
        self.clauses: list[list[int]] = []  # written clauses of open nodes, deepest last
        self.centre = sorted(range(n), key=lambda k: (abs(2 * k - (n - 1)), k))
        self._attacked: dict[int, tuple[int, ...]] = {}

    # --- the board ---------------------------------------------------------------------

    def attacked(self, cell: int) -> tuple[int, ...]:
        """The cells sharing a line of the variant with `cell`, itself included."""
        cells = self._attacked.get(cell)
        if cells is None:
            n, spec = self.n, self.spec
            r, c = divmod(cell, n)
            found = {cell, *range(r * n, r * n + n), *range(c, n * n, n)}
            for line_id in spec.line_ids_of((r, c)):
                found.update(r2 * n + c2 for r2, c2 in spec.lines[line_id].cells)
            cells = tuple(sorted(found))
            self._attacked[cell] = cells
        return cells

    def take(self, cell: int, why: int) -> None:
        n = self.n
        self.free[cell] = 0
        self.count[cell // n] -= 1
        self.count[n + cell % n] -= 1
        self.trail.append(cell)
        self.why[cell] = why

    def place(self, cell: int, why: int) -> None:
        free = self.free
        for k in self.attacked(cell):
            if free[k]:
                self.take(k, why)
        r, c = divmod(cell, self.n)
        self.done[r] = self.done[self.n + c] = True
        self.queen[r] = c

    def undo_to(self, mark: int) -> None:
        n, free, count, trail, why = self.n, self.free, self.count, self.trail, self.why
        while len(trail) > mark:
            cell = trail.pop()
            free[cell] = 1
            count[cell // n] += 1
            count[n + cell % n] += 1
            if why[cell] <= -2:
                del self.rsets[-why[cell] - 2:]

    def cells_of(self, line: int) -> range:
        n = self.n
        return range(line * n, line * n + n) if line < n else range(line - n, n * n, n)

    def reason(self, cell: int) -> int:
        w = self.why[cell]
        return 0 if w == -1 else self.qset[w] if w > 0 else self.rsets[-w - 2]

    def explain(self, line: int, except_cell: int = -1) -> int:
        """The decisions behind the taken cells of `line` (all but `except_cell`)."""
        found = 0
        for cell in self.cells_of(line):
            if cell != except_cell:
                found |= self.reason(cell)
        return found

    # --- the orders' choices -----------------------------------------------------------

    def choose(self, depth: int) -> int:
        """The line to branch on next: -1 when none is open (a solution)."""
        n, count, done = self.n, self.count, self.done
        if self.order == "propagate":  # _propagate.c's tightest()
            best, best_count = -1, n * n + 1
            for line in range(2 * n):
                if done[line] or count[line] >= best_count:
                    continue
                best, best_count = line, count[line]
                if best_count == 0:
                    break
            return best
        if self.order == "rows":
            return next((r for r in range(n) if not done[r]), -1)
        sticky = self.line_at[depth]  # first-fail: a row is tried until it is exhausted
        if sticky >= 0:
            return sticky
        open_rows = [r for r in range(n) if not done[r]]
        return min(open_rows, key=lambda r: (count[r], r), default=-1)

    def pick(self, line: int) -> int:
        n, free, count = self.n, self.free, self.count
        if self.order == "rows":
            return next(cell for cell in self.cells_of(line) if free[cell])
        if self.order == "first-fail":
            return next(line * n + k for k in self.centre if free[line * n + k])
        best, best_count = -1, n * n + 1  # _propagate.c's pick()
        for k in self.centre:
            cell, crossing = (line * n + k, count[n + k]) if line < n else (k * n + line - n, count[k])
            if free[cell] and crossing < best_count:
                best, best_count = cell, crossing
        return best

    # --- the search ---------------------------------------------------------------------

    def run(  # noqa: C901 - run_logged of _propagate.c, statement for statement
        self, fixed: list[int], forbidden: list[int], sink: Callable[[tuple[int, ...]], bool],
        poll: Callable[[], bool] | None,
    ) -> tuple[int, int, int]:
        """(status, placements, removals): status 0 exhausted, 1 stopped by `poll`, 2 by
        `sink`."""
        n, out, qset, qcell = self.n, self.out, self.qset, self.qcell
        for cell in forbidden:
            if self.free[cell]:
                self.take(cell, -1)
        for cell in fixed:
            if not self.free[cell]:  # two fixed queens, or a fixed and a forbidden cell
                out.add(())
                return 0, 0, 0
            self.place(cell, -1)
        depth = placements = removals = 0
        status, fresh = 0, False
        while True:
            line, leaf = self.choose(depth), -1
            if line < 0:
                if not sink(tuple(self.queen)):
                    status = 2
                    break
                explained = 0
                for j in range(1, depth + 1):
                    explained |= qset[j]
            elif self.count[line] == 0:
                explained = self.explain(line)
                if fresh:
                    leaf = line
            else:
                cell = self.pick(line)
                forced = self.count[line] == 1
                self.line_at[depth] = -1 if forced else line
                depth += 1
                qcell[depth] = cell
                self.placed_mark[depth] = len(self.trail)
                self.cstart[depth] = len(self.clauses)
                self.line_at[depth] = -1
                qset[depth] = self.explain(line, cell) if forced else 1 << depth
                self.place(cell, depth)
                placements += 1
                fresh = not forced
                if poll is not None and placements % _POLL_EVERY == 0 and poll():
                    status = 1
                    break
                continue
            # a conflict, explained by the decisions in `explained`
            j = explained.bit_length() - 1
            if j < 0:  # the root's unit propagation refutes the CNF
                out.add(())
                break
            lits = [-(qcell[i] + 1) for i in range(1, j + 1) if explained >> i & 1]
            skip = leaf >= 0 and j == depth and sum(self.why[c] == j for c in self.cells_of(leaf)) == 1
            if not skip:
                out.add(lits)
            for clause in self.clauses[self.cstart[j]:]:  # the closed nodes' children
                out.delete(clause)
            del self.clauses[self.cstart[j]:]
            if not skip and len(lits) >= 2:  # a unit is never deleted (checkers ignore that)
                self.clauses.append(lits)
            self.undo_to(self.placed_mark[j])
            for i in range(j, depth + 1):
                r, c = divmod(qcell[i], n)
                self.done[r] = self.done[n + c] = False
            depth = j - 1
            self.rsets.append(explained & ~(1 << j))
            self.take(qcell[j], -1 - len(self.rsets))
            removals += 1
            fresh = False
        return status, placements, removals
