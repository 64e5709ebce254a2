"""The one solution checker shared by every backend, the CLI and the tests.

It checks placements against the attack rules themselves, computed from coordinates, and
deliberately does not reuse `Spec.lines`: if the line families lost a diagonal, every
backend would agree with a validator built on them. It never raises on malformed input; it
reports it. Grouping by line key keeps it O(n) for any n: one violation per attacked line,
naming every queen on it and the number of attacking pairs (k queens: k(k-1)/2 pairs).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from .violation import Violation
from .wording import plural

if TYPE_CHECKING:  # the validator reads a spec's n, variant and cells, nothing of its lines
    from .spec import Cell, Spec

__all__ = [
    "ValidationStopped",
    "Violation",
    "find_cell_violations",
    "find_violations",
    "is_valid",
]

#: Queens checked between polls of `should_stop` (a placement of 10^8 takes seconds).
_POLL_EVERY = 1 << 16


class ValidationStopped(Exception):
    """`should_stop` said so before the check was complete (a deadline or a signal):
    nothing is known about the placement."""


def _polling(items: Iterable[Any], should_stop: Callable[[], bool] | None) -> Iterable[Any]:
    """`items`, asking `should_stop` every _POLL_EVERY of them."""
    if should_stop is None:
        yield from items
        return
    for number, item in enumerate(items):
        if number % _POLL_EVERY == 0 and should_stop():
            raise ValidationStopped
        yield item


KeyFn = Callable[[int, int, int], int]

# Each variant's attack rules as (rule, key) pairs: two queens attack each other along a
# rule when their keys are equal. Written from the geometry, independently of variants.py.
_QUEEN_KEYS: tuple[tuple[str, KeyFn], ...] = (
    ("row", lambda r, c, n: r),
    ("column", lambda r, c, n: c),
    ("diagonal", lambda r, c, n: r - c),
    ("anti-diagonal", lambda r, c, n: r + c),
)
_RULES: dict[str, tuple[tuple[str, KeyFn], ...]] = {
    "queens": _QUEEN_KEYS,
    "superqueens": _QUEEN_KEYS,
    "rooks": _QUEEN_KEYS[:2],
    "torus": (
        ("row", lambda r, c, n: r),
        ("column", lambda r, c, n: c),
        ("diagonal", lambda r, c, n: (r - c) % n),
        ("anti-diagonal", lambda r, c, n: (r + c) % n),
    ),
}
_KNIGHT_VARIANTS = frozenset({"superqueens"})
_KNIGHT_MOVES = ((1, 2), (1, -2), (2, 1), (2, -1))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def find_violations(
    spec: Spec | int, placement: Any, *, should_stop: Callable[[], bool] | None = None
) -> list[Violation]:
    """Every rule the placement breaks; an empty list means it is a solution.

    Args:
        spec: the instance to check against.
        placement: the 0-based column of the queen in each row. Anything else (wrong
            length, non-integers, columns off the board, not a sequence) is reported as
            violations, never raised.
        should_stop: polled while checking a large placement.

    Raises:
        SpecError: `spec` is neither a Spec nor a board size.
        ValidationStopped: only when `should_stop` said so.
    """
    from .spec import as_spec  # a bare board size is a plain board, as in the API

    spec = as_spec(spec)
    if spec.is_open:
        return _posed(spec, placement)
    n = spec.n
    try:
        values = list(placement)
    except TypeError:
        return [Violation("format", detail=f"a placement is a list of columns, got {placement!r}")]
    violations: list[Violation] = []
    if len(values) != n:
        violations.append(
            Violation("count", detail=f"expected {n} {plural(n, 'queen')} (one per row), got "
                                      f"{len(values)}")
        )
    cells: list[Cell] = []
    for row, col in _polling(enumerate(values), should_stop):
        if not _is_int(col):
            violations.append(
                Violation("format", detail=f"row {row}: column {col!r} is not an integer")
            )
        elif not 0 <= col < n:
            violations.append(Violation("range", ((row, col),), n=n))
        elif row < n:
            cells.append((row, col))
    violations.extend(find_cell_violations(spec, cells, expect_count=False,
                                           should_stop=should_stop))
    return violations


def find_cell_violations(
    spec: Spec, cells: Iterable[Cell], *, expect_count: bool = True,
    should_stop: Callable[[], bool] | None = None,
) -> list[Violation]:
    """Like `find_violations` for a set of on-board queen cells (e.g. read from a board).

    Raises:
        ValidationStopped: only when `should_stop` said so.
    """
    if spec.is_open:
        return _posed(spec, cells)
    n = spec.n
    cells = list(cells)
    violations: list[Violation] = []
    if expect_count and len(cells) != n:
        violations.append(Violation("count", detail=f"expected {n} {plural(n, 'queen')}, got "
                                                    f"{len(cells)}"))
    for rule, key in _RULES[spec.variant]:
        on_line: dict[int, list[Cell]] = {}
        for r, c in _polling(cells, should_stop):
            on_line.setdefault(key(r, c, n), []).append((r, c))
        violations.extend(Violation(rule, tuple(queens))
                          for queens in on_line.values() if len(queens) > 1)
    if spec.variant in _KNIGHT_VARIANTS:
        occupied = set(cells)
        for r, c in cells:
            for dr, dc in _KNIGHT_MOVES:
                if (r + dr, c + dc) in occupied:
                    violations.append(Violation("knight", ((r, c), (r + dr, c + dc))))
    occupied = set(cells)
    violations.extend(Violation("fixed", (cell,)) for cell in spec.fixed if cell not in occupied)
    forbidden = set(spec.forbidden)
    violations.extend(Violation("forbidden", (cell,)) for cell in cells if cell in forbidden)
    return violations


def _posed(spec: Spec, solution: Any) -> list[Violation]:
    """A posed problem's rules are checked by its own validator (`posed.validation`),
    written, like this one, from coordinates."""
    from .posed.validation import as_cells, find_posed_violations

    return find_posed_violations(spec, as_cells(spec, solution))


def is_valid(spec: Spec, placement: Any) -> bool:
    """True when `placement` breaks no rule of `spec`."""
    return not find_violations(spec, placement)
