"""Explanations of a "no" and the most queens that fit, held to brute force
(tests/brute_force.py shares no code with the package) on small boards."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from nqueens.errors import InputError
from nqueens.explanations import explain, most_queens
from nqueens.modeling.formats import read_instance
from nqueens.modeling.givens import Given, spec_with
from nqueens.result import Deadline
from nqueens.spec import Spec

from brute_force import attacks, brute_force_most_queens, brute_force_solutions

Cells = tuple[tuple[int, int], ...]


def cells_of(givens: tuple[Given, ...] | list[Given]) -> tuple[Cells, Cells]:
    fixed = tuple(cell for g in givens if g.kind == "fixed" for cell in g.cells)
    forbidden = tuple(sorted({cell for g in givens if g.kind != "fixed" for cell in g.cells}))
    return fixed, forbidden


def solvable(n: int, givens: tuple[Given, ...] | list[Given]) -> set[tuple[int, ...]]:
    return brute_force_solutions(n, *cells_of(givens))


def random_unsat(rng: random.Random, n: int) -> Spec:
    """A random board with up to two non-attacking fixed queens and some forbidden cells
    that brute force finds without solution."""
    while True:
        fixed: list[tuple[int, int]] = []
        for _ in range(rng.randint(0, 2)):
            r, c = rng.randrange(n), rng.randrange(n)
            if all(not attacks(r, c, r2, c2) for r2, c2 in fixed):
                fixed.append((r, c))
        free = [(r, c) for r in range(n) for c in range(n) if (r, c) not in fixed]
        forbidden = rng.sample(free, rng.randint(2, 7))
        if not brute_force_solutions(n, tuple(fixed), tuple(forbidden)):
            return Spec(n, fixed=tuple(fixed), forbidden=tuple(forbidden))


def assert_explains(spec: Spec, explanation_core: tuple[Given, ...], removals: dict[Given, tuple[int, ...]]) -> None:
    """The set has no solution; without any one given it has, and the removal's witness is
    one of those solutions."""
    n = spec.n
    assert not solvable(n, explanation_core)
    for given in explanation_core:
        rest = [g for g in explanation_core if g != given]
        solutions = solvable(n, rest)
        assert solutions, f"{given} is not needed"
        assert removals[given] in solutions


@pytest.mark.parametrize("oracle", ["propagate", "sat"])
def test_minimal_sets_hold_to_brute_force(oracle: str) -> None:
    rng = random.Random(30)
    for _ in range(12):
        spec = random_unsat(rng, rng.choice((5, 6)))
        result = explain(spec, oracle=oracle)
        assert result.satisfiable is False and result.minimal and result.complete
        assert result.stats["oracle"] == oracle
        removals = {r.given: r.witness for r in result.removals}
        assert set(removals) == set(result.core)
        assert_explains(spec, result.core, removals)
        assert set(result.core) <= set(result.givens)


def test_smallest_matches_an_exhaustive_search_over_subsets() -> None:
    rng = random.Random(7)
    for _ in range(6):
        spec = random_unsat(rng, 5)
        result = explain(spec, smallest=True)
        givens = result.givens
        fewest = next(size for size in range(len(givens) + 1)
                      if any(not solvable(spec.n, subset) for subset in combinations(givens, size)))
        assert result.smallest and result.minimal
        assert len(result.core) == fewest == result.lower_bound
        assert_explains(spec, result.core, {r.given: r.witness for r in result.removals})


def test_repair_is_a_fewest_set_to_drop() -> None:
    rng = random.Random(0)
    sizes = []
    while len(sizes) < 6:
        forbidden = tuple(rng.sample([(r, c) for r in range(6) for c in range(6)],
                                     rng.randint(6, 12)))
        if brute_force_solutions(6, (), forbidden):
            continue
        result = explain(Spec(6, forbidden=forbidden), repair=True)
        assert result.repair is not None and result.repair.optimal
        givens = result.givens
        fewest = next(size for size in range(1, len(givens) + 1)
                      if any(solvable(6, [g for g in givens if g not in drop])
                             for drop in combinations(givens, size)))
        assert len(result.repair.removed) == fewest == result.repair.lower_bound
        rest = [g for g in givens if g not in result.repair.removed]
        assert result.repair.solution in solvable(6, rest)
        sizes.append(fewest)
    assert max(sizes) >= 2  # MaxSAT ran, not only a witness that breaks one given


def test_most_queens_matches_brute_force() -> None:
    rng = random.Random(5)
    for n in (2, 3, 4, 5, 6, 7):
        for _ in range(2):
            fixed: list[tuple[int, int]] = []
            r, c = rng.randrange(n), rng.randrange(n)
            if rng.random() < 0.5:
                fixed.append((r, c))
            free = [(r, c) for r in range(n) for c in range(n) if (r, c) not in fixed]
            forbidden = rng.sample(free, rng.randint(0, n + 2))
            spec = Spec(n, fixed=tuple(fixed), forbidden=tuple(forbidden))
            answer = most_queens(spec, method="both")
            expected = brute_force_most_queens(n, tuple(fixed), tuple(forbidden))
            assert answer.optimal and answer.count == answer.upper_bound == expected
            assert answer.satisfiable == bool(brute_force_solutions(n, tuple(fixed),
                                                                    tuple(forbidden)))
            queens = answer.queens
            assert set(fixed) <= set(queens) and not set(forbidden) & set(queens)
            assert not any(attacks(*a, *b) for a, b in combinations(queens, 2))


def test_a_satisfiable_instance_gets_its_solution_and_no_set() -> None:
    spec = Spec(6, fixed=((0, 1),), forbidden=((1, 4),))
    assert brute_force_solutions(6, spec.fixed, spec.forbidden)
    result = explain(spec, smallest=True, repair=True)
    assert result.satisfiable is True and result.core == () and result.repair is None
    assert result.solution in brute_force_solutions(6, spec.fixed, spec.forbidden)
    answer = most_queens(spec)
    assert answer.satisfiable and answer.count == 6 and answer.optimal


@pytest.mark.parametrize("n", [2, 3])
def test_a_board_without_solution_says_so_with_an_empty_set(n: int) -> None:
    result = explain(Spec(n, forbidden=((0, 0),)))
    assert result.satisfiable is False and result.board_unsatisfiable
    assert result.core == () and result.minimal and result.smallest


def test_other_variants_use_the_sat_oracle() -> None:
    # a rook has nowhere to go in row 1 when its four cells are forbidden: those four
    # are the explanation, whatever else is forbidden
    row = tuple((1, c) for c in range(4))
    spec = Spec(4, "rooks", forbidden=(*row, (0, 0), (2, 3)))
    result = explain(spec)
    assert result.stats["oracle"] == "sat" and result.minimal
    assert sorted(cell for g in result.core for cell in g.cells) == list(row)
    assert explain(Spec(6, "torus")).board_unsatisfiable  # no toroidal solution for 6


def test_excluded_diagonals_are_one_given_each(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "d.param"
    path.write_text("n = 7\nnumdiags = 5\ndiags = [[1, 0], [4, 1], [9, 0], [8, 0], [0, 1]]\n")
    model = read_instance(f"{path}#4")
    assert [g.kind for g in model.grouped()] == ["diagonal"] * 4
    assert not brute_force_solutions(7, (), model.spec.forbidden)
    result = explain(model, smallest=True)
    fewest = next(size for size in range(5) if any(
        not solvable(7, subset) for subset in combinations(model.grouped(), size)))
    assert result.smallest and len(result.core) == fewest == 3
    assert all(g.source.startswith("diags [") and len(g.cells) > 1 for g in result.core)
    assert_explains(model.spec, result.core, {r.given: r.witness for r in result.removals})
    assert spec_with(model.spec, result.core) == result.core_spec


def test_givens_must_state_the_spec() -> None:
    spec = Spec(5, forbidden=((0, 0), (1, 1)))
    with pytest.raises(InputError, match="forbidden cell"):
        explain(spec, givens=[Given("forbidden", ((0, 0),))])


def test_a_stop_keeps_a_set_without_solution() -> None:
    deadline = Deadline(None)
    deadline.stop()
    spec = random_unsat(random.Random(3), 6)
    result = explain(spec, deadline=deadline)
    assert result.satisfiable is None and not result.complete


def test_the_published_formats_keep_their_statements(tmp_path) -> None:  # type: ignore[no-untyped-def]
    param = tmp_path / "b.param"
    param.write_text("letting n = 4\nletting init = [[0, 1]]\nletting blocks = [[2, 3],\n[4, 4],\n]\n")
    asp = tmp_path / "b.lp"
    asp.write_text("num(1). num(2). num(3). num(4). block(2,3). block(4,4).\n")
    from_param, from_asp = read_instance(str(param)), read_instance(str(asp))
    assert [(g.kind, g.cells, g.source) for g in from_param.grouped()] == [
        ("fixed", ((0, 1),), "init [0, 1]"), ("blocked", ((1, 2),), "blocks [2, 3]"),
        ("blocked", ((3, 3),), "blocks [4, 4]")]
    assert [g.source for g in from_asp.grouped()] == ["block(2,3).", "block(4,4)."]
    assert [g.kind for g in from_asp.grouped()] == ["blocked", "blocked"]
