"""Queen domination counted: the optimum and the number of minimum dominating placements
the package counts (the default route: the optimum proved, then its placements listed)
equal an independent exhaustive search (tests/brute_force_domination.py) and OEIS (A075458,
A002564), each placement held to the search's set."""

from __future__ import annotations

import pytest

import nqueens
from nqueens import Rule, Spec

from brute_force_domination import minimum_dominating

#: OEIS A075458 (the queen domination number) and A002564 (minimum dominating placements).
A075458 = {1: 1, 2: 1, 3: 1, 4: 2, 5: 3, 6: 3, 7: 4}
A002564 = {1: 1, 2: 4, 3: 1, 4: 12, 5: 186, 6: 4, 7: 86}


@pytest.mark.parametrize("n", range(1, 8))
def test_minimum_dominating_placements_are_counted_exactly(n: int) -> None:
    optimum, placements = minimum_dominating(n)
    assert (optimum, len(placements)) == (A075458[n], A002564[n])
    found: list[frozenset[tuple[int, int]]] = []
    spec = Spec(n, rules=(Rule("coverage", 1, None),), objective="fewest")
    outcome = nqueens.count(spec, on_solution=lambda cells: found.append(frozenset(cells)))
    assert outcome.complete and outcome.optimum == optimum
    assert outcome.count == len(placements) == len(found)
    assert set(found) == placements
