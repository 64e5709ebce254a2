"""The counting routes: how one count runs once the plan (`api.plan`) has chosen it.

A backend only searches (`Backend.search`); a count is the engine's. The routes:

- "bitboard": the bitboard walk, no solution met one by one: a plain board one
  representative per symmetry class (the total and the fundamental count in one pass),
  any other queens spec in one walk with the textbook's statistics, or over processes
  split by rows (`tasks.bitboard_task`);
- "mirror": a plain board of a mirror-symmetric variant split by its first row, the left
  half counted twice, each part counted by the backend's own search (`tasks.solver_task`);
- "join": a plain board counted by joining partial boards (`joins.py`): totals only, its
  parts (partition "join") inline, over processes, on Dask or against a checkpoint;
- "split": explicit subproblems (`--checkpoint`, `--split-depth`, `--executor`, processes),
  through `engine.count_parts`;
- "enumerate": the backend's search with a counting sink (every solution met, so a
  progress bar or a caller's callback can see each one).

With `unique`, the fundamental solutions are counted too: the bitboard route of a plain
board has them anyway, every other route meets every solution and keeps one canonical
form per class. The mirror weighting is written once, in `partition.make_partition`.
No solver imports: a backend's module is imported by the task that runs it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..backends import get_backend
from ..bitboard import kernel_available
from ..result import Deadline, Outcome, SolutionSink
from ..spec import Placement, Spec
from ..symmetry import canonical, instance_symmetries

if TYPE_CHECKING:  # the engine (concurrent.futures, the ledger) is imported by a count
    from .engine import Progress, ProgressCallback

ROUTES = ("bitboard", "join", "mirror", "split", "enumerate")


@dataclass(frozen=True, slots=True)
class Split:
    """Where and how a split count runs (the CLI's --checkpoint, --split-depth,
    --executor, --scheduler and --connect-timeout)."""

    executor: str = "local"
    depth: int | None = None
    checkpoint: str | os.PathLike[str] | None = None
    scheduler: str | None = None
    connect_timeout: float | None = None


def run_count(
    spec: Spec,
    backend: str,
    options: Mapping[str, Any],
    *,
    route: str,
    jobs: int = 1,
    unique: bool = False,
    split: Split | None = None,
    deadline: Deadline | None = None,
    on_solution: SolutionSink | None = None,
    on_progress: ProgressCallback | None = None,
    on_resume: Callable[[Progress], None] | None = None,
) -> Outcome:
    """Count every solution of `spec` on `route` (see the module docstring); what was
    refused, chosen and announced before is the plan's. With `unique`, `stats["unique"]`
    is the number of fundamental solutions once the count is complete."""
    options = dict(options)
    deadline = deadline or Deadline(None)
    if route == "bitboard":
        return _bitboard(spec, backend, jobs, deadline)
    if route == "join":
        return _join(spec, backend, jobs, split, deadline, on_progress, on_resume)
    if route in ("mirror", "split"):
        split = split or Split()
        executor = split.executor if route == "split" or jobs > 1 else "inline"
        from . import engine

        found = engine.count_parts(
            spec, backend=backend, options=options, executor=executor, jobs=jobs,
            scheduler=split.scheduler, connect_timeout=split.connect_timeout,
            depth=1 if route == "mirror" else split.depth,
            partition="mirror" if route == "mirror" else None,
            checkpoint=split.checkpoint, deadline=deadline, on_progress=on_progress,
            on_resume=on_resume, check=False)  # the plan has refused what cannot work
        return found if route == "split" else replace(  # what ran, beside the task figures
            found, stats={**found.stats, **options, "symmetry": "mirror"})
    return _enumerate(spec, backend, options, unique, deadline, on_solution)


def _enumerate(
    spec: Spec, backend: str, options: dict[str, Any], unique: bool, deadline: Deadline,
    on_solution: SolutionSink | None,
) -> Outcome:
    """The backend's own search, every solution met (and kept canonical with `unique`)."""
    classes: set[Placement] = set()
    sink = on_solution
    if unique:
        group = instance_symmetries(spec)

        def sink(placement: Placement) -> bool | None:
            classes.add(canonical(placement, group))
            return None if on_solution is None else on_solution(placement)

    outcome = get_backend(backend, **options).search(spec, sink, deadline=deadline)
    if unique:
        outcome = replace(outcome, stats={**outcome.stats, "unique": len(classes)})
    return outcome


def _join(
    spec: Spec, backend: str, jobs: int, split: Split | None, deadline: Deadline,
    on_progress: ProgressCallback | None, on_resume: Callable[[Progress], None] | None,
) -> Outcome:
    """The join's parts through the engine: inline, on a process pool, or where the split
    says (Dask, a checkpoint, a depth)."""
    from ..joins import hardware_popcount, join_available
    from . import engine, tasks

    split = split or Split()
    executor = "dask" if split.executor == "dask" else "local" if jobs > 1 else "inline"
    found = engine.count_parts(
        spec, backend=backend, executor=executor, jobs=jobs, scheduler=split.scheduler,
        connect_timeout=split.connect_timeout, depth=split.depth, partition="join",
        checkpoint=split.checkpoint, task=tasks.join_task, deadline=deadline,
        on_progress=on_progress, on_resume=on_resume, check=False)
    compiled = join_available()
    return replace(found, stats={
        "join": "compiled" if compiled else "python",
        "popcount": "hardware" if hardware_popcount() else "portable",
        # splits fold by the mirror and the flip; an odd board's middle queens by all 8
        "symmetry": "mirror and flip" if spec.n % 2 == 0 else "mirror, flip and rotations",
        "jobs": jobs, **found.stats})


def _bitboard(spec: Spec, backend: str, jobs: int, deadline: Deadline) -> Outcome:
    """The bitboard walk through the engine: a plain board by its symmetry classes (total
    and fundamental count in one pass), any other queens spec in one walk (with the
    textbook statistics) or, over processes, split by rows."""
    from . import engine, tasks
    from .partition import symmetric_partition

    partition = symmetric_partition(spec)
    started = time.perf_counter()
    found = engine.count_parts(
        spec, backend=backend, executor="local" if jobs > 1 else "inline", jobs=jobs,
        partition=partition, depth=0 if partition == "rows" and jobs == 1 else None,
        task=tasks.bitboard_task, deadline=deadline, check=False,
    )
    stats: dict[str, int | float | str] = {
        "walk": "kernel" if kernel_available() else "python-bitboard",
        "subproblems": found.stats["tasks"],
        "jobs": jobs,
        **found.stats,
    }
    if "promising_nodes" in stats:  # walked whole in one piece
        stats["nodes_checked"] = 1 + spec.n * (int(stats["promising_nodes"]) - found.count)
    return Outcome(found.status, found.count, elapsed=time.perf_counter() - started,
                   backend=backend, stats=stats)
