"""The three random generators of the published hard n-queens families (Gent, Jefferson and
Nightingale, "Complexity of n-Queens Completion", JAIR 2017; CSPLib problems 079 and 080),
re-implemented from their description: each seeds Python's `random` with an integer and makes
the same `randrange` / `shuffle` calls in the same order, so the blocked and excluded-diagonals
generators give the published instance files exactly for the same arguments.

The completion generator makes the calls described, but the published completion *results*
were produced from instances this generator does not reproduce under Python 3 (its random
number calls differ from those of the Python that made them): completion sets generated here
follow the same distribution, and are compared with the published figures by distribution
(fraction satisfiable, median effort against n for a given delta), not instance by instance.

The generators return the file text in the published layout (`formats.param_text`,
`formats.diagonals_text`), and the Spec of the instance. Given a `Deadline`, they poll it
(a large board's shuffle takes seconds) and raise `GenerationStopped` once it expires, so
`nqueens generate` keeps its time limit and its Ctrl-C. No solver imports.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from dataclasses import dataclass
from typing import TypeVar

from ..errors import InputError, QueensError
from ..result import Deadline
from ..spec import Cell, Spec
from .formats import Diagonal, diagonal_cells, diagonals_text, param_text

__all__ = ["FAMILIES", "Generated", "GenerationStopped", "blocked", "completion", "diagonals"]

#: The generator families, as named on the command line.
FAMILIES = ("completion", "blocked", "diagonals")
#: Attempts of the blocked generator before it gives up (as published).
BLOCKED_ATTEMPTS = 1000
#: Largest board generated: the instances are for search, and the lists grow as n^2.
MAX_GENERATE_N = 2000
#: Random draws between two looks at the deadline (a few milliseconds of work).
_POLL_EVERY = 4096

T = TypeVar("T")


class GenerationStopped(QueensError):
    """The deadline expired (a time limit, a Ctrl-C) before the instance was made."""


def _check_deadline(deadline: Deadline | None) -> None:
    if deadline is not None and deadline.expired():
        raise GenerationStopped("stopped before the instance was made")


def _shuffle(rng: random.Random, items: MutableSequence[T], deadline: Deadline | None) -> None:
    """`rng.shuffle(items)`, the same draws in the same order (so the published files come
    out), looking at the deadline every `_POLL_EVERY` swaps: n^2 squares take seconds."""
    below = rng._randbelow  # type: ignore[attr-defined]  # what Random.shuffle draws with
    for i in reversed(range(1, len(items))):
        if i % _POLL_EVERY == 0:
            _check_deadline(deadline)
        j = below(i + 1)
        items[i], items[j] = items[j], items[i]


@dataclass(frozen=True)
class Generated:
    """One generated instance: its Spec, its file text (in the published format, or a model
    file) and, when published, its optimum (queen domination's)."""

    spec: Spec
    text: str
    suffix: str  # ".param", ".toml"
    optimum: int | None = None


def _check_n(n: int) -> None:
    if not 1 <= n <= MAX_GENERATE_N:
        raise InputError(f"n must be 1..{MAX_GENERATE_N:,} for a generated instance, got {n}")


def completion(n: int, m: int, seed: int, deadline: Deadline | None = None) -> Generated:
    """m non-attacking queens placed at random on an n-board (the queens in placement order,
    0-based). Up to n*n draws of a free row and a free column; a draw whose diagonals are
    taken is wasted.

    Raises:
        InputError: m is not 0..n, or fewer than m queens were placed in n*n draws.
        GenerationStopped: `deadline` expired first.
    """
    _check_n(n)
    if not 0 <= m <= n:
        raise InputError(f"m (queens to pre-place) must be 0..{n}, got {m}")
    rng = random.Random(seed)
    rows, cols = list(range(n)), list(range(n))
    left = n
    sums: set[int] = set()
    diffs: set[int] = set()
    placed: list[Cell] = []
    for draw in range(n * n):
        if len(placed) == m:
            break
        if draw % _POLL_EVERY == 0:
            _check_deadline(deadline)
        i = rng.randrange(left)
        j = rng.randrange(left)
        r, c = rows[i], cols[j]
        if r + c in sums or r - c in diffs:
            continue
        placed.append((r, c))
        sums.add(r + c)
        diffs.add(r - c)
        rows[i], cols[j] = rows[left - 1], cols[left - 1]
        left -= 1
    if len(placed) < m:
        raise InputError(f"placed only {len(placed)} of {m} queens on the {n}x{n} board in "
                         f"{n * n} draws (seed {seed}); give a smaller m or another seed")
    spec = Spec(n, fixed=tuple(placed), name=f"completion-{n}-{m}-s{seed}")
    text = f"letting n =  {n}\nletting init =  {[list(cell) for cell in placed]}\n"
    return Generated(spec, text, ".param")


def blocked(n: int, m: int, min_free: int, seed: int,
            deadline: Deadline | None = None) -> Generated:
    """m blocked squares: shuffle all squares (row-major), walk them, block a square while
    both its row and its column have more than `min_free` free squares (so every line keeps
    at least `min_free`); up to 1000 shuffles.

    Raises:
        InputError: bad arguments, or no shuffle reached m blocked squares.
        GenerationStopped: `deadline` expired first.
    """
    _check_n(n)
    if min_free < 0:
        raise InputError(f"--min-free must be 0 or more, got {min_free}")
    most = n * max(0, n - min_free)
    if not 0 <= m <= most:
        raise InputError(f"m (squares to block) must be 0..{most} when every line keeps "
                         f"{min_free} free squares on a {n}x{n} board, got {m}")
    rng = random.Random(seed)
    for _ in range(BLOCKED_ATTEMPTS):
        _check_deadline(deadline)
        squares = [(r, c) for r in range(n) for c in range(n)]
        _shuffle(rng, squares, deadline)
        row_free = [n] * n
        col_free = [n] * n
        chosen: list[Cell] = []
        for step, (r, c) in enumerate(squares):
            if len(chosen) == m:
                break
            if step % _POLL_EVERY == 0:
                _check_deadline(deadline)
            if row_free[r] > min_free and col_free[c] > min_free:
                chosen.append((r, c))
                row_free[r] -= 1
                col_free[c] -= 1
        if len(chosen) == m:
            spec = Spec(n, forbidden=tuple(chosen), name=f"blocked-{n}-{m}-s{seed}")
            return Generated(spec, param_text(spec), ".param")
    raise InputError(f"no way to block {m} squares of a {n}x{n} board keeping at least "
                     f"{min_free} free per line was found in {BLOCKED_ATTEMPTS} shuffles "
                     f"(seed {seed}); give a smaller m")


def diagonals(n: int, min_free: int, seed: int, take: int | None = None,
              deadline: Deadline | None = None) -> Generated:
    """Exclude whole diagonals in random order while every row and column keeps more than
    `min_free` allowed squares; the file lists them in the order excluded, and an instance
    with d diagonals is the first d (`take`).

    Raises:
        InputError: bad arguments, or `take` beyond the number of diagonals excluded.
        GenerationStopped: `deadline` expired first.
    """
    _check_n(n)
    if min_free < 0:
        raise InputError(f"--min-free must be 0 or more, got {min_free}")
    rng = random.Random(seed)
    sum_list = list(range(2 * n - 1))
    rng.shuffle(sum_list)
    diff_list = list(range(2 * n - 1))
    rng.shuffle(diff_list)
    row_free = [n] * n
    col_free = [n] * n
    excluded: set[Cell] = set()
    order: list[Diagonal] = []
    while sum_list or diff_list:
        # the draw is made only while both lists have diagonals left (as published)
        _check_deadline(deadline)  # each diagonal costs O(n)
        use_sum = rng.randrange(-1, 2, 2) == 1 if sum_list and diff_list else bool(sum_list)
        kind = 1 if use_sum else 0
        index = (sum_list if kind == 1 else diff_list).pop()
        cells = [cell for cell in diagonal_cells(n, (index, kind)) if cell not in excluded]
        if any(row_free[r] <= min_free or col_free[c] <= min_free for r, c in cells):
            continue
        for r, c in cells:
            row_free[r] -= 1
            col_free[c] -= 1
        excluded.update(cells)
        order.append((index, kind))
    if take is not None and not 0 <= take <= len(order):
        raise InputError(f"--take {take}: seed {seed} excludes {len(order)} diagonals on the "
                         f"{n}x{n} board; take 0..{len(order)}")
    chosen = order[:take] if take is not None else order
    forbidden = sorted({cell for d in chosen for cell in diagonal_cells(n, d)})
    spec = Spec(n, forbidden=tuple(forbidden), name=f"diagonals-{n}-s{seed}")
    return Generated(spec, diagonals_text(n, chosen), ".param")
