"""Region puzzles made to have exactly one solution (`modeling.puzzles.unique_region_puzzle`):
held to tests/brute_force_posed.py (no package code) on the boards it settles quickly, to
two backends of different formalisms beyond, and to the shape of a region puzzle's map
(n regions, each one piece, covering the board), checked here from the grid itself."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from nqueens import api
from nqueens.errors import InputError, QueensError
from nqueens.modeling import puzzles
from nqueens.modeling.modelfile import model_from_toml, read_model
from nqueens.posed.validation import find_posed_violations
from nqueens.result import Deadline

from brute_force_posed import solve as brute_solve

#: The region puzzle's rules as the brute force states them (not the package's Rule objects).
PUZZLE_RULES = [{"family": "rows", "lo": 1, "hi": 1}, {"family": "columns", "lo": 1, "hi": 1},
                {"family": "regions", "lo": 1, "hi": 1}, {"family": "king", "lo": 0, "hi": 1}]


def _problem(grid: Any) -> dict[str, Any]:
    return {"n": len(grid), "rules": PUZZLE_RULES, "regions": [list(row) for row in grid]}


def _columns(cells: frozenset[tuple[int, int]]) -> tuple[int, ...]:
    return tuple(c for _, c in sorted(cells))


def _pieces(grid: Any, label: int) -> int:
    """How many 4-connected pieces the cells of `label` make (a flood fill of its own)."""
    n = len(grid)
    left = {(r, c) for r in range(n) for c in range(n) if grid[r][c] == label}
    pieces = 0
    while left:
        pieces += 1
        todo = [left.pop()]
        while todo:
            r, c = todo.pop()
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if near in left:
                    left.remove(near)
                    todo.append(near)
    return pieces


@pytest.mark.parametrize("n", [5, 6, 7])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_small_puzzles_have_one_solution_by_brute_force(n: int, seed: int) -> None:
    made = puzzles.unique_region_puzzle(n, seed, api.count)
    model = model_from_toml(made.text)
    _, placements = brute_solve(_problem(model.spec.regions))
    assert model.expected is not None
    assert [_columns(p) for p in placements] == [model.expected.witness]
    assert model.expected.count == 1


@pytest.mark.parametrize("n", [8, 9, 10])
@pytest.mark.parametrize("seed", [1, 2])
def test_larger_puzzles_have_one_solution_by_two_formalisms(n: int, seed: int) -> None:
    """The backtracker (cells, bounds propagated) and the CNF each count one solution, the
    witness; the validator accepts it."""
    model = model_from_toml(puzzles.unique_region_puzzle(n, seed, api.count).text)
    assert model.expected is not None and model.expected.witness is not None
    for backend in ("backtrack", "sat"):
        seen: list[Any] = []
        outcome = api.count(model.spec, backend=backend, on_solution=seen.append)
        assert outcome.complete and outcome.count == 1, backend
        assert seen == [model.expected.witness], backend
    assert not find_posed_violations(model.spec, tuple(enumerate(model.expected.witness)))


def test_the_counter_matches_the_brute_force_on_random_maps() -> None:
    """The repairs' own counter, on maps with any number of solutions (random growth), finds
    what the brute force finds, and stops at its limit."""
    for n, seed in ((5, 1), (5, 2), (6, 3), (6, 4), (7, 5)):
        grid = puzzles.region_map(n, seed)
        _, placements = brute_solve(_problem(grid))
        expected = sorted(_columns(p) for p in placements)
        assert sorted(puzzles.solutions_up_to(grid, 10**6)) == expected
        assert len(puzzles.solutions_up_to(grid, 1)) == min(1, len(expected))
    assert any(len(brute_solve(_problem(puzzles.region_map(6, seed)))[1]) > 1
               for seed in range(1, 20))  # the maps above are not all trivial


@pytest.mark.parametrize("n", [5, 8, 11])
def test_the_map_is_n_connected_regions_covering_the_board(n: int) -> None:
    for seed in (1, 2, 3):
        grid, planted = puzzles.unique_region_map(n, seed)
        assert len(grid) == n and all(len(row) == n for row in grid)
        assert {label for row in grid for label in row} == set(range(n))
        assert all(_pieces(grid, label) == 1 for label in range(n))
        assert sorted(planted) == list(range(n))
        assert all(abs(a - b) > 1 for a, b in pairwise(planted))
        assert sorted(grid[r][c] for r, c in enumerate(planted)) == list(range(n))


def test_the_same_seed_gives_the_same_file_and_other_seeds_others() -> None:
    texts = [puzzles.unique_region_puzzle(8, seed, api.count).text for seed in (1, 2, 3)]
    assert puzzles.unique_region_puzzle(8, 1, api.count).text.encode() == texts[0].encode()
    assert len(set(texts)) == 3
    maps = {model_from_toml(text).spec.regions for text in texts}
    assert len(maps) == 3


def test_the_file_states_its_count_witness_and_difficulty() -> None:
    made = puzzles.unique_region_puzzle(9, 4, api.count)
    model = model_from_toml(made.text)
    assert model.spec == made.spec and model.spec.name == "regions-9-s4"
    assert model.expected is not None
    assert "nqueens count of this file at generation" in model.expected.source
    nodes = api.count(model.spec, backend="backtrack").stats["nodes_checked"]
    assert f"Difficulty: {nodes} {puzzles.DIFFICULTY}." in model.description
    assert "nqueens generate regions 9 --seed 4" in model.description


@pytest.mark.parametrize("n", [-1, 0, 4, 15, 64])
def test_sizes_out_of_range_are_refused(n: int) -> None:
    with pytest.raises(InputError, match=r"n = 5\.\.14"):
        puzzles.unique_region_puzzle(n, 1, api.count)


def test_a_wrong_count_is_never_written() -> None:
    """A count that disagrees with the map's counter is an error of the package, raised
    rather than written (the count is the caller's: a false one stands in for a bug)."""
    from dataclasses import replace

    def two(spec: Any, **options: Any) -> Any:
        return replace(api.count(spec, **options), count=2)

    with pytest.raises(QueensError, match="an error of the package"):
        puzzles.unique_region_puzzle(6, 1, two)


def test_an_expired_deadline_stops_the_making() -> None:
    from nqueens.modeling.generators import GenerationStopped

    deadline = Deadline(None)
    deadline.stop()
    with pytest.raises(GenerationStopped):
        puzzles.unique_region_map(12, 1, deadline)


@pytest.mark.parametrize("name", ["regions-8", "regions-10", "regions-12"])
def test_the_bundled_puzzles_are_the_generators_for_the_seed_they_name(name: str) -> None:
    """The command a bundled puzzle's description names makes that puzzle again (the
    bundled file differs in its name and in the source, which adds the brute force)."""
    import re

    from paths import MODELS

    model = read_model(MODELS / f"{name}.toml")
    command = re.search(r"nqueens generate regions (\d+) --seed (\d+)", model.description)
    assert command is not None
    n, seed = map(int, command.groups())
    made = model_from_toml(puzzles.unique_region_puzzle(n, seed, api.count).text)
    assert n == model.spec.n and made.spec.regions == model.spec.regions
    assert made.description == model.description
    assert made.expected is not None and model.expected is not None
    assert (made.expected.count, made.expected.witness) == (1, model.expected.witness)
