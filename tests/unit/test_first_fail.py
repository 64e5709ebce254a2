"""The backtracker's first-fail order: valid solutions of large boards at once, the same
solutions and counts as the textbook order and the brute-force reference, proofs of
unsatisfiable completions, and node counts a student can compare across orders."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from nqueens.api import search, solve
from nqueens.errors import InputError
from nqueens.modeling.modelfile import load_model
from nqueens.spec import Spec
from nqueens.validator import find_violations

from brute_force import brute_force_solutions
from cli_process import run
from known_counts import A000170, VARIANT_COUNTS
from paths import MODELS

FIRST_FAIL = {"backend": "backtrack", "order": "first-fail"}


@pytest.mark.parametrize("n", [100, 1000])
def test_finds_a_valid_solution_of_a_large_board(n: int) -> None:
    outcome = solve(n, **FIRST_FAIL)
    assert outcome.count == 1 and outcome.solution is not None
    assert find_violations(Spec(n), outcome.solution) == []
    assert outcome.stats["order"] == "first-fail"
    assert outcome.stats["promising_nodes"] < 2 * n  # next to no backtracking


@pytest.mark.parametrize("path", sorted(MODELS.glob("completion-*.toml")) +
                         sorted(MODELS.glob("forbidden-*.toml")), ids=lambda p: p.stem)
def test_completion_models_solved_or_proved_unsatisfiable(path: Path) -> None:
    spec = load_model(path)
    facts = tomllib.loads(path.read_text())["expected"]  # from independent sources
    expected = facts.get("count")
    outcome = solve(spec, **FIRST_FAIL)
    if expected == 0 or facts.get("satisfiable") is False:
        assert outcome.unsatisfiable
        return
    assert outcome.solution is not None and find_violations(spec, outcome.solution) == []
    everything = search(spec, collect=True, **FIRST_FAIL)
    assert expected is None or everything.count == expected
    if spec.n <= 8:
        assert set(everything.solutions) == brute_force_solutions(spec.n, spec.fixed,
                                                                  spec.forbidden)
    assert everything.complete and everything.count == len(set(everything.solutions))
    assert all(find_violations(spec, p) == [] for p in everything.solutions)


@pytest.mark.system  # runs a subprocess: the quick lane leaves it out
@pytest.mark.parametrize("name", ["completion-8-unsat", "completion-8-corners-unsat"])
def test_unsatisfiable_completions_on_the_command_line(name: str) -> None:
    done = run("solve", str(MODELS / f"{name}.toml"), "--backend", "backtrack",
               "--order", "first-fail", "--format", "json")
    assert done.returncode == 1
    doc = json.loads(done.stdout)
    assert doc["complete"] is True and doc["count"] == 0 and doc["route"] is None


@pytest.mark.parametrize("n", range(1, 9))
def test_same_solutions_as_the_textbook_order_and_brute_force(n: int) -> None:
    first_fail = search(n, collect=True, **FIRST_FAIL)
    rows = search(n, backend="backtrack", fast=False, collect=True)
    assert first_fail.complete and first_fail.count == A000170[n]
    assert set(first_fail.solutions) == set(rows.solutions) == brute_force_solutions(n)


@pytest.mark.parametrize(("variant", "n"), [("torus", 7), ("torus", 11), ("superqueens", 10),
                                            ("rooks", 6)])
def test_variant_counts(variant: str, n: int) -> None:
    outcome = search(Spec(n, variant), collect=False, on_solution=lambda p: None, **FIRST_FAIL)
    assert outcome.complete and outcome.count == VARIANT_COUNTS[variant][n]


def test_node_counts_are_reported_for_both_orders() -> None:
    rows = search(8, backend="backtrack", fast=False, collect=False, on_solution=lambda p: None)
    first_fail = search(8, collect=False, on_solution=lambda p: None, **FIRST_FAIL)
    assert rows.stats["order"] == "rows" and rows.stats["promising_nodes"] == 2057  # textbook
    assert 0 < first_fail.stats["promising_nodes"] < rows.stats["promising_nodes"]
    assert first_fail.stats["nodes_checked"] > first_fail.stats["promising_nodes"]


def test_a_pure_count_in_first_fail_order_is_its_own_search() -> None:
    outcome = search(9, collect=False, **FIRST_FAIL)
    assert outcome.count == A000170[9] and outcome.stats["order"] == "first-fail"


def test_timeout_stops_it() -> None:
    outcome = search(Spec(17, "torus"), collect=False, timeout=0.3, **FIRST_FAIL)
    assert outcome.status.value == "timeout"


def test_unknown_order_refused() -> None:
    with pytest.raises(InputError, match="first-fail"):
        solve(8, backend="backtrack", order="diagonal")


@pytest.mark.system  # runs a subprocess: the quick lane leaves it out
def test_command_line_large_board() -> None:
    done = run("solve", "1000", "--backend", "backtrack", "--order", "first-fail",
               "--format", "json")
    assert done.returncode == 0 and done.stderr == ""
    doc = json.loads(done.stdout)
    assert doc["stats"]["order"] == "first-fail"
    assert find_violations(Spec(1000), doc["solutions"][0]) == []


@pytest.mark.system  # runs a subprocess: the quick lane leaves it out
def test_order_refused_for_other_backends() -> None:
    done = run("solve", "8", "--backend", "cpsat", "--order", "first-fail")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("nqueens: error: --order")
