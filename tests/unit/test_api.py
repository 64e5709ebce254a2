"""The Python API: solve, solutions (a generator), count and validate."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import nqueens
from nqueens import Status


def test_solve_returns_a_valid_placement(backend: str) -> None:
    outcome = nqueens.solve(8, backend=backend)
    assert outcome.solution is not None
    assert nqueens.validate(8, outcome.solution) == []
    assert outcome.backend == backend


def test_solve_proves_unsatisfiable(backend: str) -> None:
    outcome = nqueens.solve(3, backend=backend)
    assert outcome.solution is None
    assert outcome.unsatisfiable and outcome.status is Status.COMPLETE


def test_solutions_respects_limit_and_streams(backend: str) -> None:
    found = list(nqueens.solutions(8, backend=backend, limit=5))
    assert len(found) == 5 and len(set(found)) == 5
    for placement in found:
        assert nqueens.validate(8, placement) == []
    stream = nqueens.solutions(10, backend=backend)
    first = next(stream)
    assert nqueens.validate(10, first) == []
    stream.close()  # stops the search; must not hang


def test_count_passes_each_solution_to_the_callback(backend: str) -> None:
    seen: list[tuple[int, ...]] = []
    outcome = nqueens.count(6, backend=backend, on_solution=seen.append)
    assert outcome.count == len(seen) == 4
    assert outcome.solutions == ()  # counting does not collect
    for placement in seen:
        assert nqueens.validate(6, placement) == []


def test_callback_returning_false_stops_the_search(backend: str) -> None:
    outcome = nqueens.count(8, backend=backend, on_solution=lambda p: False)
    assert outcome.count == 1
    assert outcome.status is Status.INTERRUPTED


def test_timeout_gives_a_partial_lower_bound(backend: str) -> None:
    outcome = nqueens.count(14, backend=backend, timeout=0.3, on_solution=lambda p: None)
    assert outcome.status is Status.TIMEOUT
    assert not outcome.complete
    assert outcome.count < 365596


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: nqueens.solve(0), nqueens.SpecError, "positive integer"),
        (lambda: nqueens.solve("8"), nqueens.SpecError, "expected a Spec or a board size"),
        (lambda: nqueens.solve(8, backend="cp-sat"), nqueens.UnknownBackendError,
         "choose one of: cpsat, sat, backtrack"),
        (lambda: nqueens.count(8, timeout=0), nqueens.InputError, "timeout must be a positive"),
        (lambda: nqueens.count(8, timeout="1"), nqueens.InputError, "timeout must be a positive"),
        (lambda: list(nqueens.solutions(8, limit=0)), nqueens.InputError, "limit must be a positive"),
    ],
)
def test_bad_arguments_raise_documented_errors(
    call: Callable[[], object], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        call()


def test_validate_accepts_int_or_spec() -> None:
    assert nqueens.validate(4, (1, 3, 0, 2)) == []
    assert [v.rule for v in nqueens.validate(nqueens.Spec(4, fixed=[(0, 2)]), (1, 3, 0, 2))] == ["fixed"]
