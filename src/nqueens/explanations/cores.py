"""Sets of givens that have no solution on their own: a minimal one by deletion, a smallest
one by hitting sets.

Deletion (`minimal_core`): start from every given (no solution) and try each in turn without
it. When the rest still has none the given goes, and with the SAT oracle so does everything
outside the refutation's core; when the rest has a solution the given is needed, and that
solution is the proof (it stays a solution of the final set minus that given, which is a
subset of the rest). What remains is minimal: removing any one given makes it solvable,
each with its witness. A stop leaves a set that still has no solution, minimality unproved.

Hitting sets (`smallest_core`, the implicit hitting-set dualization of Ignatiev, Previti,
Liffiton and Marques-Silva, CP 2015, which PySAT's OptUx implements): every set without a
solution contains a given of every correction set (givens whose removal leaves a solution),
and a smallest set hitting all of them that has no solution is a smallest such set. The
correction sets are found on the way: the smallest hitting set of those known so far (CP-SAT)
is checked; if it has a solution, that solution's broken givens are grown into a minimal
correction set, and more of them disjoint from the first while the checked set plus them
still has a solution. The hitting-set solver's bound is a lower bound on the size all along,
and the deletion's set the upper bound, so a stop reports both.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..modeling.givens import Given
from ..result import Deadline
from ..spec import Placement, Spec
from .oracles import Oracle, Stopped

__all__ = ["CoreSearch", "deletion_order", "minimal_core", "smallest_core"]

#: Broken givens of a placement: (indices of the givens it breaks).
Breaks = Callable[[Placement], frozenset[int]]


@dataclass
class CoreSearch:
    """Where a search for a set without solution stands: `core`, given indices with no
    solution together; `witnesses`, for each given proved needed, a solution of `core`
    without it; `minimal` when every given of `core` is proved needed; `smallest` when no
    smaller set without solution exists; `lower_bound` the size proved necessary."""

    core: list[int]
    witnesses: dict[int, Placement] = field(default_factory=dict)
    minimal: bool = False
    smallest: bool = False
    lower_bound: int = 0
    stats: dict[str, Any] = field(default_factory=dict)


def minimal_core(oracle: Oracle, start: Sequence[int],
                 known: dict[int, Placement] | None = None) -> CoreSearch:
    """Shrink `start` (givens with no solution together) to a minimal such set by deletion,
    in the order given. `known` are givens already proved needed in `start` (with witnesses
    of `start` without them). A stop of the oracle ends the shrinking where it is."""
    core = list(start)
    witnesses = dict(known or {})
    position = 0
    try:
        while position < len(core):
            given = core[position]
            if given in witnesses:
                position += 1
                continue
            rest = core[:position] + core[position + 1:]
            verdict = oracle.check(rest, violate=given)
            if verdict.witness is not None:
                witnesses[given] = verdict.witness
                position += 1
            elif verdict.core is None:
                core = rest
            else:  # needed givens are in every core of the rest, so positions < position stay
                core = [g for g in rest if g in verdict.core]
    except Stopped:
        return CoreSearch(core, witnesses, minimal=False)
    return CoreSearch(core, witnesses, minimal=True)


def deletion_order(spec: Spec, givens: Sequence[Given]) -> list[int]:
    """The givens in the order deletion tries them: the loosest first, so that the set left
    keeps the tight ones. A forbidding given is as tight as the rows and columns through its
    cells are full of forbidden cells (on average); a fixed queen, which takes a row, a
    column and two diagonals at once, is tried last. On the ASP blocked n = 28 "no"
    instances this gives smaller sets, sooner, than the file's order (docs/benchmarks)."""
    rows: Counter[int] = Counter()
    columns: Counter[int] = Counter()
    for r, c in spec.forbidden:
        rows[r] += 1
        columns[c] += 1

    def tightness(index: int) -> float:
        given = givens[index]
        if given.places_queen:
            return math.inf
        return sum(rows[r] + columns[c] for r, c in given.cells) / len(given.cells)

    return sorted(range(len(givens)), key=tightness)


def smallest_core(oracle: Oracle, order: Sequence[int], breaks: Breaks, upper: CoreSearch,
                  deadline: Deadline | None) -> CoreSearch:
    """A smallest set without solution among the givens `order` lists (loosest first, see
    `deletion_order`), starting from `upper`, a minimal one: its size is the first upper
    bound. Each round the hitting-set solver gets a time slice (doubled while it cannot
    prove its set smallest); a hitting set that has a solution yields correction sets, and
    is grown with the tightest givens until it has none and shrunk again, which finds
    smaller sets than one deletion does. Stops with the best set known and the lower bound
    proved when the deadline runs out."""
    search = _HittingSets(oracle, order, breaks, upper)
    try:
        for witness in upper.witnesses.values():  # each breaks a correction set, maybe
            search.learn(breaks(witness))  # not a minimal one: still a set every core hits
        while not search.round(deadline):
            pass
    except Stopped:
        pass
    best = search.best
    best.smallest = search.lower >= len(best.core)
    best.lower_bound = max(search.lower, 1 if best.core else 0)
    best.stats = {"hitting_set_rounds": search.rounds, "correction_sets": len(search.known)}
    return best


class _HittingSets:
    """The state of `smallest_core`: the hitting-set model (CP-SAT, one Boolean per given,
    a clause per correction set, fewest true), the best set and the lower bound."""

    def __init__(self, oracle: Oracle, order: Sequence[int], breaks: Breaks,
                 upper: CoreSearch) -> None:
        from ortools.sat.python import cp_model

        self.oracle, self.order, self.breaks, self.best = oracle, order, breaks, upper
        self.model = cp_model.CpModel()
        self.hit = [self.model.new_bool_var(f"g{g}") for g in range(len(order))]
        self.model.minimize(sum(self.hit))
        self.rank = {given: position for position, given in enumerate(order)}
        self.everything = frozenset(order)
        self.known: set[frozenset[int]] = set()
        self.lower = self.rounds = 0
        self.cap = -1
        self.budget = HITTING_SET_SLICE

    def learn(self, correction: frozenset[int]) -> None:
        if correction not in self.known:
            self.known.add(correction)
            self.model.add_bool_or([self.hit[g] for g in correction])

    def round(self, deadline: Deadline | None) -> bool:
        """One hitting set, checked, its correction sets learned and a set without solution
        made from it; True when the best set is proved smallest."""
        from ortools.sat.python import cp_model

        if self.cap != len(self.best.core) - 1:
            self.cap = len(self.best.core) - 1
            self.model.add(sum(self.hit) <= self.cap)
        self.rounds += 1
        status, chosen, bound = _hitting_set(self.model, self.hit, self.budget, deadline)
        while chosen is None and status != cp_model.INFEASIBLE:
            # the slice ran out before any set: only the deadline ends the search, a
            # slice only paces it (twice as long each time)
            if deadline is not None and deadline.expired():
                raise Stopped
            self.budget *= 2
            status, chosen, bound = _hitting_set(self.model, self.hit, self.budget, deadline)
        if status == cp_model.INFEASIBLE:  # nothing smaller than the best hits them all
            self.lower = len(self.best.core)
            return True
        assert chosen is not None
        optimal = status == cp_model.OPTIMAL
        self.lower = max(self.lower, bound)
        self.budget = HITTING_SET_SLICE if optimal else 2 * self.budget
        kept = chosen
        while True:  # disjoint correction sets while the kept set has a solution
            verdict = self.oracle.check(sorted(kept))
            if verdict.witness is None:
                break
            correction = self.grow(verdict.witness, kept)
            self.learn(correction)
            kept |= correction
        candidate = self.completed(chosen) if kept != chosen else minimal_core(
            self.oracle, sorted(chosen, key=self.rank.__getitem__))
        if not candidate.minimal:
            raise Stopped
        if len(candidate.core) < len(self.best.core):
            self.best = candidate
        if kept == chosen and optimal:  # the smallest hitting set has no solution
            self.lower = len(self.best.core)
            return True
        return False

    def grow(self, placement: Placement, keep: frozenset[int]) -> frozenset[int]:
        """A minimal correction set disjoint from `keep`: the givens `placement` breaks,
        fewer while a solution keeping one of them back exists."""
        broken = self.breaks(placement) - keep
        for given in sorted(broken):
            if given not in broken:
                continue
            verdict = self.oracle.check(sorted(self.everything - broken | {given}))
            if verdict.witness is not None:
                broken = self.breaks(verdict.witness)
        return broken

    def completed(self, chosen: frozenset[int]) -> CoreSearch:
        """`chosen` plus the fewest of the tightest other givens that leave no solution
        (a binary search: more givens never bring a solution back), shrunk by deletion."""
        others = [g for g in reversed(self.order) if g not in chosen]
        low, high = 0, len(others)
        while low < high:
            middle = (low + high) // 2
            if self.oracle.check(sorted(chosen | set(others[:middle]))).witness is None:
                high = middle
            else:
                low = middle + 1
        return minimal_core(self.oracle, sorted(chosen | set(others[:high]),
                                                key=self.rank.__getitem__))


#: Seconds the hitting-set solver gets in a round, at first (doubled while it cannot
#: prove its set smallest).
HITTING_SET_SLICE = 1.0


def _hitting_set(model: Any, hit: list[Any], budget: float, deadline: Deadline | None
                 ) -> tuple[Any, frozenset[int] | None, int]:
    """CP-SAT on the hitting-set model for `budget` seconds at most: (status, the set found
    or None, the proved lower bound on its size)."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.catch_sigint_signal = False
    remaining = deadline.remaining() if deadline is not None else None
    if remaining is not None and remaining <= 0:
        raise Stopped
    solver.parameters.max_time_in_seconds = min(budget, remaining or budget)
    unhook = deadline.on_stop(solver.stop_search) if deadline is not None else None
    try:
        status = solver.solve(model)
    finally:
        if unhook is not None:
            unhook()
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return status, None, 0
    chosen = frozenset(g for g, var in enumerate(hit) if solver.boolean_value(var))
    return status, chosen, math.ceil(solver.best_objective_bound - 1e-6)
