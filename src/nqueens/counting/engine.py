"""The run loop of every count dealt out as parts, and its front door `count_parts`.

`run` hands out the partition's subproblems that the ledger lacks to the executor (a
bounded number in flight, so a stop is quick and a million subproblems cost no million
futures), adds weight x count as results arrive, records each finished one in the ledger,
reports progress, honours the deadline and, on a stop, aborts the executor cleanly.
`count_parts` opens the ledger and the executor, makes the partition and returns an
Outcome with the task statistics. The counting routes that cut a count into parts
(`counting.routes`: the walk, the join, the mirror and split routes), `count --checkpoint`,
`--split-depth`, `--jobs` and `--executor dask` all come here; what cannot work was refused
by the plan before. No solver imports.

Faults here (a Dask cluster reruns tasks itself, `cluster.py`): a part whose task raised an
error other than nqueens' own (those say what is wrong, and would say it again) is run
again, up to LOCAL_ATTEMPTS times in all; when a worker process of the local pool dies
(killed, out of memory), the pool starts anew and the parts it was running are run again,
one at a time, so that a part that kills its worker every time is found and named in the
error after LOCAL_ATTEMPTS deaths. Nothing a part counted enters the total unless it
finished.
"""

from __future__ import annotations

import os
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, wait
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

from ..errors import QueensError, WorkerDiedError
from ..result import Deadline, Outcome, Status
from ..spec import Spec
from .executors import ExecutorStopped, Workers, open_executor
from .ledger import Ledger
from .partition import (
    Partition,
    PartitionStopped,
    Progress,
    ProgressCallback,
    Subproblem,
    choose_depth,
    make_partition,
)
from .route import Split, Task
from .tasks import TaskLimit

#: Subproblems a ledgered count aims for at least, so a resume loses little.
LEDGER_TASKS = 64
_IN_FLIGHT_PER_SLOT = 2  # queued tasks per slot: keeps workers busy, keeps a stop quick
_DASK_IN_FLIGHT = 4096
#: The extras of a task (`tasks` module) that a stopped count reports in its stats: the
#: units a join counted, the processes that began their quarter tables.
PROGRESS_EXTRAS = ("units_counted", "tables_built")
#: Seconds a stopped count waits for its running tasks' partial counts.
STOP_GRACE = 1.0
#: Runs of a part on this machine before the count fails: its task raised, or its worker
#: died (see the module docstring).
LOCAL_ATTEMPTS = 3


class _PoolBroken(Exception):
    """The local pool broke (a worker died): the parts it was running, to run again."""

    def __init__(self, lost: list[Subproblem]) -> None:
        super().__init__(f"a worker died running {len(lost)} parts")
        self.lost = lost


@dataclass(frozen=True)
class SplitCount:
    """The sum over finished subproblems (`total`) and over those a stop cut short
    (`partial`, a lower bound of theirs); per-task times of this run."""

    total: int
    finished: int
    subproblems: int
    elapsed: float
    partial: int = 0
    resumed: int = 0
    extras: dict[str, int] = field(default_factory=dict)
    task_times: tuple[float, ...] = ()

    @property
    def complete(self) -> bool:
        return self.finished == self.subproblems

    def task_stats(self) -> dict[str, float | int]:
        times = self.task_times
        mean = sum(times) / len(times) if times else 0.0
        return {"task_mean_s": round(mean, 6), "task_max_s": round(max(times, default=0.0), 6)}


def run(  # noqa: C901 - the run loop: resume, inline or pooled, stop, in one place
    base: Spec,
    parts: Partition,
    *,
    workers: Workers,
    task: Task,
    backend: str = "backtrack",
    options: dict[str, Any] | None = None,
    ledger: Ledger | None = None,
    deadline: Deadline | None = None,
    on_progress: ProgressCallback | None = None,
) -> SplitCount:
    """Count `parts`' subproblems that `ledger` lacks on `workers`; see the module docstring.

    Raises:
        cluster.TaskFailedError: a task failed on every attempt (names its subproblem).
        WorkerDiedError: a local worker died although nobody asked to stop.
    """
    started = time.perf_counter()
    deadline = deadline or Deadline(None)
    # the limit as every task gets it, beside the backend's options: monotonic time means
    # the same to every process of this machine, nothing elsewhere, so cluster tasks get
    # wall-clock time (as far off as the machines' clocks disagree), and after a stop the
    # loop cancels them and stops waiting
    options = dict(options or {})
    limit = TaskLimit.of(deadline, cluster=workers.name == "dask", stop_key=workers.stop_key)
    done = dict(ledger.done) if ledger is not None else {}
    subs = parts.subproblems
    # keys are worked out only against a ledger: a million of them outlast a 1 s limit
    state = {"total": sum(s.weight * done[s.key] for s in subs if s.key in done) if done else 0,
             "finished": sum(1 for s in subs if s.key in done) if done else 0, "partial": 0}
    resumed = state["finished"]
    extras: dict[str, int] = {}
    # the fundamental total is known when every resumed record holds its share (format 3)
    canonical_known = not done or (ledger is not None and done.keys() <= ledger.canonical.keys())
    if done and canonical_known and ledger is not None:  # (a ledger is there when done is)
        extras["canonical"] = sum(ledger.canonical[key] for key in done)
    times: list[float] = []

    def record(sub: Subproblem, result: tuple[Any, ...]) -> None:
        value, seconds = result[0], result[1]
        more = result[2] if len(result) > 2 else {}
        for key, extra in more.items():
            extras[key] = extras.get(key, 0) + extra
        if more.get("unfinished"):
            state["partial"] += sub.weight * value
            return
        if ledger is not None:
            # the fundamental solutions of a plain board (only there do they mean anything)
            ledger.record(sub.key, value, seconds,
                          more.get("canonical") if base.is_plain else None)
        state["total"] += sub.weight * value
        state["finished"] += 1
        times.append(seconds)
        if on_progress is not None:
            on_progress(Progress(state["finished"], len(subs), state["total"], resumed,
                                 time.perf_counter() - started, sub.key, value))

    todo = iter([s for s in subs if s.key not in done] if done else subs)
    attempts: dict[str, int] = {}

    def again(sub: Subproblem, error: BaseException) -> bool:
        """Whether `sub`, whose task raised `error`, is run once more (else the count fails
        naming it). nqueens' own errors are not: they would say the same again."""
        from .cluster import TaskFailedError

        if isinstance(error, QueensError):
            return False
        attempts[sub.key] = attempts.get(sub.key, 0) + 1
        if attempts[sub.key] >= LOCAL_ATTEMPTS:
            raise TaskFailedError(sub.key, error) from error
        return True

    if workers.executor is None:
        for sub in todo:
            if deadline.expired():
                break
            while True:
                try:
                    result = task(base, sub, backend, options, limit, deadline=deadline)
                except Exception as error:
                    if again(sub, error):
                        continue
                    raise
                break
            record(sub, result)
    else:
        def submit(sub: Subproblem) -> Future[tuple[Any, ...]]:
            assert workers.executor is not None  # (a restart replaces it)
            return workers.executor.submit(task, base, sub, backend, options, limit)

        _run_pool(workers, todo, submit, record, again, deadline,
                  "" if ledger is None else f", rerun to resume from {ledger.path}")
    if not canonical_known:
        extras.pop("canonical", None)  # this run's share alone would be a wrong total
    return SplitCount(state["total"], state["finished"], len(subs),
                      time.perf_counter() - started, state["partial"], resumed, extras,
                      tuple(times))


def _run_pool(
    workers: Workers,
    todo: Iterator[Subproblem],
    submit: Callable[[Subproblem], Future[tuple[Any, ...]]],
    record: Callable[[Subproblem, tuple[Any, ...]], None],
    again: Callable[[Subproblem, BaseException], bool],
    deadline: Deadline,
    resume: str,
) -> None:
    """`_drain` on the executor, starting a broken local pool anew: the parts it was
    running are run again one at a time first (a death then names its part), and a part
    whose worker died LOCAL_ATTEMPTS times ends the count (WorkerDiedError)."""
    from concurrent.futures.process import BrokenProcessPool  # an executor exists: cheap now

    suspects: deque[Subproblem] = deque()
    deaths: dict[str, int] = {}
    while True:
        alone = False
        try:
            while suspects and not deadline.expired():
                alone = True
                _drain(workers, iter([suspects[0]]), submit, record, again, deadline, window=1)
                suspects.popleft()
            alone = False
            _drain(workers, todo, submit, record, again, deadline)
            return
        except _PoolBroken as broken:
            if alone:  # the part that ran alone killed its worker
                key = suspects[0].key
                deaths[key] = deaths.get(key, 1) + 1
                if deaths[key] >= LOCAL_ATTEMPTS:
                    raise WorkerDiedError(
                        f"a worker process died each of the {LOCAL_ATTEMPTS} times it counted "
                        f"part {key} (killed, or out of memory?); the count is incomplete{resume}"
                    ) from None
            else:
                suspects.extend(broken.lost)
        except BrokenProcessPool as error:  # the pool could not even start a worker
            raise WorkerDiedError(
                f"a worker process died (killed, or out of memory?); the count is incomplete{resume}"
            ) from error
        if workers.name != "local":
            raise WorkerDiedError(f"a worker died; the count is incomplete{resume}")
        workers.restart()


def _drain(  # noqa: C901 - the pool's loop: submit, collect, retry, stop, failure, in one place
    workers: Workers,
    todo: Iterator[Subproblem],
    submit: Callable[[Subproblem], Future[tuple[Any, ...]]],
    record: Callable[[Subproblem, tuple[Any, ...]], None],
    again: Callable[[Subproblem, BaseException], bool],
    deadline: Deadline,
    window: int | None = None,
) -> None:
    """Keep a bounded number of tasks in flight (`window`: at most that many) and record
    results as they complete; a task that raised is submitted again while `again` says so.

    Raises:
        _PoolBroken: a local worker died; the parts in flight are lost (those that had
            finished are recorded first).
    """
    from concurrent.futures.process import BrokenProcessPool  # an executor exists: cheap now

    pending: dict[Future[tuple[Any, ...]], Subproblem] = {}
    # a cluster's scheduler queues and balances tasks itself and each round trip costs
    # milliseconds, so it gets many; a local pool gets few, so that a stop ends at once
    if window is None:
        window = max(2, _IN_FLIGHT_PER_SLOT * workers.slots)
        if workers.name == "dask":
            window = max(window, _DASK_IN_FLIGHT)

    def refill() -> None:
        while len(pending) < window and not deadline.expired():
            sub = next(todo, None)
            if sub is None:
                return
            try:
                pending[submit(sub)] = sub
            except (BrokenProcessPool, EOFError, OSError):
                # a Ctrl-C to the process group may kill the pool's fork server while it
                # starts a worker; then the stop is the cause, not a failure
                if _stopping(deadline):
                    return
                lost = [sub, *_finish_broken(pending, record)]  # a worker died meanwhile
                pending.clear()
                raise _PoolBroken(lost) from None

    try:
        refill()
        while pending:
            finished, _ = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            for future in finished:
                sub = pending.pop(future)
                if future.cancelled():
                    continue
                try:
                    result = future.result()
                except BrokenProcessPool:
                    if _stopping(deadline):  # a signal to the process group reached a worker
                        break
                    lost = [sub, *_finish_broken(pending, record)]
                    pending.clear()
                    raise _PoolBroken(lost) from None
                except Exception as error:
                    if deadline.expired() or not again(sub, error):
                        raise
                    pending[submit(sub)] = sub
                    continue
                record(sub, result)
            if deadline.expired():
                _collect_partial(workers, pending, record)
                break
            refill()
    finally:
        if pending or deadline.expired():
            for future in pending:
                future.cancel()
            workers.abort()


def _finish_broken(pending: dict[Future[tuple[Any, ...]], Subproblem],
                   record: Callable[[Subproblem, tuple[Any, ...]], None]) -> list[Subproblem]:
    """When a pool broke: record the parts in flight that had finished; return the rest."""
    lost = []
    for future, sub in pending.items():
        if future.done() and not future.cancelled() and future.exception() is None:
            record(sub, future.result())
        else:
            lost.append(sub)
    return lost


def _collect_partial(
    workers: Workers,
    pending: dict[Future[tuple[Any, ...]], Subproblem],
    record: Callable[[Subproblem, tuple[Any, ...]], None],
) -> None:
    """After a stop: drop the tasks that have not started, tell the running ones to stop
    and record what they return within STOP_GRACE seconds (their partial counts enter the
    lower bound); what is still pending then is lost with the workers `abort` ends."""
    workers.cancel_queued(pending)
    workers.request_stop()
    until = time.monotonic() + STOP_GRACE
    while pending and (left := until - time.monotonic()) > 0:
        finished, _ = wait(pending, timeout=left, return_when=FIRST_COMPLETED)
        for future in finished:
            sub = pending.pop(future)
            if future.cancelled():
                continue
            try:
                result = future.result()
            except Exception:  # a worker the stop's signal reached: its share is lost
                continue
            record(sub, result)


def _stopping(deadline: Deadline, grace: float = 0.5) -> bool:
    """Whether a broken pool comes from a stop: the signal that kills a worker or the fork
    server reaches this process's handler too, though perhaps a moment later."""
    until = time.monotonic() + grace
    while not deadline.expired():
        if time.monotonic() >= until:
            return False
        time.sleep(0.02)
    return True


def count_parts(
    spec: Spec,
    *,
    task: Task,
    backend: str = "backtrack",
    options: Mapping[str, Any] | None = None,
    partition: str | None = None,
    jobs: int | None = None,
    split: Split | None = None,
    deadline: Deadline | None = None,
    on_progress: ProgressCallback | None = None,
    on_resume: Callable[[Progress], None] | None = None,
) -> Outcome:
    """Count every solution of `spec` as a sum over parts.

    Args:
        task: what counts one subproblem (a route's task; `search.task_for` gives the
            backend's fastest exact one).
        backend, options: as for `api.count`; each task counts its subproblem exhaustively.
        partition: the partition's kind ("rows"; "mirror", "classes" or "join" for a plain
            board and the matching task). Default: the checkpoint's own when it exists,
            else "rows" (`search.natural_partition` gives the task's own).
        jobs, split: where tasks run (`open_executor`: the split's executor, scheduler and
            connect timeout), at which depth (default: the checkpoint's depth, else
            `choose_depth` for the executor's slots) and against which checkpoint.
        deadline: stop when it expires (status TIMEOUT; the count is a lower bound).
        on_progress: called after each finished subproblem (`Progress`).
        on_resume: called once with the ledger's progress when it already held records.

    Returns:
        An Outcome whose stats hold executor, slots, plan, depth, tasks, tasks_finished,
        task_mean_s, task_max_s (and subproblems, finished, split_depth, recorded with a
        ledger; unique and promising_nodes when the tasks counted them over a whole,
        complete run).

    Raises:
        CheckpointError, SizeLimitError: refused before any work starts.
        cluster.ClusterError: Dask missing or its scheduler unreachable.
        cluster.TaskFailedError: a subproblem failed on every attempt.
        WorkerDiedError: a local worker died although nobody asked to stop.
    """
    started = time.perf_counter()
    deadline = deadline or Deadline(None)
    options = dict(options or {})
    split = split or Split()
    partition, depth, recorded = _resume(spec, backend, options, partition, split)
    if depth is not None:
        depth = choose_depth(spec, kind=partition, requested=depth, recorded=recorded)

    def outcome(parts: Partition | None, result: SplitCount | None, workers: Workers | None) -> Outcome:
        return _outcome(spec, backend, partition, depth, split, parts, result, workers, started)

    with ExitStack() as stack:
        try:  # a stop before a cluster starts spares its start (seconds) and close
            workers = stack.enter_context(open_executor(
                split.executor, jobs=jobs, scheduler=split.scheduler,
                connect_timeout=split.connect_timeout, should_stop=deadline.expired))
        except ExecutorStopped:
            return outcome(None, None, None)
        try:
            parts = make_partition(spec, depth if depth is not None else choose_depth(
                spec, slots=workers.slots, kind=partition,
                at_least=LEDGER_TASKS if split.checkpoint is not None else 1),
                partition, should_stop=deadline.expired)
        except PartitionStopped:
            return outcome(None, None, workers)
        ledger = None
        if split.checkpoint is not None:
            ledger = stack.enter_context(_open_ledger(spec, backend, options, parts,
                                                      split.checkpoint, on_resume))
        result = run(spec, parts, workers=workers, task=task, backend=backend, options=options,
                     ledger=ledger, deadline=deadline, on_progress=on_progress)
        return outcome(parts, result, workers)


def _resume(spec: Spec, backend: str, options: dict[str, Any], partition: str | None,
            split: Split) -> tuple[str, int | None, bool]:
    """The partition and depth to count by: those asked for, else a checkpoint's own (one
    written for another problem or split is refused), else rows. Returns (partition, depth,
    whether the depth is the checkpoint's)."""
    from . import ledger as ledgers

    depth, recorded = split.depth, False
    if split.checkpoint is not None:
        ledgers.check_writable(split.checkpoint)
        # another problem's split (its depth, its partition) must not cut this one
        ledgers.check_problem(split.checkpoint, ledgers.identity(spec, backend, options, 0, 0))
        if depth is None:
            depth = ledgers.recorded_depth(split.checkpoint)
            recorded = depth is not None
        if partition is None:
            partition = ledgers.recorded_partition(split.checkpoint)
    return partition or "rows", depth, recorded


def _open_ledger(spec: Spec, backend: str, options: dict[str, Any], parts: Partition,
                 checkpoint: str | os.PathLike[str],
                 on_resume: Callable[[Progress], None] | None) -> Ledger:
    """The checkpoint's ledger for this partition, telling `on_resume` what it held."""
    from .ledger import identity

    fields = identity(spec, backend, options, parts.depth, len(parts), parts.kind)
    ledger = Ledger.open(checkpoint, fields, {s.key for s in parts.subproblems})
    if ledger.done and on_resume is not None:
        on_resume(Progress(len(ledger.done), len(parts), sum(
            s.weight * ledger.done[s.key] for s in parts.subproblems
            if s.key in ledger.done), len(ledger.done), 0.0))
    return ledger


def _outcome(spec: Spec, backend: str, partition: str, depth: int | None, split: Split,
             parts: Partition | None, result: SplitCount | None, workers: Workers | None,
             started: float) -> Outcome:
    """The count (a lower bound unless every part finished) and the task statistics."""
    status = Status.COMPLETE if result is not None and result.complete else Status.TIMEOUT
    # what the stopped tasks had counted is part of the lower bound, though only the
    # finished subproblems (`recorded`) are in the checkpoint for a resume to keep
    count = 0 if result is None else result.total + result.partial
    stats: dict[str, Any] = {
        "executor": workers.name if workers is not None else split.executor,
        "slots": workers.slots if workers is not None else 0, "plan": partition,
        "depth": parts.depth if parts else depth, "tasks": len(parts) if parts else 0,
        "tasks_finished": result.finished if result else 0,
        **(result.task_stats() if result else {"task_mean_s": 0.0, "task_max_s": 0.0}),
    }
    if split.checkpoint is not None:
        stats.update(subproblems=stats["tasks"], finished=stats["tasks_finished"],
                     split_depth=stats["depth"], recorded=result.total if result else 0)
    if result is not None and not result.complete:
        # what a stopped count did: the parts cut short (their counts are in the lower
        # bound), and what the route's tasks say of their progress
        stats["tasks_stopped"] = result.extras.get("unfinished", 0)
        stats.update({key: result.extras[key] for key in PROGRESS_EXTRAS if key in result.extras})
    if result is not None and result.complete:
        # the fundamental count survives a resume (the ledger records it per subproblem,
        # format 3); the promising nodes only one whole walk knows
        if "canonical" in result.extras and spec.is_plain:
            stats["unique"] = result.extras["canonical"]
        if "promising_nodes" in result.extras and result.resumed == 0:
            stats["promising_nodes"] = result.extras["promising_nodes"]
    return Outcome(status, count, elapsed=time.perf_counter() - started, backend=backend,
                   stats=stats)
