"""Fundamental solutions: unique counts against OEIS A002562 on every backend, and the
symmetry group's action checked on its own."""

from __future__ import annotations

import json

import pytest

from nqueens import Spec, find_violations, solutions
from nqueens.cli import main
from nqueens.symmetry import (
    SYMMETRIES,
    canonical,
    fundamental,
    instance_symmetries,
    is_symmetric_spec,
    transform_placement,
)

from known_counts import A000170, A002562


@pytest.mark.parametrize("n", range(1, 9))
def test_unique_counts_match_oeis(backend: str, n: int) -> None:
    found = list(solutions(n, backend=backend))
    spec = Spec(n)
    for placement in found:
        assert find_violations(spec, placement) == []
    assert len(found) == A000170[n]
    assert len(fundamental(spec, found)) == A002562[n]


@pytest.mark.parametrize("n", [9, 10])
def test_unique_counts_match_oeis_backtrack(n: int) -> None:
    found = list(solutions(n, backend="backtrack"))
    assert all(find_violations(Spec(n), p) == [] for p in found)
    assert len(fundamental(Spec(n), found)) == A002562[n]


@pytest.mark.parametrize("name", list(SYMMETRIES))
def test_every_symmetry_maps_solutions_to_solutions(name: str) -> None:
    spec = Spec(8)
    for placement in solutions(spec, backend="backtrack"):
        image = transform_placement(name, placement)
        assert find_violations(spec, image) == []
        assert canonical(image) == canonical(placement)


def test_the_eight_symmetries_are_distinct() -> None:
    placement = (1, 3, 0, 2, 4)  # any placement without symmetry of its own
    images = {transform_placement(name, placement) for name in SYMMETRIES}
    assert len(images) == 8


def test_fixed_and_forbidden_cells_keep_only_their_own_symmetries() -> None:
    assert is_symmetric_spec(Spec(8))
    assert instance_symmetries(Spec(8, fixed=((0, 0),))) == ("identity", "transpose")
    corners = ((0, 0), (0, 7), (7, 0), (7, 7))
    assert is_symmetric_spec(Spec(8, forbidden=corners))
    assert instance_symmetries(Spec(8, fixed=((0, 1),))) == ("identity",)


def test_unique_with_a_fixed_queen_uses_the_instance_symmetries() -> None:
    spec = Spec(8, fixed=((0, 0),))  # symmetric only under the transpose
    found = list(solutions(spec, backend="backtrack"))
    assert found and all(find_violations(spec, p) == [] for p in found)
    classes = fundamental(spec, found)
    for placement in classes:  # every representative is still a solution of the instance
        assert find_violations(spec, placement) == []
    # each class has one or two members (the transpose pairs them up)
    self_paired = sum(transform_placement("transpose", p) == p for p in found)
    assert len(classes) == self_paired + (len(found) - self_paired) // 2


def test_count_unique_cli(backend: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["count", "8", "--unique", "--backend", backend, "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["count"] == A002562[8] and doc["total"] == A000170[8]  # count: what was asked
    assert "unique" not in doc and len(doc["symmetries"]) == 8


def test_solve_all_unique_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "7", "--all", "--unique", "-b", "backtrack", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    # count: what is listed (the fundamental ones); total: every solution met
    assert len(doc["solutions"]) == doc["count"] == A002562[7]
    assert doc["total"] == A000170[7] and "unique" not in doc and len(doc["symmetries"]) == 8
    for placement in doc["solutions"]:
        assert find_violations(Spec(7), placement) == []
    assert main(["solve", "7", "--all", "--unique", "-b", "backtrack", "--format", "jsonl"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["type"] for r in lines] == ["solution"] * A002562[7] + ["summary"]
    assert (lines[-1]["count"], lines[-1]["total"]) == (A002562[7], A000170[7])
    assert main(["solve", "7", "--unique"]) == 2
    assert "--unique needs --all" in capsys.readouterr().err


def test_unique_means_in_the_api_what_it_means_in_the_cli(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """count(8, unique=True).count is the 12 fundamental solutions with the 92 beside it,
    as `count 8 --unique --format json` has them; solutions(), search() and on_solution
    give the 12 that `solve 8 --all --unique` lists, each a solution, one per class."""
    from nqueens import count, search

    assert main(["count", "8", "--unique", "--format", "json"]) == 0
    counted = json.loads(capsys.readouterr().out)
    outcome = count(8, unique=True)
    assert (outcome.count, outcome.total) == (counted["count"], counted["total"])
    assert (outcome.count, outcome.total) == (A002562[8], A000170[8])
    assert main(["solve", "8", "--all", "--unique", "-b", "backtrack", "--format", "json"]) == 0
    listed = [tuple(p) for p in json.loads(capsys.readouterr().out)["solutions"]]
    assert list(solutions(8, backend="backtrack", unique=True)) == listed
    found = search(8, backend="backtrack", unique=True)
    assert (list(found.solutions), found.count, found.total) == (listed, 12, 92)
    met: list[tuple[int, ...]] = []
    assert count(8, backend="sat", unique=True, on_solution=met.append).count == 12
    assert sorted(met) == sorted(listed) and len(met) == A002562[8]
    assert len({canonical(p) for p in listed}) == len(listed)  # one per class
    assert all(find_violations(Spec(8), p) == [] and canonical(p) == p for p in listed)


@pytest.mark.parametrize("n", [1, 2, 4, 5, 8, 10, 13])
def test_unique_count_of_a_plain_board_comes_from_the_class_walk(
    n: int, capsys: pytest.CaptureFixture[str]
) -> None:
    # the kernel walks one board per class: no enumeration, same answer as OEIS
    assert main(["count", str(n), "--unique", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["count"], doc["total"]) == (A002562[n], A000170[n])
    assert doc["stats"]["walk"] in ("kernel", "python-bitboard") and len(doc["symmetries"]) == 8


def test_unique_count_cut_short_claims_no_fundamental_solutions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # the class walk knows the fundamental total only at its end: a lower bound of 0
    assert main(["count", "20", "--unique", "--timeout", "0.3", "--format", "json"]) == 3
    doc = json.loads(capsys.readouterr().out)
    assert doc["complete"] is False and doc["status"] == "timeout"
    assert doc["count"] == 0 and doc["total"] >= 0 and len(doc["symmetries"]) == 8
