"""How long a job will take on a route, in well under a second, before it starts: from the
times measured here (`routes.py` lists the commands) and, for boards other than the plain
one, Knuth's estimate of the search tree (`textbook.estimate`) relative to the plain
board's. Used for the warning before slow work and for the progress bar's ETA.

A forecast is rough by nature (one machine, a loaded one, and a heavy-tailed estimator):
the figures are rounded, and said as "about" and "roughly". No solver imports.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .limits import known_solutions
from .spec import Spec

__all__ = ["Forecast", "forecast", "seconds_text"]


# Seconds measured for a whole search on the plain board (2 cores, loaded), two points per
# route: counts grow exponentially with n (log-linear between and beyond the points),
# finding one grows as a power of n (log-log). Keys: (job, backend, order or "").
_MEASURED: dict[tuple[str, str, str], tuple[str, tuple[tuple[int, float], ...]]] = {
    # count 14 / 16 --backend backtrack (README Performance: 0.22 s, 3.19 s)
    ("count", "backtrack", "rows"): ("exp", ((14, 0.22), (16, 3.2))),
    # count 12 --backend cpsat 2.1 s (bench); count 16: 1,934,002 in 15 min (issue 12)
    ("count", "cpsat", ""): ("exp", ((12, 2.1), (16, 6900.0))),
    # count 12 --backend sat 1.0 s (bench); assumed to slow down as cpsat does
    ("count", "sat", ""): ("exp", ((12, 1.0), (16, 3300.0))),
    ("count", "backtrack", "first-fail"): ("exp", ((10, 0.062), (12, 1.26))),
    # every solution through a callback: n = 10 and 12 (routes.py)
    ("enumerate", "backtrack", "first-fail"): ("exp", ((10, 0.062), (12, 1.26))),
    ("enumerate", "backtrack", "rows"): ("exp", ((10, 0.070), (12, 1.70))),
    ("enumerate", "cpsat", ""): ("exp", ((10, 0.168), (12, 7.24))),
    ("enumerate", "sat", ""): ("exp", ((10, 0.119), (12, 2.13))),
    # one solution: bench "find one" rows and routes.py; cpsat: whole process, the grid
    # raced by two workers at n = 200, one worker's short runs at n = 1000 (median of 4)
    ("find", "cpsat", ""): ("power", ((200, 1.4), (1000, 10.0))),
    # native cardinality constraints in MiniCard: n = 200 in 0.35 s, 1000 in 4.7 s (issue 14)
    ("find", "sat", ""): ("power", ((200, 0.35), (1000, 4.7))),
    ("find", "backtrack", "first-fail"): ("power", ((1000, 0.5), (2000, 3.1))),
    # textbook order, first solution: n = 24 in 1.9 s, n = 30 in 183 s (the time to the
    # first solution is irregular in n: n = 22 took 6.8 s)
    ("find", "backtrack", "rows"): ("exp", ((24, 1.9), (30, 183.0))),
    ("find", "construct", ""): ("power", ((10_000, 0.15), (1_000_000, 1.8))),
}


@dataclass(frozen=True, slots=True)
class Forecast:
    """Expected `seconds` of a job on one route; `solutions` when known (plain boards),
    `nodes` when Knuth's estimator was asked (other boards)."""

    seconds: float
    solutions: int | None = None
    nodes: float | None = None



def _interpolate(kind: str, points: tuple[tuple[int, float], ...], n: int) -> float:
    (n1, s1), (n2, s2) = points
    if kind == "exp":
        exponent = math.log(s1) + math.log(s2 / s1) * (n - n1) / (n2 - n1)
    else:
        exponent = math.log(s1) + math.log(n / n1) * math.log(s2 / s1) / math.log(n2 / n1)
    return math.exp(min(exponent, 700.0))  # far beyond any wait: no float overflow


def _tree_ratio(spec: Spec) -> tuple[float, float]:
    """Knuth's node estimate for `spec` and its ratio to the plain board's of the same n."""
    from .textbook.estimate import estimate_nodes

    samples = max(8, min(200, 40_000 // (spec.n * spec.n)))
    mine = estimate_nodes(spec, samples, seed=1).mean
    plain = estimate_nodes(Spec(spec.n), samples, seed=1).mean
    return mine, mine / plain if plain else 1.0


def forecast(spec: Spec, backend: str, job: str, options: dict | None = None) -> Forecast | None:  # type: ignore[type-arg]
    """Expected time of `job` ("count", "enumerate" or "find") with this backend and its
    options; None when nothing was measured for that route."""
    order = (options or {}).get("order", "rows") if backend == "backtrack" else ""
    key = (job, backend, order)
    if key not in _MEASURED:
        return None
    kind, points = _MEASURED[key]
    seconds = _interpolate(kind, points, spec.n)
    if job == "find":
        return Forecast(seconds)
    solutions = known_solutions(spec)
    if solutions is not None:
        return Forecast(seconds, solutions=solutions)
    if spec.n < 6:
        return Forecast(seconds)  # tiny trees: nothing to scale
    nodes, ratio = _tree_ratio(spec)
    return Forecast(seconds * ratio, nodes=nodes)


def seconds_text(seconds: float) -> str:
    """"about 5 s", "roughly 20 min", "roughly 3 h", "roughly 40 days"."""
    if seconds < 0.1:
        return "under 0.1 s"
    if seconds < 60:
        return f"{seconds:.0f} s" if seconds >= 2 else f"{seconds:.1f} s"
    for unit, size in (("days", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            value = seconds / size
            return f"{value:.0f} {unit}" if value >= 10 else f"{value:.1f} {unit}"
    return f"{seconds:.0f} s"


def amount_text(value: float) -> str:
    """14772512 -> "14.8 million"; beyond trillions, powers of ten ("1.3e+22")."""
    if value >= 1e15:
        return f"{value:.1e}"
    for unit, size in (("trillion", 1e12), ("billion", 1e9), ("million", 1e6)):
        if value >= size:
            return f"{value / size:.1f} {unit}"
    return f"{value:,.0f}"
