"""The correction side of a "no": fewest givens to drop so that a solution exists (a
minimum correction set), with that solution.

MaxSAT answers it: the board's CNF is hard, each given is a soft unit (its selector) and
RC2 keeps as many as it can. Solutions already met on the way (the witnesses of an
explanation) each give a correction set, the givens they break; one that breaks a single
given is a minimum at once (the instance has no solution, so at least one must go), and the
best of them is what a stop keeps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..modeling.givens import Given
from ..result import Deadline
from ..spec import Placement, Spec

__all__ = ["Repair", "minimum_repair"]


@dataclass(frozen=True)
class Repair:
    """Drop `removed` (indices of givens) and `solution` solves what is left; `optimal`
    when no smaller set does, `lower_bound` the size proved necessary."""

    removed: tuple[int, ...]
    solution: Placement
    optimal: bool
    lower_bound: int


def minimum_repair(spec: Spec, givens: Sequence[Given], breaks: Callable[[Placement], frozenset[int]],
                   known: Iterable[Placement], deadline: Deadline | None) -> Repair | None:
    """A minimum correction set of `givens` (which have no solution together) with its
    solution; None when even no given at all leaves a solution. `known` are solutions of
    parts of the givens met before, the best of which is kept if the deadline stops RC2."""
    best = min(known, key=lambda placement: len(breaks(placement)), default=None)
    if best is not None and len(breaks(best)) == 1:
        return Repair(tuple(breaks(best)), best, True, 1)
    model, cost, optimal = _by_rc2(spec, givens, deadline)
    if model is not None:
        return Repair(tuple(sorted(breaks(model))), model, True, len(breaks(model)))
    if optimal:  # the hard part, the board alone, has no solution
        return None
    if best is None:
        return None
    return Repair(tuple(sorted(breaks(best))), best, False, max(1, cost))


def _by_rc2(spec: Spec, givens: Sequence[Given], deadline: Deadline | None
            ) -> tuple[Placement | None, int, bool]:
    from pysat.formula import WCNF

    from ..backends.cnf import cell_var
    from ..backends.sat import decode, encode_cnf
    from .maxsat import maxsat

    n = spec.n
    board = encode_cnf(Spec(n, spec.variant), "pairwise").cnf
    formula = WCNF()
    formula.extend(board.clauses)
    top = int(board.nv)
    for index, given in enumerate(givens):
        keep = top + 1 + index
        cells = [cell_var(n, r, c) for r, c in given.cells]
        if given.places_queen:
            formula.append([-keep, *cells])
        else:
            for cell in cells:
                formula.append([-keep, -cell])
        formula.append([keep], weight=1)
    answer = maxsat(formula, deadline)
    placement = decode(n, answer.model) if answer.model is not None else None
    return placement, answer.cost, answer.optimal
