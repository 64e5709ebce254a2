"""All backends yield the same set of solutions, equal to an independent brute force."""

from __future__ import annotations

import pytest

import nqueens

from brute_force import brute_force_solutions

COMPLETION_CASES = [
    pytest.param(6, ((0, 1),), (), id="n6-fixed-sat"),
    pytest.param(6, ((0, 0),), (), id="n6-corner-unsat"),
    pytest.param(8, ((0, 0), (1, 4)), (), id="n8-two-fixed"),
    pytest.param(8, ((2, 2),), ((0, 0), (7, 7), (3, 5)), id="n8-fixed-forbidden"),
    pytest.param(7, (), tuple((r, r) for r in range(7)), id="n7-no-main-diagonal"),
    pytest.param(5, ((0, 0), (1, 2), (2, 4)), (), id="n5-three-fixed"),
    pytest.param(8, ((0, 0), (1, 2)), (), id="n8-dead-prefix-unsat"),
    pytest.param(4, (), ((0, 1), (0, 2)), id="n4-forbidden-unsat"),
]


@pytest.mark.parametrize("n", range(1, 9), ids=lambda n: f"n{n}")
def test_solution_sets_equal_brute_force(backend: str, n: int) -> None:
    found = list(nqueens.solutions(n, backend=backend))
    for placement in found:
        assert nqueens.validate(n, placement) == []
    assert len(found) == len(set(found))
    assert set(found) == brute_force_solutions(n)


@pytest.mark.parametrize(("n", "fixed", "forbidden"), COMPLETION_CASES)
def test_completion_instances(
    backend: str, n: int, fixed: tuple, forbidden: tuple
) -> None:
    spec = nqueens.Spec(n, fixed=fixed, forbidden=forbidden)
    expected = brute_force_solutions(n, fixed, forbidden)
    found = list(nqueens.solutions(spec, backend=backend))
    for placement in found:
        assert nqueens.validate(spec, placement) == []
    assert set(found) == expected
    one = nqueens.solve(spec, backend=backend)
    if expected:
        assert one.solution in expected
    else:
        assert one.solution is None and one.unsatisfiable
    assert nqueens.count(spec, backend=backend).count == len(expected)
