"""What a counting route is: the row each route module fills in (`CountingRoute`), what it
is asked (`Ask`) and answers (`Fit`) when a plan is made, and the count it then runs
(`Count`, with the `Split` a caller may ask for). The table of rows is `registry.py`.

No solver imports, and nothing heavy: the plan reads these at start-up, so the records are
named tuples, which cost less than dataclasses to create at import.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, get_args

from ..backends import BackendInfo, Rate
from ..result import Deadline, Outcome, SolutionSink
from ..spec import Spec

if TYPE_CHECKING:  # the partitions (the walk's class starts) are loaded by a count
    from .partition import Progress, ProgressCallback

__all__ = ["EXECUTORS", "SHUTDOWN_GRACE", "Ask", "Count", "CountingRoute", "ExecutorName", "Fit",
           "RouteName", "Split", "Task"]

#: Where a count's tasks run: this process, a process pool here, a Dask cluster.
ExecutorName = Literal["inline", "local", "dask"]
EXECUTORS: tuple[ExecutorName, ...] = get_args(ExecutorName)
#: The built-in counting routes' names (`routes.counting_routes`; a plug-in's row names itself).
RouteName = Literal["split", "bitboard", "join", "mirror", "enumerate", "ganak"]
#: Seconds a stopped count needs, after the stop, before its caller stops waiting for it:
#: on a local pool to collect the running tasks' partial counts (the run loop waits at
#: most `engine.STOP_GRACE` for them) and end its workers; on Dask to cancel its tasks and
#: close the client and a private LocalCluster (about a second here). Inline: none beyond
#: the caller's own.
SHUTDOWN_GRACE: dict[ExecutorName, float] = {"local": 2.5, "dask": 5.0}


#: What one process does with one part (see `tasks.py`):
#: `task(base, sub, backend, options, limit, deadline=None) -> (count, seconds[, extras])`.
Task = Callable[..., tuple[Any, ...]]


class Split(NamedTuple):
    """Where and how a count is dealt out as parts (the CLI's --checkpoint, --split-depth,
    --executor, --scheduler and --connect-timeout)."""

    executor: ExecutorName = "local"
    depth: int | None = None
    checkpoint: str | os.PathLike[str] | None = None
    scheduler: str | None = None
    connect_timeout: float | None = None


class Ask(NamedTuple):
    """What the plan asks each route when choosing one for a count: the board, the backend
    (its row and options), whether the caller wants the fundamental count (`unique`) or
    each solution (`per_solution`), the processes (`jobs`, None: not said) and split asked
    for, the count's forecast seconds on the backend's own search (worked out only when
    a route asks) and the time limit (None: none). A route that cannot serve may add a
    line to `notes` saying why."""

    spec: Spec
    info: BackendInfo
    options: Mapping[str, Any]
    unique: bool = False
    per_solution: bool = False
    jobs: int | None = None
    split: Split | None = None
    forecast: Callable[[], float | None] = lambda: None
    notes: list[str] = []  # noqa: RUF012 - the plan gives each Ask its own list
    timeout: float | None = None


class Fit(NamedTuple):
    """A route's answer when it serves the count: on how many processes, with which split
    (the one asked for, or one of its own), and under which route's name (a route may hand
    the count to another: the backend's search over processes is the split route)."""

    route: RouteName
    jobs: int = 1
    split: Split | None = None


class Count(NamedTuple):
    """One count as the plan decided it, for the route's `run`."""

    spec: Spec
    backend: str
    options: Mapping[str, Any]
    deadline: Deadline
    jobs: int = 1
    unique: bool = False
    split: Split | None = None
    on_solution: SolutionSink | None = None
    on_progress: ProgressCallback | None = None
    on_resume: Callable[[Progress], None] | None = None


class CountingRoute(NamedTuple):
    """One row of the counting routes table (`routes.counting_routes`).

    Attributes:
        name: the route's name (`Plan.counting`, the checkpoint's and the stats' words).
        label: how output and notes name it ("join of partial boards").
        fit: whether and how it serves a count (`Ask` -> `Fit`), None when it does not
            (the plan then asks the next row); it raises InputError for a count it refuses
            outright (a route the caller named that cannot serve).
        run: how it counts once chosen.
        default: the plan takes it unasked, in table order (False: only when the `auto`
            policy's rule or the caller names it).
        partition: how a count is cut into parts (`partition.make_partition`'s kind for the
            board; None: not cut, or as the checkpoint and the task say).
        task: what one process does with one part (None: the route runs whole, or the
            backend's own task: `search.task_for`).
        memory: bytes one counting process holds for board size n (None: the backend's own
            estimate).
        rate: its own measured rate (None: the backend's, `BackendInfo.rate`, unless
            `own_pace`).
        own_pace: its speed is its own, not its backend's: the backend's rates do not
            forecast it (without a `rate` there is then no forecast).
        alone: why it counts only alone, with no --unique, split or cross-check (None: it
            combines with them).
        counter: for a route the caller may name (`count --counter NAME`), what it does.
    """

    name: RouteName
    label: str
    fit: Callable[[Ask], Fit | None]
    run: Callable[[Count], Outcome]
    default: bool = True
    partition: Callable[[Spec], str] | None = None
    task: Task | None = None
    memory: Callable[[int], int] | None = None
    rate: Rate | None = None
    own_pace: bool = False
    alone: str | None = None
    counter: str | None = None
