"""Every compiler of posed problems against the independent brute force.

Each case is a plain problem dict (tests/brute_force_posed.py reads it with its own meaning
of every family); `spec_of` turns the same dict into a Spec. Every backend that takes posed
problems (cpsat, sat, backtrack) must give the brute force's answer: the same set of
placements, the same optimum and the same number of optimal placements, each placement
passing the shared validator."""

from __future__ import annotations

from typing import Any

import pytest

from nqueens.backends import get_backend
from nqueens.posed.validation import find_posed_violations
from nqueens.spec import Spec

from brute_force_posed import solve as brute_solve
from posed_problems import spec_of

POSED_BACKENDS = ("cpsat", "sat", "backtrack")

_REGIONS_5 = [[0, 0, 1, 1, 1],
              [0, 2, 2, 1, 1],
              [0, 2, 3, 3, 4],
              [0, 0, 3, 4, 4],
              [0, 0, 3, 4, 4]]

CASES: dict[str, dict[str, Any]] = {
    "region puzzle 5": {"n": 5, "regions": _REGIONS_5, "rules": [
        {"family": "rows", "lo": 1, "hi": 1}, {"family": "columns", "lo": 1, "hi": 1},
        {"family": "regions", "lo": 1, "hi": 1}, {"family": "king", "lo": 0, "hi": 1}]},
    "two per line, none touching 4": {"n": 4, "rules": [
        {"family": "rows", "lo": 2, "hi": 2}, {"family": "columns", "lo": 2, "hi": 2},
        {"family": "king", "lo": 0, "hi": 1}]},
    "queens 5 as rules, at most per row": {"n": 5, "rules": [
        {"family": "rows", "lo": 0, "hi": 1}, {"family": "columns", "lo": 0, "hi": 1},
        {"family": "diagonals", "lo": 0, "hi": 1},
        {"family": "anti-diagonals", "lo": 0, "hi": 1}], "queens": [5, 5]},
    "domination 4": {"n": 4, "rules": [{"family": "coverage", "lo": 1}],
                     "objective": "fewest"},
    "domination 5": {"n": 5, "rules": [{"family": "coverage", "lo": 1}],
                     "objective": "fewest"},
    "independent domination 4": {"n": 4, "objective": "fewest", "rules": [
        {"family": "coverage", "lo": 1}, {"family": "rows", "lo": 0, "hi": 1},
        {"family": "columns", "lo": 0, "hi": 1}, {"family": "diagonals", "lo": 0, "hi": 1},
        {"family": "anti-diagonals", "lo": 0, "hi": 1}]},
    "most queens 4 with a fixed queen": {"n": 4, "objective": "most", "fixed": [[0, 0]],
                                         "rules": [
        {"family": "rows", "lo": 0, "hi": 1}, {"family": "columns", "lo": 0, "hi": 1},
        {"family": "diagonals", "lo": 0, "hi": 1},
        {"family": "anti-diagonals", "lo": 0, "hi": 1}]},
    "most kings 4": {"n": 4, "objective": "most", "rules": [
        {"family": "king", "lo": 0, "hi": 1}]},
    "knights dominating 4": {"n": 4, "objective": "fewest", "rules": [
        {"family": "coverage", "lo": 1, "attack": "knight"}]},
    "own lines 4": {"n": 4, "forbidden": [[1, 1]], "rules": [
        {"family": "rows", "lo": 1, "hi": 2},
        {"family": "cells", "lo": 1, "hi": 1,
         "cells": [[[0, 0], [1, 1], [2, 2], [3, 3]], [[0, 3], [1, 2], [2, 1], [3, 0]]]},
        {"family": "columns", "lo": 0, "hi": 1}]},
    "torus rows at least one 4": {"n": 4, "queens": [0, 5], "rules": [
        {"family": "rows", "lo": 1, "hi": 2}, {"family": "wrapped-diagonals", "lo": 0, "hi": 1},
        {"family": "wrapped-anti-diagonals", "lo": 0, "hi": 1}]},
    "no solution 4": {"n": 4, "rules": [
        {"family": "rows", "lo": 1, "hi": 1}, {"family": "columns", "lo": 1, "hi": 1},
        {"family": "king", "lo": 0, "hi": 1}, {"family": "diagonals", "lo": 0, "hi": 1},
        {"family": "anti-diagonals", "lo": 0, "hi": 1}], "fixed": [[0, 0]]},
}


def cells_of(spec: Spec, solution: tuple[Any, ...]) -> tuple[tuple[int, int], ...]:
    """A solution's cells: where every row holds one queen a backend hands on its columns
    (today's view), else its cells."""
    if spec.rows_exact:
        assert all(isinstance(c, int) for c in solution) and len(solution) == spec.n
        return tuple(enumerate(solution))
    assert all(len(cell) == 2 for cell in solution)
    return tuple(solution)


def test_a_placement_is_columns_exactly_where_every_row_holds_one() -> None:
    assert spec_of(CASES["region puzzle 5"]).rows_exact
    assert not spec_of(CASES["domination 4"]).rows_exact
    assert not spec_of(CASES["queens 5 as rules, at most per row"]).rows_exact


@pytest.fixture(params=POSED_BACKENDS)
def posed_backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_compiler_gives_the_brute_forces_placements(case: str, posed_backend: str) -> None:
    problem = CASES[case]
    spec = spec_of(problem)
    optimum, expected = brute_solve(problem)
    given: list[tuple[Any, ...]] = []
    outcome = get_backend(posed_backend).search(spec, given.append)
    assert outcome.complete, outcome
    seen = [cells_of(spec, solution) for solution in given]
    for cells in seen:
        assert not find_posed_violations(spec, cells, optimum=optimum), cells
    assert {frozenset(cells) for cells in seen} == expected
    assert outcome.count == len(expected) == len(seen)
    if spec.objective is not None:
        assert outcome.optimum == optimum
        assert outcome.bound == optimum


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_compiler_counts_and_finds_one(case: str, posed_backend: str) -> None:
    problem = CASES[case]
    spec = spec_of(problem)
    _, expected = brute_solve(problem)
    counted = get_backend(posed_backend).search(spec)
    assert counted.complete and counted.count == len(expected)
    found: list[tuple[Any, ...]] = []
    one = get_backend(posed_backend).search(spec, found.append, limit=1)
    assert len(found) == (1 if expected else 0)
    assert not expected or frozenset(cells_of(spec, found[0])) in expected
    assert (one.count == 0) == (not expected)
    if not expected:
        assert one.unsatisfiable


_QUEEN_LINES = [{"family": family, "lo": 0, "hi": 1}
                for family in ("rows", "columns", "diagonals", "anti-diagonals")]


def test_the_brute_force_knows_published_domination_numbers() -> None:
    """OEIS A075458 (queen domination number) 1, 1, 1, 2, 3 and A002564 (the minimum
    dominating placements) 1, 4, 1, 12, 186 for n = 1..5; A002568 (non-attacking ones)
    1, 4, 1, 16, 16."""
    for n, gamma, ways, independent in zip(range(1, 6), (1, 1, 1, 2, 3), (1, 4, 1, 12, 186),
                                           (1, 4, 1, 16, 16), strict=True):
        optimum, found = brute_solve({"n": n, "rules": [{"family": "coverage", "lo": 1}],
                                      "objective": "fewest"})
        assert (optimum, len(found)) == (gamma, ways)
        _, apart = brute_solve({"n": n, "objective": "fewest",
                                "rules": [{"family": "coverage", "lo": 1}, *_QUEEN_LINES]})
        assert len(apart) == independent


@pytest.mark.parametrize("encoding", ["native", "seqcounter", "totalizer", "ladder",
                                      "bitwise", "kmtotalizer"])
def test_every_cnf_encoding_gives_the_brute_forces_count(encoding: str) -> None:
    """Bounds above one take an encoding of any k whichever at-most-one encoding is named;
    the native one hands every bound to MiniCard."""
    from nqueens.backends.sat import SatBackend

    for problem in CASES.values():
        spec = spec_of(problem)
        optimum, expected = brute_solve(problem)
        outcome = SatBackend(encoding=encoding).search(spec)
        assert outcome.complete and outcome.count == len(expected), (encoding, problem)
        if spec.objective is not None:
            assert outcome.optimum == optimum
