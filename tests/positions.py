"""Random positions for the propagation's tests: on queens boards, queens that do not attack
each other (the attack rule of brute_force.py, not the package's) and forbidden cells
elsewhere, on boards from 4 to 12; on posed problems, queens that no line of
brute_force_posed.py's would hold too many of. Seeded, so a failure names a position that
repeats."""

from __future__ import annotations

import random
from typing import Any

from brute_force import attacks
from brute_force_posed import lines_of

Cell = tuple[int, int]


def random_position(rng: random.Random, n: int) -> tuple[list[Cell], list[Cell]]:
    """Up to n // 2 + 1 queens placed one by one on cells no earlier queen attacks, then up
    to n forbidden cells that hold no queen."""
    queens: list[Cell] = []
    for _ in range(rng.randint(0, n // 2 + 1)):
        free = [(r, c) for r in range(n) for c in range(n)
                if not any(attacks(r, c, qr, qc) for qr, qc in queens)]
        if not free:
            break
        queens.append(rng.choice(free))
    others = [(r, c) for r in range(n) for c in range(n) if (r, c) not in queens]
    forbidden = rng.sample(others, rng.randint(0, n))
    return queens, forbidden


def random_positions(seed: int, count: int, sizes: range = range(4, 13)
                     ) -> list[tuple[int, list[Cell], list[Cell]]]:
    """`count` positions (n, queens, forbidden), their sizes drawn from `sizes`."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        n = rng.choice(sizes)
        out.append((n, *random_position(rng, n)))
    return out


def random_posed_position(rng: random.Random, problem: dict[str, Any], queens: int
                          ) -> tuple[list[Cell], list[Cell]]:
    """Up to `queens` queens placed one by one on cells where no line of the brute force's
    would go over its most, then forbidden cells elsewhere (up to n of them), both sorted."""
    n = problem["n"]
    lines = lines_of(problem)
    placed: list[Cell] = []
    for _ in range(rng.randint(0, queens)):
        room = [(r, c) for r in range(n) for c in range(n) if (r, c) not in placed
                and all(len(cells & {*placed, (r, c)}) <= hi for cells, _, hi in lines)]
        if not room:
            break
        placed.append(rng.choice(room))
    others = [(r, c) for r in range(n) for c in range(n) if (r, c) not in placed]
    return sorted(placed), sorted(rng.sample(others, rng.randint(0, n)))
