"""The SAT backend: the spec compiled into CNF (variables 1..n*n are the cells, row-major)
and solved with PySAT.

Each line becomes one at-most-one constraint in a selectable encoding from `pysat.card`,
plus an at-least-one clause when the line needs exactly one queen. Enumeration blocks the
cell variables only: blocking whole models over-counts as soon as an encoding adds
auxiliary variables (seen here: 1,296 "models" for 6 queens with a sequential counter).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from pysat.card import CardEnc, EncType
from pysat.formula import CNF, IDPool
from pysat.solvers import Solver, SolverNames

from ..errors import InputError
from ..result import Deadline, Outcome, SolutionSink
from ..spec import Spec
from .base import Emitter

#: Encodings of at-most-one offered to users: name -> pysat.card.EncType value.
ENCODINGS: dict[str, int] = {
    "pairwise": EncType.pairwise,
    "seqcounter": EncType.seqcounter,
    "ladder": EncType.ladder,
    "bitwise": EncType.bitwise,
    "totalizer": EncType.totalizer,
    "sortnetwrk": EncType.sortnetwrk,
    "cardnetwrk": EncType.cardnetwrk,
    "mtotalizer": EncType.mtotalizer,
    "kmtotalizer": EncType.kmtotalizer,
}
DEFAULT_ENCODING = "pairwise"
DEFAULT_SOLVER = "cadical195"


def cell_var(n: int, row: int, col: int) -> int:
    """The CNF variable of cell (row, col): 1..n*n, row-major."""
    return row * n + col + 1


@dataclass
class CompiledCnf:
    """A CNF for a spec: `families` counts clauses per line kind (plus fixed / forbidden)."""

    n: int
    encoding: str
    cnf: CNF
    families: dict[str, int] = field(default_factory=dict)

    @property
    def cell_vars(self) -> int:
        return self.n * self.n

    @property
    def aux_vars(self) -> int:
        return self.cnf.nv - self.cell_vars

    def decode(self, model: list[int]) -> tuple[int, ...]:
        """The placement of a model (one true cell per row, guaranteed by the row lines)."""
        n = self.n
        return tuple(
            next(c for c in range(n) if model[r * n + c] > 0) for r in range(n)
        )


def encode_cnf(spec: Spec, encoding: str = DEFAULT_ENCODING) -> CompiledCnf:
    """Compile the spec to CNF without solving (pure: testable and exportable).

    Raises:
        InputError: for an unknown encoding name, listing the known ones.
    """
    if not isinstance(encoding, str) or encoding not in ENCODINGS:
        raise InputError(
            f"unknown encoding {encoding!r}; choose one of: {', '.join(ENCODINGS)}"
        )
    n = spec.n
    pool = IDPool(start_from=n * n + 1)  # cell variables first, so they are 1..n*n
    cnf = CNF()
    cnf.nv = n * n
    families: dict[str, int] = {}
    for line in spec.lines:
        literals = [cell_var(n, r, c) for r, c in line.cells]
        clauses = []
        if line.exact:
            clauses.append(literals)
        if len(literals) > 1:
            clauses.extend(
                CardEnc.atmost(literals, bound=1, vpool=pool, encoding=ENCODINGS[encoding]).clauses
            )
        cnf.extend(clauses)
        families[line.kind] = families.get(line.kind, 0) + len(clauses)
    for r, c in spec.fixed:
        cnf.append([cell_var(n, r, c)])
    for r, c in spec.forbidden:
        cnf.append([-cell_var(n, r, c)])
    families["fixed"] = len(spec.fixed)
    families["forbidden"] = len(spec.forbidden)
    cnf.nv = max(cnf.nv, pool.top)
    return CompiledCnf(n, encoding, cnf, families)


class SatBackend:
    """PySAT on the CNF of `encode_cnf`, enumerating incrementally on one solver instance."""

    name: ClassVar[str] = "sat"
    summary: ClassVar[str] = "CNF encoding solved with PySAT (selectable at-most-one encoding)"
    exhaustive: ClassVar[bool] = True

    def __init__(self, encoding: str = DEFAULT_ENCODING, solver: str = DEFAULT_SOLVER) -> None:
        if not isinstance(encoding, str) or encoding not in ENCODINGS:
            raise InputError(
                f"unknown encoding {encoding!r}; choose one of: {', '.join(ENCODINGS)}"
            )
        if not isinstance(solver, str) or not _known_solver(solver):
            raise InputError(f"unknown SAT solver {solver!r}; PySAT knows: {', '.join(_solver_names())}")
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
        started = time.perf_counter()
        compiled = encode_cnf(spec, self.encoding)
        emitter = Emitter(on_solution, limit)
        n = spec.n
        exhausted = timed_out = False
        with Solver(name=self.solver, bootstrap_with=compiled.cnf.clauses) as solver:
            timer = _interrupt_at(solver, deadline)
            unhook = deadline.on_stop(_interrupter(solver)) if deadline is not None else None
            try:
                while True:
                    answer = solver.solve_limited(expect_interrupt=deadline is not None)
                    if answer is None:  # interrupted by the deadline
                        timed_out = True
                        break
                    if not answer:
                        exhausted = True
                        break
                    placement = compiled.decode(solver.get_model())
                    if not emitter.emit(placement):
                        break
                    # block this placement: not all of its n queens again
                    solver.add_clause([-cell_var(n, r, c) for r, c in enumerate(placement)])
                    if deadline is not None and deadline.expired():
                        timed_out = True
                        break
            finally:
                if timer is not None:
                    timer.cancel()
                if unhook is not None:
                    unhook()
        return Outcome(
            status=emitter.status(exhausted, timed_out),
            count=emitter.count,
            elapsed=time.perf_counter() - started,
            backend=self.name,
            stats={
                "encoding": self.encoding,
                "solver": self.solver,
                "variables": compiled.cnf.nv,
                "aux_variables": compiled.aux_vars,
                "clauses": len(compiled.cnf.clauses),
            },
        )


def _interrupt_at(solver: Solver, deadline: Deadline | None) -> threading.Timer | None:
    """Arm a timer that interrupts the solver at the deadline (PySAT's documented way)."""
    if deadline is None or deadline.at is None:
        return None
    timer = threading.Timer(deadline.remaining() or 0.0, _interrupter(solver))
    timer.daemon = True
    timer.start()
    return timer


def _interrupter(solver: Solver) -> Callable[[], None]:
    """`solver.interrupt`, except that solvers without it (PySAT's CaDiCaL raises
    NotImplementedError) are left alone: they stop at the deadline check between solutions."""

    def interrupt() -> None:
        try:
            solver.interrupt()
        except NotImplementedError:
            pass

    return interrupt


def _solver_names() -> list[str]:
    return sorted(name for name in vars(SolverNames) if not name.startswith("_"))


def _known_solver(name: str) -> bool:
    return any(name.lower() in aliases for aliases in
               (getattr(SolverNames, n) for n in _solver_names()))
