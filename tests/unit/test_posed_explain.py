"""`explain` of a posed problem whose every row holds one queen: the set of givens it names
has no placement, and without any one of them it has one, both checked against the
independent brute force (tests/brute_force_posed.py) over the problem's placements; a posed
problem of other rows, and repair, are refused in one line."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import nqueens
from nqueens.errors import InputError
from nqueens.planning import spec_of

from brute_force_posed import solve as brute_solve
from posed_problems import spec_of as posed_spec

#: One queen per row and column, none touching: 6x6 has many placements.
PROBLEM: dict[str, Any] = {"n": 6, "rules": [{"family": "rows", "lo": 1, "hi": 1},
                                             {"family": "columns", "lo": 1, "hi": 1},
                                             {"family": "king", "lo": 0, "hi": 1}]}
GIVENS = [
    {"fixed": [[0, 1]]},  # placements remain: nothing to explain
    {"fixed": [[0, 0]], "forbidden": [[1, 2], [1, 3], [1, 4], [1, 5]]},  # row 1 has no room
    {"fixed": [[0, 0], [1, 2], [3, 4]], "forbidden": [[5, 5]]},  # three queens, together none
]


def _meets(placement: frozenset[tuple[int, int]], fixed: set[Any], forbidden: set[Any]) -> bool:
    return fixed <= placement and not (forbidden & placement)


@pytest.mark.parametrize("givens", GIVENS)
def test_the_set_is_a_minimal_no_by_the_brute_force(givens: dict[str, Any]) -> None:
    _, placements = brute_solve(PROBLEM)
    fixed = {tuple(c) for c in givens.get("fixed", [])}
    forbidden = {tuple(c) for c in givens.get("forbidden", [])}
    spec = replace(posed_spec(PROBLEM), fixed=tuple(sorted(fixed)),
                   forbidden=tuple(sorted(forbidden)))
    answer = nqueens.explain(spec)
    if not any(_meets(p, fixed, forbidden) for p in placements):
        assert answer.satisfiable is False and answer.minimal
        core = [(g.places_queen, g.cells[0]) for g in answer.core]
        kept_fixed = {cell for queen, cell in core if queen}
        kept_forbidden = {cell for queen, cell in core if not queen}
        assert kept_fixed <= fixed and kept_forbidden <= forbidden
        assert not any(_meets(p, kept_fixed, kept_forbidden) for p in placements)
        for queen, cell in core:
            less_fixed = kept_fixed - {cell} if queen else kept_fixed
            less_forbidden = kept_forbidden if queen else kept_forbidden - {cell}
            assert any(_meets(p, less_fixed, less_forbidden) for p in placements)
    else:  # the first given set only
        assert givens is GIVENS[0] and answer.satisfiable is True
        assert frozenset(enumerate(answer.solution)) in placements


def test_a_unique_puzzle_with_a_wrong_queen_is_explained_by_that_queen() -> None:
    puzzle = spec_of("regions-6")
    answer = nqueens.explain(replace(puzzle, fixed=((0, 0),)))
    assert answer.satisfiable is False
    assert [g.cells for g in answer.core] == [((0, 0),)]


def test_what_explain_cannot_take_of_a_posed_problem_is_refused() -> None:
    with pytest.raises(InputError, match="every row holds exactly one queen"):
        nqueens.explain(replace(spec_of("domination-5"), fixed=((0, 0),)))
    with pytest.raises(InputError, match="repair runs RC2"):
        nqueens.explain(replace(spec_of("regions-6"), fixed=((0, 0),)), repair=True)
