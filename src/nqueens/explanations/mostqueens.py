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
from dataclasses import dataclass, field
from typing import Any

from ..errors import CountMismatchError, InputError
from ..result import Deadline
from ..spec import Cell, Spec
from ..validator import find_cell_violations

__all__ = ["MOST_QUEENS_METHODS", "MostQueens", "most_queens"]

#: How the most queens are found: "auto" is RC2, measured faster than CP-SAT on the
#: ASP blocked n = 28 "no" instances (docs/benchmarks); "both" runs and cross-checks the two.
MOST_QUEENS_METHODS = ("auto", "cpsat", "rc2", "both")
AUTO_METHOD = "rc2"


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
    """

    n: int
    count: int
    queens: tuple[Cell, ...]
    optimal: bool
    upper_bound: int
    methods: tuple[str, ...]
    elapsed: float = 0.0
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def satisfiable(self) -> bool:
        """True when a queen fits in every row: the instance has a solution."""
        return self.count == self.n


@dataclass(frozen=True)
class _Bound:
    queens: tuple[Cell, ...]
    upper: int
    optimal: bool
    stats: dict[str, Any]


def most_queens(spec: Spec, *, method: str = "auto", deadline: Deadline | None = None
                ) -> MostQueens:
    """The most non-attacking queens that fit on `spec` with all its givens.

    Raises:
        InputError: an unknown method.
        CountMismatchError: with `method="both"`, the two solvers disagree.
    """
    if method not in MOST_QUEENS_METHODS:
        raise InputError(f"unknown most-queens method {method!r}; choose one of: "
                         f"{', '.join(MOST_QUEENS_METHODS)}")
    started = time.perf_counter()
    methods = {"auto": (AUTO_METHOD,), "both": ("cpsat", "rc2")}.get(method, (method,))
    answers: dict[str, _Bound] = {}
    for name in methods:
        if answers and deadline is not None and deadline.expired():
            break
        clock, cpu = time.perf_counter(), time.process_time()
        answer = _by_cpsat(spec, deadline) if name == "cpsat" else _by_rc2(spec, deadline)
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
                      {name: a.stats for name, a in answers.items()})


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
    from ortools.sat.python import cp_model

    n = spec.n
    model = cp_model.CpModel()
    cells = [[model.new_bool_var(f"q_{r}_{c}") for c in range(n)] for r in range(n)]
    for line in spec.lines:
        model.add_at_most_one([cells[r][c] for r, c in line.cells])
    for r, c in spec.fixed:
        model.add(cells[r][c] == 1)
    for r, c in spec.forbidden:
        model.add(cells[r][c] == 0)
    model.maximize(sum(var for row in cells for var in row))
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
    queens = tuple((r, c) for r in range(n) for c in range(n)
                   if found and solver.boolean_value(cells[r][c]))
    optimal = status == cp_model.OPTIMAL
    upper = len(queens) if optimal else min(n, int(solver.best_objective_bound + 1e-6))
    return _Bound(queens, upper, optimal, {"status": solver.status_name(status),
                                           "branches": solver.num_branches,
                                           "conflicts": solver.num_conflicts})


def _by_rc2(spec: Spec, deadline: Deadline | None) -> _Bound:
    from pysat.card import CardEnc, EncType
    from pysat.formula import WCNF, IDPool

    from ..backends.sat import cell_var
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
