"""Every exhaustive backend against OEIS A000170."""

from __future__ import annotations

import pytest

import nqueens

from known_counts import A000170


@pytest.mark.parametrize("n", range(1, 11), ids=lambda n: f"n{n}")
def test_total_counts_match_oeis(backend: str, n: int) -> None:
    outcome = nqueens.count(n, backend=backend)
    assert outcome.complete
    assert outcome.count == A000170[n]


@pytest.mark.slow
@pytest.mark.parametrize("n", [11, 12], ids=lambda n: f"n{n}")
@pytest.mark.parametrize("name", ["backtrack", "cpsat", "sat"])
def test_larger_counts_match_oeis(name: str, n: int) -> None:
    outcome = nqueens.count(n, backend=name)
    assert outcome.complete
    assert outcome.count == A000170[n]


@pytest.mark.parametrize("n", [4, 6, 8])
def test_enumerated_solutions_are_valid_and_distinct(backend: str, n: int) -> None:
    found = list(nqueens.solutions(n, backend=backend))
    assert len(found) == A000170[n]
    assert len(set(found)) == len(found)
    for placement in found:
        assert nqueens.validate(n, placement) == []
