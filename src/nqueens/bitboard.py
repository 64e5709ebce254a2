"""Fast counting for the queens variant: the classic bitboard walk (columns and both
diagonal families as shifted bitmasks), which visits exactly the textbook's promising
nodes, so it returns the solution count and the promising-node count in one pass.

The walk exists twice: the compiled kernel `_kernel.c` (built by `pip install .` when a C
compiler is present) and the pure-Python reference below, used when the kernel is missing
or the board is wider than its 64-bit masks. Both give the same numbers (checked in
tests). Fixed and forbidden cells enter through per-row masks. Optionally the walk also
counts canonical solutions (the smallest of their 8 board images): on a board searched
once per symmetry class of first-row columns that yields the fundamental count.

For plain boards there is also the per-class walk (`count_classes`, `class_starts`,
`count_class_start`; see the section below): one representative board per class of the 8
rotations and reflections, weighted by its class size, about half the work of the mirror walk.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from .spec import Spec

try:
    import nqueens._kernel as _kernel
except ImportError:  # not built (no compiler at install time): the Python walk serves
    # the stub types the name as the module; None stands for "not built"
    _kernel = None  # type: ignore[assignment]

#: Widest board the compiled kernel's 64-bit masks hold.
KERNEL_MAX_N = 63 if _kernel is None else int(_kernel.MAX_N)
_PY_POLL_EVERY = 1 << 16  # Python-walk nodes between polls of `should_stop`


@dataclass(frozen=True, slots=True)
class WalkCount:
    """What one walk found: solutions, promising nodes (root included), canonical
    solutions (0 unless asked for) and whether it ran to the end."""

    solutions: int
    promising_nodes: int
    canonical: int
    complete: bool


@dataclass(frozen=True, slots=True)
class TreeCount:
    """Solutions and promising nodes (root and solutions included) of the pruned tree."""

    solutions: int
    promising_nodes: int

    def nodes_checked(self, n: int) -> int:
        """Every promising non-solution node has n children checked, plus the root."""
        return 1 + n * (self.promising_nodes - self.solutions)


def initial_rows(spec: Spec) -> list[int]:
    """Per row, the bitmask of columns (bit c = column c) a queen may take before any is placed:
    not forbidden, not attacked by a fixed queen, and the fixed column in a fixed row."""
    n = spec.n
    full = (1 << n) - 1
    rows = [full] * n
    for r, c in spec.forbidden:
        rows[r] &= ~(1 << c)
    for r, c in spec.fixed:
        for line_id in spec.line_ids_of((r, c)):
            for r2, c2 in spec.lines[line_id].cells:
                if (r2, c2) != (r, c):
                    rows[r2] &= ~(1 << c2)
        rows[r] &= 1 << c
    return rows


class AttackMasks:
    """For a cell (r, c): per later row r' > r, the mask of columns left free by a queen at
    (r, c). Built on first use and cached, so large boards pay only for cells visited."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.full = (1 << spec.n) - 1
        self.cache: dict[tuple[int, int], tuple[int, ...]] = {}

    def below(self, r: int, c: int) -> tuple[int, ...]:
        key = (r, c)
        masks = self.cache.get(key)
        if masks is None:
            attacked = [0] * (self.spec.n - r - 1)
            for line_id in self.spec.line_ids_of(key):
                for r2, c2 in self.spec.lines[line_id].cells:
                    if r2 > r:
                        attacked[r2 - r - 1] |= 1 << c2
            masks = tuple(self.full & ~a for a in attacked)
            self.cache[key] = masks
        return masks


def supports(spec: Spec) -> bool:
    """The bitboard shifts encode the ordinary (non-wrapping) queen diagonals only."""
    return spec.variant == "queens"


def kernel_available() -> bool:
    """True when the compiled kernel was built and can be imported."""
    return _kernel is not None


def count_tree(spec: Spec) -> TreeCount:
    """Count solutions and promising nodes of the queens spec's pruned state-space tree."""
    if not supports(spec):
        raise ValueError(f"the bitboard counter handles the queens variant, not {spec.variant!r}")
    walk = count_masks(spec.n, initial_rows(spec))
    return TreeCount(walk.solutions, walk.promising_nodes)


def count_masks(
    n: int,
    allowed: Sequence[int],
    *,
    canonical: bool = False,
    should_stop: Callable[[], bool] | None = None,
    compiled: bool = True,
) -> WalkCount:
    """Walk the tree of an n-queens board whose row r may use the columns in `allowed[r]`.

    Args:
        n: board size.
        allowed: per row, the bitmask of columns a queen may take (`initial_rows`).
        canonical: also count solutions that are the smallest of their 8 board images.
        should_stop: polled now and then; True ends the walk early (complete=False).
        compiled: use the kernel when it is built and n fits (False: the Python walk).
    """
    if compiled and _kernel is not None and n <= KERNEL_MAX_N:
        return WalkCount(*_kernel.count(n, list(allowed), canonical, should_stop))
    return _python_walk(n, list(allowed), canonical, should_stop)


def is_canonical(placement: Sequence[int]) -> bool:
    """True when the placement is the lexicographically smallest of its 8 images under the
    board's rotations and reflections (mirrors the kernel's check)."""
    p = list(placement)
    n = len(p)
    q = [0] * n
    for row, col in enumerate(p):
        q[col] = row
    m = n - 1
    images = (
        [m - c for c in p], p[::-1], [m - c for c in reversed(p)],
        q, [m - r for r in q], q[::-1], [m - r for r in reversed(q)],
    )
    return all(image >= p for image in images)


def _python_walk(
    n: int, allowed: list[int], canonical: bool, should_stop: Callable[[], bool] | None
) -> WalkCount:
    """The kernel's walk in Python, iterative (an explicit stack of open columns per row), so
    that a board of any size walks without recursion limits."""
    full = (1 << n) - 1
    cols = [0] * n
    taken = [0] * (n + 1)  # per row: columns, left and right diagonals attacked from above
    left = [0] * (n + 1)
    right = [0] * (n + 1)
    todo = [0] * n  # per row: open columns not yet tried
    solutions = canonical_count = 0
    promising = 1  # the root
    last = n - 1
    todo[0] = allowed[0]
    row = 0
    while row >= 0:
        bits = todo[row]
        if not bits:
            row -= 1
            continue
        bit = bits & -bits
        todo[row] = bits ^ bit
        promising += 1
        if should_stop is not None and promising % _PY_POLL_EVERY == 0 and should_stop():
            return WalkCount(solutions, promising, canonical_count, False)
        cols[row] = bit.bit_length() - 1
        if row == last:
            solutions += 1
            if canonical:
                canonical_count += is_canonical(cols)
            continue
        t, lf, rt = taken[row] | bit, ((left[row] | bit) << 1) & full, (right[row] | bit) >> 1
        row += 1
        taken[row], left[row], right[row] = t, lf, rt
        todo[row] = allowed[row] & ~(t | lf | rt)
    return WalkCount(solutions, promising, canonical_count, True)


# ---- One representative per symmetry class (Takaken's method) for plain boards ----
#
# Every class of the 8 rotations and reflections is searched once, from one of two kinds of
# start. "corner": a queen on (0, 0); such a class has exactly 8 members, two of them with
# that corner queen (a board and its transpose), and the one kept has its row-1 queen in a
# smaller column than the row of its column-1 queen. "edge": no corner queen; the four edge
# queens' distances to their nearest corner have a minimum d, and the members kept have a
# row-0 queen in column d with 2d < n - 1 and every edge queen at least d from every corner.
# Those members are rotations of each other (no reflection can keep the restrictions), so a
# finished board is kept when no rotation of it is lexicographically smaller, and weighs 8, 4
# or 2 by how many rotations map it to itself. One pass gives the total and the fundamental
# count. The compiled kernel (`_kernel.count_class`) and `_python_class_walk` do the same.


@dataclass(frozen=True, slots=True)
class ClassStart:
    """A start of the per-class search: its kind and the columns of the first rows it fixes
    (`prefix[0]` is 0 for "corner", d for "edge"). Starts from `class_starts` are disjoint."""

    kind: str  # "corner" | "edge"
    prefix: tuple[int, ...]

    @property
    def key(self) -> str:
        """Stable text for checkpoints ("c:0.3", "e:1.4.0"); the letter keeps it apart from
        the keys of plain prefixes ("0.2.4")."""
        return f"{self.kind[0]}:{'.'.join(map(str, self.prefix))}"


@dataclass(frozen=True, slots=True)
class ClassCount:
    """Solutions (each representative weighted by its class size), representatives (the
    fundamental count) and whether the walk ran to the end."""

    total: int
    unique: int
    complete: bool


def _class_rows(n: int, kind: str, prefix: Sequence[int]) -> tuple[list[int], int]:
    """Per row, the columns a start of this kind allows (before attacks), and the row by
    which both side queens must stand (-1: no such rule)."""
    full = (1 << n) - 1
    rows = [full] * n
    if kind == "corner":  # the column-1 queen below the row-1 queen (transpose cut)
        rows[0] = 1
        rows[1] = 1 << prefix[1]
        for r in range(2, prefix[1]):
            rows[r] &= ~2
        return rows, -1
    d = prefix[0]
    side = 1 | (1 << (n - 1))
    rows[0] = 1 << d
    for r in [*range(1, d), *range(n - d, n - 1)]:  # side queens at least d from a corner
        rows[r] &= ~side
    rows[n - 1] = full & ~((1 << d) - 1) & ~(full << (n - d))  # bottom queen likewise
    return rows, n - 1 - d


def _is_start(n: int, kind: str, prefix: Sequence[int]) -> bool:
    """Whether `prefix` is a legal start of this kind: its shape, then every row open."""
    least = 2 if kind == "corner" else 1
    if not least <= len(prefix) < n or any(not 0 <= c < n for c in prefix):
        return False
    if kind == "corner" and (prefix[0] != 0 or not 2 <= prefix[1] <= n - 2):
        return False
    if kind == "edge" and not 1 <= 2 * prefix[0] < n - 1:
        return False
    if kind not in ("corner", "edge"):
        return False
    rows, bound = _class_rows(n, kind, prefix)
    full = (1 << n) - 1
    taken = left = right = 0
    side = 1 | (1 << (n - 1))
    for r, c in enumerate(prefix):
        bit = 1 << c
        open_ = rows[r] & ~(taken | left | right)
        if r == bound and (side & ~taken) == side:
            return False
        if r == bound and side & ~taken:
            open_ &= side & ~taken
        if not open_ & bit:
            return False
        taken, left, right = taken | bit, ((left | bit) << 1) & full, (right | bit) >> 1
    return True


def class_starts(n: int, depth: int = 1) -> list[ClassStart]:
    """Disjoint starts that together hold every class of n-queens solutions exactly once.

    Edge starts fix `depth` rows and corner starts max(depth, 2) (never all n rows); a
    larger depth gives more, smaller starts to spread over processes. Starts that cannot be
    extended to a full board may be among them (they count 0). n = 2 and 3 have none.
    """
    return list(iter_class_starts(n, depth))


def iter_class_starts(n: int, depth: int = 1) -> Iterator[ClassStart]:
    """`class_starts` one at a time, so that a caller can stop a long listing (n = 100 at
    depth 3 lists about a million)."""
    if n == 1:
        yield ClassStart("corner", (0,))
        return
    if n < 4:
        return
    heads: list[tuple[str, tuple[int, ...]]] = [("corner", (0, c1)) for c1 in range(2, n - 1)]
    heads += [("edge", (d,)) for d in range(1, n) if 2 * d < n - 1]
    full = (1 << n) - 1
    side = 1 | (1 << (n - 1))
    for kind, head in heads:
        rows, bound = _class_rows(n, kind, head)
        length = min(max(depth, len(head)), n - 1)
        taken = left = right = 0
        for c in head:
            bit = 1 << c
            taken, left, right = taken | bit, ((left | bit) << 1) & full, (right | bit) >> 1
        stack: list[tuple[tuple[int, ...], int, int, int]] = [(head, taken, left, right)]
        while stack:  # depth-first, so the starts come in lexicographic order
            prefix, taken, left, right = stack.pop()
            row = len(prefix)
            if row == length:
                yield ClassStart(kind, prefix)
                continue
            bits = rows[row] & ~(taken | left | right)
            if row == bound:  # the same rule as the walks: both side queens down by now
                open_sides = side & ~taken
                bits = 0 if open_sides == side else bits & open_sides if open_sides else bits
            for c in reversed(range(n)):
                bit = 1 << c
                if bits & bit:
                    stack.append((prefix + (c,), taken | bit, ((left | bit) << 1) & full,
                                  (right | bit) >> 1))


def count_class_start(
    n: int,
    start: ClassStart,
    *,
    should_stop: Callable[[], bool] | None = None,
    compiled: bool = True,
) -> ClassCount:
    """Count the classes below one start (kernel when built and n fits, else Python).

    Raises:
        ValueError: `start` is not a start of an n-queens board (see `class_starts`).
    """
    if n == 1 and start == ClassStart("corner", (0,)):
        return ClassCount(1, 1, True)
    if not _is_start(n, start.kind, start.prefix):
        raise ValueError(f"{start.key} is not a class start of the {n}-queens board")
    rows, _ = _class_rows(n, start.kind, start.prefix)
    edge = start.kind == "edge"
    d = start.prefix[0]
    if compiled and _kernel is not None and n <= KERNEL_MAX_N:
        return ClassCount(*_kernel.count_class(n, edge, d, list(start.prefix), rows,
                                               should_stop))
    return _python_class_walk(n, edge, d, start.prefix, rows, should_stop)


def class_representatives(n: int, start: ClassStart) -> list[tuple[tuple[int, ...], int]]:
    """The boards the per-class search keeps below `start`, each with its class size (the
    Python walk; for tests and small boards, where listing them is cheap)."""
    if n == 1 and start == ClassStart("corner", (0,)):
        return [((0,), 1)]
    if not _is_start(n, start.kind, start.prefix):
        raise ValueError(f"{start.key} is not a class start of the {n}-queens board")
    found: list[tuple[tuple[int, ...], int]] = []
    rows, _ = _class_rows(n, start.kind, start.prefix)
    _python_class_walk(n, start.kind == "edge", start.prefix[0], start.prefix, rows, None,
                       lambda board, weight: found.append((board, weight)))
    return found


def count_classes(
    n: int, *, should_stop: Callable[[], bool] | None = None, compiled: bool = True
) -> ClassCount:
    """The whole plain board: total and fundamental count, summed over `class_starts(n, 1)`."""
    total = unique = 0
    for start in class_starts(n, 1):
        if should_stop is not None and should_stop():
            return ClassCount(total, unique, False)
        found = count_class_start(n, start, should_stop=should_stop, compiled=compiled)
        total += found.total
        unique += found.unique
        if not found.complete:
            return ClassCount(total, unique, False)
    return ClassCount(total, unique, True)


#: The largest board whose per-class walk shares its classes out over the join's parts.
JOIN_PARTS_MAX_N = 26


def count_classes_by_join_part(
    n: int, parts: int, *, should_stop: Callable[[], bool] | None = None
) -> tuple[ClassCount, list[int]]:
    """The per-class walk of the plain n-board (the kernel's), with each class's solutions
    shared out over the parts of the join of partial boards as the join numbers and weighs
    them (`joins.count(n, k, parts)` must count shares[k]): the walk counts every part of
    the join again, by other means (`count --cross-check` on the join). About 1.5x the
    walk's time, since it looks at every representative's eight images.

    Raises:
        RuntimeError: the kernel is not built.
        ValueError: n outside 4..JOIN_PARTS_MAX_N, or parts < 1.
    """
    if _kernel is None:
        raise RuntimeError("the per-class walk by join parts needs the compiled kernel")
    if not 4 <= n <= JOIN_PARTS_MAX_N or parts < 1:
        raise ValueError(f"the walk by join parts handles 4 <= n <= {JOIN_PARTS_MAX_N} and "
                         f"1 part or more, got n = {n} and {parts}")
    total = unique = 0
    shares = [0] * parts
    for start in class_starts(n, 1):
        if should_stop is not None and should_stop():
            return ClassCount(total, unique, False), [s // 8 for s in shares]
        rows, _ = _class_rows(n, start.kind, start.prefix)
        counted, fundamental, complete, eighths = _kernel.count_class_parts(
            n, start.kind == "edge", start.prefix[0], list(start.prefix), rows, parts, should_stop)
        total += counted
        unique += fundamental
        shares = [a + b for a, b in zip(shares, eighths, strict=True)]
        if not complete:
            return ClassCount(total, unique, False), [s // 8 for s in shares]
    return ClassCount(total, unique, True), [s // 8 for s in shares]


def _edge_weight(p: list[int], d: int) -> int:
    """0 when a rotation of the finished edge-start board p is lexicographically smaller,
    else its class size: 2 (fixed by the quarter turn), 4 (by the half turn) or 8."""
    n = len(p)
    m = n - 1
    quarter, half, three = p[m - d] == 0, p[m] == m - d, p[d] == m  # may start with d
    if not (quarter or half or three):
        return 8
    q = [0] * n
    for r, c in enumerate(p):
        q[c] = r
    same = []
    for possible, image in ((quarter, [m - x for x in q]),
                            (half, [m - x for x in reversed(p)]),
                            (three, q[::-1])):
        if possible:
            if image < p:
                return 0
            same.append(image == p)
        else:
            same.append(False)
    return 2 if same[0] else 4 if same[1] else 8


def _python_class_walk(  # noqa: C901 - the walk's inner loop, statement for statement as in _kernel.c
    n: int,
    edge: bool,
    d: int,
    prefix: Sequence[int],
    allowed: list[int],
    should_stop: Callable[[], bool] | None,
    on_board: Callable[[tuple[int, ...], int], None] | None = None,
) -> ClassCount:
    """The kernel's `count_class` in Python, iterative like `_python_walk`. `on_board`
    (for tests) receives every representative with its weight."""
    full = (1 << n) - 1
    side = 1 | (1 << (n - 1))
    last = n - 1
    bound = last - d if edge else -1
    k = len(prefix)
    cols = list(prefix) + [0] * (n - k)
    taken = [0] * n
    left = [0] * n
    right = [0] * n
    todo = [0] * n
    for c in prefix:
        bit = 1 << c
        taken[k] |= bit
        left[k] = ((left[k] | bit) << 1) & full
        right[k] = (right[k] | bit) >> 1
    total = unique = ticks = 0

    def open_columns(row: int) -> int:
        t = taken[row]
        bits = allowed[row] & ~(t | left[row] | right[row])
        if row == bound:
            open_sides = side & ~t
            if open_sides == side:
                return 0
            if open_sides:
                bits &= open_sides
        return bits

    todo[k] = open_columns(k)
    row = k
    while row >= k:
        bits = todo[row]
        if row == last:
            for c in range(n):
                if bits >> c & 1:
                    cols[last] = c
                    weight = _edge_weight(cols, d) if edge else 8
                    total += weight
                    unique += weight > 0
                    if on_board is not None and weight:
                        on_board(tuple(cols), weight)
            row -= 1
            continue
        if not bits:
            row -= 1
            continue
        bit = bits & -bits
        todo[row] = bits ^ bit
        ticks += 1
        if should_stop is not None and ticks % _PY_POLL_EVERY == 0 and should_stop():
            return ClassCount(total, unique, False)
        cols[row] = bit.bit_length() - 1
        row += 1
        taken[row] = taken[row - 1] | bit
        left[row] = ((left[row - 1] | bit) << 1) & full
        right[row] = (right[row - 1] | bit) >> 1
        todo[row] = open_columns(row)
    return ClassCount(total, unique, True)
