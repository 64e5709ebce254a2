"""The counting route "bitboard": the bitboard walk, no solution met one by one.

A plain board is walked one representative per symmetry class (the total and the
fundamental count in one pass: `bitboard.count_class_start`), any other queens spec in one
walk with the textbook's statistics, or over processes split by rows. It serves the
backends whose counts may take it (the backtracker in its textbook row order). No solver
imports.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from ..bitboard import count_class_start, count_masks, initial_rows, kernel_available, supports
from ..result import Deadline, Outcome
from ..spec import Spec

if TYPE_CHECKING:  # the partitions are loaded by a count (the plan reads this route at start-up)
    from .partition import Subproblem
    from .tasks import TaskLimit
from .route import Ask, Count, CountingRoute, Fit, Split

#: Below this size a process pool costs more to start than the whole walk takes.
PARALLEL_FROM_N = 15 if kernel_available() else 11


def bitboard_task(
    base: Spec, sub: Subproblem, backend: str, options: dict[str, Any], limit: TaskLimit,
    deadline: Deadline | None = None,
) -> tuple[int, float, dict[str, int]]:
    """One subproblem's bitboard walk (queens variant; a class start of a "classes"
    partition by the per-class walk). The extras carry the canonical solutions (plain
    bases), the promising nodes of a walk over the whole board (the empty prefix), and
    whether the deadline cut the walk short."""
    from .tasks import task_deadline  # a count's, not the plan's at start-up

    started = time.perf_counter()
    if sub.start:  # a class start: the walk weighs each representative itself
        with task_deadline(limit, deadline) as stop:
            found = count_class_start(base.n, sub.class_start, should_stop=stop.expired)
        return found.total, time.perf_counter() - started, {
            "canonical": found.unique, "unfinished": 0 if found.complete else 1}
    spec = sub.spec(base)
    with task_deadline(limit, deadline) as stop:
        walk = count_masks(spec.n, initial_rows(spec), canonical=base.is_plain,
                           should_stop=stop.expired)
    extras = {"canonical": walk.canonical, "unfinished": 0 if walk.complete else 1}
    if not sub.prefix:
        extras["promising_nodes"] = walk.promising_nodes
    return walk.solutions, time.perf_counter() - started, extras


def symmetric_partition(spec: Spec) -> str:
    """The partition that uses the board's symmetry when the spec allows it: a plain board's
    class starts, else rows (the one place to change for a finer symmetry split)."""
    return "classes" if spec.is_plain else "rows"


def _fit(ask: Ask) -> Fit | None:
    """Queens specs the kernel's masks hold, for a backend whose counts walk; the
    fundamental count of a plain board comes in the same pass. All cores from
    PARALLEL_FROM_N (below, one process whatever was asked)."""
    if ask.per_solution or not (supports(ask.spec) and ask.info.counts_by("bitboard", ask.options)):
        return None
    if ask.unique and not ask.spec.is_plain:
        return None  # the classes of a constrained board come from meeting every solution
    if ask.spec.n < PARALLEL_FROM_N:
        return Fit("bitboard", 1)
    from .executors import default_jobs

    return Fit("bitboard", ask.jobs or default_jobs())


def _run(count: Count) -> Outcome:
    """The walk through the engine: a plain board by its symmetry classes, any other
    queens spec in one walk (with the textbook statistics) or, over processes, by rows."""
    from .engine import count_parts

    spec, jobs = count.spec, count.jobs
    partition = symmetric_partition(spec)
    started = time.perf_counter()
    found = count_parts(
        spec, backend=count.backend, task=bitboard_task, partition=partition, jobs=jobs,
        split=Split("local" if jobs > 1 else "inline",
                    depth=0 if partition == "rows" and jobs == 1 else None),
        deadline=count.deadline)
    stats: dict[str, int | float | str] = {
        "walk": "kernel" if kernel_available() else "python-bitboard",
        "subproblems": found.stats["tasks"],
        "jobs": jobs,
        **found.stats,
    }
    if "promising_nodes" in stats:  # walked whole in one piece
        stats["nodes_checked"] = 1 + spec.n * (int(stats["promising_nodes"]) - found.count)
    return Outcome(found.status, found.count, elapsed=time.perf_counter() - started,
                   backend=count.backend, stats=stats)


ROUTE = CountingRoute("bitboard", "bitboard walk", _fit, _run, partition=symmetric_partition,
                      task=bitboard_task)
