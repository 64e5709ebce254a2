"""A posed problem by hand: cell by cell in row-major order, each line's bounds propagated,
branch and bound for an objective. No solver library.

Each cell is decided queen or empty. A line keeps its queens and its undecided cells; a
decision that puts more than `hi` queens on a line, or leaves fewer undecided cells than it
still needs to reach `lo`, fails at once (the textbook's "not promising"), and a line that
is full empties its other cells while a line that needs all its undecided cells fills them
(propagation: the forced cells follow on the trail and are undone with the decision). Every
child examined is a node checked, every one that survives a promising node, as the
textbook counts them.

An objective is branch and bound: a placement of v queens makes every later one need
v - 1 at most (fewest) or v + 1 at least (most), and a node is cut when its queens plus
the fewest it still needs (the largest shortfall of any line) reach the best, or (most)
its queens plus its undecided cells do not pass it. Empty is tried first for the fewest
queens, a queen first otherwise.
"""

from __future__ import annotations

from typing import Any

from ..result import Deadline
from ..spec import Spec
from .base import Emitter
from .posed import Optimum, PosedSearch, sorted_cells

_CHECK_EVERY = 1 << 11  # nodes between deadline checks

UNDECIDED, EMPTY, QUEEN = -1, 0, 1


class _Board:
    """The lines' counters and the trail of decided cells."""

    def __init__(self, spec: Spec) -> None:
        n = spec.n
        self.n = n
        self.cells = n * n
        lines = spec.lines
        self.line_cells = [[r * n + c for r, c in line.cells] for line in lines]
        self.lo = [line.lo for line in lines]
        self.hi = [line.hi for line in lines]
        self.queens = [0] * len(lines)
        self.free = [len(cells) for cells in self.line_cells]
        self.lines_of: list[list[int]] = [[] for _ in range(self.cells)]
        for index, cells in enumerate(self.line_cells):
            for cell in cells:
                self.lines_of[cell].append(index)
        self.value = [UNDECIDED] * self.cells
        self.trail: list[int] = []
        self.placed = 0
        self.undecided = self.cells

    def assign(self, cell: int, value: int) -> bool:
        """Decide `cell`, then every cell the lines force; False on a broken bound (the
        cells decided so far stay on the trail, for `undo`)."""
        todo = [(cell, value)]
        while todo:
            cell, value = todo.pop()
            if self.value[cell] != UNDECIDED:
                if self.value[cell] != value:
                    return False
                continue
            self.value[cell] = value
            self.trail.append(cell)
            self.undecided -= 1
            self.placed += value
            touched = self.lines_of[cell]
            for line in touched:
                self.free[line] -= 1
                self.queens[line] += value
            for line in touched:
                if not self._forces(line, todo):
                    return False
        return True

    def _forces(self, line: int, todo: list[tuple[int, int]]) -> bool:
        queens, free = self.queens[line], self.free[line]
        if queens > self.hi[line] or queens + free < self.lo[line]:
            return False
        if free and (queens == self.hi[line] or queens + free == self.lo[line]):
            forced = EMPTY if queens == self.hi[line] else QUEEN
            todo.extend((other, forced) for other in self.line_cells[line]
                        if self.value[other] == UNDECIDED)
        return True

    def settle(self, spec: Spec) -> bool:
        """The givens, then what the lines force before any decision."""
        n = spec.n
        for r, c in spec.forbidden:
            if not self.assign(r * n + c, EMPTY):
                return False
        for r, c in spec.fixed:
            if not self.assign(r * n + c, QUEEN):
                return False
        todo: list[tuple[int, int]] = []
        for line in range(len(self.lo)):
            if not self._forces(line, todo):
                return False
        return all(self.assign(cell, value) for cell, value in todo)

    def undo(self, mark: int) -> None:
        while len(self.trail) > mark:
            cell = self.trail.pop()
            value = self.value[cell]
            self.value[cell] = UNDECIDED
            self.undecided += 1
            self.placed -= value
            for line in self.lines_of[cell]:
                self.free[line] += 1
                self.queens[line] -= value

    def next_cell(self, start: int) -> int | None:
        value = self.value
        for cell in range(start, self.cells):
            if value[cell] == UNDECIDED:
                return cell
        return None

    def shortfall(self) -> int:
        """The most queens any one line still needs: no placement below has fewer extra."""
        return max((lo - q for lo, q in zip(self.lo, self.queens, strict=True)), default=0)

    def placement(self) -> tuple[tuple[int, int], ...]:
        return sorted_cells(divmod(cell, self.n) for cell in range(self.cells)
                            if self.value[cell] == QUEEN)


def _search(spec: Spec, deadline: Deadline | None, on_leaf: Any,
            cut: Any, first: int) -> tuple[bool, bool, dict[str, Any]]:
    """The depth-first search; `on_leaf(board)` returns False to stop, `cut(board)` True
    to prune a node; `first` is the value tried first. (exhausted, timed_out, stats)."""
    board = _Board(spec)
    values = (first, 1 - first)
    nodes_checked, promising, ticks = 1, 0, 0
    stats: dict[str, Any] = {"order": "cells"}
    if not board.settle(spec) or cut(board):
        stats.update(nodes_checked=nodes_checked, promising_nodes=promising)
        return True, False, stats
    promising = 1
    start = board.next_cell(0)
    if start is None:
        on_leaf(board)
        stats.update(nodes_checked=nodes_checked, promising_nodes=promising)
        return True, False, stats
    # frames: [cell, values still to try, trail mark]
    frames: list[list[Any]] = [[start, 0, len(board.trail)]]
    exhausted = timed_out = False
    while True:
        if not frames:
            exhausted = True
            break
        frame = frames[-1]
        board.undo(frame[2])
        if frame[1] == 2:
            frames.pop()
            continue
        value = values[frame[1]]
        frame[1] += 1
        nodes_checked += 1
        ticks += 1
        if deadline is not None and ticks % _CHECK_EVERY == 0 and deadline.expired():
            timed_out = True
            break
        if not board.assign(frame[0], value) or cut(board):
            continue
        promising += 1
        following = board.next_cell(frame[0] + 1)
        if following is None:
            if on_leaf(board) is False:
                break
            continue
        frames.append([following, 0, len(board.trail)])
    stats.update(nodes_checked=nodes_checked, promising_nodes=promising)
    return exhausted, timed_out, stats


def satisfy(spec: Spec, emitter: Emitter, deadline: Deadline | None,
            ) -> tuple[bool, bool, dict[str, Any]]:
    """Every placement, a queen tried first at each cell."""
    return _search(spec, deadline, lambda board: emitter.emit(board.placement()),
                   lambda board: False, QUEEN)


def optimize(spec: Spec, deadline: Deadline | None) -> Optimum:
    """Branch and bound (see the module docstring)."""
    fewest = spec.objective == "fewest"
    best: list[tuple[tuple[int, int], ...]] = []

    def on_leaf(board: _Board) -> bool:
        best[:] = [board.placement()]
        return True

    def cut(board: _Board) -> bool:
        if not best:
            return False
        if fewest:
            return board.placed + board.shortfall() >= len(best[0])
        return board.placed + board.undecided <= len(best[0])

    exhausted, _, stats = _search(spec, deadline, on_leaf, cut, EMPTY if fewest else QUEEN)
    if not best:
        return Optimum(None, None, proved=exhausted, stats=stats)
    value = len(best[0])
    return Optimum(value, best[0], proved=exhausted, bound=value if exhausted else None,
                   stats=stats)


POSED = PosedSearch("backtrack", satisfy, optimize)
