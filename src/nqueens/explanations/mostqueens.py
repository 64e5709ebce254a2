"""How close a "no" comes: the most non-attacking queens that fit on the board with all its
givens (its fixed queens among them), every row and column relaxed to at most one queen.

Two formalisms answer, independently: CP-SAT maximizes the number of queens on the
Boolean grid (one at-most-one per line), and RC2 (MaxSAT) on the CNF keeps the at-most-ones
hard and makes "a queen in this row" a soft clause per row. Both prove their answer optimal
when they finish; stopped, each keeps what it has (CP-SAT its best placement and bound,
RC2 its bound), and `auto` runs the one measured faster (`docs/benchmarks`). Run both, they
are held to each other: two optimal answers that differ, or a placement larger than the
other's proven bound, raise `CountMismatchError`. Every placement is checked by the shared
validator (no queen attacks another, none on a forbidden cell, every fixed queen present).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import CountMismatchError, InputError
from ..result import Deadline
from ..spec import Cell, Spec
from ..validator import find_cell_violations

__all__ = ["METHODS", "MOST_QUEENS_METHODS", "MostQueens", "most_queens"]

#: How the most queens are found, by method: the solvers that run, in order. "auto" is
#: RC2, measured faster than CP-SAT on the ASP blocked n = 28 "no" instances
#: (docs/benchmarks); "both" runs and cross-checks the two.
METHODS: dict[str, tuple[str, ...]] = {
    "auto": ("rc2",), "cpsat": ("cpsat",), "rc2": ("rc2",), "both": ("cpsat", "rc2")}
MOST_QUEENS_METHODS = tuple(METHODS)


@dataclass(frozen=True)
class MostQueens:
    """The most queens that fit with every given.

    Attributes:
        n: the board size.
        count: queens in `queens`, the largest placement found.
        queens: its cells (row, col), 0-based, row by row; validated.
        optimal: True when no placement of more queens exists (proved).
        upper_bound: the most queens any placement could have, as proved (n when nothing
            better is known).
        methods: the solvers that ran, in order.
        elapsed: seconds.
        stats: per solver, what it reports (status, bound, seconds).
        spec: the instance (for `as_json`).
        empty_rows, empty_columns (properties): the lines `queens` leaves empty.
    """

    n: int
    count: int
    queens: tuple[Cell, ...]
    optimal: bool
    upper_bound: int
    methods: tuple[str, ...]
    elapsed: float = 0.0
    stats: dict[str, Any] = field(default_factory=dict)
    spec: Spec | None = field(default=None, repr=False)

    @property
    def satisfiable(self) -> bool:
        """True when a queen fits in every row: the instance has a solution."""
        return self.count == self.n

    @property
    def empty_rows(self) -> tuple[int, ...]:
        """The rows (0-based) without a queen in `queens`."""
        rows = {r for r, _ in self.queens}
        return tuple(r for r in range(self.n) if r not in rows)

    @property
    def empty_columns(self) -> tuple[int, ...]:
        """The columns (0-based) without a queen in `queens`."""
        columns = {c for _, c in self.queens}
        return tuple(c for c in range(self.n) if c not in columns)

    def as_json(self) -> dict[str, Any]:
        """The JSON document of `solve --most-queens` (docs/reference/json-output.md)."""
        spec = self.spec
        doc: dict[str, Any] = {"n": self.n,
                               "variant": spec.variant if spec is not None else "queens"}
        if spec is not None and spec.name:
            doc["name"] = spec.name
        doc.update(most_queens=self.count, queens=[list(cell) for cell in self.queens],
                   optimal=self.optimal, upper_bound=self.upper_bound,
                   satisfiable=self.satisfiable if self.optimal or self.satisfiable else None,
                   empty_rows=list(self.empty_rows), empty_columns=list(self.empty_columns),
                   methods=list(self.methods), elapsed=round(self.elapsed, 6))
        if spec is not None and spec.fixed:
            doc["fixed"] = [list(cell) for cell in spec.fixed]
        if spec is not None and spec.forbidden:
            doc["forbidden"] = [list(cell) for cell in spec.forbidden]
        doc["stats"] = self.stats
        return doc


@dataclass(frozen=True)
class _Bound:
    queens: tuple[Cell, ...]
    upper: int
    optimal: bool
    stats: dict[str, Any]


def most_queens(spec: Spec, *, method: str = "auto", deadline: Deadline | None = None,
                solvers: tuple[str, ...] | None = None) -> MostQueens:
    """The most non-attacking queens that fit on `spec` with all its givens, by the solvers
    of `method` (METHODS), or those named by `solvers` (keys of SOLVERS; the plan,
    `planning.plan_most_queens`, names them after refusing what would not fit).

    Raises:
        InputError: an unknown method.
        CountMismatchError: with `method="both"`, the two solvers disagree.
    """
    if method not in METHODS:
        raise InputError(f"unknown most-queens method {method!r}; choose one of: "
                         f"{', '.join(METHODS)}")
    started = time.perf_counter()
    answers: dict[str, _Bound] = {}
    for name in solvers if solvers is not None else METHODS[method]:
        if answers and deadline is not None and deadline.expired():
            break
        clock, cpu = time.perf_counter(), time.process_time()
        answer = SOLVERS[name](spec, deadline)
        answer.stats["seconds"] = round(time.perf_counter() - clock, 3)
        answer.stats["cpu_seconds"] = round(time.process_time() - cpu, 3)
        answers[name] = answer
    _cross_check(answers)
    queens = max((a.queens for a in answers.values()), key=len)
    if len(queens) < len(spec.fixed) or not queens:
        queens = _greedy(spec)  # stopped before any solver placed a queen
    broken = find_cell_violations(spec, queens, expect_count=False)
    if broken:
        raise RuntimeError(f"the most-queens placement breaks a rule: {broken[0].describe()}")
    upper = min(a.upper for a in answers.values())
    return MostQueens(spec.n, len(queens), tuple(queens), len(queens) >= upper, upper,
                      tuple(answers), time.perf_counter() - started,
                      {name: a.stats for name, a in answers.items()}, spec)


def _cross_check(answers: dict[str, _Bound]) -> None:
    for name, answer in answers.items():
        for other, against in answers.items():
            if len(answer.queens) > against.upper:
                raise CountMismatchError(
                    f"{name} placed {len(answer.queens)} queens where {other} proved at most "
                    f"{against.upper}: one of them is wrong",
                    {name: len(answer.queens), other: against.upper})


def _greedy(spec: Spec) -> tuple[Cell, ...]:
    """The fixed queens, then a queen wherever one fits, row by row: a placement to keep
    when every solver was stopped before placing one."""
    used: set[int] = set()
    placed: list[Cell] = []
    forbidden = set(spec.forbidden)
    for cell in [*spec.fixed, *((r, c) for r in range(spec.n) for c in range(spec.n))]:
        lines = spec.line_ids_of(cell)
        if cell not in forbidden and used.isdisjoint(lines):
            placed.append(cell)
            used.update(lines)
    return tuple(sorted(placed))


def _by_cpsat(spec: Spec, deadline: Deadline | None) -> _Bound:
    """CP-SAT in two steps: is there a queen in every row (each row exactly one, the strong
    model a solve uses)? If not, maximize on the relaxed model with at most n - 1 queens.
    Maximizing from the start proves the bound n - 1 far more slowly: the relaxation's
    bound stays at n (on the ASP blocked n = 28 "no" instances, seconds against tenths)."""
    from ortools.sat.python import cp_model

    n = spec.n
    full = _cpsat_model(spec, exact_rows=True)
    status, queens, solver = _cpsat_solve(full[0], full[1], deadline)
    stats = {"status_full": solver.status_name(status), "branches": solver.num_branches,
             "conflicts": solver.num_conflicts}
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return _Bound(queens, n, True, {**stats, "status": "OPTIMAL"})
    if status != cp_model.INFEASIBLE:  # stopped: nothing known beyond n
        return _Bound((), n, False, {**stats, "status": solver.status_name(status)})
    model, cells = _cpsat_model(spec, exact_rows=False)
    model.add(sum(var for row in cells for var in row) <= n - 1)
    model.maximize(sum(var for row in cells for var in row))
    status, queens, solver = _cpsat_solve(model, cells, deadline)
    optimal = status == cp_model.OPTIMAL
    found = status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    upper = (len(queens) if optimal else
             min(n - 1, int(solver.best_objective_bound + 1e-6)) if found else n - 1)
    return _Bound(queens, upper, optimal, {**stats, "status": solver.status_name(status),
                                           "branches_max": solver.num_branches,
                                           "conflicts_max": solver.num_conflicts})


def _cpsat_model(spec: Spec, *, exact_rows: bool) -> tuple[Any, list[list[Any]]]:
    """The Boolean grid with its givens: at most one queen per line, exactly one per row
    when `exact_rows`."""
    from ortools.sat.python import cp_model

    n = spec.n
    model = cp_model.CpModel()
    cells = [[model.new_bool_var(f"q_{r}_{c}") for c in range(n)] for r in range(n)]
    for line in spec.lines:
        literals = [cells[r][c] for r, c in line.cells]
        if exact_rows and line.kind == "row":
            model.add_exactly_one(literals)
        else:
            model.add_at_most_one(literals)
    for r, c in spec.fixed:
        model.add(cells[r][c] == 1)
    for r, c in spec.forbidden:
        model.add(cells[r][c] == 0)
    return model, cells


def _cpsat_solve(model: Any, cells: list[list[Any]], deadline: Deadline | None
                 ) -> tuple[Any, tuple[Cell, ...], Any]:
    """One CP-SAT run under the deadline: (status, the queens placed, the solver)."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.catch_sigint_signal = False
    remaining = deadline.remaining() if deadline is not None else None
    if remaining is not None:
        solver.parameters.max_time_in_seconds = max(remaining, 1e-3)
    unhook = deadline.on_stop(solver.stop_search) if deadline is not None else None
    try:
        status = solver.solve(model)
    finally:
        if unhook is not None:
            unhook()
    found = status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    n = len(cells)
    queens = tuple((r, c) for r in range(n) for c in range(n)
                   if found and solver.boolean_value(cells[r][c]))
    return status, queens, solver


def _by_rc2(spec: Spec, deadline: Deadline | None) -> _Bound:
    from pysat.card import CardEnc, EncType
    from pysat.formula import WCNF, IDPool

    from ..backends.cnf import cell_var
    from .maxsat import maxsat

    n = spec.n
    formula = WCNF()
    pool = IDPool(start_from=n * n + 1)
    for line in spec.lines:
        literals = [cell_var(n, r, c) for r, c in line.cells]
        if len(literals) > 1:
            for clause in CardEnc.atmost(literals, 1, vpool=pool,
                                         encoding=EncType.pairwise).clauses:
                formula.append(clause)
    for r, c in spec.fixed:
        formula.append([cell_var(n, r, c)])
    for r, c in spec.forbidden:
        formula.append([-cell_var(n, r, c)])
    rows = [line for line in spec.lines if line.kind == "row"]
    for line in rows:
        formula.append([cell_var(n, r, c) for r, c in line.cells], weight=1)
    answer = maxsat(formula, deadline)
    queens: tuple[Cell, ...] = ()
    if answer.model is not None:
        true = {x for x in answer.model if x > 0}
        queens = tuple((r, c) for r in range(n) for c in range(n) if cell_var(n, r, c) in true)
    return _Bound(queens, len(rows) - answer.cost, answer.optimal,
                  {"status": "optimal" if answer.optimal else "stopped", "cost": answer.cost,
                   "cores": answer.cores})


#: What each solver name runs.
SOLVERS: dict[str, Callable[[Spec, Deadline | None], _Bound]] = {
    "cpsat": _by_cpsat, "rc2": _by_rc2}
