"""The `construct` strategy: one solution of a plain n-queens board written down directly
from the classical explicit construction, in O(n) time, for any n except 2 and 3.

Columns (1-based, row by row) are the even numbers then the odd numbers up to n; when
n mod 6 is 2 or 3 the lists are adjusted as below so the diagonals stay clear. It is not
a search: it finds exactly one solution, cannot count, and handles plain specs only, so it
is registered with `exhaustive = False`. Every placement is checked by the shared
validator before it is reported. No solver imports.
"""

from __future__ import annotations

import time
from typing import ClassVar

from ..errors import InputError
from ..result import Deadline, Outcome, SolutionSink, Status
from ..spec import Placement, Spec
from ..validate import find_violations
from .base import Emitter


def explicit_solution(n: int) -> Placement:
    """A solution for n >= 4 or n == 1 (0-based columns, one per row).

    Raises:
        ValueError: for n = 2 or 3, which have no solution.
    """
    if n in (2, 3):
        raise ValueError(f"the {n}-queens board has no solution")
    evens = list(range(2, n + 1, 2))
    odds = list(range(1, n + 1, 2))
    if n % 6 == 2:  # swap 1 and 3, move 5 to the end
        odds[0], odds[1] = odds[1], odds[0]
        odds.remove(5)
        odds.append(5)
    elif n % 6 == 3:  # move 2 to the end of the evens, 1 and 3 to the end of the odds
        evens.remove(2)
        evens.append(2)
        odds = odds[2:] + [1, 3]
    return tuple(c - 1 for c in evens + odds)


class ConstructBackend:
    """Explicit construction for plain boards; see the module docstring."""

    name: ClassVar[str] = "construct"

    def search(
        self,
        spec: Spec,
        on_solution: SolutionSink | None = None,
        *,
        limit: int | None = None,
        deadline: Deadline | None = None,
    ) -> Outcome:
        if limit != 1:
            raise InputError(
                "the construct strategy builds one solution and cannot enumerate or count; "
                "use --backend backtrack (or cpsat / sat) to count"
            )
        if spec.variant != "queens" or not spec.is_plain:
            raise InputError(
                "the construct strategy handles plain queens boards only (no variant, fixed or "
                "forbidden cells); use --backend cpsat or sat for this instance"
            )
        if spec.n in (2, 3):
            raise InputError(
                f"the construct strategy builds solutions for n = 1 and n >= 4; the {spec.n}-queens "
                "board has none, which --backend backtrack proves"
            )
        started = time.perf_counter()
        emitter = Emitter(on_solution, limit)
        placement = explicit_solution(spec.n)
        violations = find_violations(spec, placement)
        if violations:  # would be a bug in the construction, never the user's input
            raise RuntimeError(f"construction failed for n = {spec.n}: {violations[0].describe()}")
        emitter.emit(placement)
        return Outcome(
            status=Status.LIMIT_REACHED,
            count=1,
            elapsed=time.perf_counter() - started,
            backend=self.name,
            stats={"validated": "yes"},
        )
