"""An independent brute force for posed problems on small boards.

A problem is a plain dict, as a test writes it: {"n": 5, "rules": [{"family": "rows",
"lo": 1, "hi": 1}, ...], "regions": [[...]], "queens": [lo, hi], "objective": "fewest",
"fixed": [[r, c]], "forbidden": [[r, c]]}. The meaning of every family is written out here
from the geometry, sharing no code with the package (not Spec, not its families, not its
validator), so the tests can hold every compiler to it.

Two ways through the placements: the fewest queens are found by trying every set of 0, 1,
2, ... cells in turn (the first size with a solution is the optimum); everything else walks
the cells one by one, in or out, cutting a branch only when an "at most" is already broken.
Keep boards small: n <= 5 or so, and problems whose lines bound the queens from above.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any

Cell = tuple[int, int]
Problem = dict[str, Any]


def _sees(piece: str, a: Cell, b: Cell) -> bool:
    """True when a piece on a covers b: stands on it or attacks it."""
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    return {
        "queen": dr == 0 or dc == 0 or dr == dc,
        "rook": dr == 0 or dc == 0,
        "bishop": dr == dc,
        "knight": (dr, dc) in ((0, 0), (1, 2), (2, 1)),
        "king": dr <= 1 and dc <= 1,
    }[piece]


_KEYS = {
    "rows": lambda r, c, n, problem: r,
    "columns": lambda r, c, n, problem: c,
    "diagonals": lambda r, c, n, problem: r - c,
    "anti-diagonals": lambda r, c, n, problem: r + c,
    "wrapped-diagonals": lambda r, c, n, problem: (r - c) % n,
    "wrapped-anti-diagonals": lambda r, c, n, problem: (r + c) % n,
    "regions": lambda r, c, n, problem: problem["regions"][r][c],
}


def _groups(problem: Problem, rule: dict[str, Any]) -> list[set[Cell]]:
    """The cells of each line of one rule."""
    n = problem["n"]
    board = [(r, c) for r in range(n) for c in range(n)]
    family = rule["family"]
    if family in _KEYS:
        keyed: dict[Any, set[Cell]] = {}
        for r, c in board:
            keyed.setdefault(_KEYS[family](r, c, n, problem), set()).add((r, c))
        return list(keyed.values())
    if family in ("knight", "king"):
        wanted = {1, 2} if family == "knight" else None
        pairs = []
        for a in board:
            for b in board:
                dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
                near = {dr, dc} == wanted if wanted else max(dr, dc) == 1
                if a < b and near:
                    pairs.append({a, b})
        return pairs
    if family == "coverage":
        piece = rule.get("attack", "queen")
        return [{q for q in board if _sees(piece, q, target)} for target in board]
    assert family == "cells", family
    return [{(r, c) for r, c in line} for line in rule["cells"]]


def lines_of(problem: Problem) -> list[tuple[frozenset[Cell], int, int]]:
    """Every line of every rule as (cells, lo, hi), hi = number of cells when unbounded."""
    n = problem["n"]
    out: list[tuple[frozenset[Cell], int, int]] = []
    for rule in problem["rules"]:
        family = rule["family"]
        lo = rule.get("lo", 1 if family == "coverage" else 0)
        hi = rule.get("hi", None if family == "coverage" else 1)
        for cells in _groups(problem, rule):
            out.append((frozenset(cells), lo, len(cells) if hi is None else hi))
    if problem.get("queens") is not None:
        lo, hi = problem["queens"]
        out.append((frozenset((r, c) for r in range(n) for c in range(n)), lo,
                    n * n if hi is None else hi))
    return out


def _ok(chosen: set[Cell], problem: Problem, lines: list[tuple[frozenset[Cell], int, int]]) -> bool:
    if any(tuple(cell) not in chosen for cell in problem.get("fixed", ())):
        return False
    if any(tuple(cell) in chosen for cell in problem.get("forbidden", ())):
        return False
    return all(lo <= len(cells & chosen) <= hi for cells, lo, hi in lines)


def _walk(problem: Problem, lines: list[tuple[frozenset[Cell], int, int]]) -> Iterator[frozenset[Cell]]:
    n = problem["n"]
    board = [(r, c) for r in range(n) for c in range(n)]
    through: dict[Cell, list[int]] = {cell: [] for cell in board}
    for index, (cells, _, _) in enumerate(lines):
        for cell in cells:
            through[cell].append(index)
    held = [0] * len(lines)
    chosen: set[Cell] = set()

    def go(i: int) -> Iterator[frozenset[Cell]]:
        if i == len(board):
            if _ok(chosen, problem, lines):
                yield frozenset(chosen)
            return
        cell = board[i]
        yield from go(i + 1)
        if all(held[k] < lines[k][2] for k in through[cell]):
            chosen.add(cell)
            for k in through[cell]:
                held[k] += 1
            yield from go(i + 1)
            for k in through[cell]:
                held[k] -= 1
            chosen.discard(cell)

    yield from go(0)


def solve(problem: Problem) -> tuple[int | None, set[frozenset[Cell]]]:
    """(optimum, every optimal placement) with an objective; (None, every placement)
    without. An infeasible problem gives (None, set())."""
    lines = lines_of(problem)
    objective = problem.get("objective")
    n = problem["n"]
    if objective == "fewest":
        board = [(r, c) for r in range(n) for c in range(n)]
        for k in range(len(board) + 1):
            found = {frozenset(combo) for combo in combinations(board, k)
                     if _ok(set(combo), problem, lines)}
            if found:
                return k, found
        return None, set()
    every = set(_walk(problem, lines))
    if objective is None:
        return None, every
    if not every:
        return None, set()
    best = max(len(s) for s in every)
    return best, {s for s in every if len(s) == best}


def solve_by_rows(problem: Problem) -> set[frozenset[Cell]]:
    """Every placement of a problem whose first rule is `rows` with exactly k queens each
    (Star Battle, k queens per line), found row by row: each row takes one of its
    k-subsets of columns, and a branch is cut as soon as a line holds more than its upper
    bound, or can no longer reach its lower bound from the rows left. Boards this way:
    n = 10 and more with k = 2, where the cell-by-cell walk of `solve` takes too long. No
    objective, no queens bound, no fixed or forbidden cells."""
    first = problem["rules"][0]
    assert first["family"] == "rows" and first["lo"] == first["hi"], first
    assert not any(problem.get(key) for key in ("objective", "queens", "fixed", "forbidden"))
    n, k = problem["n"], first["lo"]
    lines = lines_of(problem)
    # the lines through each row's cells, and how many of a line's cells lie below row r
    crossing = [sorted({index for index, (cells, _, _) in enumerate(lines)
                        if any(r == row for r, _ in cells)}) for row in range(n)]
    below = [[sum(1 for r, _ in cells if r > row) for cells, _, _ in lines] for row in range(n)]
    through: dict[Cell, list[int]] = {(r, c): [] for r in range(n) for c in range(n)}
    for index, (cells, _, _) in enumerate(lines):
        for cell in cells:
            through[cell].append(index)
    held = [0] * len(lines)
    chosen: list[Cell] = []
    found: set[frozenset[Cell]] = set()

    def hold(cells: list[Cell], step: int) -> None:
        for cell in cells:
            for index in through[cell]:
                held[index] += step

    def go(row: int) -> None:
        if row == n:
            found.add(frozenset(chosen))
            return
        for columns in combinations(range(n), k):
            cells = [(row, c) for c in columns]
            hold(cells, 1)
            if all(held[i] <= lines[i][2] and held[i] + below[row][i] >= lines[i][1]
                   for i in crossing[row]):
                chosen.extend(cells)
                go(row + 1)
                del chosen[-k:]
            hold(cells, -1)

    go(0)
    return found


def has_completion(problem: Problem) -> bool:
    """Whether any placement obeys every line, the fixed and the forbidden cells (no
    objective: a completion of a position, however many queens it takes). Cell by cell,
    in or out, a branch cut as soon as a line holds more than its most or can no longer
    reach its least with the cells left; stops at the first placement found."""
    n = problem["n"]
    lines = lines_of(problem)
    board = [(r, c) for r in range(n) for c in range(n)]
    fixed = {tuple(cell) for cell in problem.get("fixed", ())}
    forbidden = {tuple(cell) for cell in problem.get("forbidden", ())}
    through: dict[Cell, list[int]] = {cell: [] for cell in board}
    for index, (cells, _, _) in enumerate(lines):
        for cell in cells:
            through[cell].append(index)
    held = [0] * len(lines)
    left = [len(cells) for cells, _, _ in lines]  # cells of each line not yet decided

    def decide(cell: Cell, put: int, step: int) -> None:
        for k in through[cell]:
            held[k] += put * step
            left[k] -= step

    def go(i: int) -> bool:
        if i == len(board):
            return True
        cell = board[i]
        for put in (1,) if cell in fixed else (0,) if cell in forbidden else (1, 0):
            decide(cell, put, 1)
            fits = all(lines[k][1] <= held[k] + left[k] and held[k] <= lines[k][2]
                       for k in through[cell])
            found = fits and go(i + 1)
            decide(cell, put, -1)
            if found:
                return True
        return False

    return all(len(cells) >= lo for cells, lo, _ in lines) and go(0)
