"""The textbook's tree table (FACTS.md) and Knuth's estimate against independent figures."""

from __future__ import annotations

import csv
import io
import json

import pytest

from nqueens import Spec
from nqueens.backends.backtrack import BacktrackBackend
from nqueens.bitboard import count_tree
from nqueens.cli import main
from nqueens.textbook.estimate import estimate_nodes
from nqueens.textbook.treestats import algorithm1_nodes, book_rounding, promising_bound, tree_stats

from known_counts import A000170, TEXTBOOK_NODES_CHECKED, TEXTBOOK_PROMISING_NODES

# FACTS.md: Algorithm 1, n!, and seed 001's promising bound, as printed in the sources.
BOOK_ALGORITHM1 = {4: 341, 8: 19_173_961}
BOOK_ALGORITHM2 = {4: 24, 8: 40_320}
BOOK_BOUND = {4: 65, 8: 109_601}


@pytest.mark.parametrize("n", [4, 8])
def test_table_rows_match_the_book_exactly(n: int) -> None:
    row = tree_stats(n)
    assert row.algorithm1 == BOOK_ALGORITHM1[n]
    assert row.algorithm2 == BOOK_ALGORITHM2[n]
    assert row.promising_bound == BOOK_BOUND[n]
    assert row.nodes_checked == TEXTBOOK_NODES_CHECKED[n]
    assert row.promising_nodes == TEXTBOOK_PROMISING_NODES[n]
    assert row.solutions == A000170[n]


def test_n12_matches_the_books_rounding() -> None:
    row = tree_stats(12)
    assert book_rounding(row.algorithm1) == "9.73 x 10^12"
    assert book_rounding(row.algorithm2) == "4.79 x 10^8"
    assert book_rounding(row.nodes_checked) == "1.01 x 10^7"
    assert round(row.promising_nodes, -3) == 856_000  # the book: 8.56 x 10^5
    assert row.solutions == A000170[12]


def test_algorithm1_formula_edges() -> None:
    assert algorithm1_nodes(1) == 2
    assert algorithm1_nodes(2) == 1 + 2 + 4
    assert book_rounding(algorithm1_nodes(14)) == "1.20 x 10^16"  # FACTS.md, n = 14
    assert promising_bound(1) == 2


@pytest.mark.parametrize("n", range(1, 11))
def test_nodes_checked_identity(n: int) -> None:
    row = tree_stats(n)
    assert row.nodes_checked == 1 + n * (row.promising_nodes - row.solutions)
    assert row.solutions == A000170[n]
    assert row.promising_nodes <= row.promising_bound


SPECS = [pytest.param(Spec(n), id=f"n{n}") for n in range(1, 10)] + [
    pytest.param(Spec(8, fixed=((0, 2),), forbidden=((3, 3), (5, 0))), id="n8-fixed-forbidden"),
    pytest.param(Spec(7, fixed=((6, 6),)), id="n7-fixed-last-row"),
]


@pytest.mark.parametrize("spec", SPECS)
def test_count_tree_agrees_with_the_backtracker(spec: Spec) -> None:
    tree = count_tree(spec)
    outcome = BacktrackBackend(fast=False).search(spec)  # the instrumented walk
    assert outcome.complete
    assert tree.solutions == outcome.count
    assert tree.promising_nodes == outcome.stats["promising_nodes"]
    assert tree.nodes_checked(spec.n) == outcome.stats["nodes_checked"]


def test_monte_carlo_mean_for_n8_is_near_the_book() -> None:
    found = estimate_nodes(Spec(8), 4000, seed=20240601)
    assert found.stderr > 0
    assert abs(found.mean - TEXTBOOK_NODES_CHECKED[8]) < 4 * found.stderr
    assert found.stderr < 0.05 * found.mean  # many walks: a tight estimate


def test_monte_carlo_is_reproducible_with_a_seed() -> None:
    assert estimate_nodes(Spec(6), 50, seed=7) == estimate_nodes(Spec(6), 50, seed=7)


def test_stats_cli_formats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "4", "8", "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [int(r["nodes_checked"]) for r in rows] == [61, 15_721]
    assert main(["stats", "4", "--format", "json", "--estimate", "50", "--seed", "1"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["rows"][0]["algorithm1"] == 341
    assert doc["rows"][0]["estimate"]["samples"] == 50
    assert main(["stats", "12", "--rounded"]) == 0
    out = capsys.readouterr().out
    assert "9.73 x 10^12" in out and "1.01 x 10^7" in out


def test_estimate_cli_shows_the_exact_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["estimate", "8", "--samples", "200", "--seed", "3", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["exact"] == TEXTBOOK_NODES_CHECKED[8]
    assert doc["ci95"][0] < doc["mean"] < doc["ci95"][1]
    assert main(["estimate", "8", "--samples", "1"]) == 2
    assert "at least 2" in capsys.readouterr().err


def test_stats_refuses_sizes_it_cannot_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "8", "25"]) == 2
    assert "nqueens estimate 25" in capsys.readouterr().err
