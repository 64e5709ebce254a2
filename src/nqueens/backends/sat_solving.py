"""Running a PySAT solver under a deadline, and which solver runs: what the SAT backend,
the posed problems' CNF, the explanations' oracles and MaxSAT share.

PySAT keeps the GIL inside a solve, so a timer or a signal handler cannot stop it on its
own: under a deadline a solve runs in conflict budgets with the deadline checked between
them, and the deadline's stop interrupts the solver where PySAT allows it.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator, Sequence

from pysat.solvers import Solver

from ..errors import InputError
from ..result import Deadline
from .sat_facts import DEFAULT_SOLVER, NATIVE, NATIVE_SOLVERS, solver_key

__all__ = ["ENUMERATION_SOLVER", "solve", "solve_stoppably", "solver_for", "stoppable"]

#: Incremental, for enumeration with blocking clauses (the fastest of PySAT's in the bench).
ENUMERATION_SOLVER = DEFAULT_SOLVER


def solver_for(encoding: str, wanted: str | None, default: str = DEFAULT_SOLVER) -> str:
    """The solver to run: the one named, else `default`; the native encoding needs one of
    NATIVE_SOLVERS (MiniCard unless another is named).

    Raises:
        InputError: a solver named for the native encoding that takes no cardinality
            constraints.
    """
    if encoding != NATIVE:
        return wanted or default
    if wanted is None:
        return NATIVE_SOLVERS[0]
    if solver_key(wanted) not in NATIVE_SOLVERS:
        raise InputError(f"the native encoding needs a solver that takes cardinality "
                         f"constraints ({', '.join(NATIVE_SOLVERS)}), not {wanted!r}; "
                         "drop the solver or choose one of those")
    return wanted


#: Conflicts per solver call under a deadline: between calls the deadline is checked.
_CONFLICTS_PER_CALL = 20_000


def solve(solver: Solver, deadline: Deadline | None,
           assumptions: Sequence[int] = ()) -> bool | None:
    """Solve, stoppably: PySAT keeps the GIL inside CaDiCaL's solve, so neither a timer's
    `interrupt`, nor a signal handler, nor the CLI's guard can run until it returns. Under a
    deadline the search therefore runs in budgets of conflicts (CaDiCaL resumes with what it
    learned) and the deadline is checked between them; None when it expired."""
    answer: bool | None  # (PySAT is untyped)
    assumed = list(assumptions)
    if deadline is None:
        answer = solver.solve(assumptions=assumed)
        return answer
    if getattr(getattr(solver, "solver", solver), "kissat", None) is not None:  # named by the user
        answer = solver.solve_limited(assumptions=assumed, expect_interrupt=True)
        return answer
    while True:
        try:
            solver.conf_budget(_CONFLICTS_PER_CALL)
        except NotImplementedError:  # Lingeling: PySAT gives it no budget, no limited solve and
            answer = solver.solve(assumptions=assumed)  # no interrupt, so only the CLI's exit
            return answer  # after a stop ends it
        answer = solver.solve_limited(assumptions=assumed, expect_interrupt=True)
        if answer is not None or deadline.expired():
            return answer


def solve_stoppably(solver: Solver, deadline: Deadline | None,
                    assumptions: Sequence[int] = ()) -> bool | None:
    """One (incremental) solve under `assumptions` that the deadline, its time or a stop,
    ends: True, False, or None when it was stopped (see `solve` and `stoppable`)."""
    with stoppable(solver, deadline):
        return solve(solver, deadline, assumptions)


@contextlib.contextmanager
def stoppable(solver: Solver, deadline: Deadline | None) -> Iterator[None]:
    """While the block runs, the deadline (a timer at its time, and a stop it is given)
    interrupts the solver: PySAT's documented way to stop a solve from outside."""
    timer = _interrupt_at(solver, deadline)
    unhook = deadline.on_stop(_interrupter(solver)) if deadline is not None else None
    try:
        yield
    finally:
        if timer is not None:
            timer.cancel()
        if unhook is not None:
            unhook()


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
        with contextlib.suppress(NotImplementedError):
            solver.interrupt()

    return interrupt
