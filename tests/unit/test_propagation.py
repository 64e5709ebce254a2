"""What a position implies (`nqueens.playing.rules`): the attacked cells against the attack
rule written out in brute_force.py, the forced queens, excluded cells and dead lines against
every completion brute force finds, the fixpoint, and the propagate search itself."""

from __future__ import annotations

import pytest

import nqueens
from nqueens.errors import InputError, SpecError
from nqueens.playing.rules import MAX_N, propagate

from brute_force import attacks, brute_force_solutions
from positions import random_positions

Cell = tuple[int, int]


def attacked_by(n: int, queens: list[Cell]) -> set[Cell]:
    return {(r, c) for r in range(n) for c in range(n) if (r, c) not in queens
            and any(attacks(r, c, qr, qc) for qr, qc in queens)}


def test_a_queen_in_the_corner_attacks_its_lines() -> None:
    p = propagate(8, queens=[(0, 0)])
    assert (1, 1) in p.attacked and (0, 5) in p.attacked and (5, 0) in p.attacked
    assert (1, 2) not in p.attacked and (0, 0) not in p.attacked
    assert len(p.attacked) == 21 and not p.forced and not p.dead  # 7 + 7 + 7


def test_a_row_with_one_free_cell_forces_its_queen() -> None:
    p = propagate(5, forbidden=[(2, 0), (2, 1), (2, 3), (2, 4)])
    assert p.forced_cells[0] == (2, 2) and p.forced[0].line == "row" and p.forced[0].index == 2


def test_forcing_runs_to_a_fixpoint() -> None:
    # 4-queens with a queen on <1,2> (the book's second branch): row 1 keeps one free cell,
    # whose queen leaves row 2 one, and so on: the rest of the solution (2, 4, 1, 3)
    p = propagate(4, queens=[(0, 1)])
    assert p.forced_cells == ((1, 3), (2, 0), (3, 2))
    assert p.excluded == ((2, 2), (3, 0), (3, 3)) and not p.dead
    assert p.describe().endswith("the forced queens complete a solution")


def test_rows_are_forced_before_columns() -> None:
    # row 0 and column 0 each keep one free cell, (0, 3) and (3, 0), on one anti-diagonal:
    # the row is forced first (the search's tie rule), which kills the column
    p = propagate(4, forbidden=[(0, 0), (0, 1), (0, 2), (1, 0), (2, 0)])
    assert p.forced_cells == ((0, 3),)
    assert p.dead_columns == (0,) and p.dead_rows == ()


def test_a_dead_row_is_explained_cell_by_cell() -> None:
    p = propagate(4, queens=[(0, 0), (1, 2)])
    assert p.dead_rows == (2,) and p.dead_columns == (3,) and p.dead
    assert p.explain().splitlines()[:4] == [
        "no completion: no free cell is left in row 2, column 3",
        "row 2:",
        "  (2, 0) is on the column of the queen at (0, 0)",
        "  (2, 1) is on the anti-diagonal of the queen at (1, 2)"]
    assert len(p.explain().splitlines()) == 1 + 2 * (1 + 4)
    assert "forbidden" in propagate(4, forbidden=[(1, 0), (1, 1), (1, 2), (1, 3)]).explain()


#: Random positions of 4..12 (12..7 for brute force) as (n, queens, forbidden).
POSITIONS = random_positions(7, 150)
SMALL = random_positions(11, 120, range(4, 8))


def test_attacked_cells_are_the_cells_on_the_queens_lines() -> None:
    for n, queens, forbidden in POSITIONS:
        assert set(propagate(n, queens, forbidden).attacked) == attacked_by(n, queens), (n, queens)


def test_what_propagation_says_holds_in_every_completion() -> None:
    for n, queens, forbidden in SMALL:
        p = propagate(n, queens, forbidden)
        completions = brute_force_solutions(n, tuple(queens), tuple(forbidden))
        where = (n, queens, forbidden)
        if p.dead:
            assert not completions, where
        for placement in completions:
            cells = set(enumerate(placement))
            assert set(p.forced_cells) <= cells, where
            assert not cells & set(p.excluded), where
        if not p.dead and len(queens) + len(p.forced) == n:
            assert completions == {tuple(c for _, c in sorted([*queens, *p.forced_cells]))}, where
    assert sum(propagate(*position).dead for position in SMALL) >= 20  # the sample has both kinds
    assert sum(bool(propagate(*position).forced) for position in SMALL) >= 10


def test_no_line_is_left_with_one_free_cell() -> None:
    """At the end every open line has two free cells or more, unless lines are dead: then
    the dead ones are exactly the open lines with none (free counted from scratch here)."""
    for n, queens, forbidden in POSITIONS:
        p = propagate(n, queens, forbidden)
        where = (n, queens, forbidden)
        standing = [*queens, *p.forced_cells]
        taken = attacked_by(n, standing) | set(forbidden) | set(standing)
        rows = {r: sum((r, c) not in taken for c in range(n)) for r in range(n)
                if r not in {q[0] for q in standing}}
        cols = {c: sum((r, c) not in taken for r in range(n)) for c in range(n)
                if c not in {q[1] for q in standing}}
        assert p.dead_rows == tuple(r for r, free in rows.items() if free == 0), where
        assert p.dead_columns == tuple(c for c, free in cols.items() if free == 0), where
        if not p.dead:
            assert all(free >= 2 for free in [*rows.values(), *cols.values()]), where
        excluded = attacked_by(n, list(p.forced_cells)) - attacked_by(n, queens) - set(standing)
        assert set(p.excluded) == excluded, where


def test_the_propagate_search_takes_the_forced_queens_first() -> None:
    """When propagation settles the position (a dead line, or forced queens that complete
    it), the propagate order's search places exactly the forced queens, one node each, then
    meets a wipe-out or the solution and backs out of each forced queen at once."""
    settled = [(n, queens, forbidden) for n, queens, forbidden in POSITIONS
               if (p := propagate(n, queens, forbidden)).dead or len(queens) + len(p.forced) == n]
    assert len(settled) >= 40
    for n, queens, forbidden in settled:
        p = propagate(n, queens, forbidden)
        outcome = nqueens.count(p.spec, backend="backtrack", order="propagate")
        forced, where = len(p.forced), (n, queens, forbidden)
        assert outcome.stats["promising_nodes"] == 1 + forced, where
        assert outcome.stats["nodes_checked"] == 1 + 2 * forced, where
        assert outcome.count == (0 if p.dead else 1), where


def test_a_spec_brings_its_givens() -> None:
    spec = nqueens.Spec(8, fixed=[(0, 0)], forbidden=[(7, 7)])
    p = propagate(spec, queens=[(1, 2)])
    assert p.queens == ((0, 0), (1, 2)) and p.forbidden == ((7, 7),)
    assert p.spec == nqueens.Spec(8, fixed=[(0, 0), (1, 2)], forbidden=[(7, 7)])


@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda: propagate(8, queens=[(0, 0), (0, 5)]), SpecError, "attack each other"),
    (lambda: propagate(8, queens=[(8, 0)]), SpecError, "off the 8x8 board"),
    (lambda: propagate(8, queens=[(1, 1)], forbidden=[(1, 1)]), SpecError, "both fixed and forbidden"),
    (lambda: propagate(8, queens="a1"), InputError, "list of [row, col] pairs"),
    (lambda: propagate(nqueens.Spec(6, variant="torus")), InputError, "queens' lines"),
    (lambda: propagate(MAX_N + 1), InputError, "too large to propagate"),
    (lambda: propagate(8, queens=[[0, 0]], forbidden=[[1, 1], [1, 1]]), SpecError, "listed twice"),
])
def test_bad_positions_are_refused_in_one_sentence(call: object, error: type, words: str) -> None:
    with pytest.raises(error, match=words.replace("[", r"\[").replace("]", r"\]")):
        call()  # type: ignore[operator]
