"""The question every explanation asks thousands of times: is the board with only these
givens still solvable, and by what placement?

Two oracles answer it. `PropagateOracle` runs the backtracker's propagating search (the C
loop of `backends/propagate.py`) afresh on each subset: it decides a blocked or completed
queens board in about a millisecond, and it is told which given to break (the one whose
removal is being tried), which it does by fixing a queen on that given's cell. `SatOracle`
keeps one incremental CaDiCaL on the board's CNF, each given behind a selector literal that
is assumed when the given is active, and a second literal per given that makes the
placement break it; an answer "no" comes with a core, the selectors the refutation used,
which drops every other given at once. The first serves queens boards (where its loop was
built), the second every variant; `docs/benchmarks` holds the measurements that chose this.

Asking to break the given `g` while keeping `active` is exact: the whole set is known to
have no solution, so `active` has a solution if and only if it has one that breaks `g`.
Breaking it is what makes the search short (a fixed queen cuts the board) and the witness
telling (it shows where the given would let a queen stand).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..backends import propagate
from ..errors import InputError
from ..modeling.givens import Given
from ..result import Deadline
from ..spec import Placement, Spec

__all__ = ["ORACLES", "PROPAGATE_MAX_N", "Oracle", "Stopped", "Verdict", "make_oracle",
           "oracle_name", "violated"]

#: The oracles a caller may name; "auto" picks `propagate` for queens boards when its C
#: loop is built, else `sat`.
ORACLES = ("auto", "propagate", "sat")


#: The propagate oracle's largest board: the C loop numbers cells with a C int.
PROPAGATE_MAX_N = 46_340
#: Bytes per cell the propagate loop holds: its map of free cells (1) and its trail (4).
PROPAGATE_BYTES_PER_CELL = 5


def oracle_name(spec: Spec, name: str) -> str:
    """The oracle `name` stands for on `spec` ("auto" resolved), refused when unknown or
    when it does not handle the variant.

    Raises:
        InputError: naming the oracles that do.
    """
    if name not in ORACLES:
        raise InputError(f"unknown oracle {name!r}; choose one of: {', '.join(ORACLES)}")
    if name == "propagate" and spec.variant != propagate.VARIANT:
        raise InputError(f"the propagate oracle handles queens boards only, not "
                         f"{spec.variant!r}; use the sat oracle")
    if name == "propagate" or (name == "auto" and spec.variant == propagate.VARIANT
                               and propagate.compiled()):
        return "propagate"
    return "sat"


class Stopped(Exception):
    """The deadline expired, or a stop came, during a check: nothing is known of it."""


@dataclass(frozen=True)
class Verdict:
    """The answer about one subset: `witness`, a solution of it, or None when it has none;
    then `core`, when the oracle knows one, the indices of a part of it that has none on its
    own already."""

    witness: Placement | None
    core: frozenset[int] | None = None


class Oracle(Protocol):
    name: str
    calls: int

    def check(self, active: Sequence[int], violate: int | None = None) -> Verdict:
        """Whether the givens numbered `active` have a solution, one that breaks given
        `violate` when it is named (it is then not among `active`).

        Raises:
            Stopped: the deadline ran out first.
        """
        ...

    def close(self) -> None:
        """Free the solver, if the oracle keeps one."""


def make_oracle(spec: Spec, givens: Sequence[Given], deadline: Deadline | None,
                name: str = "auto") -> Oracle:
    """The oracle `name` for these givens of `spec`.

    Raises:
        InputError: an unknown name, or `propagate` for a variant other than queens.
    """
    chosen = ORACLE_CLASSES[oracle_name(spec, name)]
    return chosen(spec, givens, deadline)


def violated(spec: Spec, givens: Sequence[Given], placement: Placement) -> frozenset[int]:
    """The indices of the givens that `placement` (a column per row) breaks."""
    queens = set(enumerate(placement))
    return frozenset(index for index, given in enumerate(givens)
                     if (given.places_queen and not queens.issuperset(given.cells))
                     or (not given.places_queen and not queens.isdisjoint(given.cells)))


class PropagateOracle:
    """Each check a fresh propagating search (C) of the queens board with these givens."""

    name = "propagate"

    def __init__(self, spec: Spec, givens: Sequence[Given], deadline: Deadline | None) -> None:
        n = spec.n
        self.n = n
        self.deadline = deadline
        self.cells = [[r * n + c for r, c in given.cells] for given in givens]
        self.queen = [given.places_queen for given in givens]
        self.calls = 0

    def check(self, active: Sequence[int], violate: int | None = None) -> Verdict:
        fixed = [cell for g in active if self.queen[g] for cell in self.cells[g]]
        forbidden = [cell for g in active if not self.queen[g] for cell in self.cells[g]]
        if violate is None:
            return Verdict(self._search(fixed, forbidden))
        if self.queen[violate]:  # a fixed queen broken: its cell stays empty
            return Verdict(self._search(fixed, forbidden + self.cells[violate]))
        closed = set(forbidden)
        for cell in self.cells[violate]:  # a queen on one of its cells
            if cell not in closed:
                found = self._search([*fixed, cell], forbidden)
                if found is not None:
                    return Verdict(found)
        return Verdict(None)

    def _search(self, fixed: list[int], forbidden: list[int]) -> Placement | None:
        if self.deadline is not None and self.deadline.expired():
            raise Stopped
        self.calls += 1
        found, stopped = propagate.first_solution(self.n, fixed, forbidden, self.deadline)
        if stopped:
            raise Stopped
        return found

    def close(self) -> None:
        pass


class SatOracle:
    """One incremental CaDiCaL on the board's CNF; givens switched on by assumptions."""

    name = "sat"

    def __init__(self, spec: Spec, givens: Sequence[Given], deadline: Deadline | None) -> None:
        from pysat.solvers import Solver

        from ..backends.cnf import cell_var
        from ..backends.sat import DEFAULT_SOLVER, encode_cnf
        from ..backends.sat_posed import encode_posed
        from ..modeling.givens import bare_board

        n = spec.n
        bare = bare_board(spec)  # a posed problem's lines by its own encoder
        board = encode_posed(bare, "pairwise") if spec.is_open else encode_cnf(bare, "pairwise").cnf
        top = int(board.nv)
        count = len(givens)
        self.n = n
        self.deadline = deadline
        self.select = list(range(top + 1, top + 1 + count))  # given i is active
        self.breaks = list(range(top + 1 + count, top + 1 + 2 * count))  # given i is broken
        self.solver = Solver(name=DEFAULT_SOLVER, bootstrap_with=board.clauses)
        for given, on, off in zip(givens, self.select, self.breaks, strict=True):
            cells = [cell_var(n, r, c) for r, c in given.cells]
            if given.places_queen:
                self.solver.add_clause([-on, *cells])
                self.solver.add_clause([-off, *(-x for x in cells)])
            else:
                for x in cells:
                    self.solver.add_clause([-on, -x])
                self.solver.add_clause([-off, *cells])
        self.owner = {literal: index for index, literal in enumerate(self.select)}
        self.calls = 0

    def check(self, active: Sequence[int], violate: int | None = None) -> Verdict:
        from ..backends.sat import decode
        from ..backends.sat_solving import solve_stoppably

        self.calls += 1
        assumed = [self.select[g] for g in active]
        if violate is not None:
            assumed.append(self.breaks[violate])
        answer = solve_stoppably(self.solver, self.deadline, assumed)
        if answer is None:
            raise Stopped
        if answer:
            return Verdict(decode(self.n, self.solver.get_model()))
        core = set(self.solver.get_core() or ())
        if violate is not None and self.breaks[violate] in core:
            return Verdict(None)  # the core leans on breaking `violate`: no use alone
        return Verdict(None, frozenset(self.owner[x] for x in core if x in self.owner))

    def close(self) -> None:
        self.solver.delete()


#: What each oracle name runs.
ORACLE_CLASSES: dict[str, Callable[[Spec, Sequence[Given], Deadline | None], Oracle]] = {
    "propagate": PropagateOracle, "sat": SatOracle}
