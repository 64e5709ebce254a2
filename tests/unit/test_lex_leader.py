"""Symmetry breaking in the posed problems' CNF: the lex-leader clauses keep exactly the
least assignment of every class, by an orbit computation of the tests' own (rotations written
here, not the package's table), and the symmetries a spec keeps are read from its lines."""

from __future__ import annotations

import itertools

import pytest
from pysat.formula import IDPool
from pysat.solvers import Solver

from nqueens import Rule, Spec
from nqueens.backends.lex_leader import lex_leader_clauses
from nqueens.symmetry import SYMMETRIES, line_symmetries


def _images(n: int, bits: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The eight images of an assignment (row-major 0/1 tuple) under the square's group:
    four rotations, each with and without a mirror."""
    grid = [list(bits[r * n:(r + 1) * n]) for r in range(n)]
    images = []
    for _ in range(4):
        grid = [list(row) for row in zip(*grid[::-1], strict=True)]  # a quarter turn
        for board in (grid, [row[::-1] for row in grid]):
            images.append(tuple(v for row in board for v in row))
    return images


def _least_of_classes(n: int) -> set[tuple[int, ...]]:
    return {bits for bits in itertools.product((0, 1), repeat=n * n)
            if bits == min(_images(n, bits))}


def _models(n: int, symmetries: tuple[str, ...]) -> set[tuple[int, ...]]:
    """Every assignment of the cells that the clauses allow (the chains' variables are
    determined by the cells, so one model each)."""
    cells = list(range(1, n * n + 1))
    found = set()
    clauses = list(lex_leader_clauses(n, symmetries, IDPool(start_from=n * n + 1)))
    with Solver(name="cadical195", bootstrap_with=clauses) as sat:
        while sat.solve():
            true = {lit for lit in sat.get_model() if lit > 0}
            bits = tuple(int(v in true) for v in cells)
            assert bits not in found
            found.add(bits)
            sat.add_clause([-v if v in true else v for v in cells])
    return found


@pytest.mark.parametrize("n", [2, 3])
def test_the_eight_symmetries_leave_the_least_of_each_class(n: int) -> None:
    expected = _least_of_classes(n)
    assert len(expected) == {2: 6, 3: 102}[n]  # Burnside: orbits of 2^(n*n) colourings
    assert _models(n, tuple(SYMMETRIES)) == expected


def test_no_symmetry_leaves_every_assignment() -> None:
    assert len(_models(3, ("identity",))) == 2 ** 9


def test_one_symmetry_leaves_the_least_of_each_pair() -> None:
    # the transpose alone: an assignment or its mirror through the main diagonal
    expected = set()
    for bits in itertools.product((0, 1), repeat=9):
        mirror = tuple(bits[c * 3 + r] for r in range(3) for c in range(3))
        expected.add(min(bits, mirror))
    assert _models(3, ("identity", "transpose")) == expected


def test_a_spec_keeps_the_symmetries_of_its_lines() -> None:
    domination = Spec(6, rules=(Rule("coverage", 1, None),), objective="fewest")
    assert line_symmetries(domination) == tuple(SYMMETRIES)
    # four quadrants as regions: the square's group maps each quadrant onto a quadrant
    quadrants = tuple(tuple(2 * (r >= 2) + (c >= 2) for c in range(4)) for r in range(4))
    assert line_symmetries(Spec(4, rules=(Rule("regions", 1, 1),), regions=quadrants)) \
        == tuple(SYMMETRIES)
    # regions that are the rows: a row maps onto a row under a half turn or a flip only
    striped = tuple((r,) * 4 for r in range(4))
    assert line_symmetries(Spec(4, rules=(Rule("regions", 1, 1),), regions=striped)) \
        == ("identity", "rotate 180", "flip rows", "flip columns")
    # a fixed queen in a corner keeps the diagonal through it
    assert line_symmetries(Spec(6, rules=(Rule("coverage", 1, None),), fixed=((0, 0),))) \
        == ("identity", "transpose")
    # bounds differ between rows and columns: no symmetry swaps them
    assert line_symmetries(Spec(4, rules=(Rule("rows", 1, 1), Rule("columns", 0, 2)))) \
        == ("identity", "rotate 180", "flip rows", "flip columns")
