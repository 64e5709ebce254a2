"""What the three compilers of posed problems share: the objective in two phases.

Each formalism proves an optimum its own way (CP-SAT's objective, MaxSAT or a sequence of
SAT calls on the CNF, branch and bound in the backtracker), but what a job does with it is
the same, so it is written once here: to find, the optimal placement is the answer; to
count or enumerate, the optimum k is proved first and then the placements of exactly k
queens are searched as a satisfaction problem. A stop during the first phase keeps the best
placement and the bound proved so far. No solver imports.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import CertificateError
from ..posed.validation import find_posed_violations
from ..result import Deadline, Outcome, SolutionSink, Status
from ..spec import Cell, Spec
from .base import Emitter

__all__ = ["Optimum", "PosedSearch", "search_posed", "sorted_cells"]


@dataclass(frozen=True)
class Optimum:
    """What an optimizer reached.

    Attributes:
        value: queens in `cells`, the best placement found (None: none found).
        cells: that placement, sorted cells.
        proved: True when no placement does better (or, with `value` None, when none
            exists at all).
        bound: the best value any placement could reach, as proved (None: nothing).
        stats: the optimizer's own figures.
    """

    value: int | None
    cells: tuple[Cell, ...] | None
    proved: bool
    bound: int | None = None
    stats: dict[str, Any] = field(default_factory=dict)


#: A satisfaction search of a posed spec without objective: (spec, emitter, deadline) ->
#: (exhausted, timed_out, stats). It hands each solution, as sorted cells, to the emitter.
Satisfy = Callable[[Spec, Emitter, Deadline | None], tuple[bool, bool, dict[str, Any]]]
#: An optimizer of a posed spec with an objective: (spec, deadline) -> Optimum.
Optimize = Callable[[Spec, Deadline | None], Optimum]


@dataclass(frozen=True)
class PosedSearch:
    """A compiler's two entry points and its registry name."""

    backend: str
    satisfy: Satisfy
    optimize: Optimize


def sorted_cells(cells: Any) -> tuple[Cell, ...]:
    """A placement as every compiler hands it on: (row, col) pairs, sorted."""
    return tuple(sorted((int(r), int(c)) for r, c in cells))


def checked(spec: Spec, on_solution: SolutionSink | None,
            optimum: int | None = None) -> SolutionSink:
    """The sink a compiler's placements go through: each is held to the shared validator
    (a compiler's wrong answer never reaches the caller) and handed on in the spec's view:
    the column of each row's queen where every row holds exactly one, else its cells."""
    rows_exact = spec.rows_exact

    def sink(cells: tuple[Any, ...]) -> bool | None:
        broken = find_posed_violations(spec, cells, optimum=optimum)
        if broken:
            raise CertificateError(f"a placement found breaks the rules: "
                                   f"{broken[0].describe()} (an error of the compiler)")
        if on_solution is None:
            return None
        return on_solution(tuple(c for _, c in cells) if rows_exact else cells)

    return sink


def search_posed(compiler: PosedSearch, spec: Spec, on_solution: SolutionSink | None,
                 limit: int | None, deadline: Deadline | None) -> Outcome:
    """A backend's `search` of a posed spec: satisfaction directly; with an objective, the
    optimum first, then (unless one placement is all that is asked) the optimal ones."""
    start = time.perf_counter()
    emitter = Emitter(checked(spec, on_solution), limit)
    if spec.objective is None:
        exhausted, timed_out, stats = compiler.satisfy(spec, emitter, deadline)
        return Outcome(emitter.status(exhausted, timed_out), emitter.count,
                       elapsed=time.perf_counter() - start, backend=compiler.backend,
                       stats=stats)
    best = compiler.optimize(spec, deadline)
    emitter.sink = checked(spec, on_solution, optimum=best.value)
    stats = {f"optimize_{key}": value for key, value in best.stats.items()}
    done: dict[str, Any] = {"backend": compiler.backend, "optimum": best.value,
                            "bound": best.bound}
    if best.value is None or best.cells is None:
        status = Status.COMPLETE if best.proved else _stopped(deadline)
        return Outcome(status, 0, elapsed=time.perf_counter() - start, stats=stats, **done)
    if not best.proved:
        emitter.emit(best.cells)
        return Outcome(_stopped(deadline), emitter.count, elapsed=time.perf_counter() - start,
                       stats=stats, **done)
    if limit == 1:
        emitter.emit(best.cells)
        return Outcome(emitter.status(False, False), emitter.count,
                       elapsed=time.perf_counter() - start, stats=stats, **done)
    emitter.sink = checked(spec, on_solution, optimum=best.value)
    exactly = replace(spec, objective=None, queens=(best.value, best.value))
    exhausted, timed_out, more = compiler.satisfy(exactly, emitter, deadline)
    stats.update(more)
    return Outcome(emitter.status(exhausted, timed_out), emitter.count,
                   elapsed=time.perf_counter() - start, stats=stats, **done)


def _stopped(deadline: Deadline | None) -> Status:
    return Status.TIMEOUT if deadline is not None and deadline.expired() else Status.INTERRUPTED
