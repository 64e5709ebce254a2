"""The SAT backend: the spec compiled into CNF (variables 1..n*n are the cells, row-major)
and solved with PySAT.

Each line becomes one at-most-one constraint in a selectable encoding from `pysat.card`,
plus an at-least-one clause when the line needs exactly one queen. The `native` choice
encodes nothing: each at-most-one goes to MiniCard as a cardinality constraint (CNF+),
which it propagates itself; that is how one solution of a large board is found.
Enumeration blocks the cell variables only: blocking whole models over-counts as soon as an
encoding adds auxiliary variables (seen here: 1,296 "models" for 6 queens with a
sequential counter).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pysat.card import CardEnc, EncType
from pysat.formula import CNF, CNFPlus, IDPool
from pysat.solvers import Solver

from ..errors import InputError
from ..limits import peak_memory_mb
from ..result import Deadline, Outcome, SolutionSink
from ..spec import Spec
from . import cnf as pairwise
from .base import Emitter
from .cnf import cell_var
from .sat_facts import (
    DEFAULT_ENCODING,
    DEFAULT_SOLVER,
    ENCODINGS,
    NATIVE,
    NATIVE_SOLVERS,
    PROOF_SOLVERS,
    check_encoding,
    encoding_for,
    known_solver,
    proof_refusal,
    solver_key,
    solver_names,
)
from .sat_solving import ENUMERATION_SOLVER, solve, solver_for, stoppable

__all__ = ["DEFAULT_ENCODING", "DEFAULT_SOLVER", "ENCODINGS", "NATIVE", "PROOF_SOLVERS",
           "CompiledCnf", "SatBackend", "cnf_chunks", "encode_cnf", "proof_refusal",
           "refute_with_proof", "solver_key"]

#: Each encoding's `pysat.card.EncType` (None: native, no encoding).
ENC_TYPES: dict[str, int | None] = {
    name: None if name == NATIVE else getattr(EncType, name) for name in ENCODINGS}
#: The MiniSat family's polarity starts every cell as "no queen": a search that proves
#: what cannot hold a queen, row by row. Starting them as "queen" makes each decision place
#: one, which finds a large board's solution in far fewer conflicts.
QUEEN_FIRST_SOLVERS = NATIVE_SOLVERS
#: One solve of a board, too: CaDiCaL resumes a budgeted solve, so a deadline or a signal
#: can stop it between budgets (see `sat_solving.solve`); Kissat cannot, and was slower in the bench.
#: `solver="kissat404"` still names it.
FIND_ONE_SOLVER = DEFAULT_SOLVER
#: The solver of a certified "no": CaDiCaL writes a DRAT proof through PySAT (`with_proof`).
PROOF_SOLVER = DEFAULT_SOLVER


@dataclass
class CompiledCnf:
    """A CNF for a spec: `families` counts clauses per line kind (plus fixed / forbidden)."""

    n: int
    encoding: str
    cnf: CNF  # a CNFPlus (clauses plus `atmosts`) for the native encoding
    families: dict[str, int] = field(default_factory=dict)

    @property
    def cell_vars(self) -> int:
        return self.n * self.n

    @property
    def cardinality(self) -> list[list[Any]]:
        """The native at-most-one constraints, each `[literals, 1]` (empty for an encoding)."""
        return list(getattr(self.cnf, "atmosts", []))

    @property
    def constraints(self) -> list[list[Any]]:
        """Clauses then cardinality constraints: what a solver is given (`append_formula`)."""
        clauses: list[list[Any]] = self.cnf.clauses  # PySAT is untyped
        return clauses + self.cardinality

    @property
    def aux_vars(self) -> int:
        top: int = self.cnf.nv  # PySAT is untyped
        return top - self.cell_vars

    def decode(self, model: list[int]) -> tuple[int, ...]:
        """The placement of a model (one true cell per row, guaranteed by the row lines)."""
        return decode(self.n, model)


def encode_cnf(spec: Spec, encoding: str = DEFAULT_ENCODING) -> CompiledCnf:
    """Compile the spec to CNF without solving (pure: testable and exportable).

    Raises:
        InputError: for an unknown encoding name, listing the known ones.
    """
    check_encoding(encoding)
    n = spec.n
    pool = IDPool(start_from=n * n + 1)  # cell variables first, so they are 1..n*n
    cnf = CNFPlus() if encoding == NATIVE else CNF()
    cnf.nv = n * n
    families: dict[str, int] = {}
    for kind, constraints in cnf_chunks(spec, encoding, pool):
        for item in constraints:
            if _is_cardinality(item):
                cnf.append(item, is_atmost=True)
            else:
                cnf.append(item)
        families[kind] = families.get(kind, 0) + len(constraints)
    families.setdefault("fixed", 0)
    families.setdefault("forbidden", 0)
    cnf.nv = max(cnf.nv, pool.top)
    return CompiledCnf(n, encoding, cnf, families)


def cnf_chunks(spec: Spec, encoding: str, pool: IDPool) -> Iterator[tuple[str, list[list[int]]]]:
    """The clauses of `encode_cnf`, one line (or the fixed / forbidden units) at a time, so
    that a large board can be fed to a solver without holding the whole CNF in Python.
    With the native encoding an at-most-one over three or more cells is one item
    `[literals, 1]` (over two cells it stays one binary clause)."""
    if encoding == DEFAULT_ENCODING:  # the CNF certificates are about, built in one place
        yield from pairwise.line_clauses(spec)
        return
    n = spec.n
    for line in spec.lines:
        literals = [cell_var(n, r, c) for r, c in line.cells]
        clauses: list[list[Any]] = [literals] if line.exact else []
        if len(literals) > 1 and encoding == NATIVE:
            clauses.append([-literals[0], -literals[1]] if len(literals) == 2 else [literals, 1])
        elif len(literals) > 1:
            clauses.extend(
                CardEnc.atmost(literals, bound=1, vpool=pool, encoding=ENC_TYPES[encoding]).clauses
            )
        yield line.kind, clauses
    yield "fixed", [[cell_var(n, r, c)] for r, c in spec.fixed]
    yield "forbidden", [[-cell_var(n, r, c)] for r, c in spec.forbidden]


def _is_cardinality(item: list[Any]) -> bool:
    """True for a native `[literals, bound]` item, False for a clause (a list of ints)."""
    return bool(item) and not isinstance(item[0], int)


def decode(n: int, model: list[int]) -> tuple[int, ...]:
    """The placement of a model (one true cell per row, guaranteed by the row lines)."""
    return tuple(next(c for c in range(n) if model[r * n + c] > 0) for r in range(n))


class SatBackend:
    """PySAT on the CNF of `encode_cnf`, enumerating incrementally on one solver instance."""

    name: ClassVar[str] = "sat"

    def __init__(self, encoding: str | None = None, solver: str | None = None) -> None:
        """`encoding=None` picks one by board size and job (`sat_facts.encoding_for`);
        `solver=None` picks one for the encoding (`solver_for`)."""
        if encoding is not None:
            check_encoding(encoding)
        if solver is not None and (not isinstance(solver, str) or not known_solver(solver)):
            raise InputError(f"unknown SAT solver {solver!r}; PySAT knows: {', '.join(solver_names())}")
        if encoding == NATIVE and solver is not None:
            solver_for(NATIVE, solver)  # refuse a solver without cardinality constraints now
        self.encoding = encoding
        self.solver = solver

    def search(
        self,
        spec: Spec,
        on_solution: SolutionSink | None = None,
        *,
        limit: int | None = None,
        deadline: Deadline | None = None,
    ) -> Outcome:
        encoding = encoding_for(spec, {"encoding": self.encoding},
                                "find" if limit == 1 else "enumerate")
        if spec.is_open:
            from .posed import search_posed
            from .sat_posed import posed_search

            return search_posed(posed_search(encoding, self.solver), spec, on_solution,
                                limit, deadline)
        started = time.perf_counter()
        emitter = Emitter(on_solution, limit)
        if limit == 1:
            return self._find_one(spec, encoding, emitter, deadline, started)
        compiled = encode_cnf(spec, encoding)
        parts = first_row_parts(spec)
        end = "exhausted"
        for units in parts:
            end = self._enumerate(compiled, units, deadline, emitter.emit)
            if end != "exhausted":
                break
        return Outcome(
            status=emitter.status(end == "exhausted", end == "timeout"),
            count=emitter.count,
            elapsed=time.perf_counter() - started,
            backend=self.name,
            stats={
                "encoding": encoding,
                "solver": solver_for(encoding, self.solver, ENUMERATION_SOLVER),
                "variables": compiled.cnf.nv,
                "aux_variables": compiled.aux_vars,
                "clauses": len(compiled.cnf.clauses),
                **({"cardinality_constraints": len(compiled.cardinality)}
                   if encoding == NATIVE else {}),
                "parts": len(parts),
            },
        )

    def _find_one(
        self, spec: Spec, encoding: str, emitter: Emitter, deadline: Deadline | None,
        started: float,
    ) -> Outcome:
        """One solve, the clauses streamed line by line into the solver (large boards)."""
        name = solver_for(encoding, self.solver, FIND_ONE_SOLVER)
        pool = IDPool(start_from=spec.n * spec.n + 1)
        clauses = cardinality = 0
        exhausted = timed_out = False
        with Solver(name=name) as solver:
            for _, chunk in cnf_chunks(spec, encoding, pool):
                if deadline is not None and deadline.expired():  # building takes minutes at n = 1000
                    break
                solver.append_formula(chunk)
                clauses += len(chunk)
                if encoding == NATIVE:
                    cardinality += sum(map(_is_cardinality, chunk))
            queen_first = solver_key(name) in QUEEN_FIRST_SOLVERS
            if queen_first:
                solver.set_phases(list(range(1, spec.n * spec.n + 1)))
            compiled_at = time.perf_counter()
            answer = None
            if deadline is None or not deadline.expired():
                with stoppable(solver, deadline):
                    answer = solve(solver, deadline)
            if answer is None:
                timed_out = True
            elif not answer:
                exhausted = True
            else:
                emitter.emit(decode(spec.n, solver.get_model()))
        return Outcome(
            status=emitter.status(exhausted, timed_out),
            count=emitter.count,
            elapsed=time.perf_counter() - started,
            backend=self.name,
            stats={"encoding": encoding, "solver": name, "variables": max(pool.top, spec.n ** 2),
                   "clauses": clauses - cardinality,
                   **({"cardinality_constraints": cardinality} if encoding == NATIVE else {}),
                   "phase": "queen first" if queen_first else "solver default",
                   "compile_seconds": round(compiled_at - started, 3), **peak_memory_mb()},
        )

    def _enumerate(
        self,
        compiled: CompiledCnf,
        units: tuple[int, ...],
        deadline: Deadline | None,
        emit: Callable[[tuple[int, ...]], bool],
    ) -> str:
        """Enumerate the models of the CNF plus `units`, blocking each placement's cells;
        returns "exhausted", "timeout" or "stopped"."""
        n = compiled.n
        constraints = compiled.constraints + [[unit] for unit in units]
        name = solver_for(compiled.encoding, self.solver, ENUMERATION_SOLVER)
        with Solver(name=name, bootstrap_with=constraints) as solver, stoppable(solver, deadline):
            while True:
                answer = solve(solver, deadline)
                if answer is None:  # interrupted by the deadline
                    return "timeout"
                if not answer:
                    return "exhausted"
                placement = compiled.decode(solver.get_model())
                if not emit(placement):
                    return "stopped"
                # block this placement: not all of its n queens again
                solver.add_clause([-cell_var(n, r, c) for r, c in enumerate(placement)])
                if deadline is not None and deadline.expired():
                    return "timeout"


def refute_with_proof(
    compiled: CompiledCnf, solver: str = PROOF_SOLVER, deadline: Deadline | None = None,
) -> tuple[bool | None, list[str]]:
    """Solve the CNF (clauses only) with a proof-logging solver: (answer, proof lines), the
    answer None when the deadline stopped it. The proof is DRAT text, one step per line, as
    the solver wrote it; it is meaningful only when the answer is False."""
    clauses: list[list[int]] = compiled.cnf.clauses  # PySAT is untyped
    with Solver(name=solver, bootstrap_with=clauses, with_proof=True) as sat:
        with stoppable(sat, deadline):
            answer = solve(sat, deadline)
        proof: list[str] = list(sat.get_proof() or []) if answer is False else []
    return answer, proof


def first_row_parts(spec: Spec) -> list[tuple[int, ...]]:
    """Enumeration split by the first row's column, one solver each: each solver then
    carries the blocking clauses of its own part only, not of every solution so far."""
    n = spec.n
    return [(cell_var(n, 0, c),) for c in range(n)]
