"""The counting route "join": a plain board counted by joining partial boards (`counting/halfboards.py`).

Totals only (which solutions are fundamental needs the per-class walk), for the backends
whose counts walk in the textbook's row order; the `auto` policy names it from the size
where it beats the walk. Its parts (partition "join") run inline, over processes, on Dask
or against a checkpoint; each process lists the two quarter tables once (block by block,
as its units need them), so their memory is estimated before the work and processes that
would not fit are not started. No solver
imports.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NamedTuple

from ..backends import Rate
from ..errors import InputError, SizeLimitError
from ..limits import BASE_BYTES, machine_memory, memory_text
from ..result import Deadline, Outcome
from ..spec import Spec
from .halfboards import JOIN_MAX_N, UNITS, chosen_kernel, join_available

if TYPE_CHECKING:  # the partitions are loaded by a count (the plan reads this route at start-up)
    from .partition import Subproblem
    from .tasks import TaskLimit
from .route import Ask, Count, CountingRoute, ExecutorName, Fit, Split

#: Below this size the join takes less time than a process pool costs to start (compiled;
#: the Python join never pays for one below its reach).
PARALLEL_FROM_N = 17 if join_available() else 13

#: A time limit below this many seconds counts on one process unless more are asked for:
#: the pool's workers take a while to start (longer on a busy machine), so they would
#: count little, while this process counts at once.
POOL_START_SECONDS = 2.0
#: Placements of non-attacking queens (any number) on an h x h board, h = 0..10: the
#: entries of each of the join's two quarter tables (counted here by its table builder).
_QUARTER_PLACEMENTS = (1, 2, 5, 18, 87, 462, 2635, 16870, 118969, 915442, 7535369)
#: Growth of that number per added row beyond the last counted (7.7 from h = 9 to 10,
#: rising slowly: an upper estimate).
_QUARTER_GROWTH = 8.3
#: Bytes per entry (two 32-bit diagonal masks and a 64-bit signature share).
JOIN_BYTES_PER_ENTRY = 16
#: The half-board signatures and the join's scratch of one unit, with room to spare
#: (measured here: about 10 MB beside the tables at n = 18 and 20; peak 266 MB at n = 20).
JOIN_WORKING_BYTES = 32 * 2**20
#: A whole count on one process, measured here (CPU seconds, whole process, `count N --jobs
#: 1`, medians of 3 with the eight symmetries and the kernels of issue 31).
RATE = Rate("exp", ((16, 0.34), (18, 3.4)))


def join_bytes(n: int) -> int:
    """One process counting the join of a plain n-board: the interpreter, the two quarter
    tables (entries, their 64-bit index by rows and columns used, and the count per key
    that builds it) and a unit's working lists."""
    h = n // 2
    last = len(_QUARTER_PLACEMENTS) - 1
    entries = (_QUARTER_PLACEMENTS[h] if h <= last
               else int(_QUARTER_PLACEMENTS[last] * _QUARTER_GROWTH ** (h - last)))
    keys = 1 << 2 * h
    tables = 2 * JOIN_BYTES_PER_ENTRY * entries + 2 * 8 * (keys + 1) + 8 * keys + 4 * (1 << h)
    return BASE_BYTES + tables + JOIN_WORKING_BYTES


def join_processes(n: int, wanted: int) -> int:
    """How many of `wanted` processes counting the join of an n-board fit in this machine's
    memory beside the parent process (0: not even one; `wanted` when the OS does not say)."""
    memory = machine_memory()
    if memory is None:
        return wanted
    return max(0, min(wanted, int((memory - BASE_BYTES) // join_bytes(n))))


#: The backend whose counts take the join, and the options a checkpoint of them records: the
#: units' numbering, so that parts numbered otherwise (by an older nqueens) are refused.
PLAN_BACKEND = "backtrack"
JOIN_OPTIONS: dict[str, Any] = {"join_units": UNITS}


def join_task(
    base: Spec, sub: Subproblem, backend: str, options: dict[str, Any], limit: TaskLimit,
    deadline: Deadline | None = None,
) -> tuple[int, float, dict[str, int]]:
    """One part of the join of a plain board (`joins.count`: the units offset, offset +
    stride, ...; they carry their own symmetry weights). The quarter tables are listed once
    per process and size, each block when a unit first needs it: a part counts from its
    first milliseconds, and a worker's later parts find them listed. "tables_built": 1
    when this task began this process's tables of the board."""
    from .halfboards import count as join_count
    from .halfboards import tables_held
    from .tasks import task_deadline

    started = time.perf_counter()
    offset, stride = sub.join_part
    before = tables_held()
    with task_deadline(limit, deadline) as stop:
        found = join_count(base.n, offset, stride, should_stop=stop.expired)
    # what a stopped count says it did: the tables this task began (once per process),
    # the units it counted
    built = 1 if before != base.n and tables_held() == base.n else 0
    return found.total, time.perf_counter() - started, {
        "unfinished": 0 if found.complete else 1, "units_counted": found.units,
        "tables_built": built}


def _fit(ask: Ask) -> Fit | None:
    """The processes of a count by the join when it can run here and fits in memory; None
    (with a note saying why, where the caller would expect the join) for the per-class
    walk to count instead. With `unique` the walk counts (the join gives totals only); a
    join too large for one process here falls back to the walk, more processes than fit are
    cut down. A Dask cluster's workers are not this machine: no memory check."""
    spec = ask.spec
    if ask.per_solution or not (spec.is_plain and spec.variant == "queens" and spec.n <= JOIN_MAX_N
                                and ask.info.counts_by("join", ask.options)):
        return None
    if ask.unique:
        ask.notes.append("--unique: the per-class walk counts (it finds the fundamental "
                         "solutions; the join of partial boards, faster from this size, counts "
                         "totals only)")
        return None
    if not join_available():  # counting/halfboards.py gives the same numbers, but only small n in time
        ask.notes.append("the join of partial boards is not compiled here (no C compiler at "
                         "install): counting by the per-class walk")
        return None
    if ask.split is not None and ask.split.executor == "dask":
        return Fit("join", ask.jobs or 1, ask.split)
    from .executors import default_jobs

    # a time limit shorter than a pool takes to start and build its tables: one process,
    # which counts from its first moment (the pool's workers would count nothing)
    short = ask.timeout is not None and ask.timeout < POOL_START_SECONDS
    wanted = ask.jobs or (1 if (spec.n < PARALLEL_FROM_N or short) and ask.split is None
                          else default_jobs())
    fit = join_processes(spec.n, wanted)
    if fit == 0:
        ask.notes.append(f"the join of partial boards needs about {memory_text(join_bytes(spec.n))} "
                         f"for n = {spec.n}, more than this machine has: counting by the "
                         "per-class walk instead")
        return None
    if fit < wanted:
        ask.notes.append(f"{fit} of {wanted} processes: the join of partial boards needs about "
                         f"{memory_text(join_bytes(spec.n))} each for n = {spec.n}")
    return Fit("join", fit, ask.split)


def _run(count: Count) -> Outcome:
    """The join's parts through the engine: inline, on a process pool, or where the split
    says (Dask, a checkpoint, a depth)."""
    from .engine import count_parts

    spec, jobs = count.spec, count.jobs
    split = count.split or Split()
    executor: ExecutorName = ("dask" if split.executor == "dask" else "local" if jobs > 1
                              else "inline")
    found = count_parts(
        spec, backend=count.backend, options=dict(JOIN_OPTIONS), task=join_task,
        partition="join", jobs=jobs,
        split=split._replace(executor=executor), deadline=count.deadline,
        on_progress=count.on_progress, on_resume=count.on_resume)
    return replace(found, stats={
        "join": "compiled" if join_available() else "python",
        "kernel": chosen_kernel(),  # the join's popcount: portable, popcnt, avx2, avx512
        # all eight: an even board's splits by the long diagonals' reflections, the mirror
        # and the flip; an odd board's middle queens by all eight (its centre's splits by
        # the mirror and the flip)
        "symmetry": "all eight",
        "jobs": jobs,
        # a count stopped before any part returned did none of it
        **({} if found.complete else {"tasks_stopped": 0, "units_counted": 0, "tables_built": 0}),
        **found.stats})


ROUTE = CountingRoute("join", "join of partial boards", _fit, _run, default=False,
                      partition=lambda spec: "join", task=join_task, memory=join_bytes, rate=RATE,
                      own_pace=True)


# ---- the plan of a long count: what it will cost, before it starts ----

#: CPU seconds the forecast measures the join for (after building the tables).
SAMPLE_SECONDS = 2.0
#: The largest boards whose tables the plan builds to measure them (2 GB at 22 and 23);
#: beyond, the time a unit takes is carried on from the two largest of the same parity.
SAMPLED_UP_TO_N = 23
#: Beyond, each of the two boards the time is carried on from is sampled this many times
#: SAMPLE_SECONDS (the plan of n = 27 carried on from samples of half that varied twofold
#: between runs here: the growth's error is squared).
CARRIED_SAMPLE_FACTOR = 2
#: Seconds a worker process takes to start and import the join, measured here.
PROCESS_START_SECONDS = 0.3


class JoinPlan(NamedTuple):
    """What a count by the join will cost, worked out before it starts (`join_plan`;
    `nqueens.plan_count` in the API, `nqueens count N --plan` in the CLI).

    Attributes:
        n, kernel: the board and the kernel that measured it.
        units, parts, depth: the units of work, and the parts (4 ** depth) that deal them
            out (each part every parts-th unit).
        unit_seconds, table_seconds: CPU seconds a unit takes on average, and building the
            quarter tables (once per process); None when a stop cut the sample short
            before it timed them (`complete` False).
        measured: the units timed at n (0: none; the time was carried on from `basis`).
        basis: the board sizes the per-unit time comes from.
        recorded: the parts the checkpoint already holds (a resume counts the others).
        part_seconds: CPU seconds of one part (what a stop may lose of each part in flight).
        cpu: CPU seconds of what remains to count: every unit of the parts not recorded,
            and the tables in each process.
        memory: bytes each process (or Dask worker) holds.
        executor, processes: where the parts run, on how many processes (or Dask workers,
            one core each), cut down to those that fit; fit: how many of the processes
            asked for this machine's memory holds (None: a cluster's workers are other
            machines); asked: the processes asked for (or the route's default).
        wall: seconds from start to end, with every process on a free core of its own.
        complete: False when the time limit or a stop ended the sample before it timed a
            unit: the figures that need the sample (the times) are None.
    """

    n: int
    kernel: str
    units: int
    parts: int
    depth: int
    unit_seconds: float | None
    table_seconds: float | None
    measured: int
    basis: tuple[int, ...]
    recorded: int
    part_seconds: float | None
    cpu: float | None
    memory: int
    executor: ExecutorName
    processes: int
    fit: int | None
    wall: float | None
    asked: int = 0
    complete: bool = True

    def as_json(self) -> dict[str, Any]:
        """The plan as a JSON document's fields (what `count --plan --format json` prints
        under "plan")."""
        doc = self._asdict()
        doc["basis"] = list(self.basis)
        return doc


#: The share of the time left that the plan's sample may take: the rest is for building
#: the tables and reporting, so a plan under a time limit ends within it.
SAMPLE_SHARE_OF_LIMIT = 0.4


def _unit_time(n: int, budget: float, should_stop: Callable[[], bool] | None = None,
               ) -> tuple[float | None, float | None, int, tuple[int, ...]]:
    """(seconds a unit, seconds the tables, units measured, sizes measured) for an n-board:
    measured here when its tables fit in a quarter of this machine's memory and n is at
    most SAMPLED_UP_TO_N, else carried on geometrically (per two sizes) from the two
    largest of the same parity that do. The times are None when `should_stop` ended a
    sample before it timed a unit."""
    from . import halfboards

    memory = machine_memory()

    def fits(size: int) -> bool:
        return size <= SAMPLED_UP_TO_N and (memory is None or join_bytes(size) <= memory // 4)

    if fits(n):
        found = halfboards.sample(n, budget, should_stop=should_stop)
        if found.unit_seconds is None:
            return None, found.table_seconds, 0, (n,)
        return found.unit_seconds, found.table_seconds, found.units, (n,)
    top = max(size for size in range(n % 2 or 2, n, 2) if fits(size))
    if top < 4:
        raise SizeLimitError(f"no board of n = {n}'s parity fits here to measure the join on")
    # the growth per two sizes is raised to a power: its error grows with it, so each
    # basis board gets a longer sample (the tables, built anyway, cost more than it)
    near = halfboards.sample(top, budget * CARRIED_SAMPLE_FACTOR, should_stop=should_stop)
    far = (halfboards.sample(top - 2, budget * CARRIED_SAMPLE_FACTOR, should_stop=should_stop)
           if near.unit_seconds is not None else near)
    if (near.unit_seconds is None or far.unit_seconds is None or near.table_seconds is None
            or far.table_seconds is None):
        return None, None, 0, (top - 2, top)
    steps = (n - top) / 2
    grow_unit = near.unit_seconds / far.unit_seconds
    grow_tables = near.table_seconds / max(far.table_seconds, 1e-6)
    return (near.unit_seconds * grow_unit ** steps, near.table_seconds * grow_tables ** steps, 0,
            (top - 2, top))


def join_plan(spec: Spec, *, jobs: int | None = None, split: Split | None = None,  # noqa: C901 - each refusal and the stopped sample are one branch
              budget: float = SAMPLE_SECONDS, deadline: Deadline | None = None) -> JoinPlan:
    """The cost of counting the plain board `spec` by the join with `jobs` processes (or
    Dask workers: `split.executor`) and `split`'s depth: its units and parts, the CPU time
    from a short sample measured here (about `budget` seconds after building the tables,
    less under `deadline`, whose stop the sample's C loops poll), the memory each process
    holds, and the wall time with every process on a core of its own. Nothing is counted
    and nothing is written: a checkpoint is only read.

    A plan whose processes do not fit is cut down to those that do, as the count would
    be; when not one fits it is refused before any sample, as the count by the join
    would be. A stop during the sample gives the plan without its times
    (`complete` False).

    Raises:
        InputError: the board is not plain, or beyond the join (n > JOIN_MAX_N).
        SizeLimitError: not one process of the join fits in this machine's memory.
        CheckpointError: the checkpoint could not be written by the count, or holds
            another count.
        RuntimeError: the join is not compiled here.
    """
    from .executors import default_jobs
    from .halfboards import chosen_kernel, unit_count
    from .ledger import check_writable, recorded_depth
    from .partition import choose_depth

    n = spec.n
    if not (spec.is_plain and spec.variant == "queens") or not 4 <= n <= JOIN_MAX_N:
        raise InputError(f"--plan works out the join of partial boards, for plain boards of "
                         f"n = 4 to {JOIN_MAX_N}; {spec.describe()} is not one")
    split = split or Split()
    executor: ExecutorName = "dask" if split.executor == "dask" else "local"
    # as the route chooses: one process below PARALLEL_FROM_N unless split, else all cores
    asked = processes = jobs or (1 if n < PARALLEL_FROM_N and split == Split() else default_jobs())
    fit = None if executor == "dask" else join_processes(n, processes)
    if fit == 0:
        memory = machine_memory()
        raise SizeLimitError(
            f"a count of the {n}-board by the join of partial boards needs about "
            f"{memory_text(join_bytes(n))} for each process, more than this machine's "
            f"{memory_text(memory or 0)}: plan it on a Dask cluster of larger machines "
            "(--executor dask --scheduler ADDRESS), or a smaller board")
    if fit is not None:
        processes = fit  # as the count cuts them down
    if executor == "local" and processes == 1:
        executor = "inline"
    from .engine import LEDGER_TASKS

    if split.checkpoint is not None:
        check_writable(split.checkpoint)  # the count would refuse it before counting
    requested, kept = split.depth, False
    if requested is None and split.checkpoint is not None:  # a resume keeps its depth
        requested = recorded_depth(split.checkpoint)
        kept = requested is not None
    depth = choose_depth(spec, slots=processes, kind="join", requested=requested, recorded=kept,
                         at_least=LEDGER_TASKS if split.checkpoint is not None else 1)
    parts = 4 ** depth
    recorded = _recorded_parts(spec, split.checkpoint, depth)  # refused as the count would
    units = unit_count(n)
    left = parts - recorded
    if left and deadline is not None:
        remaining = deadline.remaining()
        if remaining is not None:
            budget = min(budget, SAMPLE_SHARE_OF_LIMIT * remaining)
    if left:
        unit_seconds, table_seconds, measured, basis = _unit_time(
            n, budget, None if deadline is None else deadline.expired)
    else:  # nothing left to count: nothing to measure
        unit_seconds, table_seconds, measured, basis = 0.0, 0.0, 0, ()
    memory = join_bytes(n)
    if unit_seconds is None or table_seconds is None:
        return JoinPlan(n, chosen_kernel(), units, parts, depth, None, table_seconds, 0, basis,
                        recorded, None, None, memory, executor, processes, fit, None,
                        asked, complete=False)
    part_seconds = unit_seconds * units / parts
    busy = min(processes, left)  # processes that get a part at all
    cpu = part_seconds * left + busy * (table_seconds + PROCESS_START_SECONDS)
    # the parts are dealt out in turn, each about as long as the others: the last round
    # waits for the slowest of `processes` parts at most
    rounds = -(-left // processes)
    wall = (table_seconds + PROCESS_START_SECONDS + rounds * part_seconds) if left else 0.0
    return JoinPlan(n, chosen_kernel(), units, parts, depth, unit_seconds, table_seconds,
                    measured, basis, recorded, part_seconds, cpu, memory, executor,
                    processes, fit, wall, asked)


def _recorded_parts(spec: Spec, checkpoint: str | os.PathLike[str] | None, depth: int) -> int:
    """How many parts of this count an existing `checkpoint` holds (0: none, or no file
    yet), read as a resume reads them but never written (a torn last line is left as it
    is): one written for another board, split or numbering of the units, or a record
    failing its checksum, is refused."""
    from .ledger import Ledger, identity, read_header
    from .partition import make_partition

    if checkpoint is None or read_header(checkpoint) is None:
        return 0
    parts = make_partition(spec, depth, "join")
    fields = identity(spec, PLAN_BACKEND, JOIN_OPTIONS, parts.depth, len(parts), "join")
    return len(Ledger.read(checkpoint, fields, {sub.key for sub in parts.subproblems}))


# ---- a count by the join checked part by part ----

#: The largest board whose count by the join the per-class walk checks part by part (the
#: walk takes about 2.5 min of CPU at n = 18 here, and some 7x more per size beyond).
CROSS_CHECK_MAX_N = 18


#: The per-class walk that shares each class out over the join's parts, one process: the
#: forecast that refuses a cross-check which cannot finish in its time limit.
CROSS_CHECK_RATE = Rate("exp", ((14, 0.085), (16, 3.5)))


class PartCheck(NamedTuple):
    """The join's parts recorded in a checkpoint against the per-class walk's share of each
    (`cross_check_parts`): how many were compared, the walk's count (complete unless
    stopped), and those that disagree as (key, the join's count, the walk's)."""

    parts: int
    walk: int
    complete: bool
    disagree: tuple[tuple[str, int, int], ...]


def cross_check_parts(spec: Spec, checkpoint: str | os.PathLike[str], *,
                      should_stop: Callable[[], bool] | None = None) -> PartCheck:
    """Count every part of the join again by the per-class walk, which shares each class's
    solutions out over the join's parts as the join numbers and weighs them
    (`bitboard.count_classes_by_join_part`), and compare them with the parts `checkpoint`
    recorded (checked against their checksums).

    Raises:
        InputError: not a checkpoint of a count by the join of this board, or a board
            beyond CROSS_CHECK_MAX_N.
        CheckpointError: the checkpoint is corrupt.
    """
    from ..bitboard import count_classes_by_join_part
    from .ledger import Ledger, read_header
    from .partition import make_partition

    if spec.n > CROSS_CHECK_MAX_N:
        raise InputError(f"--cross-check counts each part of the join again by the per-class "
                         f"walk, which takes hours beyond n = {CROSS_CHECK_MAX_N}; drop --cross-check")
    header = read_header(checkpoint)
    if header is None or header.get("plan") != "join" or header.get("n") != spec.n:
        raise InputError(f"{checkpoint} holds no parts of a count by the join of the {spec.n}-board")
    parts = make_partition(spec, int(header["split_depth"]), "join")
    fields = {key: value for key, value in header.items() if key not in ("format", "version")}
    with Ledger.open(checkpoint, fields, {sub.key for sub in parts.subproblems}) as ledger:
        done = dict(ledger.done)
    walked, shares = count_classes_by_join_part(spec.n, len(parts), should_stop=should_stop)
    disagree = tuple((sub.key, done[sub.key], shares[sub.join_part[0]]) for sub in parts.subproblems
                     if sub.key in done and done[sub.key] != shares[sub.join_part[0]])
    return PartCheck(len(done), walked.total, walked.complete, disagree)
