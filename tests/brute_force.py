"""An independent brute-force solver for small boards: every permutation of columns,
checked pairwise by the attack rule written out here. It shares no code with the
package (not Spec.lines, not the validator), so tests can use it as a reference."""

from __future__ import annotations

from itertools import permutations


def attacks(r1: int, c1: int, r2: int, c2: int) -> bool:
    return r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2)


def brute_force_solutions(
    n: int, fixed: tuple[tuple[int, int], ...] = (), forbidden: tuple[tuple[int, int], ...] = ()
) -> set[tuple[int, ...]]:
    """All n-queens placements honouring fixed and forbidden cells (n <= 8 or so)."""
    out = set()
    for perm in permutations(range(n)):
        if any(perm[r] != c for r, c in fixed):
            continue
        if any(perm[r] == c for r, c in forbidden):
            continue
        if all(
            not attacks(r1, perm[r1], r2, perm[r2])
            for r1 in range(n)
            for r2 in range(r1 + 1, n)
        ):
            out.add(perm)
    return out


def brute_force_most_queens(
    n: int, fixed: tuple[tuple[int, int], ...] = (), forbidden: tuple[tuple[int, int], ...] = ()
) -> int:
    """The most pairwise non-attacking queens on an n-board that include every fixed cell and
    stand on no forbidden one: each row in turn gets a queen on an allowed column or none
    (n <= 7 or so)."""
    fixed_in = dict(fixed)
    blocked = set(forbidden)
    best = 0

    def place(row: int, queens: list[tuple[int, int]]) -> None:
        nonlocal best
        if len(queens) + (n - row) <= best:
            return
        if row == n:
            best = len(queens)
            return
        columns = [fixed_in[row]] if row in fixed_in else list(range(n))
        for col in columns:
            if (row, col) not in blocked and not any(attacks(row, col, r, c) for r, c in queens):
                place(row + 1, [*queens, (row, col)])
        if row not in fixed_in:
            place(row + 1, queens)

    place(0, [])
    return best
