"""The CP-SAT backend: the spec compiled into an OR-Tools CP-SAT model of one Boolean per
cell, one ExactlyOne / AtMostOne constraint per line.

For the plain queens variant, enumeration uses a second formulation measured faster here:
one integer per row with AllDifferent on q[r], q[r] + r and q[r] - r, searched with a fixed
first-fail strategy (faster than OR-Tools' sample model in the bench). A pure count of a
plain board is the counting engine's job (its mirror route runs this search per half).

One solution of a large queens board (from `cpsat_facts.RESTARTS_FROM_N`) comes from
the grid searched by one worker in short randomized runs (`CpSatBackend._find_one_restarts`):
the two-worker race relies on CP-SAT's local search, which stops finding anything there,
and the integer model's per-value encoding outgrows memory.

Enumeration always runs with exactly one worker: with more, `enumerate_all_solutions`
loses or repeats solutions (OR-Tools 9.15 returned 80 of the 92 solutions for n = 8).
OR-Tools is imported inside this module only, so other backends never pay for it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from ortools.sat.python import cp_model

from ..errors import InputError
from ..limits import peak_memory_mb
from ..result import Deadline, Outcome, SolutionSink, Status
from ..spec import Spec
from . import cpsat_facts
from .base import Emitter


@dataclass(frozen=True)
class CompiledCpSat:
    """A CP-SAT model and its cell variables: `cells[r][c]` is true iff a queen is on (r, c).
    `families` counts constraints per line kind (plus fixed / forbidden)."""

    model: cp_model.CpModel
    cells: list[list[cp_model.IntVar]]
    families: dict[str, int] = field(default_factory=dict)


class BuildStopped(Exception):
    """`should_stop` said so while the model was being built."""


def compile_cpsat_model(spec: Spec, should_stop: Callable[[], bool] | None = None) -> CompiledCpSat:
    """Build the model without solving it (pure: testable and exportable). Building takes
    seconds from n = 1000 (4 s there), so `should_stop` is asked row by row and line by line.

    Raises:
        BuildStopped: `should_stop()` returned True before the model was complete.
    """
    model = cp_model.CpModel()
    n = spec.n
    cells = []
    for r in range(n):
        if should_stop is not None and should_stop():
            raise BuildStopped
        cells.append([model.new_bool_var(f"q_{r}_{c}") for c in range(n)])
    families: dict[str, int] = {}
    for number, line in enumerate(spec.lines):
        if should_stop is not None and number % 64 == 0 and should_stop():
            raise BuildStopped
        families[line.kind] = families.get(line.kind, 0) + 1
        literals = [cells[r][c] for r, c in line.cells]
        if line.exact:
            model.add_exactly_one(literals)
        else:
            model.add_at_most_one(literals)
    for r, c in spec.fixed:
        model.add(cells[r][c] == 1)
    for r, c in spec.forbidden:
        model.add(cells[r][c] == 0)
    families["fixed"] = len(spec.fixed)
    families["forbidden"] = len(spec.forbidden)
    return CompiledCpSat(model, cells, families)


@dataclass(frozen=True)
class CompiledQueensInt:
    """The integer model of a queens-variant spec: `queens[r]` is the column of row r."""

    model: cp_model.CpModel
    queens: list[cp_model.IntVar]


def compile_cpsat_queens_model(spec: Spec) -> CompiledQueensInt:
    """The queens variant as one integer per row and three AllDifferent constraints, with
    forbidden and fixed cells as domains and a fixed first-fail search strategy. A row whose
    every cell is forbidden keeps the whole row as its domain beside an empty clause: CP-SAT
    calls a variable with an empty domain an invalid model, where this one is infeasible.

    Raises:
        ValueError: for a variant other than "queens".
    """
    if spec.variant != "queens":
        raise ValueError(f"the integer model covers the queens variant, not {spec.variant!r}")
    n = spec.n
    model = cp_model.CpModel()
    forbidden: dict[int, set[int]] = {}
    for r, c in spec.forbidden:
        forbidden.setdefault(r, set()).add(c)
    queens = []
    for r in range(n):
        if r in spec.fixed_columns:
            values = [spec.fixed_columns[r]]
        else:
            values = [c for c in range(n) if c not in forbidden.get(r, ())]
        if not values:  # no queen fits this row: no solution, before any search
            values = list(range(n))
            model.add_bool_or([])
        queens.append(model.new_int_var_from_domain(cp_model.Domain.from_values(values), f"q_{r}"))
    model.add_all_different(queens)
    model.add_all_different([q + r for r, q in enumerate(queens)])
    model.add_all_different([q - r for r, q in enumerate(queens)])
    model.add_decision_strategy(queens, cp_model.CHOOSE_MIN_DOMAIN_SIZE, cp_model.SELECT_MIN_VALUE)
    return CompiledQueensInt(model, queens)


class _RowCollector(cp_model.CpSolverSolutionCallback):
    """Decodes each solution of the integer model and hands it to the emitter."""

    def __init__(self, queens: list[cp_model.IntVar], emitter: Emitter) -> None:
        super().__init__()
        self._queens = queens
        self._emitter = emitter

    def on_solution_callback(self) -> None:
        if not self._emitter.emit(tuple(self.value(q) for q in self._queens)):
            self.stop_search()


class _Collector(cp_model.CpSolverSolutionCallback):
    """Decodes each solution to a placement and hands it to the emitter."""

    def __init__(self, cells: list[list[cp_model.IntVar]], emitter: Emitter) -> None:
        super().__init__()
        self._cells = cells
        self._emitter = emitter

    def on_solution_callback(self) -> None:
        value = self.boolean_value
        placement = tuple(
            next(c for c, var in enumerate(row) if value(var)) for row in self._cells
        )
        if not self._emitter.emit(placement):
            self.stop_search()


#: Conflicts allowed in each restart, times the Luby sequence 1 1 2 1 1 2 4 ... (so the
#: budgets grow without bound and an unsatisfiable board is still proved so). Runs that
#: succeed do so within several hundred conflicts; the others wander for thousands,
#: learning clauses of hundreds of literals.
RESTART_CONFLICTS = 1000

class CpSatBackend:
    """OR-Tools CP-SAT; `workers` applies only to finding one solution (enumeration uses one)."""

    name: ClassVar[str] = "cpsat"

    def __init__(self, workers: int = 0) -> None:
        """`workers` for finding one solution (0: the registry's default); enumeration
        uses one."""
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 0:
            raise InputError(f"workers must be 0 (the default) or a positive integer, got {workers!r}")
        self.workers = workers

    def search(
        self,
        spec: Spec,
        on_solution: SolutionSink | None = None,
        *,
        limit: int | None = None,
        deadline: Deadline | None = None,
    ) -> Outcome:
        if spec.is_open:
            from .cpsat_posed import POSED
            from .posed import search_posed

            return search_posed(POSED, spec, on_solution, limit, deadline)
        enumerate_all = limit != 1
        workers = cpsat_facts.workers_for(spec, {"workers": self.workers},
                                "enumerate" if enumerate_all else "find")
        started = time.perf_counter()
        if enumerate_all and spec.variant == "queens":
            return self._enumerate_rows(spec, on_solution, limit, deadline, started)
        try:
            compiled = compile_cpsat_model(spec, deadline.expired if deadline is not None else None)
        except BuildStopped:  # the time ran out (or a signal came) while building
            return Outcome(Status.TIMEOUT, 0, elapsed=time.perf_counter() - started,
                           backend=self.name, stats={"stopped": "building the model"})
        compile_seconds = time.perf_counter() - started
        if spec.variant == "queens" and spec.n >= cpsat_facts.RESTARTS_FROM_N:
            return self._find_one_restarts(compiled, on_solution, deadline, started,
                                           compile_seconds)
        solver = _solver(deadline, enumerate_all)
        if not enumerate_all:
            # presolve and the LP relaxation of 6n at-most-one constraints cost more than
            # they save when one solution is wanted
            solver.parameters.num_workers = workers
            solver.parameters.cp_model_presolve = False
            solver.parameters.linearization_level = 0
        emitter = Emitter(on_solution, limit)
        status = _solve(solver, compiled.model, _Collector(compiled.cells, emitter), deadline)
        return self._finish(status, emitter, solver, compiled.model, started, compile_seconds,
                            enumerate_all=enumerate_all)

    def _finish(
        self, status: cp_model.CpSolverStatus, emitter: Emitter, solver: cp_model.CpSolver, cp: cp_model.CpModel,
        started: float, compile_seconds: float, *, enumerate_all: bool, **extra: int | str,
    ) -> Outcome:
        """The Outcome of a solve of the grid; `extra` adds or replaces stats (a search
        in several runs passes its totals of branches and conflicts)."""
        if status == cp_model.MODEL_INVALID:  # a bug in our compiler, not in the user's input
            raise RuntimeError(f"CP-SAT rejected the compiled model: {cp.validate()}")
        if enumerate_all:
            exhausted = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
        else:
            exhausted = status == cp_model.INFEASIBLE
        final = emitter.status(exhausted, timed_out=status in (cp_model.UNKNOWN, cp_model.FEASIBLE))
        if not enumerate_all and emitter.count:
            final = Status.LIMIT_REACHED
        return Outcome(
            status=final,
            count=emitter.count,
            elapsed=time.perf_counter() - started,
            backend=self.name,
            stats={
                "variables": len(cp.proto.variables),
                "constraints": len(cp.proto.constraints),
                "branches": solver.num_branches,
                "conflicts": solver.num_conflicts,
                "compile_seconds": round(compile_seconds, 3),
                **peak_memory_mb(),
                **extra,
            },
        )

    def _enumerate_rows(
        self, spec: Spec, on_solution: SolutionSink | None, limit: int | None,
        deadline: Deadline | None, started: float,
    ) -> Outcome:
        """Enumerate a queens-variant spec with the integer model."""
        compiled = compile_cpsat_queens_model(spec)
        solver = _solver(deadline, enumerate_all=True)
        emitter = Emitter(on_solution, limit)
        status = _solve(solver, compiled.model, _RowCollector(compiled.queens, emitter), deadline)
        if status == cp_model.MODEL_INVALID:  # a bug in our compiler, not in the user's input
            raise RuntimeError(f"CP-SAT rejected the compiled model: {compiled.model.validate()}")
        exhausted = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
        return Outcome(
            status=emitter.status(exhausted, timed_out=status in (cp_model.UNKNOWN, cp_model.FEASIBLE)),
            count=emitter.count,
            elapsed=time.perf_counter() - started,
            backend=self.name,
            stats={"model": "integer", "branches": solver.num_branches,
                   "conflicts": solver.num_conflicts},
        )

    def _find_one_restarts(
        self, compiled: CompiledCpSat, on_solution: SolutionSink | None,
        deadline: Deadline | None, started: float, compile_seconds: float,
    ) -> Outcome:
        """One solution of a large queens-variant board: the Boolean grid, one worker,
        searched in runs of `RESTART_CONFLICTS` times the Luby sequence, run k with seed k.

        CP-SAT's own search on the grid mostly sets cells false until a line has one cell
        left, which then propagates (a first-fail that costs nothing to state); 1% random
        branches and polarities make the runs differ. Its run times are heavy-tailed: a
        lucky run finds a 1000-board within a few hundred conflicts, an unlucky one can
        wander for minutes while its learned clauses grow to gigabytes, so short runs
        beat one long one. Presolve, probing, inprocessing, symmetry detection and the LP
        cost more than they save on these runs (time and gigabytes). Deterministic: the
        same board gives the same runs."""
        emitter = Emitter(on_solution, 1)
        collector = _Collector(compiled.cells, emitter)
        branches = conflicts = 0
        run = 0
        while True:
            run += 1
            solver = _solver(deadline, enumerate_all=False)
            params = solver.parameters
            params.num_workers = 1
            params.cp_model_presolve = False
            params.cp_model_probing_level = 0
            params.use_sat_inprocessing = False
            params.symmetry_level = 0
            params.linearization_level = 0
            params.random_polarity_ratio = 0.01
            params.random_branches_ratio = 0.01
            params.random_seed = run
            params.max_number_of_conflicts = RESTART_CONFLICTS * _luby(run)
            status = _solve(solver, compiled.model, collector, deadline)
            branches += solver.num_branches
            conflicts += solver.num_conflicts
            if status != cp_model.UNKNOWN or (deadline is not None and deadline.expired()):
                break
        return self._finish(status, emitter, solver, compiled.model, started, compile_seconds,
                            enumerate_all=False, model="grid, restarts", runs=run,
                            branches=branches, conflicts=conflicts)


def _luby(i: int) -> int:
    """The i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ..."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    if i == (1 << k) - 1:
        return 1 << (k - 1)
    return _luby(i - (1 << (k - 1)) + 1)


def _solver(deadline: Deadline | None, enumerate_all: bool) -> cp_model.CpSolver:
    """A solver with the deadline as its time limit; enumeration pinned to one worker."""
    solver = cp_model.CpSolver()
    params = solver.parameters
    params.catch_sigint_signal = False  # CP-SAT's own handler aborts; stops come via the deadline
    if enumerate_all:
        params.enumerate_all_solutions = True
        params.num_workers = 1  # more workers lose solutions when enumerating
        params.search_branching = cp_model.FIXED_SEARCH
    remaining = deadline.remaining() if deadline is not None else None
    if remaining is not None:
        params.max_time_in_seconds = max(remaining, 1e-3)
    return solver


def _solve(
    solver: cp_model.CpSolver, model: cp_model.CpModel,
    callback: cp_model.CpSolverSolutionCallback, deadline: Deadline | None,
) -> cp_model.CpSolverStatus:
    """Solve, letting a stop of the shared deadline (Ctrl-C, the CLI's guard) end the search."""
    unhook = deadline.on_stop(solver.stop_search) if deadline is not None else None
    try:
        return solver.solve(model, callback)
    finally:
        if unhook is not None:
            unhook()
