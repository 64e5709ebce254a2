"""How long a job will take on a route, in well under a second, before it starts: from the
rates in the backend's registry row (two measured points of a whole search on the plain
board each) and, for boards other than the plain one, Knuth's estimate of the search tree
(`textbook.estimate`) relative to the plain board's. Used by the plan for the warning
before slow work and for the progress bar's ETA.

A forecast is rough by nature (one machine, a loaded one, and a heavy-tailed estimator):
the figures are rounded, and said as "about" and "roughly". No solver imports.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .backends import Rate, backend_info
from .job_kinds import Job
from .limits import known_solutions
from .spec import Spec

__all__ = ["Forecast", "forecast", "seconds_text"]

#: Largest board whose tree the forecast estimates: each of Knuth's walks takes n^2 steps,
#: so beyond this the estimate would cost more of a time limit than the forecast is worth
#: (and `textbook.estimate` refuses n > 1000); the plain board's figure stands instead.
TREE_ESTIMATE_MAX_N = 100


@dataclass(frozen=True, slots=True)
class Forecast:
    """Expected `seconds` of a job on one route; `solutions` when known (plain boards),
    `nodes` when Knuth's estimator was asked (other boards)."""

    seconds: float
    solutions: int | None = None
    nodes: float | None = None


def _tree_ratio(spec: Spec) -> tuple[float, float]:
    """Knuth's node estimate for `spec` and its ratio to the plain board's of the same n."""
    from .textbook.estimate import estimate_nodes

    samples = max(8, min(200, 40_000 // (spec.n * spec.n)))
    mine = estimate_nodes(spec, samples, seed=1).mean
    plain = estimate_nodes(Spec(spec.n), samples, seed=1).mean
    return mine, mine / plain if plain else 1.0


def forecast(
    spec: Spec, backend: str, job: Job, options: Mapping[str, Any] | None = None,
    rate: Rate | None = None,
) -> Forecast | None:
    """Expected time of `job` ("count", "enumerate" or "find") with this backend and its
    options, at `rate` (a counting route's own: the join's) or else at the backend's
    measured rate for the job; None when nothing was measured for that route."""
    rate = rate or backend_info(backend).rate(job, options or {})
    if rate is None:
        return None
    seconds = rate.seconds(spec.n)
    if job == "find":
        return Forecast(seconds)
    solutions = known_solutions(spec)
    if solutions is not None:
        return Forecast(seconds, solutions=solutions)
    if spec.n < 6 or spec.n > TREE_ESTIMATE_MAX_N:
        return Forecast(seconds)  # tiny trees: nothing to scale; huge ones: not worth it
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
