"""The plan of most queens, for the CLI and the API alike: the instance loaded, the solvers
of the method, and refused before any work a board whose models would not fit or build in
time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..backends import backend_info
from ..errors import InputError
from ..limits import time_limit
from ..result import Deadline
from ..spec import Spec
from .loading import spec_of
from .refusals import CPSAT_BUILD_SECONDS_PER_CELL, refuse_build, refuse_cnf, refuse_posed, saying

if TYPE_CHECKING:  # the optimizers load when one runs
    from ..explanations import MostQueens


__all__ = ["MostQueensPlan", "plan_most_queens"]


@dataclass(frozen=True)
class MostQueensPlan:
    """What `most_queens` will run, decided before any work: the instance and the solvers
    (in order; two are held to each other)."""

    spec: Spec
    solvers: tuple[str, ...]

    def run(self, deadline: Deadline | None = None) -> MostQueens:
        from ..explanations.mostqueens import most_queens

        return most_queens(self.spec, solvers=self.solvers, deadline=deadline)


def plan_most_queens(instance: Spec | int | str, *, method: str = "auto",
                     timeout: float | None = None) -> MostQueensPlan:
    """Decide how `most_queens` runs, for the CLI and the API alike: the instance loaded
    as `spec_of` reads it, the solvers of `method` (`mostqueens.METHODS`), and refused in
    well under a second a board whose models would not fit in memory, or whose
    uninterruptible build would outlast `timeout`, with the estimate and the way out.

    Raises:
        InputError, SizeLimitError: naming the problem and the fix.
    """
    from ..explanations.mostqueens import METHODS

    timeout = time_limit(timeout)
    if method not in METHODS:
        raise InputError(f"unknown most-queens method {method!r}; choose one of: "
                         f"{', '.join(METHODS)}")
    spec = spec_of(instance)
    refuse_posed(spec, "most queens (--most-queens) of a board")
    solvers = METHODS[method]
    for solver in solvers:
        others = [name for name in solvers if name != solver]
        _REFUSALS[solver](spec, timeout, "use a smaller board" if others else
                          f"use --backend {_OTHER[solver]} (backend='{_OTHER[solver]}') or a "
                          "smaller board")
    return MostQueensPlan(spec, solvers)


def _refuse_cpsat(spec: Spec, timeout: float | None, instead: str) -> None:
    """The CP-SAT model of most queens: within the backend's size, memory and the limit."""
    from ..backends.cpsat_facts import cpsat_bytes
    from ..limits import refuse_oversized

    refuse_oversized(spec, "cpsat", backend_info("cpsat").max_n or spec.n, cpsat_bytes(spec),
                     saying(f"most queens runs on it; {instead}"))
    refuse_build(spec, "most-queens CP-SAT model",
                 spec.n * spec.n * CPSAT_BUILD_SECONDS_PER_CELL, timeout, instead)


def _refuse_rc2(spec: Spec, timeout: float | None, instead: str) -> None:
    """RC2's model of most queens: the pairwise CNF, within its limits and the limit."""
    refuse_cnf(spec, "most-queens RC2 model", timeout, instead)


#: Each solver's refusal (`mostqueens.SOLVERS` names the same solvers), and the solver to
#: name instead when it is the only one asked for.
_REFUSALS: dict[str, Callable[[Spec, float | None, str], None]] = {
    "cpsat": _refuse_cpsat, "rc2": _refuse_rc2}
_OTHER = {"cpsat": "sat", "rc2": "cpsat"}
