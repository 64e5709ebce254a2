"""The backtracker's counting route: the bitboard walk of `fastcount` run on disjoint
subproblems, inline or over a process pool (`parallel.count_split`).

A plain spec (no fixed or forbidden cell) is searched once per mirror pair of first-row
columns (`subproblems.split_mirror`, weights 2 and 1), and every walk also counts the
canonical solutions, so one pass yields the total and the fundamental count. Any other
queens spec is split without symmetry. The deadline is checked between subproblems and,
inside each walk, by polling. No solver imports.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ..bitboard import initial_rows
from ..bitboard import count_masks, kernel_available
from ..result import Deadline
from ..spec import Spec
from .plan import Subproblem, default_depth, mirror_depth, split, split_mirror

#: Below these sizes a process pool costs more to start than the whole count takes.
PARALLEL_FROM_N = 15 if kernel_available() else 11
_TASKS_PER_JOB = 8  # enough subproblems per worker to balance their uneven sizes


@dataclass(frozen=True, slots=True)
class FastCount:
    """A count by the fast route. `unique` (fundamental solutions) is known for plain
    specs only; `promising_nodes` only when the tree was walked whole in one piece."""

    total: int
    complete: bool
    unique: int | None
    promising_nodes: int | None
    subproblems: int
    jobs: int
    seconds: float


def count_fast(spec: Spec, *, jobs: int = 1, deadline: Deadline | None = None) -> FastCount:
    """Count the queens spec's solutions with the kernel (or its Python fallback).

    Args:
        spec: a spec of the queens variant (`fastcount.supports`).
        jobs: worker processes (0: all cores); 1 counts in this process. Small boards
            always run inline.
        deadline: stop when it passes; the count is then a lower bound (complete=False).
    """
    started = time.perf_counter()
    deadline = deadline or Deadline(None)
    if spec.n < PARALLEL_FROM_N:
        jobs = 1
    elif jobs < 1:
        from .pool import default_jobs

        jobs = default_jobs()
    if not spec.is_plain and jobs == 1:
        walk = count_masks(spec.n, initial_rows(spec), should_stop=deadline.expired)
        return FastCount(walk.solutions, walk.complete, None, walk.promising_nodes, 1, 1,
                         time.perf_counter() - started)
    if spec.is_plain:
        depth = 1 if jobs == 1 else mirror_depth(spec, _TASKS_PER_JOB * jobs)
        subs = split_mirror(spec, depth)
    else:
        subs = split(spec, default_depth(spec, _TASKS_PER_JOB * jobs))
    options = {"deadline_at": deadline.at}
    if jobs == 1:  # inline, without paying for importing multiprocessing
        total = canonical = 0
        complete = True
        for sub in subs:
            # the caller's own deadline, so that a stop (Ctrl-C, the CLI's guard) ends the
            # walk at once and its partial count is kept
            sub_spec = sub.spec(spec)
            walk = count_masks(sub_spec.n, initial_rows(sub_spec), canonical=spec.is_plain,
                               should_stop=deadline.expired)
            total += sub.weight * walk.solutions
            canonical += walk.canonical
            if not walk.complete or deadline.expired():
                complete = sub is subs[-1] and walk.complete
                break
    else:
        from .pool import count_split

        result = count_split(spec, subs, backend="backtrack", options=options, jobs=jobs,
                             task=count_subproblem_fast, should_stop=deadline.expired)
        total, canonical = result.total, result.extras.get("canonical", 0)
        complete = result.complete and not result.extras.get("unfinished", 0)
    unique = canonical if spec.is_plain else None
    return FastCount(total, complete, unique, None, len(subs), jobs,
                     time.perf_counter() - started)


def count_subproblem_fast(
    base: Spec, sub: Subproblem, backend: str, options: dict[str, Any]
) -> tuple[int, float, dict[str, int]]:
    """One subproblem's walk (a `parallel.Task`; runs in a worker process). The extras carry
    the canonical solutions (plain bases) and whether the deadline cut the walk short."""
    started = time.perf_counter()
    deadline = Deadline(None)
    deadline.at = options.get("deadline_at")  # monotonic time is shared by local processes
    spec = sub.spec(base)
    walk = count_masks(spec.n, initial_rows(spec), canonical=base.is_plain,
                       should_stop=deadline.expired)
    extras = {"canonical": walk.canonical, "unfinished": 0 if walk.complete else 1}
    return walk.solutions, time.perf_counter() - started, extras
