"""Spec construction: invalid instances raise SpecError naming the cell; lines are data."""

from __future__ import annotations

import pytest

from nqueens import Spec, SpecError
from nqueens.spec import as_spec


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        pytest.param({"n": 0}, "positive integer, got 0", id="zero"),
        pytest.param({"n": -3}, "positive integer, got -3", id="negative"),
        pytest.param({"n": 2.5}, "positive integer", id="float"),
        pytest.param({"n": True}, "positive integer", id="bool"),
        pytest.param({"n": 4, "fixed": [(0, 4)]}, r"fixed\[0\]: cell \(0, 4\) is off the 4x4", id="off-board"),
        pytest.param({"n": 4, "forbidden": [(-1, 0)]}, r"forbidden\[0\].*off the 4x4", id="negative-cell"),
        pytest.param({"n": 4, "fixed": [(0, 1), (0, 1)]}, r"\(0, 1\) is listed twice", id="duplicate"),
        pytest.param({"n": 4, "fixed": [(0, 1)], "forbidden": [(0, 1)]}, r"\(0, 1\) is both fixed and forbidden",
                     id="fixed-forbidden"),
        pytest.param({"n": 8, "fixed": [(0, 0), (3, 3)]},
                     r"\(0, 0\) and \(3, 3\) attack each other \(same diagonal\)", id="attacking-diagonal"),
        pytest.param({"n": 8, "fixed": [(0, 2), (5, 2)]}, r"same column", id="attacking-column"),
        pytest.param({"n": 8, "fixed": [(1, 0), (1, 5)]}, r"same row", id="attacking-row"),
        pytest.param({"n": 4, "fixed": [(0,)]}, r"fixed\[0\]: expected a \[row, col\] pair", id="malformed"),
        pytest.param({"n": 4, "fixed": [("a", 1)]}, r"must be integers", id="non-int"),
        pytest.param({"n": 4, "variant": "bishops"}, r"unknown variant 'bishops'; choose one of", id="variant"),
    ],
)
def test_invalid_specs_raise_spec_error(kwargs: dict, match: str) -> None:
    with pytest.raises(SpecError, match=match):
        Spec(**kwargs)


def test_spec_is_immutable_and_normalised() -> None:
    spec = Spec(6, fixed=[(3, 0), (0, 4)], forbidden=[[5, 5]])
    assert spec.fixed == ((0, 4), (3, 0))
    assert spec.forbidden == ((5, 5),)
    assert spec == Spec(6, fixed=((0, 4), (3, 0)), forbidden=((5, 5),))
    with pytest.raises(AttributeError):
        spec.n = 7  # type: ignore[misc]  # the frozen field, written on purpose


def test_lines_of_queens_cover_rows_columns_and_diagonals() -> None:
    n = 5
    kinds: dict[str, list] = {}
    for line in Spec(n).lines:
        kinds.setdefault(line.kind, []).append(line)
    assert len(kinds["row"]) == len(kinds["column"]) == n
    assert all(line.exact for line in kinds["row"] + kinds["column"])
    # diagonals of two or more cells: 2n - 3 in each direction
    assert len(kinds["diagonal"]) == len(kinds["anti-diagonal"]) == 2 * n - 3
    assert not any(line.exact for line in kinds["diagonal"] + kinds["anti-diagonal"])
    for line in kinds["diagonal"]:
        assert len({r - c for r, c in line.cells}) == 1
    for line in kinds["anti-diagonal"]:
        assert len({r + c for r, c in line.cells}) == 1


def test_as_spec_accepts_int_and_rejects_junk() -> None:
    assert as_spec(8) == Spec(8)
    with pytest.raises(SpecError, match="expected a Spec or a board size"):
        as_spec("8")  # type: ignore[arg-type]  # the wrong type, on purpose


def test_with_prefix_fixes_the_first_rows() -> None:
    spec = Spec(6).with_prefix((1, 3))
    assert spec.fixed == ((0, 1), (1, 3))
