"""A posed problem in CP-SAT: one Boolean per cell, one linear constraint per line.

A line with bounds [lo, hi] is `lo <= sum of its cells <= hi` (AtMostOne / ExactlyOne where
the bounds say so, the forms CP-SAT propagates best); the bound on the number of queens is
one more line; the objective is CP-SAT's own (`Minimize` / `Maximize` the queens), proved by
its search with the LP relaxation and the objective's lower bound shared between workers.
Enumeration runs one worker (with more, CP-SAT loses or repeats solutions) and needs no
blocking: the model has no variable but the cells. OR-Tools is imported here only.
"""

from __future__ import annotations

import math
import time
from typing import Any

from ortools.sat.python import cp_model

from ..result import Deadline
from ..spec import Cell, Spec
from . import cpsat_facts
from .base import Emitter
from .posed import Optimum, PosedSearch, sorted_cells


def compile_posed_cpsat(spec: Spec) -> tuple[cp_model.CpModel, dict[Cell, cp_model.IntVar]]:
    """The model and its cell variables (forbidden cells have none; fixed ones are 1)."""
    model = cp_model.CpModel()
    forbidden = set(spec.forbidden)
    cells = {(r, c): model.new_bool_var(f"q_{r}_{c}") for r in range(spec.n)
             for c in range(spec.n) if (r, c) not in forbidden}
    for cell in spec.fixed:
        model.add(cells[cell] == 1)
    for line in spec.lines:
        terms = [cells[cell] for cell in line.cells if cell in cells]
        if line.lo == 0 and line.hi == 1:
            model.add_at_most_one(terms)
        elif line.lo == 1 and line.hi == 1:
            model.add_exactly_one(terms)
        else:
            model.add_linear_constraint(sum(terms), line.lo, line.hi)
    if spec.objective is not None:
        total = sum(cells.values())
        if spec.objective == "fewest":
            model.minimize(total)
        else:
            model.maximize(total)
    return model, cells


class _Collector(cp_model.CpSolverSolutionCallback):
    """Hands each solution's queens, as sorted cells, to the emitter."""

    def __init__(self, cells: dict[Cell, cp_model.IntVar], emitter: Emitter) -> None:
        super().__init__()
        self._cells = cells
        self._emitter = emitter

    def on_solution_callback(self) -> None:
        placement = sorted_cells(cell for cell, var in self._cells.items() if self.value(var))
        if not self._emitter.emit(placement):
            self.stop_search()


def _solver(deadline: Deadline | None, workers: int) -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    params = solver.parameters
    params.catch_sigint_signal = False  # stops come through the deadline
    params.num_workers = workers
    remaining = deadline.remaining() if deadline is not None else None
    if remaining is not None:
        params.max_time_in_seconds = max(remaining, 1e-3)
    return solver


def _run(solver: cp_model.CpSolver, model: cp_model.CpModel, deadline: Deadline | None,
         callback: cp_model.CpSolverSolutionCallback | None = None) -> Any:
    unhook = deadline.on_stop(solver.stop_search) if deadline is not None else None
    try:
        return solver.solve(model, callback)
    finally:
        if unhook is not None:
            unhook()


def _stats(solver: cp_model.CpSolver, model: cp_model.CpModel) -> dict[str, Any]:
    return {"variables": len(model.proto.variables),
            "constraints": len(model.proto.constraints),
            "branches": solver.num_branches, "conflicts": solver.num_conflicts}


def satisfy(spec: Spec, emitter: Emitter, deadline: Deadline | None,
            ) -> tuple[bool, bool, dict[str, Any]]:
    """Every placement (one worker, all solutions), or one when the emitter wants one."""
    model, cells = compile_posed_cpsat(spec)
    one = emitter.limit == 1
    solver = _solver(deadline, cpsat_facts.FIND_ONE_WORKERS if one else 1)
    if not one:
        solver.parameters.enumerate_all_solutions = True
    status = _run(solver, model, deadline, _Collector(cells, emitter))
    if status == cp_model.MODEL_INVALID:  # our compiler's error, not the user's
        raise RuntimeError(f"CP-SAT rejected the compiled model: {model.validate()}")
    exhausted = status == cp_model.INFEASIBLE or (not one and status == cp_model.OPTIMAL)
    return exhausted, status in (cp_model.UNKNOWN, cp_model.FEASIBLE), _stats(solver, model)


def optimize(spec: Spec, deadline: Deadline | None) -> Optimum:
    """CP-SAT's optimum: the best placement, and whether it is proved."""
    model, cells = compile_posed_cpsat(spec)
    solver = _solver(deadline, cpsat_facts.FIND_ONE_WORKERS)
    started = time.perf_counter()
    status = _run(solver, model, deadline)
    stats = {**_stats(solver, model), "seconds": round(time.perf_counter() - started, 3)}
    if status == cp_model.MODEL_INVALID:
        raise RuntimeError(f"CP-SAT rejected the compiled model: {model.validate()}")
    if status == cp_model.INFEASIBLE:
        return Optimum(None, None, proved=True, stats=stats)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Optimum(None, None, proved=False, stats=stats)
    placement = sorted_cells(cell for cell, var in cells.items() if solver.value(var))
    raw = solver.best_objective_bound  # a float; whole queens lie on its far side
    bound = math.ceil(raw - 1e-6) if spec.objective == "fewest" else math.floor(raw + 1e-6)
    return Optimum(len(placement), placement, proved=status == cp_model.OPTIMAL,
                   bound=len(placement) if status == cp_model.OPTIMAL else bound, stats=stats)


POSED = PosedSearch("cpsat", satisfy, optimize)
