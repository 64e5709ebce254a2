"""The plan of most queens, for the CLI and the API alike: the instance loaded, the solvers
of the method, and refused before any work a board whose models would not fit or build in
time.
"""

from __future__ import annotations

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
    from ..backends.cpsat_facts import cpsat_bytes
    from ..explanations.mostqueens import METHODS
    from ..limits import refuse_oversized

    timeout = time_limit(timeout)
    if method not in METHODS:
        raise InputError(f"unknown most-queens method {method!r}; choose one of: "
                         f"{', '.join(METHODS)}")
    spec = spec_of(instance)
    refuse_posed(spec, "most queens (--most-queens) of a board")
    solvers = METHODS[method]
    for solver in solvers:
        if solver == "cpsat":
            instead = ("use --backend sat (backend='sat') or a smaller board"
                       if "rc2" not in solvers else "use a smaller board")
            refuse_oversized(spec, "cpsat", backend_info("cpsat").max_n or spec.n,
                             cpsat_bytes(spec), saying(f"most queens runs on it; {instead}"))
            refuse_build(spec, "most-queens CP-SAT model", spec.n * spec.n
                          * CPSAT_BUILD_SECONDS_PER_CELL, timeout, instead)
        else:
            refuse_cnf(spec, "most-queens RC2 model", timeout,
                        "use --backend cpsat (backend='cpsat') or a smaller board"
                        if "cpsat" not in solvers else "use a smaller board")
    return MostQueensPlan(spec, solvers)
