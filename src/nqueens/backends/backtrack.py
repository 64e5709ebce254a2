"""The hand-written backtracker: row by row, columns in increasing order, as the textbook's
`queens(i)` / `promising(i)`, with no solver library.

It is generic over the spec's lines: placing a queen clears, in every later row, the
columns that share a line with it, so `promising` is one bit test and any variant, fixed
queen or forbidden cell is handled by the same code. It counts the textbook's statistics:
nodes checked (every child examined, the root included) and promising nodes.

A pure count (no solution callback, no limit) of a queens spec takes the fast route
instead (`counting.fastsplit`: compiled bitboard kernel, mirror symmetry, optional processes); it
gives the same counts (checked in tests) plus the fundamental count for plain specs.
"""

from __future__ import annotations

import time
from typing import ClassVar

from ..result import Deadline, Outcome, SolutionSink
from ..spec import Spec
from ..bitboard import AttackMasks, initial_rows
from .base import Emitter, refuse_oversized

_CHECK_EVERY = 1 << 12  # nodes between deadline checks
#: Search orders of the instrumented search: the textbook's, and fewest-free-cells-first.
ORDERS = ("rows", "first-fail")
MAX_N = 3000  # Spec.lines holds about 4n^2 cells as Python tuples (n = 3000: some GB)


class BacktrackBackend:
    """Depth-first search over rows with a promising check; see the module docstring."""

    name: ClassVar[str] = "backtrack"

    def __init__(self, jobs: int = 1, fast: bool = True, order: str = "rows") -> None:
        """`jobs`: processes for the fast counting route (0: all cores); `fast=False`
        always walks the instrumented search (for comparisons); `order`: "rows" (the
        textbook's) or "first-fail" (`firstfail.py`; never takes the fast route, so its
        node counts are its own).

        Raises:
            InputError: an unknown order.
        """
        if order not in ORDERS:
            from ..errors import InputError

            raise InputError(f"unknown search order {order!r}; choose one of: {', '.join(ORDERS)}")
        self.jobs = jobs
        self.fast = fast
        self.order = order

    def search(
        self,
        spec: Spec,
        on_solution: SolutionSink | None = None,
        *,
        limit: int | None = None,
        deadline: Deadline | None = None,
    ) -> Outcome:
        refuse_oversized(spec, self.name, MAX_N)
        if (self.fast and self.order == "rows" and on_solution is None and limit is None
                and spec.variant == "queens"):
            return self._count_fast(spec, deadline)
        started = time.perf_counter()
        emitter = Emitter(on_solution, limit)
        if self.order == "first-fail":
            from .firstfail import first_fail_search

            exhausted, timed_out, stats = first_fail_search(spec, emitter, deadline)
            return Outcome(
                status=emitter.status(exhausted, timed_out),
                count=emitter.count,
                elapsed=time.perf_counter() - started,
                backend=self.name,
                stats={**stats, "order": self.order},
            )
        n = spec.n
        masks = AttackMasks(spec)
        cols = [0] * n
        # rows_at[d]: free-column masks of rows d..n-1 given the queens in rows 0..d-1
        rows_at: list[tuple[int, ...]] = [tuple(initial_rows(spec))] + [()] * n
        todo = [0] * (n + 1)  # columns of row d still to try
        todo[0] = rows_at[0][0]
        nodes_checked, promising = 1 + n, 1  # the root is checked, promising, and has n children
        depth, exhausted, timed_out, ticks = 0, False, False, 0
        while True:
            bits = todo[depth]
            if not bits:
                if depth == 0:
                    exhausted = True
                    break
                depth -= 1
                continue
            bit = bits & -bits
            todo[depth] = bits ^ bit
            col = bit.bit_length() - 1
            cols[depth] = col
            promising += 1
            if depth == n - 1:
                if not emitter.emit(tuple(cols)):
                    break
                continue
            below = masks.below(depth, col)
            child = tuple(a & m for a, m in zip(rows_at[depth][1:], below))
            nodes_checked += n
            depth += 1
            rows_at[depth] = child
            todo[depth] = child[0]
            ticks += 1
            if deadline is not None and ticks % _CHECK_EVERY == 0 and deadline.expired():
                timed_out = True
                break
        stats = {"nodes_checked": nodes_checked, "promising_nodes": promising, "order": "rows"}
        return Outcome(
            status=emitter.status(exhausted, timed_out),
            count=emitter.count,
            elapsed=time.perf_counter() - started,
            backend=self.name,
            stats=stats,
        )

    def _count_fast(self, spec: Spec, deadline: Deadline | None) -> Outcome:
        """The bitboard walk through the counting engine: a plain board by its symmetry
        plan (total and fundamental count in one pass), any other queens spec in one walk
        (with the textbook statistics) or, over processes, split by rows."""
        from ..bitboard import kernel_available
        from ..counting import tasks
        from ..counting.engine import count_split
        from ..counting.executors import default_jobs
        from ..counting.plan import symmetric_kind

        jobs = self.jobs if self.jobs >= 1 else default_jobs()
        if spec.n < tasks.BITBOARD_PARALLEL_FROM_N:
            jobs = 1
        kind = symmetric_kind(spec)
        found = count_split(
            spec, backend=self.name, executor="local" if jobs > 1 else "inline", jobs=jobs,
            kind=kind, depth=0 if kind == "rows" and jobs == 1 else None,
            task=tasks.bitboard_task, deadline=deadline, check=False,
        )
        stats: dict[str, int | float | str] = {
            "walk": "kernel" if kernel_available() else "python-bitboard",  # top-level "route" is auto's
            "subproblems": found.stats["tasks"],
            "jobs": jobs,
            **found.stats,
        }
        if "promising_nodes" in stats:  # walked whole in one piece
            stats["nodes_checked"] = 1 + spec.n * (int(stats["promising_nodes"]) - found.count)
        return Outcome(
            status=found.status,
            count=found.count,
            elapsed=found.elapsed,
            backend=self.name,
            stats=stats,
        )
