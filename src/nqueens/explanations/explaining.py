"""`explain`: for an instance without solution, which of its givens cause it.

The answer is a set of givens that has no solution on its own, minimal (every one of them
needed: the set less any one of them has a solution, and the explanation carries it), or
with `smallest` a smallest one; with `repair`, the fewest givens to drop for a solution. A
board without solution even with no givens (2 x 2, 3 x 3) is said so, with an empty set. An
instance that has a solution gets it, and no set.

Everything it reports is checked before it is returned: each removal's solution by the
shared validator against the set without that given (and shown to break the given), the
repair's solution against the instance without the removed givens. A deadline that runs
out keeps what was proved: a set without solution not yet minimal, or a minimal set whose
size is not yet proved smallest, with the proved lower bound.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..modeling.givens import Given, bare_board, cell_givens, check_givens, spec_with
from ..modeling.modelfile import Model
from ..result import Deadline
from ..spec import Cell, Placement, Spec, as_spec
from ..validator import find_violations
from .cores import CoreSearch, deletion_order, minimal_core, smallest_core
from .oracles import Oracle, Stopped, make_oracle, violated
from .repair import Repair, minimum_repair

if TYPE_CHECKING:
    from ..proofs.certificates import Certificate

__all__ = ["Explanation", "Removal", "explain"]


@dataclass(frozen=True)
class Removal:
    """`witness` solves the explanation's set less `given` (not the instance: the givens
    outside the set may break it): the proof that `given` is needed in the set."""

    given: Given
    witness: Placement


@dataclass(frozen=True)
class Correction:
    """Drop `removed` from the instance's givens and `solution` solves the rest; `optimal`
    when no fewer givens would do (`lower_bound` is the number proved necessary)."""

    removed: tuple[Given, ...]
    solution: Placement
    optimal: bool
    lower_bound: int


@dataclass(frozen=True)
class Explanation:
    """Why an instance has no solution, or its solution when it has one.

    Attributes:
        spec: the instance.
        givens: all its givens (see `modeling.givens`).
        satisfiable: True (see `solution`), False (see `core`), None when stopped before
            this was known.
        solution: a solution of the instance, when it has one.
        core: givens with no solution together: the explanation.
        minimal: every given of `core` proved needed (see `removals`).
        smallest: no set of fewer givens without solution exists (proved).
        lower_bound: the fewest givens any set without solution has, as proved.
        removals: for each given of `core` proved needed, a solution of `core` less that
            given (of the set, not of the instance: other givens may break it).
        board_unsatisfiable: the board has no solution even without givens (`core` empty).
        repair: with `repair=True`, the fewest givens to drop and the solution then.
        complete: False when the deadline stopped a part (see the flags above).
        elapsed: seconds.
        stats: the oracle, its number of checks, and the searches' figures.
        certify: a certificate of the set's "no" was asked for.
        certificate: that certificate (a DRAT proof of `core_spec`, replayed); None when
            not asked for, or when a stop came before it was made.
    """

    spec: Spec
    givens: tuple[Given, ...]
    satisfiable: bool | None
    solution: Placement | None = None
    core: tuple[Given, ...] = ()
    minimal: bool = False
    smallest: bool = False
    lower_bound: int = 0
    removals: tuple[Removal, ...] = ()
    board_unsatisfiable: bool = False
    repair: Correction | None = None
    complete: bool = True
    elapsed: float = 0.0
    stats: dict[str, Any] = field(default_factory=dict)
    certify: bool = False
    certificate: Certificate | None = None

    @property
    def core_spec(self) -> Spec:
        """The instance with only the givens of `core`: it has no solution either."""
        return spec_with(self.spec, self.core)

    @property
    def certified(self) -> bool:
        """The set's "no" was certified (False when not asked, or not made)."""
        return self.certificate is not None and self.certificate.certified

    def as_json(self) -> dict[str, Any]:
        """The JSON document of `explain` (docs/reference/json-output.md)."""
        spec = self.spec
        doc: dict[str, Any] = {"n": spec.n, "variant": spec.variant}
        if spec.name:
            doc["name"] = spec.name
        doc.update(satisfiable=self.satisfiable, complete=self.complete,
                   givens=len(self.givens))
        if self.solution is not None:
            doc["solution"] = list(self.solution)
        if self.satisfiable is False:
            doc.update(board_unsatisfiable=self.board_unsatisfiable,
                       core=[given.as_json() for given in self.core],
                       minimal=self.minimal, smallest=self.smallest,
                       lower_bound=self.lower_bound,
                       removals=[{"given": removal.given.as_json(),
                                  "solution": list(removal.witness)}
                                 for removal in self.removals])
        if self.repair is not None:
            doc["repair"] = {"removed": [given.as_json() for given in self.repair.removed],
                             "solution": list(self.repair.solution),
                             "optimal": self.repair.optimal,
                             "lower_bound": self.repair.lower_bound}
        if self.certify:
            certificate = self.certificate
            doc.update(certified=self.certified,
                       proof=certificate.proof if certificate is not None else None,
                       certificate=certificate.as_json() if certificate is not None else None)
        doc["elapsed"] = round(self.elapsed, 6)
        doc["stats"] = dict(self.stats)
        return doc


def explain(
    instance: Spec | Model | int,
    *,
    givens: Sequence[Given] | None = None,
    smallest: bool = False,
    repair: bool = False,
    oracle: str = "auto",
    deadline: Deadline | None = None,
) -> Explanation:
    """Explain why `instance` has no solution (see the module's docstring).

    Args:
        instance: a Spec, a board size, or a Model (whose file's givens it uses).
        givens: the statements to explain with; by default the model's, or one per fixed
            queen and forbidden cell. They must state exactly the spec's cells.
        smallest: look for a smallest set (by hitting sets; CP-SAT), not just a minimal one.
        repair: also find the fewest givens to drop (RC2).
        oracle: "auto", "propagate" or "sat" (see `explanations.oracles`).
        deadline: stops every part; what was proved is kept.

    Raises:
        InputError: givens that do not state the spec's cells, an unknown oracle.
    """
    started = time.perf_counter()
    if isinstance(instance, Model):
        spec = instance.spec
        chosen = tuple(givens) if givens is not None else instance.grouped()
    else:
        spec = as_spec(instance)
        chosen = tuple(givens) if givens is not None else cell_givens(spec)
    check_givens(spec, chosen)
    _import_solvers(smallest, repair)
    checker = make_oracle(spec, chosen, deadline, oracle)
    try:
        return _explain(spec, chosen, checker, smallest, repair, deadline, started)
    finally:
        checker.close()


def _import_solvers(smallest: bool, repair: bool) -> None:
    """Import the solvers the later parts run before the first part starts: an import takes
    seconds on a loaded machine, and a deadline that expired inside one, after the minimal
    set was found, would cost the command that set (it waits a moment, then gives up)."""
    if smallest:
        from ortools.sat.python import cp_model  # noqa: F401 - imported for its cost, now
    if repair:
        from pysat.examples import rc2  # noqa: F401 - imported for its cost, now


def _explain(spec: Spec, givens: tuple[Given, ...], oracle: Oracle, smallest: bool,
             repair: bool, deadline: Deadline | None, started: float) -> Explanation:
    everything = list(range(len(givens)))

    def done(**fields: Any) -> Explanation:
        stats = {"oracle": oracle.name, "checks": oracle.calls, **fields.pop("stats", {})}
        return Explanation(spec, givens, elapsed=time.perf_counter() - started, stats=stats,
                           **fields)

    try:
        whole = oracle.check(everything)
        if whole.witness is not None:
            _validated(spec, whole.witness, "the instance's solution")
            return done(satisfiable=True, solution=whole.witness)
        if not givens or oracle.check([]).witness is None:
            return done(satisfiable=False, minimal=True, smallest=True, board_unsatisfiable=True)
    except Stopped:
        return done(satisfiable=None, complete=False)
    order = deletion_order(spec, givens)
    search = minimal_core(oracle, [g for g in order if whole.core is None or g in whole.core])

    def breaks(placement: Placement) -> frozenset[int]:
        return violated(spec, givens, placement)

    if smallest and search.minimal:
        search = smallest_core(oracle, order, breaks, search, deadline)
    correction = None
    if repair:
        correction = _correction(spec, givens, breaks, search, deadline)
    removals = _removals(spec, givens, search)
    complete = search.minimal and (search.smallest or not smallest) and (
        correction is None or correction.optimal or not repair)
    return done(satisfiable=False, core=tuple(givens[g] for g in sorted(search.core)),
                minimal=search.minimal, smallest=search.smallest,
                lower_bound=max(search.lower_bound, 1), removals=removals, repair=correction,
                complete=complete, stats=search.stats)


def _removals(spec: Spec, givens: tuple[Given, ...], search: CoreSearch) -> tuple[Removal, ...]:
    """Each needed given with its witness, checked: a placement the shared validator
    accepts on the bare board that breaks, of the set's givens, that one only (so it solves
    the set without it). One bare board for all: a Spec per removal cost more than the
    search on sets of hundreds of givens."""
    removals = []
    board = bare_board(spec)
    core = sorted(search.core)
    emptied: dict[Cell, list[int]] = {}  # cell -> the set's givens that keep it empty
    for g in core:
        if not givens[g].places_queen:
            for cell in givens[g].cells:
                emptied.setdefault(cell, []).append(g)
    queens = [g for g in core if givens[g].places_queen]
    for index in core:
        witness = search.witnesses.get(index)
        if witness is None:
            continue
        what = f"the solution without {givens[index].describe()}"
        _validated(board, witness, what)
        placed = set(enumerate(witness))
        broken = {g for cell in placed for g in emptied.get(cell, ())}
        broken.update(g for g in queens if not placed.issuperset(givens[g].cells))
        if broken != {index}:
            raise RuntimeError(f"{what} breaks {len(broken)} of the set's givens, not that one "
                               "only: a bug")
        removals.append(Removal(givens[index], witness))
    return tuple(removals)


def _correction(spec: Spec, givens: tuple[Given, ...], breaks: Any, search: CoreSearch,
                deadline: Deadline | None) -> Correction | None:
    found: Repair | None = minimum_repair(spec, givens, breaks, search.witnesses.values(),
                                          deadline)
    if found is None:
        return None
    rest = [given for index, given in enumerate(givens) if index not in found.removed]
    _validated(spec_with(spec, rest), found.solution, "the repaired instance's solution")
    return Correction(tuple(givens[g] for g in found.removed), found.solution, found.optimal,
                      found.lower_bound)


def _validated(spec: Spec, placement: Placement, what: str) -> None:
    broken = find_violations(spec, placement)
    if broken:
        raise RuntimeError(f"{what} breaks a rule: {broken[0].describe()}: a bug")
