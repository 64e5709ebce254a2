"""The partition of a count into parts: which subproblems, with which weights, at which depth.

Every consistent placement of the first `depth` rows is one subproblem (the spec with
those queens fixed as well). The subproblems are disjoint and together cover the search
space, so weight x count summed over them is the total. The kinds of partition:

- "rows": every prefix, weight 1 (any spec, any backend; what checkpoints record);
- "mirror": a plain board halved by the left-right mirror (weights 2 and 1), which the
  bitboard walk turns into the total and the fundamental count in one pass;
- "classes": a plain board's symmetry-class starts (`bitboard.class_starts`: corner or
  edge, then deeper prefixes), one representative per class of 8 rotations and
  reflections; the task weighs its own result, so the weight is 1;
- "join": a plain board counted by the join (`counting/halfboards.py`), whose units are dealt out to
  JOIN_PARTS_PER_LEVEL ** depth parts (part k takes every unit whose number is k modulo
  the parts); no prefix, weight 1.

The walk's route picks the plain board's symmetry split (`walk.symmetric_partition`, the one
place to change for a finer one). `choose_depth` is the one depth chooser; `Progress` is
what a count reports after each finished part. No solver imports.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..bitboard import AttackMasks, ClassStart, initial_rows, iter_class_starts
from ..errors import SizeLimitError
from ..spec import Placement, Spec

#: Subproblems per worker slot the automatic depth aims for at least: a worker that draws
#: a large subtree last leaves the others idle for at most ~1/10 of its share.
TASKS_PER_SLOT = 10
#: Splits beyond this many subproblems cost more to list than they help.
MAX_SUBPROBLEMS = 1_000_000
PARTITION_KINDS = ("rows", "mirror", "classes", "join")
#: Parts of a "join" partition per level of depth (depth 3: 64 parts).
JOIN_PARTS_PER_LEVEL = 4
_JOIN = "join"
_POLL_EVERY = 1 << 12  # prefixes between polls of `should_stop`


@dataclass(slots=True)
class Progress:
    """What a progress callback gets after each finished subproblem (`key`, which
    contributed `count` before weighting). An ETA is
    `elapsed / (done - resumed) * (total - done)`: the `resumed` ones took no time now."""

    done: int
    total: int
    solutions: int
    resumed: int
    elapsed: float
    key: str = ""
    count: int = 0


ProgressCallback = Callable[[Progress], None]


class PartitionStopped(Exception):
    """Listing the subproblems was stopped (deadline or signal) before it finished."""


@dataclass(frozen=True, slots=True)
class Subproblem:
    """The columns of the first rows, and how many times its count enters the total."""

    prefix: Placement
    weight: int = 1
    start: str = ""  # a class start's kind ("corner" / "edge") in a "classes" partition, or "join"

    @property
    def key(self) -> str:
        """A stable text key for ledgers and task names, e.g. "0.2.4" ("c:0.3" / "e:1.4"
        for class starts, "j:3/64" for join parts, which cannot be mistaken for one)."""
        if self.start == _JOIN:
            return f"j:{self.prefix[0]}/{self.prefix[1]}"
        if self.start:
            return self.class_start.key
        return ".".join(map(str, self.prefix))

    @property
    def join_part(self) -> tuple[int, int]:
        """(offset, stride) of a join part."""
        if self.start != _JOIN:
            raise ValueError(f"subproblem {self.key} is not a join part")
        return self.prefix[0], self.prefix[1]

    @property
    def class_start(self) -> ClassStart:
        return ClassStart(self.start, tuple(self.prefix))

    def spec(self, base: Spec) -> Spec:
        if self.start == _JOIN:  # its count is a weighted sum over units, not a spec's
            raise ValueError(f"join part {self.key} is counted by the join only (join.join_task)")
        if self.start:  # its count is a weighted sum over classes, not this spec's count
            raise ValueError(f"class start {self.key} is counted by the per-class walk only "
                             "(walk.bitboard_task)")
        return base.with_prefix(self.prefix)


@dataclass(frozen=True, slots=True)
class Partition:
    """The subproblems of one spec: `kind` (PARTITION_KINDS), `depth` rows per prefix."""

    kind: str
    depth: int
    subproblems: tuple[Subproblem, ...]

    def __len__(self) -> int:
        return len(self.subproblems)


def prefixes(
    spec: Spec, depth: int, should_stop: Callable[[], bool] | None = None
) -> list[Placement]:
    """Every placement of rows 0..depth-1 that no line of the spec forbids, in
    lexicographic order (the backtracker's order).

    Raises:
        PartitionStopped: `should_stop` said so before the list was complete.
    """
    depth = max(0, min(depth, spec.n))
    masks = AttackMasks(spec)
    out: list[Placement] = []
    ticks = 0

    def walk(row: int, rows: tuple[int, ...], prefix: tuple[int, ...]) -> None:
        nonlocal ticks
        if row == depth:
            out.append(prefix)
            ticks += 1
            if should_stop is not None and ticks % _POLL_EVERY == 0 and should_stop():
                raise PartitionStopped
            return
        bits = rows[0]
        while bits:
            bit = bits & -bits
            bits ^= bit
            col = bit.bit_length() - 1
            below = masks.below(row, col)
            # only the rows still inside the prefix matter for listing it
            walk(row + 1, tuple(a & m for a, m in zip(rows[1:], below, strict=False)), prefix + (col,))

    walk(0, tuple(initial_rows(spec)[:depth]), ())
    return out


def _mirror_weight(n: int, prefix: Placement) -> int:
    """2 for a first queen in the left half (it stands for its mirror image too), 1 in the
    middle column of an odd board, 0 in the right half (counted by its mirror image)."""
    if 2 * prefix[0] + 1 < n:
        return 2
    return 1 if 2 * prefix[0] + 1 == n else 0


def make_partition(
    spec: Spec, depth: int, kind: str = "rows", should_stop: Callable[[], bool] | None = None
) -> Partition:
    """The subproblems of `spec` split by its first `depth` rows.

    Raises:
        ValueError: an unknown kind, or "mirror" for a spec that is not plain.
        PartitionStopped: `should_stop` said so while listing.
    """
    if kind == "rows":
        return Partition(kind, depth, _polled(
            (Subproblem(p) for p in prefixes(spec, depth, should_stop)), should_stop))
    if kind not in PARTITION_KINDS:
        raise ValueError(f"plan kind must be one of {PARTITION_KINDS}, got {kind!r}")
    if not spec.is_plain:
        raise ValueError(f"the {kind} split needs a plain spec (no fixed or forbidden cells)")
    depth = max(1, depth)
    if kind == _JOIN:
        parts = JOIN_PARTS_PER_LEVEL ** depth
        return Partition(kind, depth, tuple(Subproblem((k, parts), 1, _JOIN) for k in range(parts)))
    if kind == "classes":
        return Partition(kind, depth, _polled(
            (Subproblem(s.prefix, 1, s.kind) for s in iter_class_starts(spec.n, depth)), should_stop))
    weighed = ((p, _mirror_weight(spec.n, p)) for p in prefixes(spec, depth, should_stop))
    return Partition(kind, depth, _polled(
        (Subproblem(p, weight) for p, weight in weighed if weight), should_stop))


def _polled(subs: Iterator[Subproblem], should_stop: Callable[[], bool] | None) -> tuple[Subproblem, ...]:
    """The subproblems as a tuple, polling `should_stop` while they are made."""
    out = []
    for number, sub in enumerate(subs):
        if should_stop is not None and number % _POLL_EVERY == 0 and should_stop():
            raise PartitionStopped
        if number == MAX_SUBPROBLEMS:  # only a checkpoint's recorded depth comes here unbounded
            raise SizeLimitError(f"the split gives more than {MAX_SUBPROBLEMS:,} subproblems; "
                                 "use a smaller --split-depth")
        out.append(sub)
    return tuple(out)


def choose_depth(
    spec: Spec,
    *,
    slots: int = 1,
    kind: str = "rows",
    at_least: int = 1,
    requested: int | None = None,
    recorded: bool = False,
) -> int:
    """The split depth: `requested` if given (checked), else the smallest depth whose partition
    has at least max(`at_least`, TASKS_PER_SLOT x `slots` when slots > 1) subproblems.

    Each level multiplies the subproblems by about the free columns of a row, so the
    result lands between 1x and ~n x the target; depth stays below n.

    `recorded`: the requested depth is a checkpoint's own, which gave the partition it records,
    so it is not refused by the worst case n ** depth (a completion split deep is small);
    `make_partition` still stops a partition beyond MAX_SUBPROBLEMS.

    Raises:
        SizeLimitError: a requested depth beyond the board or giving too many subproblems.
    """
    if requested is not None:
        if requested > spec.n:
            raise SizeLimitError(
                f"--split-depth {requested} exceeds the board's {spec.n} rows; use at most {spec.n}"
            )
        # a join's parts are exactly 4 ** depth; a prefix split's at most n ** depth
        most = (JOIN_PARTS_PER_LEVEL if kind == _JOIN else spec.n) ** requested
        if not recorded and most > MAX_SUBPROBLEMS:
            raise SizeLimitError(
                f"--split-depth {requested} on a {spec.n}x{spec.n} board may give up to "
                f"{most:,} subproblems (limit {MAX_SUBPROBLEMS:,}); use a smaller depth"
            )
        return requested
    wanted = max(at_least, TASKS_PER_SLOT * slots if slots > 1 else 1)
    depth = 0 if kind == "rows" else 1
    while depth < spec.n - 1 and len(make_partition(spec, depth, kind)) < wanted:
        depth += 1
    return depth
