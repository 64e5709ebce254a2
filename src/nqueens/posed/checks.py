"""The checks a posed problem passes before anything compiles it.

`Spec.__post_init__` calls these for a spec with rules, a bound on the number of queens or an
objective: `open_fields` normalises those fields (a variant's preset when no rules are
given; the variant itself when the rules are its preset and nothing else is open), and
`check_lines` refuses, in one line naming the rule, what no placement can satisfy for a
reason seen without search: a line asked to hold more queens than it has cells (or free
cells), fixed queens beyond a line's bound, families that partition the board (rows,
columns, regions) asking for totals that cannot meet, regions not covering the board or not
connected. No solver imports.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ..errors import SpecError
from ..variants import VARIANTS, Cell, Line
from .families import MAX_OPEN_N, OBJECTIVES, PRESETS, Board, Rule, family_cells


class Posed(Board, Protocol):
    """What these checks read of a spec (a `Spec` is one): naming only these keeps this
    module below `spec.py`, whose `__post_init__` calls it."""

    @property
    def variant(self) -> str: ...

    @property
    def rules(self) -> tuple[Rule, ...]: ...

    @property
    def queens(self) -> tuple[int, int | None] | None: ...

    @property
    def objective(self) -> str | None: ...

    @property
    def fixed(self) -> tuple[Cell, ...]: ...

    @property
    def forbidden(self) -> tuple[Cell, ...]: ...

    @property
    def lines(self) -> Sequence[Line]: ...

__all__ = ["check_lines", "open_fields"]

#: Families whose lines split the board into parts, each cell in exactly one: the totals
#: their bounds allow must meet.
_PARTITIONS = ("rows", "columns", "regions", "wrapped-diagonals", "wrapped-anti-diagonals")


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def open_fields(spec: Posed) -> dict[str, Any]:
    """The normalised open fields of `spec` (rules, regions, queens, objective, variant)."""
    n = spec.n
    if spec.variant != "custom" and spec.variant not in VARIANTS:
        raise SpecError(f"unknown variant {spec.variant!r}; choose one of: "
                        f"{', '.join(sorted(VARIANTS))}")
    if n > MAX_OPEN_N:
        raise SpecError(f"a posed problem (rules, a queens bound or an objective) takes boards "
                        f"up to n = {MAX_OPEN_N}, got n = {n}; pose it on a smaller board")
    rules = _rules(spec.rules, n)
    if not rules:
        if spec.variant == "custom":
            raise SpecError("a custom spec needs rules (a list of line families with bounds); "
                            "give rules, or a variant")
        rules = PRESETS[spec.variant]
    if spec.objective is not None and spec.objective not in OBJECTIVES:
        raise SpecError(f"unknown objective {spec.objective!r}; choose one of: "
                        f"{', '.join(OBJECTIVES)}")
    queens = _queens_bound(spec.queens, n)
    regions = _region_grid(spec.regions, n, rules)
    fields: dict[str, Any] = {"rules": rules, "regions": regions, "queens": queens,
                              "variant": "custom"}
    if queens is None and spec.objective is None and not regions:
        for variant, preset in PRESETS.items():
            if len(rules) == len(preset) and set(rules) == set(preset):
                fields.update(variant=variant, rules=())  # that variant, with its routes
                break
    return fields


def _rules(rules: Any, n: int) -> tuple[Rule, ...]:
    """The rules as a tuple, each a Rule whose listed cells (if any) pass `_check_listed`."""
    if isinstance(rules, Rule) or not all(isinstance(rule, Rule) for rule in rules):
        raise SpecError(f"rules must be a list of Rule, got {rules!r}")
    for rule in rules:
        _check_listed(rule, n)
    return tuple(rules)


def _check_listed(rule: Rule, n: int) -> None:
    """A `cells` rule's lines lie on the board and name each cell once. Unchecked, a compiler
    would read (0, -1) as the row's last cell (numpy) or a missing variable, and a sum would
    count a repeated cell twice where the validator counts its queen once: another problem,
    silently."""
    for index, line in enumerate(rule.cells):
        for cell in line:
            if len(cell) != 2 or not all(isinstance(v, int) and not isinstance(v, bool)
                                         for v in cell):
                raise SpecError(f"cells line {index}: expected [row, col] integer pairs, got "
                                f"{list(cell)!r}")
            r, c = cell
            if not (0 <= r < n and 0 <= c < n):
                raise SpecError(f"cells line {index}: cell ({r}, {c}) is off the {n}x{n} board "
                                f"(rows and columns are 0..{n - 1})")
        if len(set(line)) != len(line):
            raise SpecError(f"cells line {index} lists a cell twice; list each cell once")


def _queens_bound(value: object, n: int) -> tuple[int, int | None] | None:
    if value is None:
        return None
    pair: Any = value
    try:
        lo, hi = pair
    except (TypeError, ValueError):
        raise SpecError(f"queens must be a pair [lo, hi] (hi may be omitted), got "
                        f"{value!r}") from None
    if not _is_count(lo) or not (hi is None or _is_count(hi)):
        raise SpecError(f"queens: bounds must be whole numbers >= 0, got {value!r}")
    if hi is not None and lo > hi:
        raise SpecError(f"queens: at least {lo} and at most {hi} contradict each other; "
                        "make lo <= hi")
    if lo > n * n:
        raise SpecError(f"queens: at least {lo} queens cannot fit on the {n * n} cells of a "
                        f"{n}x{n} board; lower it")
    return lo, hi


def _region_grid(value: object, n: int, rules: tuple[Rule, ...]) -> tuple[tuple[int, ...], ...]:
    uses = [rule for rule in rules if rule.family == "regions"]
    if not value:
        if uses:
            raise SpecError("a regions rule needs the region grid: regions = n rows of n "
                            "labels (letters in a model file)")
        return ()
    if not uses:
        raise SpecError("regions are given but no rule bounds them; add a rule "
                        "{family = \"regions\", lo = 1, hi = 1}")
    try:
        grid = tuple(tuple(row) for row in value)  # type: ignore[attr-defined]
    except TypeError:
        raise SpecError("regions must be n rows of n labels") from None
    if len(grid) != n or any(len(row) != n for row in grid):
        shape = f"{len(grid)} rows of " + "/".join(sorted({str(len(row)) for row in grid}))
        raise SpecError(f"regions must cover the {n}x{n} board: n rows of n labels, got "
                        f"{shape} labels; give one label per cell")
    if not all(_is_count(label) for row in grid for label in row):
        raise SpecError("regions: labels must be whole numbers >= 0 (letters in a model file)")
    if any(rule.connected for rule in uses):
        _check_connected(grid)
    return grid


def _check_connected(grid: tuple[tuple[int, ...], ...]) -> None:
    n = len(grid)
    seen: set[tuple[int, int]] = set()
    done: set[int] = set()
    for r in range(n):
        for c in range(n):
            label = grid[r][c]
            if (r, c) in seen:
                continue
            if label in done:
                raise SpecError(f"regions: region {label} is in more than one piece (cell "
                                f"({r}, {c}) is cut off); join it, or set connected = false")
            done.add(label)
            stack = [(r, c)]
            seen.add((r, c))
            while stack:
                a, b = stack.pop()
                for x, y in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
                    if 0 <= x < n and 0 <= y < n and (x, y) not in seen and grid[x][y] == label:
                        seen.add((x, y))
                        stack.append((x, y))


def check_lines(spec: Posed) -> None:
    """Refuse a posed problem that no placement satisfies for a reason seen on its lines."""
    fixed, forbidden = set(spec.fixed), set(spec.forbidden)
    for line in spec.lines:
        size = len(line.cells)
        where = _where(line.kind, line.cells)
        if line.lo > size:
            raise SpecError(f"{line.kind} rule: at least {line.lo} queens on the {where} of "
                            f"{size} cells cannot be met; lower lo")
        free = sum(1 for cell in line.cells if cell not in forbidden)
        if line.lo > free:
            raise SpecError(f"{line.kind} rule: at least {line.lo} queens on the {where}, but "
                            f"only {free} of its cells are not forbidden; lower lo or allow "
                            "cells")
        placed = sum(1 for cell in line.cells if cell in fixed)
        if placed > line.hi:
            raise SpecError(f"{line.kind} rule: {placed} fixed queens on the {where} exceed "
                            f"its at most {line.hi}; remove fixed queens")
    _check_totals(spec)


def _where(kind: str, cells: tuple[tuple[int, int], ...]) -> str:
    first = cells[0]
    if kind == "board":
        return "board"
    return f"{kind} through {first}"


def _check_totals(spec: Posed) -> None:
    """Families that partition the board bound the total; those ranges must meet."""
    n2 = spec.n * spec.n
    ranges: list[tuple[str, int, int]] = []
    if spec.queens is not None:
        lo, hi = spec.queens
        ranges.append(("the queens bound", lo, n2 if hi is None else hi))
    for rule in spec.rules:
        if rule.family not in _PARTITIONS:
            continue
        lines = [line for line in _all_lines(spec, rule)]
        lo = sum(min(rule.bounds[0], size) for size in lines)
        hi = sum(size if rule.bounds[1] is None else min(rule.bounds[1], size) for size in lines)
        ranges.append((f"the {rule.family} rule ({rule.describe()})", lo, hi))
    for i, (name_a, lo_a, hi_a) in enumerate(ranges):
        for name_b, lo_b, hi_b in ranges[i + 1:]:
            if lo_a > hi_b or lo_b > hi_a:
                raise SpecError(f"{name_a} asks for {lo_a}..{hi_a} queens in all, "
                                f"{name_b} for {lo_b}..{hi_b}: no placement meets both; "
                                "change one of the bounds")


def _all_lines(spec: Posed, rule: Rule) -> list[int]:
    """The sizes of every line of a partitioning rule (those `rule_lines` leaves out too)."""
    return [len(cells) for cells in family_cells(spec, rule)]
