"""The seeds' other methods as backends: the permutation generator (seed 004, exhaustive, so
it also runs in every known-answer test) and the genetic algorithm (seed 001)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from nqueens import Spec, Status, count, find_violations, solutions, solve
from nqueens.backends.genetic import GeneticBackend
from nqueens.cli import main
from nqueens.result import Deadline

from known_counts import A000170

SPECS = [
    pytest.param(Spec(8, fixed=((0, 2),), forbidden=((3, 3), (5, 0))), id="fixed-forbidden"),
    pytest.param(Spec(7, variant="torus"), id="torus7"),
    pytest.param(Spec(6, variant="rooks", forbidden=((0, 0),)), id="rooks6"),
    pytest.param(Spec(10, variant="superqueens"), id="superqueens10"),
]


@pytest.mark.parametrize("n", range(1, 11))
def test_permutation_counts_match_oeis(n: int) -> None:
    assert count(n, backend="permutation").count == A000170[n]


@pytest.mark.parametrize("spec", SPECS)
def test_permutation_agrees_with_the_backtracker(spec: Spec) -> None:
    mine = list(solutions(spec, backend="permutation"))
    assert mine == list(solutions(spec, backend="backtrack"))
    assert all(find_violations(spec, p) == [] for p in mine)


@pytest.mark.parametrize("seed", [1, 2])
def test_genetic_finds_a_valid_8_queens_solution(seed: int) -> None:
    outcome = solve(8, backend="genetic", seed=seed, generations=2000)
    assert outcome.status is Status.LIMIT_REACHED
    assert outcome.solution is not None
    assert find_violations(Spec(8), outcome.solution) == []


def test_genetic_is_reproducible() -> None:
    first = solve(8, backend="genetic", seed=2, generations=300)
    assert first.solution is not None
    assert first.solutions == solve(8, backend="genetic", seed=2, generations=300).solutions


def test_genetic_honours_fixed_and_forbidden_cells() -> None:
    spec = Spec(8, fixed=((0, 0),), forbidden=((1, 2),))
    outcome = solve(spec, backend="genetic", seed=1, generations=2000)
    assert outcome.solution is not None
    assert find_violations(spec, outcome.solution) == []


def test_genetic_never_claims_no_solution() -> None:
    """Its generations used up, it says so: no time limit was given (issue 32, item 15)."""
    outcome = solve(3, backend="genetic", seed=1, generations=5)  # n = 3 has none
    assert outcome.status is Status.CAPPED and not outcome.unsatisfiable
    assert outcome.stats["cap"] == "5 generations"
    assert "proves nothing" in str(outcome.stats["note"])


def test_genetic_at_a_spent_deadline_is_a_timeout() -> None:
    outcome = GeneticBackend(seed=1).search(Spec(20), limit=1, deadline=Deadline(0))
    assert outcome.status is Status.TIMEOUT and "cap" not in outcome.stats


@pytest.mark.system  # runs a subprocess: the quick lane leaves it out
def test_genetic_failure_exits_3() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "nqueens", "solve", "20", "--backend", "genetic", "--seed", "1",
         "--generations", "1", "--format", "json"],
        capture_output=True, text=True,
    )
    assert done.returncode == 3
    doc = json.loads(done.stdout)
    assert doc["count"] == 0 and doc["status"] == "capped"
    assert "proves nothing" in done.stderr


def test_genetic_cli_solution_is_valid(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["solve", "8", "--backend", "genetic", "--seed", "1", "--generations", "1000", "-f", "json"]
    assert main(argv) == 0
    doc = json.loads(capsys.readouterr().out)
    assert find_violations(Spec(8), doc["solutions"][0]) == []


@pytest.mark.parametrize(("argv", "message"), [
    (["count", "8", "--backend", "genetic"], "cannot count"),
    (["solve", "8", "--backend", "genetic", "--all"], "cannot prove"),
    (["solve", "8", "--backend", "backtrack", "--seed", "1"], "--backend genetic or minconflicts only"),
    (["solve", "8", "--backend", "genetic", "--generations", "0"], "positive integer"),
])
def test_genetic_misuse_is_refused(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err
