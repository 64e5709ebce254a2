"""A posed problem as CNF: the cells are variables 1..n*n (row-major), each line's bounds
a cardinality encoding from `pysat.card`, the objective a sequence of SAT calls.

A line's "at most one" takes the backend's at-most-one encoding (pairwise by default, as for
the n-queens problem); bounds above one take an encoding of any k (`K_ENCODING` unless the
one named takes any k); "at least lo" is the at-most of the negated cells (a single clause
for lo = 1: the coverage lines of domination). The `native` choice hands every bound to
MiniCard as cardinality constraints instead.

The objective is proved by descending SAT calls: each placement found with v queens is
followed by a call asking for v - 1 (fewest) or v + 1 (most), a counter over the cells,
until one is unsatisfiable, which proves v. Each call is a fresh solver: the last one, the
refutation, is where the time goes, and it is faster without the clauses learned and the
larger counters of the calls before it. The calls keep only the least of each class of
symmetric placements (`lex_leader`) under the symmetries the spec's own lines have: a board
with eight symmetries would otherwise refute every candidate eight times over.

Enumeration blocks the cells only (encodings add auxiliaries): the placement's queens
alone when every solution has the same number of queens, else its whole assignment, since
a superset of a placement may be another solution.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from functools import partial
from typing import Any

from pysat.card import CardEnc, EncType
from pysat.formula import CNF, CNFPlus, IDPool
from pysat.solvers import Solver

from ..result import Deadline
from ..spec import Cell, Spec
from ..symmetry import line_symmetries
from .base import Emitter
from .cnf import cell_var
from .lex_leader import lex_leader_clauses
from .posed import Optimum, PosedSearch, sorted_cells
from .sat_facts import ANY_K, BOUND_ENCODING, K_ENCODING, NATIVE, check_encoding
from .sat_solving import ENUMERATION_SOLVER, solve_stoppably, solver_for


def encode_posed(spec: Spec, encoding: str) -> CNF:
    """The CNF (a CNFPlus with `atmosts` for the native encoding) of a posed spec.

    Raises:
        InputError: an unknown encoding, naming the known ones.
    """
    check_encoding(encoding)
    n = spec.n
    pool = IDPool(start_from=n * n + 1)
    cnf = CNFPlus() if encoding == NATIVE else CNF()
    cnf.nv = n * n
    for _, clauses in posed_chunks(spec, encoding, pool, cnf):
        for clause in clauses:
            cnf.append(clause)
    cnf.nv = max(cnf.nv, pool.top)
    return cnf


def posed_chunks(spec: Spec, encoding: str, pool: IDPool,
                 cnf: CNF) -> Iterator[tuple[str, list[list[int]]]]:
    """The clauses of `encode_posed`, a line (or the forbidden and fixed units) at a time,
    each with its kind, so that `describe` counts them by family. With the native encoding
    a bound goes to `cnf.atmosts` as it is met (a CNFPlus), not into the chunk."""
    n = spec.n
    forbidden = set(spec.forbidden)
    yield "forbidden", [[-cell_var(n, r, c)] for r, c in spec.forbidden]
    yield "fixed", [[cell_var(n, r, c)] for r, c in spec.fixed]
    for line in spec.lines:
        lits = [cell_var(n, r, c) for r, c in line.cells if (r, c) not in forbidden]
        clauses: list[list[int]] = []
        if line.hi < len(lits):
            clauses.extend(_at_most(lits, line.hi, encoding, pool, cnf))
        if line.lo == 1:
            clauses.append(lits)
        elif line.lo > 1:
            clauses.extend(_at_most([-lit for lit in lits], len(lits) - line.lo, encoding,
                                    pool, cnf))
        yield line.kind, clauses


def _at_most(lits: list[int], k: int, encoding: str, pool: IDPool,
             cnf: CNF) -> Iterator[list[int]]:
    if k == 0:
        yield from ([-lit] for lit in lits)
        return
    if encoding == NATIVE:
        cnf.append([lits, k], is_atmost=True)
        return
    chosen = encoding if k == 1 or encoding in ANY_K else K_ENCODING
    yield from CardEnc.atmost(lits, k, vpool=pool, encoding=getattr(EncType, chosen)).clauses


def _fixed_size(spec: Spec) -> bool:
    """Every placement of the spec has the same number of queens (so a placement's queens
    alone block it)."""
    if spec.queens is not None and spec.queens[0] == spec.queens[1]:
        return True
    return any(rule.family in ("rows", "columns") and rule.bounds[0] == rule.bounds[1]
               for rule in spec.rules)


def satisfy(spec: Spec, emitter: Emitter, deadline: Deadline | None, *, encoding: str,
            solver: str | None) -> tuple[bool, bool, dict[str, Any]]:
    """Every placement, blocking each one's cells, or the first when one is wanted."""
    cnf = encode_posed(spec, encoding)
    name = solver_for(encoding, solver, ENUMERATION_SOLVER)
    cells = [cell_var(spec.n, r, c) for r in range(spec.n) for c in range(spec.n)]
    short = _fixed_size(spec)
    exhausted = timed_out = False
    calls = 0
    with Solver(name=name, bootstrap_with=cnf) as sat:
        while True:
            answer = solve_stoppably(sat, deadline)
            calls += 1
            if answer is None:
                timed_out = True
                break
            if not answer:
                exhausted = True
                break
            queens = _queens(sat.get_model(), cells)
            if not emitter.emit(_cells_of(spec.n, queens)):
                break
            sat.add_clause([-v for v in queens] if short else
                           [-v if v in queens else v for v in cells])
            if deadline is not None and deadline.expired():
                timed_out = True
                break
    return exhausted, timed_out, _stats(cnf, encoding, name, calls)


def optimize(spec: Spec, deadline: Deadline | None, *, encoding: str,
             solver: str | None) -> Optimum:
    """The optimum by descending SAT calls (see the module docstring)."""
    cnf = encode_posed(spec, encoding)
    name = solver_for(encoding, solver, ENUMERATION_SOLVER)
    n = spec.n
    cells = [cell_var(n, r, c) for r in range(n) for c in range(n)]
    fewest = spec.objective == "fewest"
    pool = IDPool(start_from=cnf.nv + 1)
    symmetries = line_symmetries(spec)
    base = cnf.clauses + list(lex_leader_clauses(n, symmetries, pool))
    started = time.perf_counter()
    best: tuple[tuple[int, int], ...] | None = None
    calls = 0
    proved = False
    bound: list[list[int]] = []
    while True:
        with Solver(name=name, bootstrap_with=base + bound) as sat:
            if encoding == NATIVE:
                for lits, k in cnf.atmosts:
                    sat.add_atmost(lits, k)
            answer = solve_stoppably(sat, deadline)
            calls += 1
            if answer is None:
                break
            if not answer:
                proved = True
                break
            best = _tightened(spec, _cells_of(n, _queens(sat.get_model(), cells)), fewest)
        better = len(best) - 1 if fewest else len(best) + 1
        if not 0 <= better <= len(cells):  # no fewer than none, no more than every cell
            proved = True
            break
        top = IDPool(start_from=pool.top + 1)  # each bound's counter starts afresh
        counter = CardEnc.atmost if fewest else CardEnc.atleast
        bound = counter(cells, better, vpool=top,
                        encoding=getattr(EncType, BOUND_ENCODING)).clauses
    stats = {**_stats(cnf, encoding, name, calls),
             "symmetries_broken": len(symmetries) - 1,
             "seconds": round(time.perf_counter() - started, 3)}
    value = None if best is None else len(best)
    return Optimum(value, best, proved=proved, bound=value if proved else None, stats=stats)


def _tightened(spec: Spec, placement: tuple[Cell, ...], fewest: bool) -> tuple[Cell, ...]:
    """A placement at least as good, made by hand before the next call: for the fewest,
    queens taken off one at a time (the last first) while every line keeps its least; for
    the most, queens added on free cells while every line stays within its most. A removal
    cannot break an upper bound, nor an addition a lower one, so the result obeys every line
    the placement obeyed; a solver's first model of a large board may hold hundreds of queens
    more than the optimum, and each one taken off here is a SAT call saved."""
    lines = spec.lines
    counts = [0] * len(lines)
    queens = set(placement)
    for cell in queens:
        for line in spec.line_ids_of(cell):
            counts[line] += 1
    if fewest:
        candidates = sorted(queens - set(spec.fixed), reverse=True)
    else:
        shut = queens | set(spec.forbidden)
        candidates = [(r, c) for r in range(spec.n) for c in range(spec.n) if (r, c) not in shut]
    step = -1 if fewest else 1

    def keep(line: int) -> bool:
        """The line still obeys its bound after the step."""
        return counts[line] > lines[line].lo if fewest else counts[line] < lines[line].hi

    for cell in candidates:
        ids = spec.line_ids_of(cell)
        if all(keep(line) for line in ids):
            if fewest:
                queens.discard(cell)
            else:
                queens.add(cell)
            for line in ids:
                counts[line] += step
    return sorted_cells(queens)


def _queens(model: list[int], cells: list[int]) -> set[int]:
    """The cell variables true in a model. A solver's model covers only the variables its
    clauses mention, so a cell on no line may be missing: it is free, and false is as good a
    value as any (the blocking clause then names it, so the next model covers it)."""
    true = {lit for lit in model if lit > 0}
    return {v for v in cells if v in true}


def _cells_of(n: int, queens: Iterable[int]) -> tuple[tuple[int, int], ...]:
    return sorted_cells(divmod(v - 1, n) for v in queens)


def _stats(cnf: CNF, encoding: str, solver: str, calls: int) -> dict[str, Any]:
    return {"encoding": encoding, "solver": solver, "variables": cnf.nv,
            "clauses": len(cnf.clauses), "sat_calls": calls,
            **({"cardinality_constraints": len(cnf.atmosts)} if encoding == NATIVE else {})}


def posed_search(encoding: str, solver: str | None) -> PosedSearch:
    """The sat backend's compiler of posed specs, with its encoding and solver."""
    return PosedSearch("sat", partial(satisfy, encoding=encoding, solver=solver),
                       partial(optimize, encoding=encoding, solver=solver))
