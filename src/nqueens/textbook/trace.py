"""The textbook's backtracking walk, instrumented: `queens(i)` / `promising(i)` written as in
the book (seeds 000 and 003), emitting one event per child checked, per backtrack and per
solution, so `nqueens trace` can retell the walk in the book's words.

It is deliberately the naive algorithm (every earlier queen compared, one child at a time):
it exists to be read and followed, not to be fast. Counting large trees is `bitboard`'s job.
Rows and columns in events are 1-based, as in the book. No solver imports.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass

__all__ = ["Event", "Reason", "cell", "conflict", "event_text", "step_label", "steps", "walk"]


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a child is nonpromising: the earlier queen (its row) and the line it attacks along.

    `line` is "column", "left diagonal" (col(i) - col(k) = i - k) or "right diagonal"
    (col(i) - col(k) = k - i).
    """

    queen: int
    line: str


@dataclass(frozen=True, slots=True)
class Event:
    """One thing the walk did.

    kind "check": the child <row, col> was checked; `promising` and, when it is not, `reason`.
    kind "backtrack": the walk returns to <row, col> (row 0 is the root) to try its next child.
    kind "solution": `columns` is a complete placement (1-based columns, one per row).
    """

    kind: str
    row: int = 0
    col: int = 0
    promising: bool = False
    reason: Reason | None = None
    columns: tuple[int, ...] = ()


def conflict(col: list[int], i: int) -> Reason | None:
    """The book's `promising(i)` with its reason: None if queen i is attacked by no earlier queen.

    The reason names the queen in the same column if there is one, otherwise the nearest
    earlier queen on a diagonal, as the book explains each step.
    """
    for k in range(1, i):
        if col[i] == col[k]:
            return Reason(k, "column")
    for k in range(i - 1, 0, -1):
        if col[i] - col[k] == i - k:
            return Reason(k, "left diagonal")
        if col[i] - col[k] == k - i:
            return Reason(k, "right diagonal")
    return None


def walk(n: int, *, all_solutions: bool = False) -> Iterator[Event]:
    """The events of the backtracking walk on an n x n board, in order, as they happen.

    Stops after the first solution unless `all_solutions`; then the whole pruned tree is walked.
    """
    col = [0] * (n + 1)  # col[1..n], 1-based as in the book
    stop = False  # set at the first solution unless all_solutions

    def queens(i: int) -> Generator[Event, None, bool]:
        """Visit node i (the root when i == 0); returns whether it was promising."""
        nonlocal stop
        if i > 0:
            reason = conflict(col, i)
            yield Event("check", i, col[i], reason is None, reason)
            if reason is not None:
                return False
        if i == n:
            yield Event("solution", columns=tuple(col[1:]))
            stop = not all_solutions
            return True
        for j in range(1, n + 1):
            col[i + 1] = j
            child_promising = yield from queens(i + 1)
            if stop:
                break
            if child_promising and j < n:
                # the child's subtree is finished and this node has more children
                yield Event("backtrack", i, col[i] if i else 0)
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
    if event.reason is None:
        return f"{where} is promising"
    queen, line = event.reason.queen + shift, event.reason.line
    because = (f"queen {queen} is in column {event.col + shift}" if line == "column"
               else f"queen {queen} is on the {line}")
    return f"{where} is nonpromising: {because}"
