"""`nqueens count --checkpoint FILE / --split-depth D`: the count as independent subproblems.

The search is split by the first rows' placements (`subproblems.split`) and counted with
`parallel.count_split`; each finished subproblem is recorded in the checkpoint (through
`on_done`) and only unfinished ones are handed out, so a rerun after Ctrl-C, SIGTERM,
SIGKILL or a crash resumes where it stopped and reaches exactly the uninterrupted total.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Executor, InvalidStateError, ProcessPoolExecutor
from contextlib import ExitStack
from typing import Any

from ..counting import ledger as checkpoints
from ..backends import get_backend
from ..errors import SizeLimitError
from ..limits import check_search
from ..counting.pool import count_split, default_jobs
from .progress import bar
from ..result import Outcome, Status
from ..spec import Spec
from ..counting.tasks import open_executor
from ..counting.plan import Subproblem, default_depth, split
from .common import row_count
from .guard import Guard, init_worker

#: Splits beyond this many subproblems cost more to list than they help.
MAX_SUBPROBLEMS = 1_000_000
DEFAULT_TASKS = 64


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--checkpoint", metavar="FILE", default=None,
        help="record each finished subproblem in FILE and resume from it on a rerun",
    )
    parser.add_argument(
        "--split-depth", type=row_count, default=None, metavar="D",
        help=f"split by the queens of the first D rows (default: the checkpoint's depth, else "
             f"the smallest giving {DEFAULT_TASKS} subproblems)",
    )


def wanted(args: argparse.Namespace) -> bool:
    return args.checkpoint is not None or args.split_depth is not None


def _choose_depth(spec: Spec, args: argparse.Namespace) -> int:
    depth: int | None = args.split_depth
    if depth is None and args.checkpoint is not None:
        header = checkpoints.read_header(args.checkpoint)
        if header is not None and isinstance(header.get("split_depth"), int):
            depth = int(header["split_depth"])
    if depth is None:
        return default_depth(spec, DEFAULT_TASKS)
    if depth > spec.n:
        raise SizeLimitError(
            f"--split-depth {depth} exceeds the board's {spec.n} rows; use at most {spec.n}"
        )
    if spec.n ** depth > MAX_SUBPROBLEMS:
        raise SizeLimitError(
            f"--split-depth {depth} on a {spec.n}x{spec.n} board may give up to "
            f"{spec.n ** depth:,} subproblems (limit {MAX_SUBPROBLEMS:,}); use a smaller depth"
        )
    return depth


def run(args: argparse.Namespace, spec: Spec, options: dict[str, Any], guard: Guard,
        report: Callable[[Outcome], int]) -> int:
    """Count by subproblems, with a checkpoint if asked; `report(outcome)` prints the result."""
    engine = get_backend(args.backend, **options)  # refuse bad options and sizes before splitting
    check_search(spec, args.backend, getattr(engine, "encoding", None))
    depth = _choose_depth(spec, args)
    subs = split(spec, depth)
    store = None
    if args.checkpoint is not None:
        fields = checkpoints.identity(spec, args.backend, options, depth, len(subs))
        store = checkpoints.Checkpoint.open(args.checkpoint, fields, {s.key for s in subs})
    done = store.done if store is not None else {}
    todo = [sub for sub in subs if sub.key not in done]
    state = {"total": sum(sub.weight * done[sub.key] for sub in subs if sub.key in done),
             "finished": len(subs) - len(todo)}
    if store is not None and done:
        print(f"nqueens: resuming from {args.checkpoint}: {len(done)} of {len(subs)} "
              f"subproblems already counted ({state['total']} solutions)", file=sys.stderr)
    progress = bar(total=len(subs), initial=state["finished"], unit=" subproblems",
                   desc=f"{spec.describe()}")
    progress.set_postfix(solutions=state["total"], refresh=False)

    def outcome(status: Status, elapsed: float) -> Outcome:
        stats = {"subproblems": len(subs), "finished": state["finished"], "split_depth": depth}
        return Outcome(status, state["total"], elapsed=elapsed, backend=args.backend, stats=stats)

    def on_done(sub: Subproblem, value: int, seconds: float) -> None:
        if store is not None:
            store.record(sub.key, value, seconds)
        state["total"] += sub.weight * value
        state["finished"] += 1
        progress.set_postfix(solutions=state["total"], refresh=False)
        progress.update(1)

    jobs = getattr(args, "jobs", None) or default_jobs()
    on_dask = getattr(args, "executor", None) == "dask" or getattr(args, "scheduler", None)
    with ExitStack() as stack:
        executor: Executor | None = None
        own_pool = False
        if on_dask:  # the same subproblems and checkpoint records, run as Dask tasks
            executor, _ = stack.enter_context(open_executor(
                "dask", scheduler=args.scheduler, jobs=getattr(args, "jobs", None),
                connect_timeout=args.connect_timeout))
        elif jobs > 1 and len(todo) > 1:
            # our own pool, so that workers ignore Ctrl-C sent to the whole process group
            executor = ProcessPoolExecutor(max_workers=jobs, initializer=init_worker,
                                           initargs=(os.getpid(),), mp_context=_forkserver())
            own_pool = True

        def work() -> Outcome:
            try:
                result = count_split(spec, todo, backend=args.backend, options=options,
                                     jobs=jobs, on_done=on_done, should_stop=guard.should_stop,
                                     executor=executor)
            finally:
                if own_pool and executor is not None:
                    _shut_down(executor, stopped=guard.should_stop())
            finished = state["finished"] == len(subs)
            return outcome(Status.COMPLETE if finished else guard.stopped_status(), result.elapsed)

        try:
            final = guard.run(work, lambda: report(outcome(guard.stopped_status(), 0.0)))
        finally:
            progress.close()
            if store is not None:
                store.close()
        return report(final)


def _shut_down(executor: Executor, stopped: bool) -> None:
    """Wait for the pool normally; after a stop, end the tasks still running instead (their
    subproblems are not recorded, so a rerun counts them again)."""
    if not stopped:
        executor.shutdown(wait=True)
        return
    # Python 3.11's pool manager thread may then try to fail futures we just cancelled and
    # print an InvalidStateError traceback; the stop is deliberate, so keep stderr clean.
    threading.excepthook = _quiet_cancelled_futures
    executor.shutdown(wait=False, cancel_futures=True)
    for child in multiprocessing.active_children():
        child.kill()  # workers ignore SIGTERM (see init_worker)
    for child in multiprocessing.active_children():
        child.join(timeout=1.0)


def _quiet_cancelled_futures(args: threading.ExceptHookArgs) -> None:
    if not isinstance(args.exc_value, InvalidStateError):
        sys.__excepthook__(args.exc_type, args.exc_value, args.exc_traceback)  # type: ignore[arg-type]


def _forkserver() -> Any:
    return multiprocessing.get_context("forkserver")
