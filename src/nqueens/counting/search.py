"""The counting routes that run the backend's own search:

- "enumerate": the search with a counting sink, every solution met (so a progress bar or a
  caller's callback sees each one; with `unique`, the canonical form of each new class);
- "mirror": a plain board of a mirror-symmetric variant split by its first row, the left
  half counted twice, each part by the backend's search (`solver_task`);
- "split": explicit parts (`--checkpoint`, `--split-depth`, `--executor`, or the search over
  processes), each counted by the backend's fastest exact task (`task_for`).

A solver backend's count goes to processes only when it is forecast to take long enough to
pay for starting a solver in each. No solver imports: a backend's module is imported by the
task that runs it.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, BinaryIO, cast

from ..backends import get_backend
from ..bitboard import supports
from ..forecast import seconds_text
from ..result import Deadline, Outcome, SolutionSink, Status
from ..spec import Placement, Spec
from ..symmetry import canonical, instance_symmetries
from ..variants import SYMMETRIC_VARIANTS

if TYPE_CHECKING:  # the partitions are loaded by a count (the plan reads these routes at start-up)
    from ..backends.base import ProvingBackend
    from .partition import Subproblem
    from .tasks import TaskLimit
from .route import Ask, Count, CountingRoute, Fit, Split, Task

#: A solver backend's count goes to a process pool only when it is forecast to take this
#: long: below it, starting the workers and importing the solver in each costs more than
#: the second core saves.
SPLIT_PAYS_SECONDS = 20.0


def solver_task(
    base: Spec, sub: Subproblem, backend: str, options: dict[str, Any], limit: TaskLimit,
    deadline: Deadline | None = None,
) -> tuple[int, float, dict[str, int]]:
    """Count one subproblem with any exhaustive backend's own search."""
    from .tasks import task_deadline  # a count's, not the plan's at start-up

    started = time.perf_counter()
    with task_deadline(limit, deadline) as deadline:
        if deadline.expired():
            return 0, 0.0, {"unfinished": 1}
        outcome = get_backend(backend, **options).search(sub.spec(base), None,
                                                                deadline=deadline)
    if outcome.status is Status.COMPLETE:
        return outcome.count, time.perf_counter() - started, {}
    if outcome.status is Status.TIMEOUT or deadline.expired():
        return outcome.count, time.perf_counter() - started, {"unfinished": 1}
    raise RuntimeError(f"subproblem {sub.key} did not complete: {outcome.status.value}")


def task_for(spec: Spec, backend: str, options: Mapping[str, Any] | None = None) -> Task:
    """The fastest task that counts `spec` exactly on `backend`'s terms: the bitboard walk
    where the backend's row allows that counting route, else its own search."""
    from ..backends import backend_info
    from .walk import bitboard_task

    if supports(spec) and backend_info(backend).counts_by("bitboard", options or {}):
        return bitboard_task
    return solver_task


def natural_partition(spec: Spec, task: Task) -> str:
    """How a count by `task` is cut when nothing else says: the walk's by the board's
    symmetry (so processes and Dask keep the symmetry cut), a search's by rows."""
    from .walk import bitboard_task, symmetric_partition

    return symmetric_partition(spec) if task is bitboard_task else "rows"


def _solver_jobs(ask: Ask) -> int:
    """The processes asked for, unless the count is forecast to end before starting a
    solver in each pays (then one, with a note)."""
    if (ask.jobs or 1) > 1:
        seconds = ask.forecast()
        if seconds is not None and seconds < SPLIT_PAYS_SECONDS:
            ask.notes.append(f"--jobs {ask.jobs} not used: the count is forecast to take "
                             f"{seconds_text(seconds)}, less than starting {ask.jobs} solver "
                             "processes costs")
            return 1
    return ask.jobs or 1


def _fit_split(ask: Ask) -> Fit | None:
    """Explicit parts, when a split was asked for (never with `unique`: its classes need
    every solution of one run)."""
    if ask.split is None:
        return None
    if ask.unique:
        from ..errors import InputError

        raise InputError("--unique counts every solution in one run; drop --checkpoint, "
                         "--split-depth and --executor")
    return Fit("split", ask.jobs or 1, ask.split)


def _fit_mirror(ask: Ask) -> Fit | None:
    """A plain board of a mirror-symmetric variant, for a backend whose counts may halve
    it (not for each solution, nor for the fundamental count: those need every one)."""
    spec = ask.spec
    if ask.per_solution or ask.unique or not (
            ask.info.counts_by("mirror", ask.options) and spec.is_plain and spec.n > 1
            and spec.variant in SYMMETRIC_VARIANTS):
        return None
    return Fit("mirror", _solver_jobs(ask))


def _fit_enumerate(ask: Ask) -> Fit:
    """Any count: the search meets every solution; over processes (where that pays) it is
    dealt out as parts by rows instead, unless each solution or the classes are wanted."""
    jobs = _solver_jobs(ask)
    if jobs > 1 and not (ask.unique or ask.per_solution):
        return Fit("split", jobs, Split())
    return Fit("enumerate", jobs)


def _run_parts(count: Count, task: Task, partition: str | None, depth: int | None) -> Outcome:
    from .engine import count_parts

    split = count.split or Split()
    return count_parts(
        count.spec, task=task, backend=count.backend, options=count.options,
        partition=partition, jobs=count.jobs, split=split._replace(depth=depth),
        deadline=count.deadline, on_progress=count.on_progress, on_resume=count.on_resume)


def _run_split(count: Count) -> Outcome:
    """The backend's fastest exact task over the checkpoint's partition, else its own."""
    from .ledger import check_writable, recorded_partition

    split = count.split or Split()
    task = task_for(count.spec, count.backend, count.options)
    recorded = None
    if split.checkpoint is not None:
        check_writable(split.checkpoint)  # first: it refuses what the header cannot be read from
        recorded = recorded_partition(split.checkpoint)
    return _run_parts(count, task, recorded or natural_partition(count.spec, task), split.depth)


def _run_mirror(count: Count) -> Outcome:
    if count.jobs <= 1:
        count = count._replace(split=Split("inline"))
    found = _run_parts(count, solver_task, "mirror", 1)
    # what ran, beside the task figures
    return replace(found, stats={**found.stats, **count.options, "symmetry": "mirror"})


def search_with_classes(
    spec: Spec, backend: str, options: Mapping[str, Any], *, unique: bool = False,
    limit: int | None = None, deadline: Deadline | None = None,
    on_solution: SolutionSink | None = None, proof: BinaryIO | None = None,
) -> Outcome:
    """The backend's own search, every solution it meets passed to `on_solution`; with
    `unique`, only the first of each class of symmetric solutions, as the class's canonical
    form (the smallest of its images, known from any member), and the number of classes in
    `stats["unique"]` (the outcome's count stays every solution met); with `proof`, the
    backend's proving search writing its DRAT proof there (`backends.base.ProvingBackend`:
    only for a backend whose row says `search_proof`)."""
    classes: set[Placement] = set()
    sink = on_solution
    if unique:
        group = instance_symmetries(spec)

        def sink(placement: Placement) -> bool | None:
            form = canonical(placement, group)
            if form in classes:
                return None
            classes.add(form)
            return None if on_solution is None else on_solution(form)

    searcher = get_backend(backend, **options)
    if proof is not None:
        outcome = cast("ProvingBackend", searcher).search_proving(
            spec, sink, limit=limit, deadline=deadline, proof=proof)
    else:
        outcome = searcher.search(spec, sink, limit=limit, deadline=deadline)
    if unique:
        outcome = replace(outcome, stats={**outcome.stats, "unique": len(classes)})
    return outcome


def _run_enumerate(count: Count) -> Outcome:
    """The backend's own search, every solution met (and kept canonical with `unique`)."""
    return search_with_classes(count.spec, count.backend, count.options, unique=count.unique,
                               deadline=count.deadline, on_solution=count.on_solution)


SPLIT = CountingRoute("split", "explicit parts", _fit_split, _run_split)
MIRROR = CountingRoute("mirror", "mirrored first row", _fit_mirror, _run_mirror,
                       partition=lambda spec: "mirror", task=solver_task)
ENUMERATE = CountingRoute("enumerate", "the backend's search", _fit_enumerate, _run_enumerate)
