"""The CP-SAT backend: the spec compiled into an OR-Tools CP-SAT model of one Boolean per
cell, one ExactlyOne / AtMostOne constraint per line.

Enumeration always runs with exactly one worker: measured here (OR-Tools 9.15), two workers
with `enumerate_all_solutions` silently returned 80 of the 92 solutions for n = 8.
OR-Tools is imported inside this module only, so other backends never pay for it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import ClassVar

from ortools.sat.python import cp_model

from ..errors import InputError
from ..result import Deadline, Outcome, SolutionSink, Status
from ..spec import Spec
from .base import Emitter


@dataclass(frozen=True)
class CompiledCpSat:
    """A CP-SAT model and its cell variables: `cells[r][c]` is true iff a queen is on (r, c).
    `families` counts constraints per line kind (plus fixed / forbidden)."""

    model: cp_model.CpModel
    cells: list[list[cp_model.IntVar]]
    families: dict[str, int] = field(default_factory=dict)


def compile_cpsat_model(spec: Spec) -> CompiledCpSat:
    """Build the model without solving it (pure: testable and exportable)."""
    model = cp_model.CpModel()
    n = spec.n
    cells = [[model.new_bool_var(f"q_{r}_{c}") for c in range(n)] for r in range(n)]
    families: dict[str, int] = {}
    for line in spec.lines:
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


class CpSatBackend:
    """OR-Tools CP-SAT; `workers` applies only to finding one solution (enumeration uses one)."""

    name: ClassVar[str] = "cpsat"
    summary: ClassVar[str] = "OR-Tools CP-SAT model, solutions through a callback"
    exhaustive: ClassVar[bool] = True

    def __init__(self, workers: int = 0) -> None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 0:
            raise InputError(f"workers must be 0 (CP-SAT's default) or a positive integer, got {workers!r}")
        self.workers = workers

    def search(
        self,
        spec: Spec,
        on_solution: SolutionSink | None = None,
        *,
        limit: int | None = None,
        deadline: Deadline | None = None,
    ) -> Outcome:
        started = time.perf_counter()
        compiled = compile_cpsat_model(spec)
        solver = cp_model.CpSolver()
        params = solver.parameters
        params.catch_sigint_signal = False  # CP-SAT's own handler aborts; stops come via the deadline
        enumerate_all = limit != 1
        if enumerate_all:
            params.enumerate_all_solutions = True
            params.num_workers = 1  # more workers lose solutions when enumerating
        elif self.workers:
            params.num_workers = self.workers
        remaining = deadline.remaining() if deadline is not None else None
        if remaining is not None:
            params.max_time_in_seconds = max(remaining, 1e-3)
        emitter = Emitter(on_solution, limit)
        collector = _Collector(compiled.cells, emitter)
        unhook = deadline.on_stop(solver.stop_search) if deadline is not None else None
        try:
            status = solver.solve(compiled.model, collector)
        finally:
            if unhook is not None:
                unhook()
        if enumerate_all:
            exhausted = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
        else:
            exhausted = status == cp_model.INFEASIBLE
        final = emitter.status(exhausted, timed_out=status in (cp_model.UNKNOWN, cp_model.FEASIBLE))
        if status == cp_model.MODEL_INVALID:  # a bug in our compiler, not in the user's input
            raise RuntimeError(f"CP-SAT rejected the compiled model: {compiled.model.validate()}")
        if not enumerate_all and emitter.count:
            final = Status.LIMIT_REACHED
        return Outcome(
            status=final,
            count=emitter.count,
            elapsed=time.perf_counter() - started,
            backend=self.name,
            stats={
                "variables": len(compiled.model.proto.variables),
                "constraints": len(compiled.model.proto.constraints),
                "branches": solver.num_branches,
                "conflicts": solver.num_conflicts,
            },
        )
