"""What one worker does with one subproblem: the tasks the run loop hands out.

A task is a picklable module-level function
`task(base, sub, backend, options, deadline=None) -> (count, seconds[, extras])`.
`count` is what enters the total after multiplying by `sub.weight` (a task that weighs
its own result, e.g. one symmetry-class representative, uses subproblems of weight 1).
`extras` are integers summed over tasks (e.g. "canonical"); "unfinished": 1 marks a count
the deadline cut short (a lower bound, never recorded in a ledger). `deadline` (the
caller's own, whose stop reaches a solver at once) is given only to tasks run inline; in
worker processes `options["deadline_at"]` (monotonic time, shared by the processes of one
machine) bounds the work, on a cluster `options["deadline_wall"]` (the epoch's seconds, as
far off as the machines' clocks disagree). No solver imports here:
the solver task imports the backend inside the worker.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ..bitboard import count_class_start, count_masks, initial_rows, kernel_available
from ..joins import join_available
from ..result import Deadline
from ..spec import Spec
from .partition import Subproblem

#: Below these sizes a process pool costs more to start than the whole bitboard count takes.
BITBOARD_PARALLEL_FROM_N = 15 if kernel_available() else 11

#: Below this size the join of partial boards takes less time than a process pool costs
#: to start (compiled; the Python join never pays for one below its reach).
JOIN_PARALLEL_FROM_N = 17 if join_available() else 13

#: Options that carry the time limit to a task, not to the backend.
_DEADLINE_KEYS = ("deadline_at", "deadline_wall", "stop_event")

#: The signature every task has (see the module docstring).
Task = Callable[..., tuple[Any, ...]]


@contextmanager
def _deadline(options: dict[str, Any], deadline: Deadline | None) -> Iterator[Deadline]:
    """The task's deadline: the caller's own inline, else the time limit in `options`,
    stopped early too when the pool or cluster asks its running tasks to stop."""
    if deadline is not None:
        yield deadline
        return
    at = options.get("deadline_at")
    wall = options.get("deadline_wall")
    if at is None and wall is not None:  # a cluster task: this machine's clock
        at = time.monotonic() + (wall - time.time())
    from .executors import release, task_deadline  # a pool's machinery: not at start-up

    own = task_deadline(at)
    stop_key = options.get("stop_event")
    unwatch = None
    if stop_key:  # a task on a Dask cluster (importing cluster costs a local count time)
        from .cluster import watch_cluster_stop

        unwatch = watch_cluster_stop(stop_key, own)
    try:
        yield own
    finally:
        if unwatch is not None:
            unwatch()
        release(own)


def solver_task(
    base: Spec, sub: Subproblem, backend: str, options: dict[str, Any],
    deadline: Deadline | None = None,
) -> tuple[int, float, dict[str, int]]:
    """Count one subproblem with any exhaustive backend's own search."""
    from ..backends import get_backend
    from ..result import Status

    started = time.perf_counter()
    solver_options = {k: v for k, v in options.items() if k not in _DEADLINE_KEYS}
    with _deadline(options, deadline) as deadline:
        if deadline.expired():
            return 0, 0.0, {"unfinished": 1}
        outcome = get_backend(backend, **solver_options).search(sub.spec(base), None,
                                                                deadline=deadline)
    if outcome.status is Status.COMPLETE:
        return outcome.count, time.perf_counter() - started, {}
    if outcome.status is Status.TIMEOUT or deadline.expired():
        return outcome.count, time.perf_counter() - started, {"unfinished": 1}
    raise RuntimeError(f"subproblem {sub.key} did not complete: {outcome.status.value}")


def bitboard_task(
    base: Spec, sub: Subproblem, backend: str, options: dict[str, Any],
    deadline: Deadline | None = None,
) -> tuple[int, float, dict[str, int]]:
    """One subproblem's bitboard walk (queens variant; a class start of a "classes" plan by
    the per-class walk). The extras carry the canonical solutions (plain bases), the promising
    nodes of a walk over the whole board (the empty prefix), and whether the deadline cut the walk short."""
    started = time.perf_counter()
    if sub.start:  # a class start: the walk weighs each representative itself
        with _deadline(options, deadline) as stop:
            found = count_class_start(base.n, sub.class_start, should_stop=stop.expired)
        return found.total, time.perf_counter() - started, {
            "canonical": found.unique, "unfinished": 0 if found.complete else 1}
    spec = sub.spec(base)
    with _deadline(options, deadline) as stop:
        walk = count_masks(spec.n, initial_rows(spec), canonical=base.is_plain,
                           should_stop=stop.expired)
    extras = {"canonical": walk.canonical, "unfinished": 0 if walk.complete else 1}
    if not sub.prefix:
        extras["promising_nodes"] = walk.promising_nodes
    return walk.solutions, time.perf_counter() - started, extras


def join_task(
    base: Spec, sub: Subproblem, backend: str, options: dict[str, Any],
    deadline: Deadline | None = None,
) -> tuple[int, float, dict[str, int]]:
    """One part of the join of a plain board (`joins.count`: the units offset, offset +
    stride, ...; they carry their own symmetry weights). The quarter tables are built once
    per process and size, so a worker's later parts start at once."""
    from ..joins import count as join_count

    started = time.perf_counter()
    offset, stride = sub.join_part
    with _deadline(options, deadline) as stop:
        found = join_count(base.n, offset, stride, should_stop=stop.expired)
    return found.total, time.perf_counter() - started, {"unfinished": 0 if found.complete else 1}


def task_for(spec: Spec, backend: str, options: dict[str, Any] | None = None) -> Task:
    """The fastest task that counts `spec` exactly on `backend`'s terms: the bitboard walk
    where the backend's registry row allows that counting route, else its own search."""
    from ..backends import backend_info
    from ..bitboard import supports

    if supports(spec) and backend_info(backend).counts_by("bitboard", options or {}):
        return bitboard_task
    return solver_task
