"""The textbook's backtracking walk, instrumented: `queens(i)` / `promising(i)` written as in
the book (seeds 000 and 003), emitting one event per child checked, per backtrack and per
solution, so `nqueens trace` can retell the walk in the book's words.

It is deliberately the naive algorithm (every earlier queen compared, one child at a time):
it exists to be read and followed, not to be fast. Counting large trees is `bitboard`'s job.
Rows and columns in events are 1-based, as in the book. No solver imports.

On a completion board (a queens `Spec` with fixed or forbidden cells) it is the same walk
with the fixed queens pre-placed: a row holding one has that queen as its only child, a
queen elsewhere is also checked against the fixed queens of later rows, and a forbidden
cell is a child pruned at once ("the cell is forbidden").
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator, Mapping
from dataclasses import dataclass

from ..errors import InputError
from ..spec import Spec, as_spec

__all__ = ["Event", "PosedLines", "Reason", "cell", "conflict", "event_text", "step_label", "steps",
           "walk"]


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a child is nonpromising: the earlier queen (its row) and the line it attacks along.

    `line` is "column", "left diagonal" (col(i) - col(k) = i - k), "right diagonal"
    (col(i) - col(k) = k - i), or "forbidden" (the cell itself; `queen` is then 0). On a
    completion board the queen may be a fixed one of a later row. On a posed problem `line`
    is the kind of the line the child would overfill (`bound`: its most queens), or "short"
    with that kind's name after it ("short region") for a line that ends at this row with
    fewer queens than it needs (`bound`: its least; `queen` 0).
    """

    queen: int
    line: str
    bound: int = 1


@dataclass(frozen=True, slots=True)
class Event:
    """One thing the walk did.

    kind "check": the child <row, col> was checked; `promising` and, when it is not, `reason`;
        `fixed` when it is a pre-placed queen (its row's only child).
    kind "backtrack": the walk returns to <row, col> (row 0 is the root) to try its next child.
    kind "solution": `columns` is a complete placement (1-based columns, one per row).
    """

    kind: str
    row: int = 0
    col: int = 0
    promising: bool = False
    reason: Reason | None = None
    columns: tuple[int, ...] = ()
    fixed: bool = False


def conflict(col: list[int], i: int, fixed: Mapping[int, int] | None = None) -> Reason | None:
    """The book's `promising(i)` with its reason: None if queen i is attacked by no earlier queen
    (nor, on a completion board, by a fixed queen of a later row: `fixed` maps those 1-based
    rows to their columns).

    The reason names the queen in the same column if there is one, otherwise the nearest
    queen on a diagonal, as the book explains each step.
    """
    later = sorted((k, c) for k, c in (fixed or {}).items() if k > i)
    for k in range(1, i):
        if col[i] == col[k]:
            return Reason(k, "column")
    for k, c in later:
        if col[i] == c:
            return Reason(k, "column")
    nearest = [(k, col[k]) for k in range(i - 1, 0, -1)] + later
    for k, c in sorted(nearest, key=lambda queen: abs(queen[0] - i)):
        if col[i] - c == i - k:
            return Reason(k, "left diagonal")
        if col[i] - c == k - i:
            return Reason(k, "right diagonal")
    return None


def textbook_spec(board: int | Spec, *, posed: bool = False) -> Spec:
    """The board the walk runs on: a size, or a queens Spec with fixed and forbidden cells;
    with `posed`, also a posed problem whose every row holds one queen (its lines checked
    as the book checks the queens', row by row).

    Raises:
        InputError: another variant (the book's walk checks the queens' lines only), or a
            posed problem the caller does not draw or one of other rows.
    """
    spec = as_spec(board)
    if spec.is_open and posed and spec.rows_exact:
        return spec
    if spec.is_open:
        fix = ("its rows do not each hold one queen" if posed else
               "this picture knows the queens' lines only")
        raise InputError(f"the textbook's walk goes row by row, one queen each; "
                         f"{spec.describe()}: {fix} (use `nqueens solve` or `nqueens count`)")
    if spec.variant != "queens":
        raise InputError(f"the textbook's walk checks the queens' lines; {spec.describe()} has "
                         "other rules (use `nqueens stats` for its tree's size, `nqueens solve` "
                         "to solve it)")
    return spec


def walk(board: int | Spec, *, all_solutions: bool = False) -> Iterator[Event]:
    """The events of the backtracking walk on an n x n board (or a completion board: a
    queens Spec with fixed and forbidden cells), in order, as they happen.

    Stops after the first solution unless `all_solutions`; then the whole pruned tree is walked.
    """
    spec = textbook_spec(board, posed=True)
    if spec.is_open:
        yield from _posed_walk(spec, all_solutions)
        return
    n = spec.n
    fixed = {row + 1: column + 1 for row, column in spec.fixed}
    forbidden = {(row + 1, column + 1) for row, column in spec.forbidden}
    col = [0] * (n + 1)  # col[1..n], 1-based as in the book
    stop = False  # set at the first solution unless all_solutions

    def queens(i: int) -> Generator[Event, None, bool]:
        """Visit node i (the root when i == 0); returns whether it was promising."""
        nonlocal stop
        if i in fixed:  # pre-placed: checked against the earlier queens when they were placed
            yield Event("check", i, col[i], True, fixed=True)
        elif i > 0:
            reason = (Reason(0, "forbidden") if (i, col[i]) in forbidden
                      else conflict(col, i, fixed))
            yield Event("check", i, col[i], reason is None, reason)
            if reason is not None:
                return False
        if i == n:
            yield Event("solution", columns=tuple(col[1:]))
            stop = not all_solutions
            return True
        children = (fixed[i + 1],) if i + 1 in fixed else range(1, n + 1)
        for j in children:
            col[i + 1] = j
            child_promising = yield from queens(i + 1)
            if stop:
                break
            if child_promising and j != children[-1]:
                # the child's subtree is finished and this node has more children
                yield Event("backtrack", i, col[i] if i else 0)
        return True

    yield from queens(0)


class PosedLines:
    """A posed problem's lines as the walk meets them: the queens each holds (the fixed
    ones of every row from the start), and the lines that end at each row. The walk, Knuth's
    estimate and `stats` all judge a child by `check`, so they count the same tree."""

    def __init__(self, spec: Spec) -> None:
        self.n = spec.n
        self.lines = spec.lines
        self.through: dict[tuple[int, int], list[int]] = {}
        self.ending: dict[int, list[int]] = {}
        for index, line in enumerate(self.lines):
            for place in line.cells:
                self.through.setdefault(place, []).append(index)
            self.ending.setdefault(max(r for r, _ in line.cells), []).append(index)
        self.fixed = dict(spec.fixed)  # 0-based row -> column
        self.forbidden = set(spec.forbidden)
        self.held: list[list[int]] = [[] for _ in self.lines]  # the rows of each line's queens
        for row, column in self.fixed.items():
            self._add(row, column)

    def _add(self, row: int, column: int) -> None:
        for index in self.through.get((row, column), ()):
            self.held[index].append(row)

    def remove(self, row: int, column: int) -> None:
        """Take back a queen the walk placed (a fixed one stays)."""
        if self.fixed.get(row) != column:
            for index in self.through.get((row, column), ()):
                self.held[index].remove(row)

    def open_children(self, row: int) -> list[int]:
        """The columns (0-based) of the promising children in `row`; nothing is placed."""
        columns = (self.fixed[row],) if row in self.fixed else range(self.n)
        found = []
        for column in columns:
            if self.check(row, column) is None:
                self.remove(row, column)
                found.append(column)
        return found

    def check(self, row: int, column: int) -> Reason | None:
        """Why the child <row, column> (0-based) is nonpromising, or None: then its queen is
        placed (a fixed one already is)."""
        if (row, column) in self.forbidden:
            return Reason(0, "forbidden")
        placed = self.fixed.get(row) == column
        if not placed:
            for index in self.through.get((row, column), ()):
                line = self.lines[index]
                if len(self.held[index]) + 1 > line.hi:
                    nearest = min(self.held[index], key=lambda k: abs(k - row))
                    return Reason(nearest + 1, line.kind, line.hi)
            self._add(row, column)
        for index in self.ending.get(row, ()):
            line = self.lines[index]
            if len(self.held[index]) < line.lo:
                self.remove(row, column)
                return Reason(0, f"short {line.kind}", line.lo)
        return None


def _posed_walk(spec: Spec, all_solutions: bool) -> Iterator[Event]:
    """The book's walk on a posed problem whose every row holds one queen: a child is
    promising when no line through its cell would hold more queens than its bound (the
    fixed queens of every row counted from the start, as the book's completion board checks
    them), and when no line that ends at its row is left with fewer than it needs."""
    n = spec.n
    board = PosedLines(spec)
    col = [0] * (n + 1)  # 1-based, as in the book
    stop = False

    def queens(i: int) -> Generator[Event, None, bool]:
        nonlocal stop
        if i > 0:
            reason = board.check(i - 1, col[i] - 1)
            yield Event("check", i, col[i], reason is None, reason,
                        fixed=board.fixed.get(i - 1) == col[i] - 1)
            if reason is not None:
                return False
        if i == n:
            yield Event("solution", columns=tuple(col[1:]))
            stop = not all_solutions
        else:
            children = (board.fixed[i] + 1,) if i in board.fixed else range(1, n + 1)
            for j in children:
                col[i + 1] = j
                child_promising = yield from queens(i + 1)
                if stop:
                    break
                if child_promising and j != children[-1]:
                    yield Event("backtrack", i, col[i] if i else 0)
        if i > 0:
            board.remove(i - 1, col[i] - 1)
        return True

    yield from queens(0)


def steps(events: Iterable[Event]) -> Iterator[list[Event]]:
    """Group events into the book's steps (a), (b), ...: a step ends at a promising child (with
    its solution, if it is a leaf) or just before a backtrack, so each step is one node's
    children tried until one is promising."""
    current: list[Event] = []
    closed = False
    for event in events:
        if current and (event.kind == "backtrack" or (closed and event.kind != "solution")):
            yield current
            current = []
        current.append(event)
        closed = event.kind == "solution" or (event.kind == "check" and event.promising)
    if current:
        yield current


def step_label(index: int) -> str:
    """The book's step names: a, b, ..., z, aa, ab, ... for index 0, 1, ..."""
    label = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        label = chr(ord("a") + rest) + label
    return label


def cell(row: int, col: int, shift: int = 0) -> str:
    """<row,col> as the book writes a node."""
    return f"<{row + shift},{col + shift}>"


def event_text(event: Event, shift: int = 0) -> str:
    """One event in the book's words, e.g. "<2,2> is nonpromising: queen 1 is on the left
    diagonal"."""
    if event.kind == "backtrack":
        return "backtrack to the root" if event.row == 0 else (
            f"backtrack to {cell(event.row, event.col, shift)}"
        )
    if event.kind == "solution":
        columns = ", ".join(str(c + shift) for c in event.columns)
        return f"solution: columns ({columns})"
    where = cell(event.row, event.col, shift)
    if event.fixed and event.reason is None:  # a posed walk may prune a fixed queen too
        return f"{where} holds a fixed queen (pre-placed)"
    if event.reason is None:
        return f"{where} is promising"
    if event.reason.line == "forbidden":
        return f"{where} is nonpromising: the cell is forbidden"
    queen, line = event.reason.queen + shift, event.reason.line
    if line.startswith("short "):
        bound = event.reason.bound
        return (f"{where} is nonpromising: a {line[6:]} ends at this row "
                + ("without a queen" if bound == 1 else f"with fewer than {bound} queens"))
    if line in _POSED_WORDS or event.reason.bound != 1:
        said = _POSED_WORDS.get(line, f"shares a {line} line with it")
        more = f" (at most {event.reason.bound} on it)" if event.reason.bound != 1 else ""
        return f"{where} is nonpromising: queen {queen} {said}{more}"
    because = (f"queen {queen} is in column {event.col + shift}" if line == "column"
               else f"queen {queen} is on the {line}")
    return f"{where} is nonpromising: {because}"


#: How a posed problem's line kinds read in a sentence about the queen already on it.
_POSED_WORDS = {"row": "is in the same row", "region": "is in the same region",
                "king": "touches it", "knight": "is a knight's move away",
                "diagonal": "is on the same diagonal", "anti-diagonal": "is on the same anti-diagonal",
                "cells": "is on the same line of cells", "board": "fills the board's count"}
