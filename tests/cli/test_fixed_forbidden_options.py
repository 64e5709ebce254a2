"""`count` and `solve` take --fixed/--forbidden for a bare N, like `model`; counts agree with
the independent brute force, on every exhaustive backend."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from nqueens.spec import Spec
from nqueens.validator import find_violations

from brute_force import brute_force_solutions

RunCli = Callable[..., Any]  # the run_cli fixture (tests/conftest.py)

CASES = [
    (8, ((0, 0),), ((3, 3),)),
    (7, ((1, 3),), ((0, 0), (6, 6))),
    (6, (), ((0, 1), (0, 4))),
]


@pytest.mark.parametrize("backend", ["cpsat", "sat", "backtrack", "permutation"])
@pytest.mark.parametrize(("n", "fixed", "forbidden"), CASES)
def test_count_with_cells(run_cli: RunCli, backend: str, n: int, fixed: tuple[tuple[int, int], ...],
                          forbidden: tuple[tuple[int, int], ...]) -> None:
    argv = ["count", str(n), "--backend", backend, "--format", "json"]
    if fixed:
        argv += ["--fixed", *[f"{r},{c}" for r, c in fixed]]
    if forbidden:
        argv += ["--forbidden", *[f"{r},{c}" for r, c in forbidden]]
    result = run_cli(*argv)
    assert result.code == 0
    doc = json.loads(result.out)
    assert doc["count"] == len(brute_force_solutions(n, fixed, forbidden))


def test_solve_with_cells_gives_a_valid_placement(run_cli: RunCli) -> None:
    result = run_cli("solve", "8", "--fixed", "0,0", "--forbidden", "3,3", "--format", "json")
    assert result.code == 0
    placement = json.loads(result.out)["solutions"][0]
    spec = Spec(8, fixed=[(0, 0)], forbidden=[(3, 3)])
    assert find_violations(spec, placement) == []


def test_count_help_lists_only_backends_that_count(run_cli: RunCli) -> None:
    result = run_cli("count", "--help")
    assert result.code == 0
    out = result.out
    assert "genetic" not in out and "construct" not in out and "examples:" in out


def test_repeated_flags_add_cells_rather_than_replace_them(run_cli: RunCli) -> None:
    # the last --fixed used to win silently: one queen fixed where the user asked for two
    argv = ["count", "8", "--fixed", "0,1", "--fixed", "1,3", "--forbidden", "2,0",
            "--forbidden", "2,6", "--backend", "backtrack", "--format", "json"]
    result = run_cli(*argv)
    assert result.code == 0
    doc = json.loads(result.out)
    expected = brute_force_solutions(8, ((0, 1), (1, 3)), ((2, 0), (2, 6)))
    assert 0 < doc["count"] == len(expected) < len(brute_force_solutions(8, ((0, 1),), ()))


#: A board with its last row forbidden: no solution, and no search needed to know it.
WHOLE_ROW = ["4", "--forbidden", "3,0", "3,1", "3,2", "3,3"]


def test_a_whole_row_forbidden_is_a_complete_no_on_cpsat(run_cli: RunCli) -> None:
    import nqueens

    assert brute_force_solutions(4, (), tuple((3, c) for c in range(4))) == set()
    outcome = nqueens.count(4, backend="cpsat", forbidden=[(3, c) for c in range(4)])
    assert (outcome.status, outcome.count) == (nqueens.Status.COMPLETE, 0)
    counted = run_cli("count", *WHOLE_ROW, "-b", "cpsat")
    assert counted.code == 0 and "4 forbidden: 0 solutions [backend cpsat" in counted.out
    listed = run_cli("solve", *WHOLE_ROW, "-b", "cpsat", "--all")
    assert listed.code == 1 and "no solution exists" in listed.out
    both = run_cli("count", *WHOLE_ROW, "-b", "cpsat", "--cross-check", "--format", "json")
    doc = json.loads(both.out)
    assert both.code == 0 and doc["agree"] is True
    assert (doc["backend"], doc["status"], doc["cross_check"]["complete"]) == (
        "cpsat", "complete", True)
