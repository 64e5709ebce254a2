"""PySAT's RC2 MaxSAT solver under a deadline.

RC2 is core-guided: each core it refutes raises its cost, so its cost is a lower bound all
along and a model comes only at the end. Its SAT oracle here is CaDiCaL (the fastest of
PySAT's on the queens boards measured in `docs/benchmarks`), which PySAT cannot interrupt:
each oracle call runs in conflict budgets with the deadline checked between them
(`backends.sat_solving.solve_stoppably`), and a stop ends the whole MaxSAT search with the cost
reached so far.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..result import Deadline

__all__ = ["MAXSAT_SOLVER", "MaxSatAnswer", "maxsat"]

#: RC2's SAT oracle.
MAXSAT_SOLVER = "cadical195"


@dataclass(frozen=True)
class MaxSatAnswer:
    """`model` (None when stopped first), `cost`: the optimum's cost when `optimal`, else
    a lower bound on it; `cores`: the cores RC2 refuted."""

    model: list[int] | None
    cost: int
    optimal: bool
    cores: int


class _Stop(Exception):
    pass


def maxsat(formula: Any, deadline: Deadline | None) -> MaxSatAnswer:
    """Solve the WCNF `formula` (a pysat.formula.WCNF) with RC2 under `deadline`. A formula
    whose hard part has no model gives model None, optimal True."""
    from pysat.examples.rc2 import RC2

    from ..backends.sat_solving import solve_stoppably

    class StoppableRC2(RC2):  # type: ignore[misc]  # PySAT is untyped
        cores = 0

        def _call_oracle(self, assumptions: Any = (), expect_interrupt: bool = False) -> Any:
            if deadline is not None and deadline.expired():
                raise _Stop
            answer = solve_stoppably(self.oracle, deadline, list(assumptions))
            if answer is None:
                raise _Stop
            if not answer:
                StoppableRC2.cores += 1
            return answer

    solver = StoppableRC2(formula, solver=MAXSAT_SOLVER)
    try:
        model = solver.compute()
    except _Stop:
        return MaxSatAnswer(None, int(solver.cost), False, StoppableRC2.cores)
    finally:
        solver.delete()
    return MaxSatAnswer(list(model) if model is not None else None, int(solver.cost), True,
                        StoppableRC2.cores)
