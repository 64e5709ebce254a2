"""Posed problems made from a size and a seed, as model files: region puzzles (one queen per
row, column and region, none touching) on a random map of regions, and queen domination.

A region map is grown from n distinct random cells, one region each: at each step one region
takes one free neighbour of its cells, regions chosen at random in turn, until the board is
covered. Every region is connected (a region puzzle requires it) and the draws depend only
on the seed. Nothing makes the puzzle have one solution, or any: a random map is a random
instance, which is what a bench needs; the published daily puzzles are the other kind.

A region puzzle with exactly one solution (`unique_region_puzzle`) is made the other way
round: a solution first, then a map that admits no other. A random placement of n queens,
one per row and column, none touching, is planted; n regions are grown from its queens, so
the planted placement solves the map from the start; then, while a small counter of this
module (`solutions_up_to`) finds other solutions, the map is repaired. Any other solution
puts its queen of some region on a cell the planted one leaves empty; handing that cell to a
neighbouring region (with whatever part of its region would be cut off from the planted
queen without it, so both regions stay connected) leaves that region without one of its
queens: that solution is broken, every solution with a queen on a moved cell with it, and
the planted one survives, since none of its queens moved. The move taken is the one that
breaks the most of the other solutions found. A move can let new solutions in, so a map
still ambiguous after a bounded number of repairs is dropped for a new draw. Random growth
alone, or repairs that move cells at random, leave most maps of ten or more regions with
many solutions for a long time.

The counter's answer only steers the repairs. What the model file says is proved by the
package's regular count of the file as written (the caller's `count`, `nqueens.api.count`:
this module sits below the planner that picks its route), and its planted solution, the
file's witness, by the validator when the file is read.

Queen domination has one instance per size (the fewest queens occupying or attacking every
cell); its optimum is published (OEIS A075458) for n = 1..25. No solver imports.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..errors import InputError, QueensError
from ..posed.families import MAX_OPEN_N, REGION_PUZZLE, Rule
from ..spec import Cell, Spec
from .generators import Generated, GenerationStopped
from .modelfile import Expected, model_from_toml, model_text

if TYPE_CHECKING:
    from ..result import Deadline, Outcome

#: The four neighbours of a cell that share a side with it (a region is connected through
#: these).
_STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))

__all__ = ["DOMINATION_NUMBERS", "UNIQUE_SIZES", "check_n", "check_unique_n", "domination", "region_map",
           "region_puzzle", "solutions_up_to", "unique_region_map", "unique_region_puzzle"]

#: The board sizes a region puzzle with one solution is made for: a smaller board holds at
#: most two placements of queens one per row and column, none touching (the 4x4 board two
#: mirror images, 2x2 and 3x3 none), so there is no puzzle to solve; beyond 14 the repairs
#: and the counts that prove the answer take longer than a generator should.
UNIQUE_SIZES = (5, 14)
#: Repairs of one drawn map, per region, before it is dropped for a new draw.
REPAIRS_PER_REGION = 10
#: Other solutions the counter looks for before each repair: the move taken is the one that
#: breaks the most of them.
OTHERS_SEEN = 8
#: Fewest cells a repair leaves a region.
MIN_REGION = 2
#: Draws before the generator gives up (no size of `UNIQUE_SIZES` comes near it).
MAX_DRAWS = 500

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
    starts = rng.sample([(r, c) for r in range(n) for c in range(n)], n)
    label = _grow(n, starts, rng)
    return tuple(tuple(label[r, c] for c in range(n)) for r in range(n))


def _grow(n: int, starts: list[Cell], rng: random.Random) -> dict[Cell, int]:
    """Regions 0..len(starts)-1 grown from their start cells until they cover the board:
    a region drawn at random takes one free neighbour of one of its cells drawn at random,
    so each stays one 4-connected piece."""
    label: dict[Cell, int] = {}
    frontier: list[list[Cell]] = []
    for region, cell in enumerate(starts):
        label[cell] = region
        frontier.append([cell])
    while len(label) < n * n:
        region = rng.randrange(len(starts))
        grown = False
        while frontier[region] and not grown:
            r, c = frontier[region][rng.randrange(len(frontier[region]))]
            free = [(r + dr, c + dc) for dr, dc in _STEPS
                    if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr, c + dc) not in label]
            if not free:
                frontier[region].remove((r, c))  # nothing left to take from this cell
                continue
            cell = free[rng.randrange(len(free))]
            label[cell] = region
            frontier[region].append(cell)
            grown = True
    return label


def region_puzzle(n: int, seed: int) -> Generated:
    """A region puzzle on a random map: its spec and model file (no expected answer)."""
    spec = Spec(n, rules=REGION_PUZZLE, regions=region_map(n, seed),
                name=f"random-map-{n}-s{seed}")
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


Grid = list[list[int]]


def solutions_up_to(grid: Grid | tuple[tuple[int, ...], ...], limit: int
                    ) -> list[tuple[int, ...]]:
    """At most `limit` solutions of the region puzzle on `grid` (n x n labels 0..n-1), each
    the column of every row's queen, in no particular order.

    A depth-first search over the regions, one queen each: every cell still open is a bit
    of one integer, a queen closes its row, its column and its eight neighbours, and the
    region with the fewest open cells is placed next (a region with none ends the branch).
    Taking the most constrained region first keeps the tree small on the maps the repairs
    see, where most regions are long and thin.
    """
    n = len(grid)
    region_cells, closes = _masks(grid)
    found: list[tuple[int, ...]] = []
    queens: list[int] = []

    def place(open_cells: int, regions: list[int]) -> bool:
        if not regions:
            columns = [0] * n
            for cell in queens:
                columns[cell // n] = cell % n
            found.append(tuple(columns))
            return len(found) >= limit
        fewest, best = n * n + 1, 0
        for region in regions:
            room = (open_cells & region_cells[region]).bit_count()
            if room < fewest:
                if room == 0:
                    return False
                fewest, best = room, region
        rest = [region for region in regions if region != best]
        choices = open_cells & region_cells[best]
        while choices:
            bit = choices & -choices
            choices ^= bit
            cell = bit.bit_length() - 1
            queens.append(cell)
            if place(open_cells & ~closes[cell], rest):
                return True
            queens.pop()
        return False

    if limit > 0:
        place((1 << (n * n)) - 1, list(range(n)))
    return found


def _masks(grid: Grid | tuple[tuple[int, ...], ...]) -> tuple[list[int], list[int]]:
    """The counter's bits (cell r * n + c): each region's cells, and for each cell the cells
    a queen there closes (its row, its column, its neighbours and itself)."""
    n = len(grid)
    region_cells = [0] * n
    closes = [0] * (n * n)
    for r in range(n):
        for c in range(n):
            region_cells[grid[r][c]] |= 1 << (r * n + c)
            mask = 0
            for other in range(n):
                mask |= 1 << (r * n + other) | 1 << (other * n + c)
            for near_r in range(max(r - 1, 0), min(r + 2, n)):
                for near_c in range(max(c - 1, 0), min(c + 2, n)):
                    mask |= 1 << (near_r * n + near_c)
            closes[r * n + c] = mask
    return region_cells, closes


def _plant(n: int, rng: random.Random) -> tuple[int, ...]:
    """A random placement of n queens, one per row and column, no two touching: the column
    of each row, drawn row by row among the columns left, backing up from a dead end."""
    columns: list[int] = []
    options: list[list[int]] = []
    while len(columns) < n:
        if len(options) == len(columns):
            left = [c for c in range(n) if c not in columns
                    and (not columns or abs(c - columns[-1]) > 1)]
            rng.shuffle(left)
            options.append(left)
        if options[-1]:
            columns.append(options[-1].pop())
        else:  # no column fits this row: undo the row above
            options.pop()
            columns.pop()
    return tuple(columns)


def _cut_off(grid: Grid, cell: Cell, keep: Cell) -> list[Cell]:
    """The cells of `cell`'s region that lose their way to `keep` without `cell`, and
    `cell` itself: what must leave the region with it for the rest to stay connected."""
    n = len(grid)
    region = grid[cell[0]][cell[1]]
    reached = {keep}
    todo = [keep]
    while todo:
        r, c = todo.pop()
        for dr, dc in _STEPS:
            near = (r + dr, c + dc)
            if (near != cell and 0 <= near[0] < n and 0 <= near[1] < n and near not in reached
                    and grid[near[0]][near[1]] == region):
                reached.add(near)
                todo.append(near)
    return [(r, c) for r in range(n) for c in range(n)
            if grid[r][c] == region and (r, c) not in reached]


#: One repair: the cells that move, and the region they join.
Move = tuple[list[Cell], int]


def _repair(grid: Grid, planted: tuple[int, ...], others: list[tuple[int, ...]],
            rng: random.Random) -> bool:
    """Move one part of a region to a neighbouring region so that as many of `others` (other
    solutions of `grid`) as possible break and the planted solution survives (see the
    module docstring); a region keeps at least `MIN_REGION` cells, so that the map does
    not drift towards regions of one cell, each a queen given away. False when no cell
    of the others' can move."""
    using: dict[Cell, set[int]] = {}
    for index, other in enumerate(others):
        for cell in enumerate(other):
            using.setdefault(cell, set()).add(index)
    sizes = [sum(row.count(region) for row in grid) for region in range(len(grid))]
    queens = set(enumerate(planted))
    best, moves = 0, list[Move]()
    tried: set[frozenset[Cell]] = set()
    for cell in [cell for cell in using if cell not in queens]:
        region = grid[cell[0]][cell[1]]
        part = _cut_off(grid, cell, (region, planted[region]))
        if frozenset(part) in tried or sizes[region] - len(part) < MIN_REGION:
            continue
        tried.add(frozenset(part))
        broken = len(set().union(*(using.get(moved, set()) for moved in part)))
        targets = _neighbours(grid, part)
        if targets and broken >= best:
            if broken > best:
                best, moves = broken, []
            moves += [(part, target) for target in targets]
    if not moves:
        return False
    part, target = moves[rng.randrange(len(moves))]
    for r, c in part:
        grid[r][c] = target
    return True


def _neighbours(grid: Grid, part: list[Cell]) -> list[int]:
    """The other regions that `part` (cells of one region) touches along a side, in order."""
    n = len(grid)
    region = grid[part[0][0]][part[0][1]]
    return sorted({grid[r + dr][c + dc] for r, c in part for dr, dc in _STEPS
                   if 0 <= r + dr < n and 0 <= c + dc < n} - {region})


def check_unique_n(n: int) -> None:
    """Refuse a size `unique_region_map` does not make (before anything is written)."""
    low, high = UNIQUE_SIZES
    if not low <= n <= high:
        raise InputError(f"a region puzzle with one solution is made for n = {low}..{high}, "
                         f"got {n}; give a size in that range")


def unique_region_map(n: int, seed: int, deadline: Deadline | None = None
                      ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """A map of n connected regions whose region puzzle has exactly one solution, and that
    solution (a column per row), as the counter of this module finds them (see the module
    docstring). Regions are labelled in the order the board's rows first meet them, so the
    labels tell nothing of where the planted queens stand.

    Raises:
        InputError: n outside `UNIQUE_SIZES`, or (not met for these sizes) no map in
            `MAX_DRAWS` draws.
        GenerationStopped: `deadline` expired first.
    """
    check_unique_n(n)
    rng = random.Random(seed)
    for _ in range(MAX_DRAWS):
        planted = _plant(n, rng)
        label = _grow(n, list(enumerate(planted)), rng)
        grid = [[label[r, c] for c in range(n)] for r in range(n)]
        for _ in range(REPAIRS_PER_REGION * n):
            if deadline is not None and deadline.expired():
                raise GenerationStopped("stopped before the instance was made")
            others = [s for s in solutions_up_to(grid, OTHERS_SEEN + 1) if s != planted]
            if not others:
                return _relabelled(grid), planted
            if not _repair(grid, planted, others, rng):
                break
    raise InputError(f"no map of {n} regions with one solution was found in {MAX_DRAWS} "
                     f"draws (seed {seed}); give another seed")


def _relabelled(grid: Grid) -> tuple[tuple[int, ...], ...]:
    order: dict[int, int] = {}
    for row in grid:
        for label in row:
            order.setdefault(label, len(order))
    return tuple(tuple(order[label] for label in row) for row in grid)


#: How the count of a model is asked for: `nqueens.api.count` (spec, backend=...) -> Outcome.
Count = Callable[..., "Outcome"]
#: What the difficulty of a generated region puzzle is, as its description states it.
DIFFICULTY = ("nodes checked by the posed backtracker counting it (nqueens count FILE "
              "--backend backtrack)")


def unique_region_puzzle(n: int, seed: int, count: Count,
                         deadline: Deadline | None = None) -> Generated:
    """A region puzzle with exactly one solution as a model file: the map of
    `unique_region_map`, its solution as the witness, its difficulty the posed
    backtracker's nodes checked counting it, and `count = 1` as `count` (the package's
    regular count, default route) of the file as written gives it.

    Raises:
        InputError: as `unique_region_map`.
        GenerationStopped: `deadline` expired first (during a count too).
        QueensError: a count that disagrees with the map's counter (a bug, never a file).
    """
    regions, planted = unique_region_map(n, seed, deadline)
    spec = Spec(n, rules=REGION_PUZZLE, regions=regions, name=f"regions-{n}-s{seed}")
    by_hand = _counted(count, spec, deadline, backend="backtrack")
    nodes = by_hand.stats["nodes_checked"]
    description = (f"A region puzzle with exactly one solution: one queen per row, column "
                   f"and region, no two touching (nqueens generate regions {n} --seed "
                   f"{seed}). Difficulty: {nodes} {DIFFICULTY}.")
    expected = Expected(count=1, witness=planted, source="nqueens count of this file at "
                        "generation (default backend); the witness, the solution the map "
                        "was made around, checked by the validator")
    text = model_text(spec, description, expected)
    written = model_from_toml(text, f"regions-{n}-s{seed}.toml")  # reads and validates it
    if written.spec != spec:
        raise QueensError(f"the model file of {spec.name} reads back as another problem")
    proof = _counted(count, written.spec, deadline)
    if proof.count != 1 or by_hand.count != 1:
        raise QueensError(f"{spec.name}: the map's counter found one solution, the counts "
                          f"{proof.count} and {by_hand.count}: an error of the package")
    return Generated(spec, text, ".toml")


def _counted(count: Count, spec: Spec, deadline: Deadline | None, **options: object
             ) -> Outcome:
    outcome = count(spec, deadline=deadline, **options)
    if not outcome.complete:
        raise GenerationStopped("stopped before the instance was made")
    return outcome
