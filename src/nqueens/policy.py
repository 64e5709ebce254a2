"""The `auto` policy: for each job, the backend (and its options) that answered it fastest
here, as a table a reader can check against the measurements beside it.

A job is what is asked (`count` every solution, `enumerate` every solution one by one, or
`find` up to K), of which kind of board (`plain` queens, a `completion` with fixed or
forbidden cells, or another `variant`), at which size, and for a completion how tight it
is (`free_per_line`: the free cells left per open row). The first matching row wins. Only
exhaustive backends serve `count` and `enumerate`, and a "no solution" answer: a `find`
route through a non-exhaustive strategy names an exhaustive fallback that runs when the
strategy gives up (see `api.search`). No solver imports: the table is plain data.

Each row's `why` is the one line of measurement behind it; a figure that is also a point of
a forecast's rate (a backend's, `BackendInfo.rates`, or a counting route's) is read from
that point (`_measured`), so the table and the forecasts cannot disagree. The runs
themselves are the committed benchmark results.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Literal, NamedTuple, get_args

from . import backends
from .counting import join
from .counting.route import RouteName
from .job_kinds import JOBS, Job
from .spec import Spec

__all__ = ["BOARDS", "RULES", "Board", "Rule", "board_kind", "choose", "free_per_line"]

#: The kinds of board the table tells apart: plain queens, a completion (fixed or forbidden
#: cells), another variant, a posed problem (its own lines, bounds or objective).
Board = Literal["plain", "completion", "variant", "posed"]
BOARDS: tuple[Board, ...] = get_args(Board)
#: Above this size a local search (when registered) tries first for a constrained find.
LOCAL_SEARCH_FROM = 200
_FIRST_FAIL = {"order": "first-fail"}
_PROPAGATE = {"order": "propagate"}
#: A completion whose open rows keep at most this fraction of their n cells free, on
#: average, is tight: the propagate order's wipe-outs and forced queens count it faster
#: than the bitboard walk meets its dead ends.
TIGHT_FREE_FRACTION = 0.5


class Rule(NamedTuple):
    """One row of the policy table (a named tuple: cheap to create at start-up).

    Attributes:
        job, board: what it answers (see the module docstring).
        n_from, n_to: the sizes it covers, inclusive (n_to None: no upper end).
        backend, options: what runs (a registry name and its constructor options).
        label: how the text output names it ("[auto: backtrack, bitboard kernel]").
        why: the measurement behind it, one line.
        needs: a registry name that must be present for this row to apply.
        fallback: an exhaustive route's (backend, options) to run when a non-exhaustive
            backend finds nothing (its "no solution" is no proof).
        counting: the counting route a count takes here (`counting.routes.counting_routes`) when
            the plan's default for the backend is not the fastest (None: the default).
        tight: for a completion, the row applies only when `free_per_line(spec)` is at
            most this fraction of n (None: any).
    """

    job: Job
    board: Board
    n_from: int
    n_to: int | None
    backend: str
    options: Mapping[str, Any] = MappingProxyType({})
    label: str = ""
    why: str = ""
    needs: str | None = None
    fallback: tuple[str, dict[str, Any]] | None = None
    counting: RouteName | None = None
    tight: float | None = None

    def covers(self, job: Job, board: Board, n: int) -> bool:
        return (self.job == job and self.board == board and n >= self.n_from
                and (self.n_to is None or n <= self.n_to))

    def describe(self) -> str:
        """The short text name: "backtrack, bitboard kernel"."""
        return f"{self.backend}, {self.label}" if self.label else self.backend

    def board_text(self) -> str:
        """The kind of board, with the tightness it needs: "completion (at most 0.5 n
        free cells per open row)"."""
        if self.tight is None:
            return self.board
        return f"{self.board} (at most {self.tight:g} n free cells per open row)"

    def reason(self) -> str:
        """Why, for the JSON "route" field: the job, the kind, the choice and the figure."""
        size = f"n >= {self.n_from}" if self.n_to is None else f"n {self.n_from}..{self.n_to}"
        return f"{self.job}, {self.board_text()} board, {size}: {self.describe()} ({self.why})"


def _measured(backend: str, job: Job, n: int, order: str | None = None) -> str:
    """The seconds a backend's forecast rate measured at n ("1.26 s")."""
    return backends.REGISTRY[backend].measured(job, n, **({"order": order} if order else {}))


_FF_LABEL = "first-fail order"
#: The measurement behind each job's posed-problem row (median CPU of five, same session,
#: 2026-12-02): the CNF with CaDiCaL's descending calls proves an optimum where CP-SAT's
#: own objective search takes far longer, and a region puzzle costs no more.
_POSED_WHY: dict[Job, str] = {
    "count": "region puzzle 5x5 counted: 1.7 ms CPU; cpsat 2.8 ms",
    "enumerate": "region puzzle 5x5 listed: 1.7 ms CPU; cpsat 2.8 ms",
    "find": "queen domination 8x8 proved (5): 1.2 s CPU; cpsat 35 s",
}
#: From this size a plain count joins partial boards (`counting/halfboards.py`) instead of walking one
#: board per symmetry class (`--unique` keeps the walk: the join gives totals only).
JOIN_FROM_N = 13
_PROP_LABEL = "propagate order"
RULES: tuple[Rule, ...] = (
    # count: exhaustive only
    Rule("count", "plain", JOIN_FROM_N, None, "backtrack", {}, join.ROUTE.label,
         f"count 16, one core: {join.RATE.at(16)} CPU whole process, per-class walk 1.90 s "
         f"(parity at {JOIN_FROM_N})", counting=join.ROUTE.name),
    Rule("count", "plain", 1, None, "backtrack", {}, "bitboard kernel",
         f"count 16 in {_measured('backtrack', 'count', 16, 'rows')} on 2 cores; cpsat "
         "unfinished after 15 min"),
    Rule("count", "completion", 1, 1000, "backtrack", _PROPAGATE, _PROP_LABEL,
          "the 100 ASP blocked n = 28 (6.8 free per row): 1.35 s in all, bitboard kernel "
          "119 s; excluded diagonals n = 20 (12 free): kernel 2x faster",
          tight=TIGHT_FREE_FRACTION),
    Rule("count", "completion", 1, None, "backtrack", {}, "bitboard kernel",
          "n = 14, 1 fixed: 0.11 s, propagate 0.49 s (same run); first-fail 4.1 s, "
          "sat 8.4 s, cpsat 19 s"),
    Rule("count", "variant", 1, None, "backtrack", _FIRST_FAIL, _FF_LABEL,
          "torus 13: 0.40 s; sat 0.49 s, rows order 0.71 s, cpsat > 30 s"),
    # enumerate: every solution through a callback, exhaustive only
    Rule("enumerate", "plain", 1, None, "backtrack", _PROPAGATE, _PROP_LABEL,
         f"all 14,200 of n = 12 in {_measured('backtrack', 'enumerate', 12, 'propagate')}, "
         f"first-fail {_measured('backtrack', 'enumerate', 12, 'first-fail')}, rows order "
         f"{_measured('backtrack', 'enumerate', 12, 'rows')}, sat "
         f"{_measured('sat', 'enumerate', 12)}, cpsat {_measured('cpsat', 'enumerate', 12)}"),
    Rule("enumerate", "completion", 1, None, "backtrack", _PROPAGATE, _PROP_LABEL,
          "n = 14, 1 fixed (27,494): 0.51 s; first-fail 6.6 s; n = 12, 3 forbidden: 0.33 s, "
          "first-fail 2.7 s"),
    Rule("enumerate", "variant", 1, None, "backtrack", _FIRST_FAIL, _FF_LABEL,
          "torus-11: 0.022 s; rows order 0.095 s, sat 0.14 s, cpsat 3.3 s"),
    # find: one (or K) solutions; "no solution" must be proved
    Rule("find", "plain", 1, 3, "backtrack", _FIRST_FAIL, _FF_LABEL,
          "n = 2 and 3 have no solution; only a search proves it"),
    Rule("find", "plain", 4, None, "construct", {}, "explicit construction",
         f"O(n): 10^4 queens in {_measured('construct', 'find', 10_000)}; cpsat "
         f"{_measured('cpsat', 'find', 1000)} (1.4 GB) and first-fail "
         f"{_measured('backtrack', 'find', 1000, 'first-fail')} at n = 1000"),
    Rule("find", "completion", LOCAL_SEARCH_FROM + 1, None, "minconflicts", {},
          "min-conflicts local search", "n = 1000, 3 fixed: 0.39 s whole process, first-fail "
          "0.65 s; if it finds none, the propagate search decides (n = 300, a column "
          "wiped out: 0.0004 s; first-fail > 20 s)", needs="minconflicts",
          fallback=("backtrack", _PROPAGATE)),
    Rule("find", "completion", 1, None, "backtrack", _PROPAGATE, _PROP_LABEL,
          "the 100 ASP blocked n = 28: 0.41 s in all, MiniCard (sat native) 4.9 s, first-fail "
          "23 s; n = 200, 3 fixed: 0.003 s, first-fail 0.034 s"),
    Rule("find", "variant", LOCAL_SEARCH_FROM + 1, None, "minconflicts", {},
          "min-conflicts local search", "torus 101: 1.4 s whole process; first-fail and "
          "cpsat > 20 s",
          needs="minconflicts", fallback=("backtrack", _FIRST_FAIL)),
    Rule("find", "variant", 1, None, "backtrack", _FIRST_FAIL, _FF_LABEL,
          "superqueens-11: 0.020 s; cpsat 2.0 s"),
    # posed problems: any lines and bounds, an objective
    *(Rule(job, "posed", 1, None, "sat", {}, "cardinality encodings", _POSED_WHY[job])
      for job in JOBS),
)


def board_kind(spec: Spec) -> Board:
    """plain, completion (fixed or forbidden cells), variant (other attack rules) or posed
    (a problem's own lines and bounds)."""
    if spec.is_open:
        return "posed"
    if spec.variant != "queens":
        return "variant"
    return "plain" if spec.is_plain else "completion"


def choose(spec: Spec, job: Job, limit: int | None = None, *, counting: bool = True) -> Rule:
    """The first row of the table that covers the job and whose backend is registered
    (without `counting`: the first that takes no counting route of its own, e.g. where a
    count needs the fundamental solutions, which only the walk finds).

    A backend that finds at most some solutions (construct: one) serves only a find of
    that many.
    """
    if job not in JOBS:
        raise ValueError(f"unknown job {job!r}; one of {JOBS}")
    board = board_kind(spec)
    tightness: list[float] = []  # free_per_line(spec), worked out when a row asks

    def too_loose(rule: Rule) -> bool:
        if rule.tight is None:
            return False
        if not tightness:
            tightness.append(free_per_line(spec))
        return tightness[0] > rule.tight * spec.n

    for rule in RULES:
        if rule.covers(job, board, spec.n) and _serves(rule, limit, counting) \
                and not too_loose(rule):
            return rule
    return Rule(job, board, 1, None, "backtrack", _FIRST_FAIL, _FF_LABEL,
                "no faster route measured for this job")


def _serves(rule: Rule, limit: int | None, counting: bool) -> bool:
    """Whether a rule that covers the job can serve it: its backend (and the one it needs)
    is registered, it takes no counting route of its own when `counting` is off, its
    backend gives as many solutions as the limit asks (construct builds exactly one), and
    a count or an enumeration goes to an exhaustive backend (the table says so anyway)."""
    registry = backends.REGISTRY
    info = registry.get(rule.backend)
    if info is None or (rule.needs is not None and rule.needs not in registry):
        return False
    if rule.counting is not None and not counting:
        return False
    if info.finds_at_most is not None and limit is not None and limit > info.finds_at_most:
        return False
    return rule.job == "find" or info.exhaustive


def free_per_line(spec: Spec) -> float:
    """How tight a queens board is: the cells of the rows without a fixed queen that are
    neither forbidden nor attacked by a fixed queen, per such row (n on the plain board;
    0 when every row holds a fixed queen). O(n x fixed queens + forbidden cells)."""
    n = spec.n
    taken = {row for row, _ in spec.fixed}
    blocked: dict[int, set[int]] = {}
    for row, col in spec.forbidden:
        blocked.setdefault(row, set()).add(col)
    open_rows = [row for row in range(n) if row not in taken]
    if not open_rows:
        return 0.0
    free = 0
    for row in open_rows:
        cols = set(blocked.get(row, ()))
        for fixed_row, fixed_col in spec.fixed:
            d = row - fixed_row
            cols.update(c for c in (fixed_col, fixed_col + d, fixed_col - d) if 0 <= c < n)
        free += n - len(cols)
    return free / len(open_rows)


def table_markdown() -> str:
    """The policy table as Markdown, for the docs' auto policy page, docs/explanation/auto.md
    (tests/unit/test_auto.py checks the page against it)."""
    lines = ["| job | board | n | route | measured |", "|---|---|---|---|---|"]
    for r in RULES:
        size = f"{r.n_from}+" if r.n_to is None else f"{r.n_from}-{r.n_to}"
        when = f" (when `{r.needs}` is registered)" if r.needs else ""
        lines.append(f"| {r.job} | {r.board_text()} | {size} | {r.describe()}{when} | {r.why} |")
    return "\n".join(lines)
