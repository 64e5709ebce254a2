"""What every task shares: how it learns the time limit.

A task (`route.Task`) is a picklable module-level function of a route module
`task(base, sub, backend, options, deadline=None) -> (count, seconds[, extras])` that
counts one part (`partition.Subproblem`). `count` is what enters the total after
multiplying by `sub.weight` (a task that weighs its own result, e.g. one symmetry-class
representative, uses subproblems of weight 1). `extras` are integers summed over tasks
(e.g. "canonical"); "unfinished": 1 marks a count the deadline cut short (a lower bound,
never recorded in a ledger). `deadline` (the caller's own, whose stop reaches a solver at
once) is given only to tasks run inline; in worker processes `options["deadline_at"]`
(monotonic time, shared by the processes of one machine) bounds the work, on a cluster
`options["deadline_wall"]` (the epoch's seconds, as far off as the machines' clocks
disagree). No solver imports.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..result import Deadline

__all__ = ["DEADLINE_KEYS", "task_deadline"]

#: Options that carry the time limit to a task, not to the backend.
DEADLINE_KEYS = ("deadline_at", "deadline_wall", "stop_event")


@contextmanager
def task_deadline(options: dict[str, Any], deadline: Deadline | None) -> Iterator[Deadline]:
    """The task's deadline: the caller's own inline, else the time limit in `options`,
    stopped early too when the pool or cluster asks its running tasks to stop."""
    if deadline is not None:
        yield deadline
        return
    at = options.get("deadline_at")
    wall = options.get("deadline_wall")
    if at is None and wall is not None:  # a cluster task: this machine's clock
        at = time.monotonic() + (wall - time.time())
    from .executors import release, worker_deadline  # a pool's machinery: not at start-up

    own = worker_deadline(at)
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
