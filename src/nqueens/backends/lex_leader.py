"""Clauses that break a board's symmetries in a CNF of its cells: of each class of
assignments that a symmetry of the problem maps onto each other, only the lexicographically
smallest (the cells in row-major order, a queen greater than none) is left a model.

A proof that no placement of v queens exists must otherwise refute every image of every
candidate: on a square board with all eight symmetries that is up to eight times the work,
and more, since the solver cannot tell the images apart. Keeping only the least of each class
loses no answer to an optimization: a placement's images have its number of queens, and the
least of them is still a model. It does lose placements, so an enumeration (count, the
placements of the optimum) never takes these clauses, nor does a certificate: its proof must
refute the problem's own CNF, which these clauses are not consequences of.

The constraint for one symmetry s is x <=lex s(x) over the cells, written as a chain: e_i says
the first i cells agree with their images, and while they agree the next cell may hold a
queen only if its image does. Cells that s maps to themselves always agree and are skipped.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from pysat.formula import IDPool

from ..symmetry import SYMMETRIES

__all__ = ["lex_leader_clauses"]


def lex_leader_clauses(n: int, symmetries: Iterable[str], pool: IDPool) -> Iterator[list[int]]:
    """The clauses keeping, for each named symmetry s (the identity is skipped), only the
    assignments x of the cell variables 1..n*n (row-major) with x <=lex s(x); the chains'
    variables come from `pool`."""
    cells = [(r, c) for r in range(n) for c in range(n)]
    for name in symmetries:
        if name == "identity":
            continue
        cell_map = SYMMETRIES[name]
        equal = 0  # the chain so far: 0 before the first cell compared
        for index, (r, c) in enumerate(cells):
            x = index + 1
            r2, c2 = cell_map(r, c, n)
            y = r2 * n + c2 + 1
            if x == y:
                continue
            guard = [-equal] if equal else []
            yield [*guard, -x, y]  # agreeing so far, x may hold a queen only if s(x) does
            if index == len(cells) - 1:
                break
            agree = pool.id((name, index))
            if equal:
                yield [-agree, equal]
            yield [-agree, -x, y]
            yield [-agree, x, -y]
            yield [*guard, x, y, agree]
            yield [*guard, -x, -y, agree]
            equal = agree
