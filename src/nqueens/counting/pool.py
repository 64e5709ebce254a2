"""Counting by subproblems on a pool of processes (or inline with jobs=1).

Each task counts one `Subproblem` with any backend; results come back as they finish and
are reported through `on_done`, so callers can record progress or checkpoints. CP-SAT
enumeration inside each task keeps its single worker: parallelism comes from running
disjoint subproblems side by side, never from CP-SAT's own workers.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from ..api import count
from ..result import Status
from ..spec import Spec
from .plan import Subproblem

DoneCallback = Callable[[Subproblem, int, float], None]
#: Counts one subproblem in a worker: (base, sub, backend, options) -> (count, seconds) or
#: (count, seconds, extras); integer extras are summed (unweighted) into SplitCount.extras.
Task = Callable[[Spec, Subproblem, str, dict[str, Any]], tuple[Any, ...]]


def count_subproblem(
    base: Spec, sub: Subproblem, backend: str, options: dict[str, Any]
) -> tuple[int, float]:
    """Count one subproblem completely; returns (count, seconds). Runs in a worker process."""
    started = time.perf_counter()
    outcome = count(sub.spec(base), backend=backend, **options)
    if outcome.status is not Status.COMPLETE:
        raise RuntimeError(f"subproblem {sub.key} did not complete: {outcome.status.value}")
    return outcome.count, time.perf_counter() - started


@dataclass(frozen=True)
class SplitCount:
    """The sum over finished subproblems; `complete` when every subproblem finished."""

    total: int
    finished: int
    subproblems: int
    elapsed: float
    extras: dict[str, int] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        return self.finished == self.subproblems


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


def count_split(
    base: Spec,
    subs: Iterable[Subproblem],
    *,
    backend: str,
    options: dict[str, Any] | None = None,
    jobs: int | None = None,
    on_done: DoneCallback | None = None,
    should_stop: Callable[[], bool] | None = None,
    executor: Executor | None = None,
    task: Task | None = None,
) -> SplitCount:
    """Count every subproblem and add up weight x count.

    Args:
        base: the spec the subproblems were split from.
        subs: the subproblems (e.g. `subproblems.split`, minus those a checkpoint holds).
        backend, options: as for `api.count`.
        jobs: worker processes (default: all cores); 1 counts inline in this process.
        on_done: called in this process as each subproblem finishes.
        should_stop: polled between completions; True stops early (the result is partial).
        executor: a `concurrent.futures.Executor` to run the tasks on instead of a local
            process pool (e.g. a Dask client's `get_executor()`); not shut down here.
        task: a picklable module-level function counting one subproblem instead of
            `count_subproblem` (e.g. the backtracker's kernel route, which also returns
            the canonical-solution count as an extra).
    """
    options = options or {}
    subs = list(subs)
    jobs = default_jobs() if jobs is None else jobs
    started = time.perf_counter()
    total = finished = 0
    extras: dict[str, int] = {}
    run = task or count_subproblem

    def record(sub: Subproblem, result: tuple[Any, ...]) -> None:
        nonlocal total, finished
        value, seconds = result[0], result[1]
        for key, extra in (result[2] if len(result) > 2 else {}).items():
            extras[key] = extras.get(key, 0) + extra
        total += sub.weight * value
        finished += 1
        if on_done is not None:
            on_done(sub, value, seconds)

    if executor is None and (jobs <= 1 or len(subs) <= 1):
        for sub in subs:
            if should_stop is not None and should_stop():
                break
            record(sub, run(base, sub, backend, options))
    elif executor is not None:
        _drain(executor, run, base, subs, backend, options, record, should_stop)
    else:
        context = multiprocessing.get_context("forkserver")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            _drain(pool, run, base, subs, backend, options, record, should_stop)
    return SplitCount(total, finished, len(subs), time.perf_counter() - started, extras)


def _drain(
    executor: Executor,
    run: Task,
    base: Spec,
    subs: list[Subproblem],
    backend: str,
    options: dict[str, Any],
    record: Callable[[Subproblem, tuple[Any, ...]], None],
    should_stop: Callable[[], bool] | None,
) -> None:
    """Submit every subproblem and record results as they complete."""
    pending: dict[Future[tuple[Any, ...]], Subproblem] = {
        executor.submit(run, base, sub, backend, options): sub for sub in subs
    }
    try:
        while pending:
            done, _ = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in done:
                record(pending.pop(future), future.result())
            if should_stop is not None and should_stop():
                break
    finally:
        for future in pending:
            future.cancel()
