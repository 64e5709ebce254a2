"""Knuth's Monte Carlo estimate of the pruned tree's size (the textbook's next section after
the table): walk one random path from the root, choosing each time uniformly among the
promising children; at each non-leaf node on the path add (product of the numbers of
promising children seen so far) x n. Each walk is an unbiased estimate of "nodes checked".

The walk uses the same per-row masks as the backtracker, so fixed and forbidden cells are
honoured. The confidence interval is the normal approximation (mean +/- 1.96 standard
errors); the estimator is heavy-tailed, so it is honest only for a good many samples.
No solver imports.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..bitboard import KERNEL_MAX_N, AttackMasks, initial_rows, kernel_available, supports
from ..errors import InputError, SizeLimitError
from ..spec import Spec

__all__ = ["Estimate", "check_estimate", "estimate_nodes", "exact_affordable", "one_walk",
           "posed_walk"]

Z_95 = 1.959963984540054  # two-sided 95% quantile of the standard normal


#: Largest board estimated: a walk costs O(n^2) and its figures have about n log10 n digits.
MAX_ESTIMATE_N = 1000
#: Most work one estimate may take, in steps of `walk_cost`: about ten seconds here.
MAX_ESTIMATE_WORK = 100_000_000


def walk_cost(n: int) -> int:
    """Steps of one walk: n rows of n columns, each on n-bit masks (machine words of 64)."""
    return n * n * (1 + n // 64)

_Z_95_PPM = 1_959_964  # Z_95 in millionths, for integer arithmetic beyond a float's range


@dataclass(frozen=True, slots=True)
class Estimate:
    """The mean of `samples` walks, its standard error and a 95% confidence interval.
    Figures beyond a float's range (about 10^308, from n = 150 on) are (rounded) ints."""

    samples: int
    mean: float | int
    stderr: float | int

    @property
    def low(self) -> float | int:
        return _plus(self.mean, self.stderr, -1)

    @property
    def high(self) -> float | int:
        return _plus(self.mean, self.stderr, 1)


def _plus(mean: float | int, stderr: float | int, sign: int) -> float | int:
    """mean + sign * Z_95 * stderr, in floats when they hold it, else in integers."""
    if isinstance(mean, float) and isinstance(stderr, float):
        return mean + sign * Z_95 * stderr
    return int(mean) + sign * (int(stderr) * _Z_95_PPM // 1_000_000)


def _ratio(numerator: int, denominator: int) -> float | int:
    """numerator / denominator as a float, or rounded down to an int beyond a float's range."""
    try:
        return numerator / denominator
    except OverflowError:
        return numerator // denominator


def check_estimate(n: int, samples: int) -> None:
    """Refuse an estimate that would not finish in reasonable time.

    Raises:
        SizeLimitError: naming the size, the work and the limit.
    """
    if n > MAX_ESTIMATE_N:
        raise SizeLimitError(f"estimate answers for n up to {MAX_ESTIMATE_N:,}, got n = {n:,}: "
                             f"each random walk takes n^2 steps")
    work = samples * walk_cost(n)
    if work > MAX_ESTIMATE_WORK:
        most = MAX_ESTIMATE_WORK // walk_cost(n)
        fix = f"use --samples {most:,} or fewer" if most >= 2 else "use a smaller n"
        raise SizeLimitError(f"{samples:,} random walks on a {n}x{n} board take about "
                             f"{work:,} steps (limit {MAX_ESTIMATE_WORK:,}, about ten seconds); "
                             f"{fix}")


def one_walk(spec: Spec, masks: AttackMasks, rows: tuple[int, ...], rng: random.Random) -> int:
    """One random root-to-leaf walk; returns its estimate of the nodes checked."""
    n = spec.n
    total, product, depth = 1, 1, 0
    while depth < n:
        total += product * n  # this promising non-leaf node has its n children checked
        bits = rows[0]
        children = [c for c in range(n) if bits >> c & 1]
        if not children:
            break
        product *= len(children)
        col = rng.choice(children)
        if depth == n - 1:
            break  # a leaf: a solution, whose children are never checked
        rows = tuple(a & m for a, m in zip(rows[1:], masks.below(depth, col), strict=True))
        depth += 1
    return total


def posed_walk(spec: Spec, rng: random.Random) -> int:
    """One random walk of a posed problem whose every row holds one queen, its children
    judged as the book's walk judges them (`trace.PosedLines`): a fixed row has its queen as
    its one child checked, any other row its n cells."""
    from .trace import PosedLines

    lines = PosedLines(spec)
    total, product = 1, 1
    for depth in range(spec.n):
        total += product * (1 if depth in lines.fixed else spec.n)
        children = lines.open_children(depth)
        if not children:
            break
        product *= len(children)
        if depth == spec.n - 1:
            break  # a leaf: a solution
        lines.check(depth, rng.choice(children))  # places the queen
    return total


def estimate_nodes(spec: Spec, samples: int, seed: int | None = None) -> Estimate:
    """Average `samples` independent walks; the same `seed` gives the same estimate.

    Raises:
        InputError: if `samples` is not an integer of at least 2 (one walk has no spread).
    """
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 2:
        raise InputError(
            f"samples must be an integer of at least 2 (a standard error needs two walks), "
            f"got {samples!r}"
        )
    check_estimate(spec.n, samples)
    rng = random.Random(seed)
    if spec.is_open:  # a posed problem, one queen a row: its lines judge the children
        values = [posed_walk(spec, rng) for _ in range(samples)]
    else:
        masks = AttackMasks(spec)
        rows = tuple(initial_rows(spec))
        values = [one_walk(spec, masks, rows, rng) for _ in range(samples)]
    # exact integer sums: the walks' figures overflow a float from n = 150 on
    total = sum(values)
    squares = sum((v * samples - total) ** 2 for v in values)  # samples^2 * sum (v - mean)^2
    scale = samples**3 * (samples - 1)  # stderr^2 = squares / scale
    variance = _ratio(squares, scale)
    stderr = math.sqrt(variance) if isinstance(variance, float) else math.isqrt(variance)
    return Estimate(samples, _ratio(total, samples), stderr)


#: Most nodes checked that `stats` and `estimate` count exactly on a constrained board (fixed
#: queens or forbidden cells) beyond the plain board's limit: the compiled walk checks about
#: a billion nodes a second here, so this is about ten seconds.
MAX_EXACT_NODES = 10**10
#: Walks of the quick estimate that decides whether the exact count is affordable.
_PROBE_WALKS = 200


def exact_affordable(spec: Spec) -> tuple[bool, float]:
    """Whether the exact tree of a constrained queens board is cheap enough to count, judged
    by Knuth's estimate itself (a fixed seed, so the answer is the same every run): hard
    instances are large boards whose tree their constraints make small. Returns the verdict
    and the estimate. A plain board, another variant, a board wider than the compiled walk or
    no compiled walk: not affordable."""
    if spec.is_plain or not supports(spec) or not kernel_available() or spec.n > KERNEL_MAX_N:
        return False, math.nan
    walks = max(2, min(_PROBE_WALKS, MAX_ESTIMATE_WORK // (10 * walk_cost(spec.n))))
    guess = float(estimate_nodes(spec, walks, seed=0).mean)
    return guess <= MAX_EXACT_NODES, guess
