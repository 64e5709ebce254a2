"""Counting one spec as subproblem tasks sized for the workers that run them.

Chooses the split depth (enough tasks to keep every worker busy and balance uneven
subtrees, not so many that scheduling dominates), runs them with `parallel.count_split`
on the local process pool or a Dask cluster (`cluster.py`), and reports the outcome with
task statistics. Callers' `on_done` (progress, checkpoints) sees every finished task on
either executor. No solver imports.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any

from ..backends import get_backend
from .pool import DoneCallback, count_split, default_jobs
from ..result import Deadline, Outcome, Status
from ..spec import Spec
from .plan import Subproblem, default_depth, split

#: Tasks per worker slot the automatic depth aims for at least: a worker that draws a
#: large subtree last leaves the others idle for at most ~1/10 of its share.
TASKS_PER_SLOT = 10

EXECUTORS = ("local", "dask")


def choose_depth(spec: Spec, slots: int) -> int:
    """The smallest split depth giving at least TASKS_PER_SLOT tasks per worker slot.

    Each level multiplies the task count by about the free columns of a row, so the
    result lands between 10x and ~n x 10x the slots; a single slot needs no split.
    """
    if slots <= 1:
        return 0
    return default_depth(spec, TASKS_PER_SLOT * slots)


class TaskTimes:
    """Per-task seconds as count_split reports them: how many, mean, max."""

    def __init__(self) -> None:
        self.count = 0
        self.total = 0.0
        self.max = 0.0

    def record(self, seconds: float) -> None:
        self.count += 1
        self.total += seconds
        self.max = max(self.max, seconds)

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else 0.0


def count_in_tasks(
    spec: Spec,
    *,
    backend: str,
    options: dict[str, Any] | None = None,
    executor: str = "local",
    scheduler: str | None = None,
    jobs: int | None = None,
    depth: int | None = None,
    timeout: float | None = None,
    connect_timeout: float | None = None,
    on_done: DoneCallback | None = None,
) -> Outcome:
    """Count every solution of `spec` as subproblem tasks on `executor`.

    Args:
        backend, options: as for `api.count`; each task counts its subproblem exhaustively.
        executor: "local" (a process pool here; `jobs` processes) or "dask" (the scheduler
            at `scheduler`; without one, a private loopback cluster of `jobs` workers).
        depth: rows fixed per subproblem; default: `choose_depth` for the worker slots.
        timeout: stop submitting results after this many seconds (status TIMEOUT, a lower bound).
        on_done: also called for each finished subproblem (subproblem, count, seconds).

    Returns:
        An Outcome whose stats hold tasks, depth, executor, slots, task_mean_s, task_max_s.

    Raises:
        cluster.ClusterError: Dask missing or its scheduler unreachable.
        cluster.TaskFailedError: a subproblem failed on every attempt (names its key).
    """
    get_backend(backend, **(options or {}))  # bad names and options fail here, not in every task
    deadline = Deadline(timeout)
    times = TaskTimes()

    def done(sub: Subproblem, value: int, seconds: float) -> None:
        times.record(seconds)
        if on_done is not None:
            on_done(sub, value, seconds)

    started = time.perf_counter()
    with open_executor(
        executor, scheduler=scheduler, jobs=jobs, connect_timeout=connect_timeout
    ) as (pool, slots):
        depth = choose_depth(spec, slots) if depth is None else depth
        subs = split(spec, depth)
        result = count_split(
            spec, subs, backend=backend, options=options, jobs=slots, on_done=done,
            should_stop=deadline.expired, executor=pool,
        )
    status = Status.COMPLETE if result.complete else Status.TIMEOUT
    return Outcome(
        status, result.total, elapsed=time.perf_counter() - started, backend=backend,
        stats={
            "executor": executor, "slots": slots, "depth": depth, "tasks": len(subs),
            "tasks_finished": result.finished,
            "task_mean_s": round(times.mean, 6), "task_max_s": round(times.max, 6),
        },
    )


@contextmanager
def open_executor(
    executor: str = "local",
    *,
    scheduler: str | None = None,
    jobs: int | None = None,
    connect_timeout: float | None = None,
) -> Iterator[tuple[Executor | None, int]]:
    """Where count_split's tasks run, and how many run at once: (executor, slots).

    The executor is None for "local" (count_split's own process pool of `jobs`, inline
    when 1), or a Dask executor for "dask", so any caller of count_split (checkpoints
    included) can run on either with the same `on_done` reports.

    Raises:
        cluster.ClusterError: Dask missing or its scheduler unreachable.
    """
    if executor not in EXECUTORS:
        raise ValueError(f"executor must be one of {EXECUTORS}, got {executor!r}")
    if executor == "local":
        yield None, default_jobs() if jobs is None else jobs
        return
    from .dask import DEFAULT_CONNECT_TIMEOUT, dask_executor

    with dask_executor(
        scheduler, workers=jobs, connect_timeout=connect_timeout or DEFAULT_CONNECT_TIMEOUT
    ) as pool:
        yield pool, pool.slots
