"""The `auto` policy: for each job, the backend (and its options) that answered it fastest
here, as a table a reader can check against the measurements beside it.

A job is what is asked (`count` every solution, `enumerate` every solution one by one, or
`find` up to K), of which kind of board (`plain` queens, a `completion` with fixed or
forbidden cells, or another `variant`), at which size. The first matching row wins. Only
exhaustive backends serve `count` and `enumerate`, and a "no solution" answer: a `find`
route through a non-exhaustive strategy names an exhaustive fallback that runs when the
strategy gives up (see `api.search`). No solver imports: the table is plain data.

Each row's `why` is the one line of measurement behind it; the runs themselves are the
committed benchmark results.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import backends
from .spec import Spec

__all__ = ["JOBS", "KINDS", "ROUTES", "Route", "choose", "job_of", "kind_of"]

JOBS = ("count", "enumerate", "find")
KINDS = ("plain", "completion", "variant")
#: Above this size a local search (when registered) tries first for a constrained find.
LOCAL_SEARCH_FROM = 200
_FIRST_FAIL = {"order": "first-fail"}


@dataclass(frozen=True, slots=True)
class Route:
    """One row of the policy table.

    Attributes:
        job, kind: what it answers (see the module docstring).
        n_from, n_to: the sizes it covers, inclusive (n_to None: no upper end).
        backend, options: what runs (a registry name and its constructor options).
        label: how the text output names it ("[auto: backtrack, bitboard kernel]").
        why: the measurement behind it, one line.
        needs: a registry name that must be present for this row to apply.
        fallback: an exhaustive route's (backend, options) to run when a non-exhaustive
            backend finds nothing (its "no solution" is no proof).
        counting: the counting route a count takes here (`counting.routes.ROUTES`) when
            the plan's default for the backend is not the fastest (None: the default).
    """

    job: str
    kind: str
    n_from: int
    n_to: int | None
    backend: str
    options: dict[str, Any] = field(default_factory=dict)
    label: str = ""
    why: str = ""
    needs: str | None = None
    fallback: tuple[str, dict[str, Any]] | None = None
    counting: str | None = None

    def covers(self, job: str, kind: str, n: int) -> bool:
        return (self.job == job and self.kind == kind and n >= self.n_from
                and (self.n_to is None or n <= self.n_to))

    def describe(self) -> str:
        """The short text name: "backtrack, bitboard kernel"."""
        return f"{self.backend}, {self.label}" if self.label else self.backend

    def reason(self) -> str:
        """Why, for the JSON "route" field: the job, the kind, the choice and the figure."""
        size = f"n >= {self.n_from}" if self.n_to is None else f"n {self.n_from}..{self.n_to}"
        return f"{self.job}, {self.kind} board, {size}: {self.describe()} ({self.why})"


_FF_LABEL = "first-fail order"
#: From this size a plain count joins partial boards (`joins.py`) instead of walking one
#: board per symmetry class (`--unique` keeps the walk: the join gives totals only).
JOIN_FROM_N = 13
_ROUTES: tuple[Route, ...] = (
    # count: exhaustive only
    Route("count", "plain", JOIN_FROM_N, None, "backtrack", {}, "join of partial boards",
          "count 16, one core: 0.41 s CPU whole process, per-class walk 1.90 s (parity at 13)",
          counting="join"),
    Route("count", "plain", 1, None, "backtrack", {}, "bitboard kernel",
          "count 16 in 3.2 s on 2 cores; cpsat unfinished after 15 min"),
    Route("count", "completion", 1, None, "backtrack", {}, "bitboard kernel",
          "n = 14, 1 fixed: 0.047 s; first-fail 4.1 s, sat 8.4 s, cpsat 19 s"),
    Route("count", "variant", 1, None, "backtrack", _FIRST_FAIL, _FF_LABEL,
          "torus 13: 0.40 s; sat 0.49 s, rows order 0.71 s, cpsat > 30 s"),
    # enumerate: every solution through a callback, exhaustive only
    Route("enumerate", "plain", 1, None, "backtrack", _FIRST_FAIL, _FF_LABEL,
          "all 14,200 of n = 12 in 1.26 s; rows order 1.70 s, sat 2.13 s, cpsat 7.2 s"),
    Route("enumerate", "completion", 1, None, "backtrack", _FIRST_FAIL, _FF_LABEL,
          "n = 12, 3 forbidden (11,884): 0.55 s; rows 0.91 s, sat 2.2 s, cpsat 5.7 s"),
    Route("enumerate", "variant", 1, None, "backtrack", _FIRST_FAIL, _FF_LABEL,
          "torus-11: 0.022 s; rows order 0.095 s, sat 0.14 s, cpsat 3.3 s"),
    # find: one (or K) solutions; "no solution" must be proved
    Route("find", "plain", 1, 3, "backtrack", _FIRST_FAIL, _FF_LABEL,
          "n = 2 and 3 have no solution; only a search proves it"),
    Route("find", "plain", 4, None, "construct", {}, "explicit construction",
          "O(n): 10^4 queens in 0.15 s; cpsat 7.0 s (1.4 GB) and first-fail 0.5 s at n = 1000"),
    Route("find", "completion", LOCAL_SEARCH_FROM + 1, None, "minconflicts", {},
          "min-conflicts local search", "n = 1000, 3 fixed: 0.39 s whole process, first-fail "
          "0.65 s; if it finds none, the first-fail search decides", needs="minconflicts",
          fallback=("backtrack", _FIRST_FAIL)),
    Route("find", "completion", 1, None, "backtrack", _FIRST_FAIL, _FF_LABEL,
          "n = 200, 3 fixed: 0.03 s; sat 0.11 s, cpsat 1.35 s; n = 1000: 0.96 s"),
    Route("find", "variant", LOCAL_SEARCH_FROM + 1, None, "minconflicts", {},
          "min-conflicts local search", "torus 101: 1.4 s whole process; first-fail and "
          "cpsat > 20 s",
          needs="minconflicts", fallback=("backtrack", _FIRST_FAIL)),
    Route("find", "variant", 1, None, "backtrack", _FIRST_FAIL, _FF_LABEL,
          "superqueens-11: 0.020 s; cpsat 2.0 s"),
)
ROUTES = _ROUTES


def kind_of(spec: Spec) -> str:
    """plain, completion (fixed or forbidden cells) or variant (other attack rules)."""
    if spec.variant != "queens":
        return "variant"
    return "plain" if spec.is_plain else "completion"


def job_of(limit: int | None, wants_solutions: bool) -> str:
    """find (a limit), enumerate (every solution to a callback) or count (the number only)."""
    if limit is not None:
        return "find"
    return "enumerate" if wants_solutions else "count"


def choose(spec: Spec, job: str, limit: int | None = None, *, counting: bool = True) -> Route:
    """The first row of the table that covers the job and whose backend is registered
    (without `counting`: the first that takes no counting route of its own, e.g. where a
    count needs the fundamental solutions, which only the walk finds).

    A plain find of more than one solution is a search (construct builds exactly one).
    """
    registry = backends.REGISTRY
    if job not in JOBS:
        raise ValueError(f"unknown job {job!r}; one of {JOBS}")
    kind = kind_of(spec)
    for route in _ROUTES:
        if not route.covers(job, kind, spec.n):
            continue
        if route.needs is not None and route.needs not in registry:
            continue
        if route.counting is not None and not counting:
            continue
        if route.backend == "construct" and limit not in (None, 1):
            continue
        if job != "find" and not registry[route.backend].exhaustive:  # never: the table says so
            continue
        return route
    return Route(job, kind, 1, None, "backtrack", _FIRST_FAIL, _FF_LABEL,
                 "no faster route measured for this job")


def table_markdown() -> str:
    """The policy table as Markdown, for the docs' auto policy page, docs/explanation/auto.md
    (tests/unit/test_auto.py checks the page against it)."""
    lines = ["| job | board | n | route | measured |", "|---|---|---|---|---|"]
    for r in _ROUTES:
        size = f"{r.n_from}+" if r.n_to is None else f"{r.n_from}-{r.n_to}"
        when = f" (when `{r.needs}` is registered)" if r.needs else ""
        lines.append(f"| {r.job} | {r.kind} | {size} | {r.describe()}{when} | {r.why} |")
    return "\n".join(lines)
