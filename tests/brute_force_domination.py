"""Minimum dominating queen placements by exhaustive search, sharing no code with the package.

A placement dominates the board when every cell holds a queen or is attacked by one (same
row, column or diagonal). For k = 1, 2, ... every set of k queens that dominates is found by
branching on the first cell not yet covered (some queen must cover it) and pruning a branch
whose queens left cannot cover the cells left even if each covered the most any queen does;
the first k with a dominating set is the domination number, and the sets found then are
exactly the minimum dominating placements (OEIS A075458 and A002564). Cells are bits of one
integer per board. n <= 9 takes seconds here.
"""

from __future__ import annotations


def _covers(n: int) -> list[int]:
    masks = []
    for r in range(n):
        for c in range(n):
            mask = 0
            for r2 in range(n):
                for c2 in range(n):
                    if r == r2 or c == c2 or abs(r - r2) == abs(c - c2):
                        mask |= 1 << (r2 * n + c2)
            masks.append(mask)
    return masks


def minimum_dominating(n: int) -> tuple[int, set[frozenset[tuple[int, int]]]]:
    """(the domination number of the n x n board, every minimum dominating placement)."""
    cover = _covers(n)
    for k in range(1, n * n + 1):
        found = _dominating(cover, k)
        if found:
            return k, {frozenset(divmod(q, n) for q in placement) for placement in found}
    raise AssertionError("the whole board dominates itself")


def _dominating(cover: list[int], k: int) -> set[frozenset[int]]:
    """Every set of at most k queens (cells) whose masks cover every cell."""
    cells = len(cover)
    full = (1 << cells) - 1
    most = max(mask.bit_count() for mask in cover)
    found: set[frozenset[int]] = set()
    chosen: list[int] = []

    def extend(covered: int, left: int) -> None:
        if covered == full:
            found.add(frozenset(chosen))
            return
        if left == 0 or cells - covered.bit_count() > left * most:
            return
        first = ((~covered) & (covered + 1)).bit_length() - 1  # the first cell uncovered
        for queen in range(cells):
            if cover[queen] >> first & 1 and queen not in chosen:
                chosen.append(queen)
                extend(covered | cover[queen], left - 1)
                chosen.pop()

    extend(0, k)
    return found
