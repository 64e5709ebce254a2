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
from collections.abc import Callable, Iterable, Iterator
from itertools import chain
from typing import ClassVar

from ..errors import InputError
from ..result import Deadline, Outcome, SolutionSink, Status
from ..spec import Placement, Spec
from ..validator import ValidationStopped, find_violations
from .base import Emitter


def explicit_solution(n: int) -> Placement:
    """A solution for n >= 4 or n == 1 (0-based columns, one per row).

    Raises:
        ValueError: for n = 2 or 3, which have no solution.
    """
    return tuple(explicit_columns(n))


def explicit_columns(n: int, should_stop: Callable[[], bool] | None = None) -> Iterator[int]:
    """The columns of `explicit_solution` one by one, without building lists first (10^8
    of them take seconds), asking `should_stop` every 2^16 columns.

    Raises:
        ValueError: for n = 2 or 3, which have no solution.
        ValidationStopped: `should_stop` said so.
    """
    if n in (2, 3):
        raise ValueError(f"the {n}-queens board has no solution")
    evens: Iterable[int] = range(2, n + 1, 2)
    odds: Iterable[int] = range(1, n + 1, 2)
    if n % 6 == 2:  # swap 1 and 3, move 5 to the end
        odds = chain((3, 1), range(7, n + 1, 2), (5,))
    elif n % 6 == 3:  # move 2 to the end of the evens, 1 and 3 to the end of the odds
        evens = chain(range(4, n + 1, 2), (2,))
        odds = chain(range(5, n + 1, 2), (1, 3))
    for number, column in enumerate(chain(evens, odds)):
        if should_stop is not None and number & 0xFFFF == 0 and should_stop():
            raise ValidationStopped
        yield column - 1


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
        should_stop = deadline.expired if deadline is not None else None
        try:  # seconds for 10^8 queens: a deadline or a signal reaches the build and check
            placement = tuple(explicit_columns(spec.n, should_stop))
            violations = find_violations(spec, placement, should_stop=should_stop)
        except ValidationStopped:
            return Outcome(Status.TIMEOUT, 0, elapsed=time.perf_counter() - started,
                           backend=self.name, stats={"stopped": "building or validating the placement"})
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
