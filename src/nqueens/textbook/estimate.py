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

from ..bitboard import AttackMasks, initial_rows
from ..errors import InputError
from ..spec import Spec

__all__ = ["Estimate", "estimate_nodes", "one_walk"]

Z_95 = 1.959963984540054  # two-sided 95% quantile of the standard normal


@dataclass(frozen=True, slots=True)
class Estimate:
    """The mean of `samples` walks, its standard error and a 95% confidence interval."""

    samples: int
    mean: float
    stderr: float

    @property
    def low(self) -> float:
        return self.mean - Z_95 * self.stderr

    @property
    def high(self) -> float:
        return self.mean + Z_95 * self.stderr


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
        rows = tuple(a & m for a, m in zip(rows[1:], masks.below(depth, col)))
        depth += 1
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
    rng = random.Random(seed)
    masks = AttackMasks(spec)
    rows = tuple(initial_rows(spec))
    values = [one_walk(spec, masks, rows, rng) for _ in range(samples)]
    mean = math.fsum(values) / samples
    variance = math.fsum((v - mean) ** 2 for v in values) / (samples - 1)
    return Estimate(samples, mean, math.sqrt(variance / samples))
