"""Seed 004's strategy: generate the permutations of the columns (one queen per row and per
column by construction) and abandon a partial permutation as soon as a queen shares a
diagonal with an earlier one, tracked as sets of used diagonals (row + col, row - col).

Generalised to every variant by taking the "diagonal sets" from the spec's lines: each queen
claims the ids of its lines other than its row and column, and a partial permutation is cut
when it claims an id twice. Fixed and forbidden cells narrow each row's candidate columns.
Explicit stack, no recursion, as in the seed. No solver imports.
"""

from __future__ import annotations

import time
from typing import ClassVar

from ..bitboard import initial_rows
from ..result import Deadline, Outcome, SolutionSink
from ..spec import Spec
from .base import Emitter


class _OutOfTime(Exception):
    """The deadline passed while the claims were still being built."""


def claims(spec: Spec, deadline: Deadline | None = None) -> list[list[frozenset[int]]]:
    """claims[row][col]: ids of the lines through (row, col) other than rows and columns.
    Building them takes n^2 steps, so `deadline` is checked once per row."""
    n = spec.n
    out: list[list[frozenset[int]]] = [[frozenset() for _ in range(n)] for _ in range(n)]
    for r in range(n):
        if deadline is not None and deadline.expired():
            raise _OutOfTime
        for c in range(n):
            out[r][c] = frozenset(
                line_id for line_id in spec.line_ids_of((r, c))
                if spec.lines[line_id].kind not in ("row", "column")
            )
    return out


def candidates(spec: Spec) -> list[tuple[int, ...]]:
    """Columns each row may take: the fixed column, or every column neither forbidden nor
    attacked by a fixed queen (the same narrowing the backtracker starts from)."""
    return [
        tuple(c for c in range(spec.n) if mask >> c & 1) for mask in initial_rows(spec)
    ]


class PermutationBackend:
    """Column permutations pruned by used-diagonal sets (the textbook's seed program)."""

    name: ClassVar[str] = "permutation"

    def search(
        self,
        spec: Spec,
        on_solution: SolutionSink | None = None,
        *,
        limit: int | None = None,
        deadline: Deadline | None = None,
    ) -> Outcome:
        started = time.perf_counter()
        emitter = Emitter(on_solution, limit)
        n = spec.n
        try:
            line_claims = claims(spec, deadline)
        except _OutOfTime:
            return Outcome(status=emitter.status(False, True), count=0,
                           elapsed=time.perf_counter() - started, backend=self.name,
                           stats={"partial_permutations": 0})
        allowed = candidates(spec)
        # Each entry: the permutation so far, the columns still unused, the line ids claimed.
        # Children are pushed in reverse so that they are popped in increasing column order,
        # giving solutions in lexicographic order like the backtracker.
        stack: list[tuple[tuple[int, ...], frozenset[int], frozenset[int]]] = [
            ((), frozenset(range(n)), frozenset())
        ]
        exhausted = timed_out = False
        popped = 0
        while True:
            if not stack:
                exhausted = True
                break
            prefix, unused, used = stack.pop()
            row = len(prefix)
            if row == n:
                if not emitter.emit(prefix):
                    break
                continue
            popped += 1
            # every pop: a pop costs O(n) set copies, far more than reading the clock
            if deadline is not None and deadline.expired():
                timed_out = True
                break
            for col in reversed(allowed[row]):
                if col in unused and used.isdisjoint(line_claims[row][col]):
                    stack.append((prefix + (col,), unused - {col}, used | line_claims[row][col]))
        return Outcome(
            status=emitter.status(exhausted, timed_out),
            count=emitter.count,
            elapsed=time.perf_counter() - started,
            backend=self.name,
            stats={"partial_permutations": popped},
        )
