"""The shared validator: each kind of violation, all 92 solutions of n = 8, and properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nqueens import Spec, find_violations
from nqueens.validator import find_cell_violations

from brute_force import attacks, brute_force_solutions


def rules(spec: Spec, placement: object) -> list[str]:
    return [v.rule for v in find_violations(spec, placement)]


def test_accepts_every_solution_of_8_queens() -> None:
    solutions = brute_force_solutions(8)
    assert len(solutions) == 92
    for placement in solutions:
        assert find_violations(Spec(8), placement) == []


@pytest.mark.parametrize(
    ("placement", "expected"),
    [
        pytest.param((0, 0, 3, 1), ["column"], id="same-column"),
        pytest.param((0, 2, 3, 1), ["diagonal"], id="diagonal"),
        pytest.param((3, 2, 0, 1), ["diagonal", "anti-diagonal"], id="both-diagonals"),
        pytest.param((1, 3, 0), ["count"], id="too-short"),
        pytest.param((1, 3, 0, 2, 1), ["count"], id="too-long"),
        pytest.param((1, 3, 0, 4), ["range"], id="off-board"),
        pytest.param((1, 3, 0, -1), ["range"], id="negative"),
        pytest.param((1, "3", 0, 2), ["format"], id="string"),
        pytest.param((1, 3.0, 0, 2), ["format"], id="float"),
        pytest.param(None, ["format"], id="not-a-sequence"),
        pytest.param(17, ["format"], id="int"),
    ],
)
def test_each_kind_of_violation(placement: object, expected: list[str]) -> None:
    assert sorted(rules(Spec(4), placement)) == sorted(expected)


def test_violation_sentences_name_the_queens() -> None:
    [violation] = find_violations(Spec(4), (0, 0, 3, 1))
    assert violation.describe() == "queens at (0, 0) and (1, 0) share a column"
    assert violation.describe(one_based=True) == "queens at (1, 1) and (2, 1) share a column"
    found = find_violations(Spec(4), (3, 2, 0, 1))
    assert sorted(v.describe() for v in found) == [
        "queens at (0, 3) and (1, 2) share an anti-diagonal",
        "queens at (2, 0) and (3, 1) share a diagonal",
    ]


def test_fixed_and_forbidden_cells() -> None:
    spec = Spec(4, fixed=[(0, 2)], forbidden=[(1, 3)])
    found = find_violations(spec, (1, 3, 0, 2))
    assert sorted(v.rule for v in found) == ["fixed", "forbidden"]
    texts = sorted(v.describe() for v in found)
    assert texts == [
        "cell (0, 2) must hold a queen (fixed) but is empty",
        "queen at (1, 3) stands on a forbidden cell",
    ]
    assert find_violations(spec, (2, 0, 3, 1)) == []


def test_same_row_from_board_cells() -> None:
    found = find_cell_violations(Spec(4), [(0, 1), (0, 3), (2, 0), (3, 2)])
    assert [v.rule for v in found] == ["row"]
    found = find_cell_violations(Spec(4), [(0, 1), (1, 3)])
    assert [v.rule for v in found] == ["count"]


def test_one_violation_per_line_names_every_queen_and_stays_linear() -> None:
    n = 2000
    found = find_violations(Spec(n), tuple([0] * n))
    [column] = [v for v in found if v.rule == "column"]
    assert column.cells == tuple((r, 0) for r in range(n))
    assert column.pairs == n * (n - 1) // 2


def test_every_attacking_pair_is_reported() -> None:
    """`0 1 2 3`: all four queens on one diagonal are 6 attacking pairs, not 3."""
    found = find_violations(Spec(4), (0, 1, 2, 3))
    assert [v.rule for v in found] == ["diagonal"]
    assert sum(v.pairs for v in found) == 6
    assert found[0].describe() == ("queens at (0, 0), (1, 1), (2, 2) and (3, 3) share a "
                                   "diagonal: 6 attacking pairs")
    # pairs on different lines add up: brute force over every pair of queens
    placement = (0, 0, 1, 1, 2)
    brute = sum(1 for i in range(5) for j in range(i + 1, 5)
                if placement[i] == placement[j] or abs(placement[i] - placement[j]) == j - i)
    assert sum(v.pairs for v in find_violations(Spec(5), placement)) == brute


def test_off_board_is_described_in_the_numbering_asked_for() -> None:
    [violation] = [v for v in find_violations(Spec(4), (1, 3, 0, -1)) if v.rule == "range"]
    assert violation.describe() == "row 3: column -1 is off the board (0..3)"
    assert violation.describe(one_based=True) == "row 4: column 0 is off the board (1..4)"


def brute_valid(n: int, placement: tuple[int, ...]) -> bool:
    return all(
        not attacks(r1, placement[r1], r2, placement[r2])
        for r1 in range(n)
        for r2 in range(r1 + 1, n)
    )


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 9).flatmap(
    lambda n: st.tuples(st.just(n), st.lists(st.integers(0, n - 1), min_size=n, max_size=n))
))
def test_agrees_with_brute_force_pairwise_check(case: tuple[int, list[int]]) -> None:
    n, columns = case
    assert (find_violations(Spec(n), columns) == []) == brute_valid(n, tuple(columns))


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(sorted(brute_force_solutions(8))), st.integers(0, 7), st.integers(1, 7))
def test_moving_one_queen_breaks_a_solution(solution: tuple, row: int, shift: int) -> None:
    moved = list(solution)
    moved[row] = (moved[row] + shift) % 8
    assert find_violations(Spec(8), moved) != []


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.none(), st.text(), st.lists(st.one_of(st.integers(), st.text(), st.none(), st.floats()))))
def test_never_raises_on_junk(junk: object) -> None:
    assert isinstance(find_violations(Spec(5), junk), list)
