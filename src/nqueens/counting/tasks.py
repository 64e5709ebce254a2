"""What every task shares: the time limit it is given, and how it turns that into a
deadline.

A task (`route.Task`) is a picklable module-level function of a route module
`task(base, sub, backend, options, limit, deadline=None) -> (count, seconds[, extras])`
that counts one part (`partition.Subproblem`). `options` are the backend's own, nothing
else. `count` is what enters the total after multiplying by `sub.weight` (a task that
weighs its own result, e.g. one symmetry-class representative, uses subproblems of weight
1). `extras` are integers summed over tasks (e.g. "canonical"); "unfinished": 1 marks a
count the deadline cut short (a lower bound, never recorded in a ledger). `limit` (a
`TaskLimit`) is the time limit in a form that survives pickling to a worker process or a
Dask cluster; `deadline` (the caller's own, whose stop reaches a solver at once) is given
only to tasks run inline, and then takes its place. `task_deadline(limit, deadline)`
gives the task its deadline either way. No solver imports.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from ..result import Deadline

__all__ = ["NO_LIMIT", "TaskLimit", "task_deadline"]


@dataclass(frozen=True, slots=True)
class TaskLimit:
    """A count's time limit as its tasks get it, wherever they run (a `Deadline` holds
    hooks and locks, and means nothing in another process).

    Attributes:
        at: `time.monotonic()` at which to stop, None: never. Monotonic time is shared by
            the processes of one machine, and by nothing elsewhere.
        wall: for a task on a Dask cluster instead (`at` is then None): seconds since the
            epoch at which to stop, as far off as the machines' clocks disagree.
        stop_key: the name of the cluster's Dask Event that tells its running tasks to
            stop (`cluster.watch_cluster_stop`); None elsewhere (a local pool's workers
            watch the pool's own stop event, `executors.init_worker`).
    """

    at: float | None = None
    wall: float | None = None
    stop_key: str | None = None

    @classmethod
    def of(cls, deadline: Deadline, *, cluster: bool = False,
           stop_key: str | None = None) -> TaskLimit:
        """The limit of `deadline` for tasks on this machine, or on a cluster (`cluster`:
        as wall-clock time, with the cluster's `stop_key`)."""
        if not cluster:
            return cls(at=deadline.at)
        remaining = deadline.remaining()
        return cls(wall=None if remaining is None else time.time() + remaining,
                   stop_key=stop_key)

    def monotonic(self) -> float | None:
        """When to stop on this machine's monotonic clock (None: never)."""
        if self.at is None and self.wall is not None:  # a cluster task: this machine's clock
            return time.monotonic() + (self.wall - time.time())
        return self.at


#: No time limit, and no stop but the pool's.
NO_LIMIT = TaskLimit()


@contextmanager
def task_deadline(limit: TaskLimit, deadline: Deadline | None) -> Iterator[Deadline]:
    """The task's deadline: the caller's own inline, else one made from `limit`, stopped
    early too when the pool or cluster asks its running tasks to stop."""
    if deadline is not None:
        yield deadline
        return
    from .executors import release, worker_deadline  # a pool's machinery: not at start-up

    own = worker_deadline(limit.monotonic())
    unwatch = None
    if limit.stop_key:  # a task on a Dask cluster (importing cluster costs a local count time)
        from .cluster import watch_cluster_stop

        unwatch = watch_cluster_stop(limit.stop_key, own)
    try:
        yield own
    finally:
        if unwatch is not None:
            unwatch()
        release(own)
