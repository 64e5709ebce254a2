"""Counting a plain board by joining partial boards instead of walking the search tree.

Every row and every column of a solution holds one queen, so a solution decides, row by
row, whether its queen stands in the west or the east half of the board (a "split" of the
rows). Cut the board into four h x h quarters (h = n // 2). A west half-board is a
placement in the north-west quarter on the split's top rows joined with one in the
south-west quarter on its bottom rows, on complementary column sets; an east half-board
likewise. Inside a half nothing can attack any more; across the halves only diagonals
can, so a half-board is reduced to the set of diagonals it holds among those that reach
both halves (its signature), and the split's solutions are the pairs of west and east
signatures that share no diagonal. The quarters' placements are listed once and reused
by every split: the tree below them is never walked. The compiled join lists them a block
at a time (the placements on one set of a quarter's rows) when a unit first needs the
block, so a count's first units are counted within milliseconds rather than after the
whole tables (seconds at n = 20 and beyond); `build_tables` lists them whole.

An odd board leaves out its middle row and middle column: their two queens (one, when it
is the centre) are placed first, and each such "configuration" is split as above with
their diagonals taken.

Symmetry: an even board uses all eight of the square's symmetries. The reflections in
the two long diagonals each move the other long diagonal's queen between its two corner
quarters, so the solutions with a long-diagonal queen in a south quarter are counted as
their images with it in the north (weight 2 per long diagonal held); what remains is
symmetric under the left-right mirror, which takes a split to its complement, so only the
splits below their complement are units. The solutions with both long diagonals empty are
counted on the splits smallest of their orbit under the mirror and the north-south flip
(the reversal), weighted by its size. Each even unit is so four joins: west and east
half-boards each grouped by whether the north quarter holds a long-diagonal queen. An odd
board's off-centre configurations come in orbits of 8 under the board's symmetries and
are counted once each; the centre's splits fold by the mirror and the flip. The join
therefore yields the total only: which solutions are fundamental needs the per-class walk
(`bitboard`).

A unit of work is one split of one configuration, in a fixed order; a part (offset,
stride) counts units offset, offset + stride, ..., so parts are independent and sum to
the total. The compiled extension `_join.c` does the same with the same units; this
module is its reference and its fallback (fast enough for small boards). The compiled
join counts pairs with the widest population count this CPU has (a "kernel", chosen at
import); `NQUEENS_JOIN_KERNEL` or `count(kernel=...)` picks another that it runs, so each
can be checked anywhere it runs.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..errors import InputError

try:
    import nqueens._join as _join
except ImportError:  # not built (no C compiler at install): the Python join below
    _join = None  # type: ignore[assignment]

__all__ = ["JOIN_MAX_N", "KERNEL_ENV", "KERNEL_NAMES", "UNITS", "JoinCount", "Sample", "build_tables",
           "chosen_kernel", "count", "hardware_popcount", "join_available", "kernels", "sample", "table_bytes",
           "tables_held", "unit_count", "units"]

#: Widest board whose diagonals fit the 64-bit masks of the compiled join.
JOIN_MAX_N = 32 if _join is None else int(_join.MAX_N)
_POLL_UNITS = 16  # units between polls of `should_stop`, as in _join.c
#: The compiled join's kernels, narrowest first: the portable bit count, the popcount
#: instruction, AVX2 (256 pairs at a time) and AVX-512 with its popcount (512).
KERNEL_NAMES = ("portable", "popcnt", "avx2", "avx512")
#: The environment variable that picks the compiled join's kernel (default: the widest).
KERNEL_ENV = "NQUEENS_JOIN_KERNEL"
#: The numbering of the units (2: the eight symmetries, odd units by the middle column's
#: queen). Parts counted under another numbering cover other units: a checkpoint that
#: holds them is for another problem (the join route puts this in its identity).
UNITS = 2
#: Weights of a unit: weight[g][h] for west group g and east group h.
Weights = tuple[tuple[int, int], tuple[int, int]]
_POLL_NODES = 1 << 14  # nodes of a quarter table's walk between polls (tens of ms; _join.c: 1 << 16)


@dataclass(frozen=True, slots=True)
class JoinCount:
    """The weighted solutions of the units counted, how many units that was, and whether
    the part was counted whole (False: stopped; `total` is then a lower bound)."""

    total: int
    units: int
    complete: bool


def join_available() -> bool:
    """True when the compiled join was built and can be imported."""
    return _join is not None


def kernels() -> tuple[str, ...]:
    """The compiled join's kernels this CPU runs, narrowest first (checked when the
    extension is imported; empty without it)."""
    return () if _join is None else tuple(_join.KERNELS)


def chosen_kernel(name: str | None = None) -> str:
    """The kernel a compiled count uses: `name`, else $NQUEENS_JOIN_KERNEL, else the
    widest this CPU runs ("python" without the extension, whatever was asked).

    Raises:
        InputError: the name is not a kernel, or not one this CPU runs.
    """
    if not join_available():
        return "python"
    source = "kernel"
    if name is None:
        name = os.environ.get(KERNEL_ENV) or None
        source = KERNEL_ENV
    if name is None:
        return str(_join.KERNEL)
    if name not in KERNEL_NAMES:
        raise InputError(f"{source}={name!r} is not a join kernel: pick one of "
                         f"{', '.join(kernels())} (this CPU's), or unset it for the widest")
    if name not in kernels():
        raise InputError(f"{source}={name!r}: this CPU cannot run that join kernel; it runs "
                         f"{', '.join(kernels())}")
    return name


def hardware_popcount() -> bool:
    """Whether the compiled join's default kernel counts bits with the CPU's instructions
    (False without the extension)."""
    return chosen_kernel() not in ("portable", "python")


def table_bytes() -> int:
    """Bytes this process holds in the compiled join's quarter tables (0 before a count)."""
    return 0 if _join is None else int(_join.table_bytes())


def tables_held() -> int:
    """The board size whose quarter tables this process holds, whole or a block of them
    (0: none; the Python join's count as none)."""
    return 0 if _join is None else int(_join.table_n())


def unit_count(n: int) -> int:
    """How many units the join of an n-board has (as `units` lists them, by formula): an
    even board's splits below their complement; an odd board's centre splits up to the
    mirror and the flip (Burnside's count of their orbits) and, for each b, the splits of
    the rows the middle queens leave."""
    h = n // 2
    if n % 2 == 0:
        return math.comb(n - 1, h)
    if h == 0:
        return 1
    flip_fixed = math.comb(h, h // 2) if h % 2 == 0 else 0  # the reversal pairs up the rows
    centre = (math.comb(2 * h, h) + flip_fixed + (1 << h)) // 4  # (the mirror fixes none)
    return centre + (h - 1) * math.comb(2 * h - 1, h)


@dataclass(frozen=True, slots=True)
class Sample:
    """The compiled join measured here on an n-board: CPU seconds to build the quarter
    tables (once per process), and per unit over `units` units spread over the board.
    `complete` is False when a stop cut the sample short; with `units` 0 no unit was
    timed (`unit_seconds` None), and `table_seconds` is None too when the tables were not
    built whole."""

    n: int
    units: int
    unit_seconds: float | None
    table_seconds: float | None
    kernel: str
    complete: bool = True


def sample(n: int, seconds: float = 2.0, *, kernel: str | None = None,
           should_stop: Callable[[], bool] | None = None) -> Sample:
    """Time the compiled join on an n-board in this process: the quarter tables, then
    about `seconds` of CPU on units taken at an even stride over the board (one part, so
    every configuration and kind of split is in it). The tables stay built for a count.
    `should_stop` is polled by the C loops (the tables' walk and the units), so a stop
    ends the sample at once with what it had timed.

    Raises:
        RuntimeError: the join is not compiled here.
        MemoryError: the tables do not fit.
    """
    if not join_available():
        raise RuntimeError("the join is not compiled here: nothing to measure")
    chosen = chosen_kernel(kernel)
    total = unit_count(n)
    started = time.process_time()
    built = build_tables(n, should_stop=should_stop)  # all of them, as a whole count lists them
    tables = time.process_time() - started
    if not built:
        return Sample(n, 0, None, None, chosen, complete=False)
    stride = max(1, total // 16)  # a pilot of about 16 units, at an even stride
    started = time.process_time()
    pilot = count(n, stride - 1, stride, kernel=chosen, should_stop=should_stop)
    units, complete = pilot.units, pilot.complete
    elapsed = time.process_time() - started
    more = int((seconds - elapsed) * units / elapsed) if elapsed > 0 else total
    if complete and stride > 1 and more > units:  # the rest of the budget, at a finer stride
        stride = max(2, total // more)
        started = time.process_time()
        rest = count(n, 1, stride, kernel=chosen, should_stop=should_stop)
        units += rest.units
        complete = rest.complete
        elapsed += time.process_time() - started
    if units == 0:  # stopped before a unit of the pilot finished: the tables alone
        return Sample(n, 0, None, tables, chosen, complete=False)
    return Sample(n, units, elapsed / units, tables, chosen, complete)


def build_tables(n: int, *, should_stop: Callable[[], bool] | None = None) -> bool:
    """List the whole quarter tables of an n-board in this process now (a count lists each
    block when a unit first needs it; the plan times the tables apart from the units).
    False when `should_stop` ended the listing first (the blocks listed whole are kept).

    Raises:
        ValueError: n outside 1..JOIN_MAX_N.
        MemoryError: the tables do not fit.
    """
    if not 1 <= n <= JOIN_MAX_N:
        raise ValueError(f"the join handles 1 <= n <= {JOIN_MAX_N}, got {n}")
    if join_available():
        return bool(_join.build(n, should_stop))
    try:  # the Python join's, whole or none
        _quarters(n, should_stop)
    except _Stopped:
        return False
    return True


def count(
    n: int, offset: int = 0, stride: int = 1, *,
    should_stop: Callable[[], bool] | None = None, compiled: bool = True,
    kernel: str | None = None, symmetric: bool = True,
) -> JoinCount:
    """Solutions of the plain n-board in units offset, offset + stride, ... (all by
    default), by the compiled join when it is built and `compiled`, else in Python.
    `kernel`: the compiled join's kernel (see `chosen_kernel`; the Python join has none).
    `symmetric=False`: no symmetry at all, every split and every placement of an odd
    board's middle queens counted once, unweighted (other units; a check on the weights,
    several times the work).

    Raises:
        ValueError: n outside 1..JOIN_MAX_N, or not 0 <= offset < stride.
        InputError: a kernel this CPU does not run (named here or by $NQUEENS_JOIN_KERNEL).
    """
    if not 1 <= n <= JOIN_MAX_N:
        raise ValueError(f"the join handles 1 <= n <= {JOIN_MAX_N}, got {n}")
    if not 0 <= offset < stride:
        raise ValueError(f"a part needs 0 <= offset < stride, got {offset} and {stride}")
    if compiled and _join is not None:
        return JoinCount(*_join.count(n, offset, stride, should_stop, chosen_kernel(kernel),
                                      symmetric))
    return _python_count(n, offset, stride, should_stop, symmetric)


# --- the same in Python ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Config:
    """Where the fixed queens (odd boards) leave the split: the rows to share out, how many
    queens the west half needs, the column pools of each half (local bits), the fixed
    queens' diagonals, how the splits fold by symmetry ("none", "splits": the mirror and
    the flip, "diagonals": all eight, see the module's docstring), the configuration's
    weight (its orbit under the board's symmetries) and, off the centre, b: the middle
    column's queen at (m + b, m), with each middle row's queen at (m, m + a), b < a."""

    avail: int
    west: int
    west_cols: int
    east_cols: int
    diag1: int
    diag2: int
    fold: str
    weight: int
    b: int = 0


def _configs(n: int, symmetric: bool = True) -> list[_Config]:
    """The configurations of an n-board (as _join.c's `configs`); without `symmetric`,
    every split of one configuration and, on an odd board, every placement of the middle
    queens, each once (a check on the weights)."""
    h = n // 2
    every, pool = (1 << n) - 1, (1 << h) - 1
    if n % 2 == 0:
        return [_Config(every, h, pool, pool, 0, 0, "diagonals" if symmetric else "none", 1)]
    m = h
    out = [_Config(every & ~(1 << m), h, pool, pool, 1 << 2 * m, 1 << (n - 1),
                   "splits" if symmetric else "none", 1)]
    if symmetric:
        # the middle column's queen at (m + b, m), south; the middle row's at (m, m + a),
        # east, a > b: one of the 8 images of the pair, so weight 8; every a in one unit
        return out + [_Config(every & ~(1 << m) & ~(1 << (m + b)), h, pool, pool,
                              1 << (2 * m + b), 1 << (n - 1 + b), "none", 8, b)
                      for b in range(1, h)]
    for r in range(n):  # the middle column's queen at (r, m), the middle row's at (m, c)
        for c in range(n):
            if m in (r, c) or r == c or r + c == 2 * m:
                continue
            west = pool & ~(1 << c) if c < m else pool
            east = pool & ~(1 << (c - m - 1)) if c > m else pool
            out.append(_Config(every & ~(1 << m) & ~(1 << r), h - (c < m), west, east,
                               (1 << (m + c)) | (1 << (r + m)),
                               (1 << (m - c + n - 1)) | (1 << (r - m + n - 1)), "none", 1))
    return out


def _reverse(rows: int, n: int) -> int:
    return int(format(rows, f"0{n}b")[::-1], 2) if n else 0


def _orbit_weight(config: _Config, rows: int, n: int) -> int:
    """The size of the orbit of `rows` under the mirror (the complement) and the flip (the
    reversal); 0 when `rows` is not the smallest of it."""
    flipped = _reverse(rows, n)
    orbit = (rows, config.avail & ~rows, flipped, config.avail & ~flipped)
    return 0 if min(orbit) < rows else len(set(orbit))


def _unit_weights(config: _Config, rows: int, n: int) -> Weights | None:
    """The weights of split `rows` by west and east group (None: not a unit)."""
    if config.fold == "diagonals":
        if rows >> (n - 1) & 1:  # the mirror's image, whose last row's queen is east
            return None
        # no long-diagonal queen: the orbit; else the mirror's 2 times 2 per diagonal held
        return (_orbit_weight(config, rows, n), 4), (4, 8)
    weight = config.weight * (_orbit_weight(config, rows, n) if config.fold == "splits" else 1)
    return ((weight, 0), (0, 0)) if weight else None


def _splits(avail: int, k: int) -> Iterator[int]:
    """Every k-subset of the set bits of `avail`, in increasing order (as _join.c)."""
    positions = [bit for bit in range(avail.bit_length()) if avail >> bit & 1]
    packed, limit = (1 << k) - 1, 1 << len(positions)
    while packed < limit:
        yield sum(1 << positions[i] for i in range(len(positions)) if packed >> i & 1)
        if packed == 0:
            return
        lowest = packed & -packed
        ripple = packed + lowest
        packed = (((ripple ^ packed) >> 2) // lowest) | ripple


def units(n: int, symmetric: bool = True) -> Iterator[tuple[_Config, int, Weights]]:
    """The join's units of an n-board in order: (configuration, west rows, weights)."""
    for config in _configs(n, symmetric):
        if config.west > bin(config.avail).count("1"):
            continue
        for rows in _splits(config.avail, config.west):
            weights = _unit_weights(config, rows, n)
            if weights is not None:
                yield config, rows, weights


Quarter = dict[tuple[int, int], list[tuple[int, int]]]


class _Stopped(Exception):
    """`should_stop` said so while a quarter table was being built."""


def _quarter(n: int, h: int, row0: int, col0: int,
             should_stop: Callable[[], bool] | None = None) -> Quarter:
    """Every placement of non-attacking queens in the h x h quarter at (row0, col0), at
    most one per row, filed by (local rows used, local columns used) with its diagonals
    on the whole board (bit r + c, bit r - c + n - 1). `should_stop` is asked every
    _POLL_NODES nodes (raising _Stopped), as _join.c does: a large table takes seconds."""
    table: Quarter = {}
    nodes = [0]

    def place(i: int, rows: int, cols: int, d1: int, d2: int) -> None:
        nodes[0] += 1
        if should_stop is not None and nodes[0] % _POLL_NODES == 0 and should_stop():
            raise _Stopped
        if i == h:
            table.setdefault((rows, cols), []).append((d1, d2))
            return
        place(i + 1, rows, cols, d1, d2)
        r = row0 + i
        for j in range(h):
            c = col0 + j
            b1, b2 = 1 << (r + c), 1 << (r - c + n - 1)
            if not (cols >> j & 1 or d1 & b1 or d2 & b2):
                place(i + 1, rows | 1 << i, cols | 1 << j, d1 | b1, d2 | b2)

    place(0, 0, 0, 0, 0)
    return table


_built: dict[int, tuple[Quarter, Quarter, Quarter, Quarter]] = {}


def _quarters(n: int, should_stop: Callable[[], bool] | None = None,
              ) -> tuple[Quarter, Quarter, Quarter, Quarter]:
    """The four quarters of an n-board (north-west, north-east, south-west, south-east),
    kept for the next part of the same size, as _join.c keeps its tables; a stop while
    they are built raises _Stopped and keeps none of them."""
    if n not in _built:
        h = n // 2
        quarters = (_quarter(n, h, 0, 0, should_stop), _quarter(n, h, 0, n - h, should_stop),
                    _quarter(n, h, n - h, 0, should_stop), _quarter(n, h, n - h, n - h, should_stop))
        _built.clear()
        _built[n] = quarters
    return _built[n]


def _signature(d1: int, d2: int, n: int, h: int) -> int:
    """The diagonals [n - h, n + h - 2] of each family (the only ones that reach both
    halves), side by side."""
    width = max(0, 2 * h - 1)
    keep = (1 << width) - 1
    return (d1 >> (n - h) & keep) | (d2 >> (n - h) & keep) << width


def _half_boards(north: Quarter, south: Quarter, top: int, bottom: int, pool: int,
                 avoid: tuple[int, int], south_avoid: tuple[int, int],
                 group: tuple[int, int], n: int, h: int) -> tuple[list[int], list[int]]:
    """The signatures of the half-boards on local rows `top` of `north` and `bottom` of
    `south`, on complementary column sets inside `pool`, clear of the diagonals `avoid`
    (and `south_avoid` in the south quarter). Those whose north placement holds a
    diagonal of `group` come second."""
    k = bin(top).count("1")
    out: tuple[list[int], list[int]] = ([], [])
    for cols in range(1 << h):
        if cols & ~pool or bin(cols).count("1") != k:
            continue
        for x1, x2 in north.get((top, cols), ()):
            if x1 & avoid[0] or x2 & avoid[1]:
                continue
            to = out[1] if x1 & group[0] or x2 & group[1] else out[0]
            for y1, y2 in south.get((bottom, pool & ~cols), ()):
                if (x1 & y1 or x2 & y2 or y1 & (avoid[0] | south_avoid[0])
                        or y2 & (avoid[1] | south_avoid[1])):
                    continue
                to.append(_signature(x1 | y1, x2 | y2, n, h))
    return out


def _python_count(n: int, offset: int, stride: int, should_stop: Callable[[], bool] | None,
                  symmetric: bool) -> JoinCount:
    if should_stop is not None and should_stop():  # as _join.c: no tables after a stop
        return JoinCount(0, 0, False)
    h = n // 2
    low = (1 << h) - 1
    try:
        nw, ne, sw, se = _quarters(n, should_stop)
    except _Stopped:
        return JoinCount(0, 0, False)
    long_diagonal = 1 << (n - 1)  # d1 = n - 1 and d2 = n - 1: the two long diagonals
    total = done = 0
    for unit, (config, rows, weights) in enumerate(units(n, symmetric)):
        if unit % stride != offset:
            continue
        east_rows = config.avail & ~rows
        w_rows = (rows & low, rows >> (n - h) & low)
        e_rows = (east_rows & low, east_rows >> (n - h) & low)
        avoid = (config.diag1, config.diag2)
        if config.b == 0:
            # a grouped unit: the west lists no queen on the other long diagonal
            # (d1 = n - 1) in the south-west, the east none on the main one (d2 = n - 1)
            # in the south-east; each side's group 1 holds the other one in its north
            d = long_diagonal if config.fold == "diagonals" else 0
            west = _half_boards(nw, sw, *w_rows, config.west_cols, avoid, (d, 0), (0, d), n, h)
            east = _half_boards(ne, se, *e_rows, config.east_cols, avoid, (0, d), (d, 0), n, h)
        else:
            west = _half_boards(nw, sw, *w_rows, config.west_cols, avoid, (0, 0), (0, 0), n, h)
            east = ([], [])
            m = h
            for a in range(config.b + 1, h + 1):
                # the middle row's queen at (m, m + a): its column leaves the east pool, the
                # east avoids its diagonals, and they are marked where they reach the west
                queen = (1 << (2 * m + a), 1 << (n - 1 - a))
                mark = _signature(*queen, n, h)
                east[0].extend(s | mark for s in _half_boards(
                    ne, se, *e_rows, config.east_cols & ~(1 << (a - 1)),
                    (avoid[0] | queen[0], avoid[1] | queen[1]), (0, 0), (0, 0), n, h)[0])
        total += sum(weights[g][e] * sum(1 for w in west[g] for x in east[e] if not w & x)
                     for g in (0, 1) for e in (0, 1) if weights[g][e])
        done += 1
        if should_stop is not None and done % _POLL_UNITS == 0 and should_stop():
            return JoinCount(total, done, False)
    return JoinCount(total, done, True)
