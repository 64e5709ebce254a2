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
by every split: the tree below them is never walked.

An odd board leaves out its middle row and middle column: their two queens (one, when it
is the centre) are placed first, and each such "configuration" is split as above with
their diagonals taken. Symmetry: splits equal under the left-right mirror (the
complement) and the north-south flip (the reversal) are counted once, weighted by how
many they stand for; an odd board's off-centre configurations come in orbits of 8 under
the board's rotations and reflections, counted once each. The join therefore yields the
total only: which solutions are fundamental needs the per-class walk (`bitboard`).

A unit of work is one split of one configuration, in a fixed order; a part (offset,
stride) counts units offset, offset + stride, ..., so parts are independent and sum to
the total. The compiled extension `_join.c` does the same with the same units; this
module is its reference and its fallback (fast enough for small boards).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

try:
    import nqueens._join as _join
except ImportError:  # not built (no C compiler at install): the Python join below
    _join = None  # type: ignore[assignment]

__all__ = ["JOIN_MAX_N", "JoinCount", "count", "hardware_popcount", "join_available",
           "table_bytes", "units"]

#: Widest board whose diagonals fit the 64-bit masks of the compiled join.
JOIN_MAX_N = 32 if _join is None else int(_join.MAX_N)
_POLL_UNITS = 16  # units between polls of `should_stop`, as in _join.c
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


def hardware_popcount() -> bool:
    """Whether the compiled join counts bits with the CPU's instruction (checked when it
    is imported; False without the extension)."""
    return _join is not None and bool(_join.HARDWARE_POPCOUNT)


def table_bytes() -> int:
    """Bytes this process holds in the compiled join's quarter tables (0 before a count)."""
    return 0 if _join is None else int(_join.table_bytes())


def count(
    n: int, offset: int = 0, stride: int = 1, *,
    should_stop: Callable[[], bool] | None = None, compiled: bool = True,
    portable_popcount: bool = False,
) -> JoinCount:
    """Solutions of the plain n-board in units offset, offset + stride, ... (all by
    default), by the compiled join when it is built and `compiled`, else in Python.
    `portable_popcount`: the compiled join counts bits without the CPU's instruction (the
    path of CPUs that lack it), so that path can be checked anywhere.

    Raises:
        ValueError: n outside 1..JOIN_MAX_N, or not 0 <= offset < stride.
    """
    if not 1 <= n <= JOIN_MAX_N:
        raise ValueError(f"the join handles 1 <= n <= {JOIN_MAX_N}, got {n}")
    if not 0 <= offset < stride:
        raise ValueError(f"a part needs 0 <= offset < stride, got {offset} and {stride}")
    if compiled and _join is not None:
        return JoinCount(*_join.count(n, offset, stride, should_stop, portable_popcount))
    return _python_count(n, offset, stride, should_stop)


# --- the same in Python ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Config:
    """Where the fixed queens (odd boards) leave the split: the rows to share out, how many
    queens the west half needs, the column pools of each half (local bits), the fixed
    queens' diagonals, whether the splits fold by symmetry, and the configuration's
    weight (its orbit under the board's symmetries)."""

    avail: int
    west: int
    west_cols: int
    east_cols: int
    diag1: int
    diag2: int
    symmetric: bool
    weight: int


def _configs(n: int) -> list[_Config]:
    h = n // 2
    every, pool = (1 << n) - 1, (1 << h) - 1
    if n % 2 == 0:
        return [_Config(every, h, pool, pool, 0, 0, True, 1)]
    m = h
    out = [_Config(every & ~(1 << m), h, pool, pool, 1 << 2 * m, 1 << (n - 1), True, 1)]
    for a in range(2, h + 1):
        for b in range(1, a):
            # the middle row's queen at (m, m + a), in the east; the middle column's at
            # (m + b, m), in the south: one of 8 images, so weight 8
            out.append(_Config(every & ~(1 << m) & ~(1 << (m + b)), h, pool,
                               pool & ~(1 << (a - 1)),
                               (1 << (2 * m + a)) | (1 << (2 * m + b)),
                               (1 << (n - 1 - a)) | (1 << (n - 1 + b)), False, 8))
    return out


def _reverse(rows: int, n: int) -> int:
    return int(format(rows, f"0{n}b")[::-1], 2) if n else 0


def _split_weight(config: _Config, rows: int, n: int) -> int:
    """How many splits `rows` stands for (0: not the smallest of its orbit)."""
    if not config.symmetric:
        return 1
    flipped = _reverse(rows, n)
    orbit = (rows, config.avail & ~rows, flipped, config.avail & ~flipped)
    return 0 if min(orbit) < rows else len(set(orbit))


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


def units(n: int) -> Iterator[tuple[_Config, int, int]]:
    """The join's units of an n-board in order: (configuration, west rows, weight)."""
    for config in _configs(n):
        if config.west > bin(config.avail).count("1"):
            continue
        for rows in _splits(config.avail, config.west):
            weight = _split_weight(config, rows, n)
            if weight:
                yield config, rows, weight


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


def _half_boards(north: Quarter, south: Quarter, top: int, bottom: int, pool: int,
                 config: _Config, n: int, h: int) -> list[int]:
    """The signatures of the half-boards on local rows `top` of `north` and `bottom` of
    `south`, on complementary column sets inside `pool`, clear of the fixed diagonals: the
    diagonals [n - h, n + h - 2] of each family, the only ones that reach both halves."""
    width = max(0, 2 * h - 1)
    keep = (1 << width) - 1
    k = bin(top).count("1")
    out = []
    for cols in range(1 << h):
        if cols & ~pool or bin(cols).count("1") != k:
            continue
        for x1, x2 in north.get((top, cols), ()):
            if x1 & config.diag1 or x2 & config.diag2:
                continue
            for y1, y2 in south.get((bottom, pool & ~cols), ()):
                if x1 & y1 or x2 & y2 or y1 & config.diag1 or y2 & config.diag2:
                    continue
                d1, d2 = x1 | y1, x2 | y2
                out.append((d1 >> (n - h) & keep) | (d2 >> (n - h) & keep) << width)
    return out


def _python_count(n: int, offset: int, stride: int,
                  should_stop: Callable[[], bool] | None) -> JoinCount:
    if should_stop is not None and should_stop():  # as _join.c: no tables after a stop
        return JoinCount(0, 0, False)
    h = n // 2
    low = (1 << h) - 1
    try:
        nw, ne = _quarter(n, h, 0, 0, should_stop), _quarter(n, h, 0, n - h, should_stop)
        sw, se = _quarter(n, h, n - h, 0, should_stop), _quarter(n, h, n - h, n - h, should_stop)
    except _Stopped:
        return JoinCount(0, 0, False)
    total = done = 0
    for unit, (config, rows, weight) in enumerate(units(n)):
        if unit % stride != offset:
            continue
        east_rows = config.avail & ~rows
        west = _half_boards(nw, sw, rows & low, rows >> (n - h) & low, config.west_cols,
                            config, n, h)
        east = _half_boards(ne, se, east_rows & low, east_rows >> (n - h) & low,
                            config.east_cols, config, n, h)
        total += weight * config.weight * sum(1 for w in west for e in east if not w & e)
        done += 1
        if should_stop is not None and done % _POLL_UNITS == 0 and should_stop():
            return JoinCount(total, done, False)
    return JoinCount(total, done, True)
