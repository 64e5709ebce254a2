"""`solve --order propagate` from the command line: a proved "no solution" (exit 1) and a
validated solution on tight completions, and the variants it does not know refused up
front (exit 2, one line, nothing on stdout)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from nqueens.spec import Spec
from nqueens.validator import find_violations

from brute_force import brute_force_solutions


def test_tight_completion_solved_and_validated(run_cli: Callable[..., Any]) -> None:
    fixed, forbidden = [(0, 1)], [(2, 0), (3, 3), (4, 5)]
    expected = brute_force_solutions(6, tuple(fixed), tuple(forbidden))
    args = ["solve", "6", "--order", "propagate", "--all", "--format", "json",
            "--fixed", "0,1", "--forbidden", "2,0", "3,3", "4,5"]
    result = run_cli(*args)
    doc = json.loads(result.out)
    assert {tuple(p) for p in doc["solutions"]} == expected
    assert result.code == (0 if expected else 1)
    spec = Spec(6, fixed=fixed, forbidden=forbidden)
    assert all(find_violations(spec, p) == [] for p in doc["solutions"])


def test_no_solution_is_exit_1(run_cli: Callable[..., Any]) -> None:
    # the corner queen of a 6-board is in no solution (brute force agrees)
    assert brute_force_solutions(6, ((0, 0),)) == set()
    result = run_cli("solve", "6", "--order", "propagate", "--fixed", "0,0")
    assert result.code == 1 and "no solution" in result.out


def test_variant_refused_before_the_search(run_cli: Callable[..., Any]) -> None:
    result = run_cli("solve", "8", "--variant", "torus", "--order", "propagate")
    assert result.code == 2 and result.out == ""
    assert result.err == ("nqueens: error: the propagate order handles queens boards only, "
                          "not 'torus'; use --order first-fail\n")
