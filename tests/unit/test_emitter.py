"""The emitter is the last guard on what a search delivers: never more than `limit`
solutions, never after a stop, never the same placement twice while a limit bounds it.
Tested with fake backends that misbehave as a parallel solver can (issue: `solve 8` with two
CP-SAT workers once returned the same placement twice)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

import pytest

import nqueens
from nqueens import api, backends
from nqueens.backends import BackendInfo
from nqueens.backends.base import Emitter
from nqueens.result import Deadline, Outcome, SolutionSink, Status
from nqueens.spec import Spec

SOLUTION = (1, 3, 0, 2)
OTHER = (2, 0, 3, 1)


class RacingBackend:
    """Calls back every placement in `script`, ignoring the emitter's request to stop,
    as two solver workers do when both reach the callback before the stop lands."""

    name: ClassVar[str] = "racing"
    script: ClassVar[tuple[tuple[int, ...], ...]] = (SOLUTION, SOLUTION, OTHER, OTHER, SOLUTION)

    def search(self, spec: Spec, on_solution: SolutionSink | None = None, *, limit: int | None = None,
               deadline: Deadline | None = None) -> Outcome:
        emitter = Emitter(on_solution, limit)
        for placement in self.script:
            emitter.emit(placement)  # the return value (stop!) deliberately ignored
        return Outcome(emitter.status(False, False), emitter.count, backend=self.name)


@pytest.fixture
def racing() -> Iterator[None]:
    backends.register(BackendInfo("racing", __name__, "RacingBackend", "a racing solver",
                                  exhaustive=True))
    yield
    backends.unregister("racing")


@pytest.mark.usefixtures("racing")
def test_solve_delivers_one_solution_even_when_called_back_again() -> None:
    outcome = nqueens.solve(4, backend="racing")
    assert outcome.solutions == (SOLUTION,)
    assert outcome.count == 1
    assert outcome.status is Status.LIMIT_REACHED
    assert nqueens.validate(4, outcome.solution) == []


@pytest.mark.usefixtures("racing")
def test_limit_counts_distinct_placements_only() -> None:
    delivered: list[tuple[int, ...]] = []
    outcome = api.search(4, backend="racing", limit=2, on_solution=delivered.append)
    assert delivered == [SOLUTION, OTHER]
    assert outcome.solutions == (SOLUTION, OTHER)
    assert outcome.count == 2
    for placement in delivered:
        assert nqueens.validate(4, placement) == []


@pytest.mark.usefixtures("racing")
def test_generator_never_yields_past_its_limit() -> None:
    assert list(nqueens.solutions(4, backend="racing", limit=1)) == [SOLUTION]


def test_nothing_is_delivered_after_the_caller_stops() -> None:
    seen: list[tuple[int, ...]] = []
    emitter = Emitter(lambda p: seen.append(p) or False, None)
    assert emitter.emit(SOLUTION) is False
    assert emitter.emit(OTHER) is False
    assert seen == [SOLUTION] and emitter.count == 1
    assert emitter.status(exhausted=False, timed_out=False) is Status.INTERRUPTED


def test_unlimited_enumeration_keeps_no_memory_of_placements() -> None:
    emitter = Emitter(None, None)
    for _ in range(3):
        assert emitter.emit(SOLUTION) is True
    assert emitter.count == 3  # a single-worker enumeration never repeats; nothing stored


@pytest.mark.parametrize("attempt", range(10))
def test_cpsat_find_one_returns_exactly_one_valid_solution(attempt: int) -> None:
    spec = Spec(6, fixed=[(0, 3)], forbidden=[(1, 2), (3, 5), (4, 1), (5, 0), (5, 3), (5, 4)])
    outcome = nqueens.solve(spec, backend="cpsat")
    assert len(outcome.solutions) == outcome.count <= 1
    if outcome.solution is not None:
        assert nqueens.validate(spec, outcome.solution) == []
    plain = nqueens.solve(8, backend="cpsat")
    assert plain.count == len(plain.solutions) == 1
    assert nqueens.validate(8, plain.solution) == []
