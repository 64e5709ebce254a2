"""What a position implies on a posed problem's lines (`nqueens.playing.rules` on region
puzzles, Star Battle, domination, small random rule sets), against the independent search
of tests/brute_force_posed.py (`has_completion`, its own meaning of every family): a dead
position has no completion, a forced cell is a queen in every completion (the position with
it forbidden has none), an attacked or excluded cell is in no completion (the position with
a queen on it has none). The objective is not a rule of a position: a completion is any
placement obeying the lines."""

from __future__ import annotations

import random
from typing import Any

import pytest

from nqueens.errors import InputError, SpecError
from nqueens.planning import spec_of as model_spec
from nqueens.playing.rules import propagate

from brute_force_posed import has_completion, lines_of
from posed_problems import problem_of, spec_of
from positions import random_posed_position

Cell = tuple[int, int]
Problem = dict[str, Any]

#: Bundled posed models the search settles in milliseconds a question (Star Battle's 10x10
#: takes a tenth of a second: its wording is checked below, its two-a-line rules here on
#: two-per-line-6 and the random rule sets).
MODELS = ("regions-6", "regions-8", "two-per-line-6", "domination-5", "independent-domination-5")


def random_problem(rng: random.Random) -> Problem:
    """A small rule set on 4x4 or 5x5: rows, columns, diagonals, touching or knight pairs,
    regions or coverage with random bounds, now and then a bound on the queens."""
    n = rng.choice((4, 5))
    rules: list[dict[str, Any]] = []
    for family in rng.sample(("rows", "columns", "diagonals", "anti-diagonals", "king",
                              "knight", "coverage", "regions"), rng.randint(1, 4)):
        if family == "coverage":
            rules.append({"family": family, "lo": 1, "attack": rng.choice(("queen", "rook",
                                                                           "king"))})
        elif family in ("king", "knight", "diagonals", "anti-diagonals"):
            rules.append({"family": family, "lo": 0, "hi": 1})
        else:
            lo = rng.choice((0, 1, 1))
            rules.append({"family": family, "lo": lo, "hi": rng.choice((max(lo, 1), 2))})
    problem: Problem = {"n": n, "rules": rules}
    if any(rule["family"] == "regions" for rule in rules):  # stripes of rows, two by two
        problem["regions"] = [[r // 2] * n for r in range(n)]
    if rng.random() < 0.3:
        problem["queens"] = [rng.randint(0, n), rng.choice((None, n + 1))]
    return problem


def cases() -> list[tuple[str, Problem, list[Cell], list[Cell]]]:
    rng = random.Random(5)
    out = []
    for name in MODELS:
        problem = problem_of(model_spec(name))
        for _ in range(10 if name == "two-per-line-6" else 16):
            out.append((name, problem, *random_posed_position(rng, problem, problem["n"])))
    made = 0
    while made < 45:
        problem = random_problem(rng)
        try:
            spec_of(problem)
        except SpecError:  # bounds that cannot meet: refused up front, not a position
            continue
        made += 1
        out.append((f"random {made}", problem, *random_posed_position(rng, problem, 4)))
    return out


CASES = cases()


def completes(problem: Problem, queens: list[Cell], forbidden: list[Cell]) -> bool:
    position = {key: value for key, value in problem.items() if key != "objective"}
    position["fixed"] = [*problem.get("fixed", ()), *queens]
    position["forbidden"] = [*problem.get("forbidden", ()), *forbidden]
    return has_completion(position)


def test_what_propagation_says_holds_in_every_completion() -> None:
    told = {"dead": 0, "forced": 0, "off": 0, "open": 0}
    for name, problem, queens, forbidden in CASES:
        p = propagate(spec_of(problem), queens, forbidden)
        where = (name, queens, forbidden)
        assert p.queens == tuple(queens) and p.forbidden == tuple(forbidden), where
        if p.dead:
            told["dead"] += 1
            assert not completes(problem, queens, forbidden), where
            continue
        told["open"] += completes(problem, queens, forbidden)
        for cell in p.forced_cells:
            told["forced"] += 1
            assert not completes(problem, queens, [*forbidden, cell]), (where, cell)
        off = sorted((set(p.attacked) | set(p.excluded)) - set(forbidden))
        for cell in random.Random(str(where)).sample(off, min(4, len(off))):
            told["off"] += 1
            assert not completes(problem, [*queens, cell], forbidden), (where, cell)
    # the sample says each kind of thing, and has positions with completions too
    assert told["dead"] >= 30 and told["forced"] >= 20 and told["off"] >= 100, told
    assert told["open"] >= 30, told  # positions with a completion: nothing claimed falsely


def test_forcing_runs_to_a_fixpoint_and_leaves_no_line_wanting() -> None:
    """At the end no line needs every free cell it has, unless a line is dead: then the dead
    ones are exactly the lines left short (queens and free cells counted here, from the
    brute force's lines)."""
    for name, problem, queens, forbidden in CASES:
        p = propagate(spec_of(problem), queens, forbidden)
        standing = {*queens, *p.forced_cells}
        off = set(p.attacked) | set(p.excluded) | set(forbidden)
        short, wanting = 0, 0
        for cells, lo, _ in lines_of(problem):
            held, free = len(cells & standing), len(cells - standing - off)
            short += held + free < lo
            wanting += held < lo and held + free == lo
        assert (short > 0) == p.dead, (name, queens, forbidden)
        assert p.dead or wanting == 0, (name, queens, forbidden)


def test_a_region_puzzle_is_worded_by_its_lines() -> None:
    spec = model_spec("regions-8")
    p = propagate(spec, queens=[(0, 0)])
    assert p.why((1, 1)) == "(1, 1) is on region A of the queen at (0, 0)"
    assert p.why((0, 5)) == "(0, 5) is on the row of the queen at (0, 0)"
    assert p.describe() == "8x8: 1 queen; 16 attacked"
    star = propagate(model_spec("starbattle-10"), queens=[(0, 4), (0, 9)])
    assert star.why((0, 1)) == "(0, 1) is on the row of the queens at (0, 4) and (0, 9)"
    assert star.why((1, 3)) == "(1, 3) is touching the queen at (0, 4)"
    dead = propagate(spec, forbidden=[(0, c) for c in range(8)])
    assert dead.dead_rows == (0,) and dead.describe().endswith("dead: row 0 (no completion)")
    with pytest.raises(InputError, match="leave row 0 too few cells for its queens"):
        dead.spec  # noqa: B018 - the Spec refuses the position; the propagation does not


def test_coverage_lines_count_the_cells_left_to_cover() -> None:
    spec = model_spec("domination-5")
    p = propagate(spec, queens=[(2, 2)])
    assert not p.attacked  # covering cells takes none off
    assert p.describe() == "5x5: 1 queen; 0 attacked; 8 cells to cover"
    assert set(p.uncovered) == {(r, c) for r in range(5) for c in range(5)
                                if r != 2 and c != 2 and abs(r - 2) != abs(c - 2)}
    solved = propagate(spec, queens=[(0, 0), (1, 3), (3, 2)])
    assert solved.describe().endswith("a solution (of the lines: whether with the fewest "
                                      "queens, a search decides)")
    # every cell that sees (0, 0) forbidden but (0, 1): its coverage needs that one
    lonely = propagate(spec, forbidden=[(r, c) for r in range(5) for c in range(5)
                                        if (r == 0 or c == 0 or r == c) and (r, c) != (0, 1)])
    assert lonely.forced_cells[:1] == ((0, 1),)
    assert lonely.forced[0].describe() == "(0, 1), the only free cell of the coverage of (0, 0)"


def test_a_bound_on_the_queens_is_a_line_of_the_board() -> None:
    spec = spec_of({"n": 4, "rules": [{"family": "king", "lo": 0, "hi": 1}], "queens": [0, 2]})
    p = propagate(spec, queens=[(0, 0), (3, 3)])
    assert p.describe().startswith("4x4: 2 queens (at most 2 on the board); 14 attacked")
    assert p.why((0, 2)) == ("(0, 2) is beyond the board's at most 2 queens, reached by the "
                             "queens at (0, 0) and (3, 3)")


def test_the_picture_shows_the_regions_and_the_posed_marks() -> None:
    """A propagation's SVG (the widget's snapshot, a notebook's display): each cell in its
    region's colour, the dead region's cells framed, the cells to cover dotted."""
    import re

    dead = propagate(model_spec("regions-8"), queens=[(0, 0)],
                     forbidden=[(7, c) for c in range(4, 8)])  # region H: row 7, columns 4..7
    assert dead.dead_cells == tuple((7, c) for c in range(4, 8))
    svg = dead.svg()
    assert svg is not None
    regions = re.search(r'<g class="regions">(.*?)</g>', svg).group(1)  # type: ignore[union-attr]
    fills = re.findall(r'fill="(#[0-9a-f]{6})"', regions)
    grid = [label for row in dead.board.regions for label in row]
    assert len(fills) == 64 and len(set(fills)) == 8
    assert all(fills[a] == fills[b] for a in range(64) for b in range(64) if grid[a] == grid[b])
    assert re.findall(r'class="dead-cell" data-row="(\d)" data-col="(\d)"', svg) == \
        [("7", str(c)) for c in range(4, 8)]
    covering = propagate(model_spec("domination-5"), queens=[(2, 2)]).svg()
    assert covering is not None and covering.count('class="uncovered"') == 8
