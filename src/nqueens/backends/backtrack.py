"""The hand-written backtracker: row by row, columns in increasing order, as the textbook's
`queens(i)` / `promising(i)`, with no solver library.

It is generic over the spec's lines: placing a queen clears, in every later row, the
columns that share a line with it, so `promising` is one bit test and any variant, fixed
queen or forbidden cell is handled by the same code. It counts the textbook's statistics:
nodes checked (every child examined, the root included) and promising nodes.

A pure count of a queens spec is not this search's job: the counting engine's bitboard
route (`counting.routes`) counts the same boards without meeting each solution.
"""

from __future__ import annotations

import time
from typing import BinaryIO, ClassVar

from ..bitboard import AttackMasks, initial_rows
from ..result import Deadline, Outcome, SolutionSink
from ..spec import Spec
from .backtrack_facts import DEFAULT_ORDER, ORDERS
from .base import Emitter

_CHECK_EVERY = 1 << 12  # nodes between deadline checks


class BacktrackBackend:
    """Depth-first search over rows with a promising check; see the module docstring."""

    name: ClassVar[str] = "backtrack"

    def __init__(self, fast: bool = True, order: str = DEFAULT_ORDER) -> None:
        """`fast=False` keeps pure counts on this instrumented search instead of the
        engine's bitboard route (for comparisons; the plan reads it from the registry);
        `order`: "rows" (the textbook's), "first-fail" (`firstfail.py`) or "propagate"
        (rows and columns with propagation, `propagate.py`).

        Raises:
            InputError: an unknown order.
        """
        if order not in ORDERS:
            from ..errors import InputError

            raise InputError(f"unknown search order {order!r}; choose one of: {', '.join(ORDERS)}")
        self.fast = fast
        self.order = order

    def search_proving(
        self,
        spec: Spec,
        on_solution: SolutionSink | None = None,
        *,
        limit: int | None = None,
        deadline: Deadline | None = None,
        proof: BinaryIO,
    ) -> Outcome:
        """`search` in this order writing its own DRAT proof to `proof` (`proving.py`): the
        same solutions in the same order; the nodes a jump back over a refuted subtree
        skips are not counted."""
        from .proving import proving_search

        started = time.perf_counter()
        emitter = Emitter(on_solution, limit)
        exhausted, timed_out, stats = proving_search(spec, self.order, emitter, deadline, proof)
        return Outcome(status=emitter.status(exhausted, timed_out), count=emitter.count,
                       elapsed=time.perf_counter() - started, backend=self.name,
                       stats={**stats, "order": self.order})

    def search(
        self,
        spec: Spec,
        on_solution: SolutionSink | None = None,
        *,
        limit: int | None = None,
        deadline: Deadline | None = None,
    ) -> Outcome:
        if spec.is_open:  # a posed problem: cell by cell, its lines' bounds propagated
            from .backtrack_posed import POSED
            from .posed import search_posed

            return search_posed(POSED, spec, on_solution, limit, deadline)
        started = time.perf_counter()
        emitter = Emitter(on_solution, limit)
        if self.order != "rows":
            if self.order == "first-fail":
                from .firstfail import first_fail_search as other_search
            else:
                from .propagate import propagate_search as other_search
            exhausted, timed_out, stats = other_search(spec, emitter, deadline)
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
            child = tuple(a & m for a, m in zip(rows_at[depth][1:], below, strict=True))
            nodes_checked += n
            depth += 1
            rows_at[depth] = child
            todo[depth] = child[0]
            ticks += 1
            if deadline is not None and ticks % _CHECK_EVERY == 0 and deadline.expired():
                timed_out = True
                break
        row_stats: dict[str, int | str] = {
            "nodes_checked": nodes_checked, "promising_nodes": promising, "order": "rows"}
        return Outcome(
            status=emitter.status(exhausted, timed_out),
            count=emitter.count,
            elapsed=time.perf_counter() - started,
            backend=self.name,
            stats=row_stats,
        )
