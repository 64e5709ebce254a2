"""`count` and `solve` take --fixed/--forbidden for a bare N, like `model`; counts agree with
the independent brute force, on every exhaustive backend."""

from __future__ import annotations

import json

import pytest

from nqueens.cli import main
from nqueens.validator import find_violations
from nqueens.spec import Spec

from brute_force import brute_force_solutions

CASES = [
    (8, ((0, 0),), ((3, 3),)),
    (7, ((1, 3),), ((0, 0), (6, 6))),
    (6, (), ((0, 1), (0, 4))),
]


@pytest.mark.parametrize("backend", ["cpsat", "sat", "backtrack", "permutation"])
@pytest.mark.parametrize(("n", "fixed", "forbidden"), CASES)
def test_count_with_cells(capsys, backend, n, fixed, forbidden) -> None:  # type: ignore[no-untyped-def]
    argv = ["count", str(n), "--backend", backend, "--format", "json"]
    if fixed:
        argv += ["--fixed", *[f"{r},{c}" for r, c in fixed]]
    if forbidden:
        argv += ["--forbidden", *[f"{r},{c}" for r, c in forbidden]]
    assert main(argv) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["count"] == len(brute_force_solutions(n, fixed, forbidden))


def test_solve_with_cells_gives_a_valid_placement(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["solve", "8", "--fixed", "0,0", "--forbidden", "3,3", "--format", "json"]) == 0
    placement = json.loads(capsys.readouterr().out)["solutions"][0]
    spec = Spec(8, fixed=[(0, 0)], forbidden=[(3, 3)])
    assert find_violations(spec, placement) == []


def test_count_help_lists_only_backends_that_count(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["count", "--help"]) == 0
    out = capsys.readouterr().out
    assert "genetic" not in out and "construct" not in out and "examples:" in out


def test_repeated_flags_add_cells_rather_than_replace_them(capsys) -> None:  # type: ignore[no-untyped-def]
    # the last --fixed used to win silently: one queen fixed where the user asked for two
    argv = ["count", "8", "--fixed", "0,1", "--fixed", "1,3", "--forbidden", "2,0",
            "--forbidden", "2,6", "--backend", "backtrack", "--format", "json"]
    assert main(argv) == 0
    doc = json.loads(capsys.readouterr().out)
    expected = brute_force_solutions(8, ((0, 1), (1, 3)), ((2, 0), (2, 6)))
    assert 0 < doc["count"] == len(expected) < len(brute_force_solutions(8, ((0, 1),), ()))
