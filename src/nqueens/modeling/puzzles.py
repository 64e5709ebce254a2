"""Posed problems made from a size and a seed, as model files: region puzzles (one queen per
row, column and region, none touching) on a random map of regions, and queen domination.

A region map is grown from n distinct random cells, one region each: at each step one region
takes one free neighbour of its cells, regions chosen at random in turn, until the board is
covered. Every region is connected (a region puzzle requires it) and the draws depend only
on the seed. Nothing makes the puzzle have one solution, or any: a random map is a random
instance, which is what a bench needs; the published daily puzzles are the other kind.

Queen domination has one instance per size (the fewest queens occupying or attacking every
cell); its optimum is published (OEIS A075458) for n = 1..25. No solver imports.
"""

from __future__ import annotations

import random

from ..errors import InputError
from ..posed.families import MAX_OPEN_N, REGION_PUZZLE, Rule
from ..spec import Cell, Spec
from .generators import Generated
from .modelfile import Expected, model_text

__all__ = ["DOMINATION_NUMBERS", "check_n", "domination", "region_map", "region_puzzle"]

#: The queen domination number of the n x n board for n = 1..25 (OEIS A075458).
DOMINATION_NUMBERS = (1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5, 6, 7, 8, 9, 9, 9, 9, 10, 11, 11, 12, 12,
                      13, 13)


def check_n(n: int) -> None:
    """Refuse a board a posed problem does not take (before any instance is made)."""
    if not 1 <= n <= MAX_OPEN_N:
        raise InputError(f"n must be 1..{MAX_OPEN_N} for a posed problem's instance, got {n}")


def region_map(n: int, seed: int) -> tuple[tuple[int, ...], ...]:
    """n connected regions labelled 0..n-1 covering the n x n board, grown from seeds."""
    check_n(n)
    rng = random.Random(seed)
    label: dict[Cell, int] = {}
    frontier: list[list[Cell]] = []
    for region, cell in enumerate(rng.sample([(r, c) for r in range(n) for c in range(n)], n)):
        label[cell] = region
        frontier.append([cell])
    while len(label) < n * n:
        region = rng.randrange(n)
        grown = False
        while frontier[region] and not grown:
            r, c = frontier[region][rng.randrange(len(frontier[region]))]
            free = [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                    if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr, c + dc) not in label]
            if not free:
                frontier[region].remove((r, c))  # nothing left to take from this cell
                continue
            cell = free[rng.randrange(len(free))]
            label[cell] = region
            frontier[region].append(cell)
            grown = True
    return tuple(tuple(label[r, c] for c in range(n)) for r in range(n))


def region_puzzle(n: int, seed: int) -> Generated:
    """A region puzzle on a random map: its spec and model file (no expected answer)."""
    spec = Spec(n, rules=REGION_PUZZLE, regions=region_map(n, seed),
                name=f"regions-{n}-s{seed}")
    text = model_text(spec, f"A region puzzle on a random map of {n} regions (seed {seed}).")
    return Generated(spec, text, ".toml")


def domination(n: int) -> Generated:
    """Queen domination of the n x n board: its spec and model file, with the published
    optimum as the expected answer where OEIS A075458 lists it."""
    check_n(n)
    spec = Spec(n, rules=(Rule("coverage", 1, None),), objective="fewest",
                name=f"domination-{n}")
    optimum = DOMINATION_NUMBERS[n - 1] if n <= len(DOMINATION_NUMBERS) else None
    expected = None if optimum is None else Expected(optimum=optimum, source="OEIS A075458")
    text = model_text(spec, f"Queen domination: the fewest queens that occupy or attack every "
                      f"cell of the {n}x{n} board.", expected)
    return Generated(spec, text, ".toml", optimum)
