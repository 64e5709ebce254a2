"""The backend registry: what each backend is and can do, as data, and where its code lives.

Everything the rest of the package needs to know about a backend without running it is in
its row: the options it takes and their choices (argparse reads them), its size limit and
memory estimate (the plan refuses with them), the counting routes it supports (the
counting engine takes them), the formalism `describe` shows, and the rates the forecast
uses. A backend's module is imported only when that backend runs (`get_backend`), so
`nqueens count 8 --backend backtrack` never imports OR-Tools or PySAT. Adding a backend is
one module and one row (`register`); nothing else branches on a backend's name.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..errors import InputError, SizeLimitError, UnknownBackendError
from ..limits import (
    MAX_BOARD_N,
    MAX_CLAUSES,
    construct_bytes,
    cpsat_bytes,
    estimated_clauses,
    lines_bytes,
    minconflicts_bytes,
    refuse_oversized,
    sat_bytes,
)
from ..spec import Spec
from .base import Backend

#: A memory estimate: bytes for `spec` with these constructor options, for a job
#: ("count", "enumerate" or "find").
Estimate = Callable[[Spec, Mapping[str, Any], str], int]
#: A forecast rate: how seconds grow with n ("exp": log-linear, "power": log-log) through
#: two measured (n, seconds) points of a whole search on the plain board.
Rate = tuple[str, tuple[tuple[int, float], tuple[int, float]]]

#: Counting routes a row may name (`counting.routes`): the bitboard walk (one board per
#: symmetry class of a plain board, one walk otherwise), the join of partial boards (plain
#: boards, totals only), and the mirrored first row (the left half counted twice) run by
#: the backend's own search.
COUNT_ROUTES = ("bitboard", "join", "mirror")


@dataclass(frozen=True, slots=True)
class BackendInfo:
    """One registry row.

    Attributes:
        name: what the user types (`--backend NAME`).
        module, cls: where the implementation lives (imported on first use).
        summary: one line for `--help` and the docs.
        exhaustive: True when the backend explores the whole space, so its counts and its
            "no solution" are proofs; False for strategies that only find.
        options: keyword arguments its constructor takes.
        choices: the allowed values of options that have a fixed set (argparse's choices).
        defaults: the option values that hold when none is given (what the plan and the
            forecast assume).
        max_n: the largest board it accepts (None: only memory limits it).
        memory: its memory estimate (None: negligible).
        refuse: a further refusal of its own before any work (e.g. a CNF too large).
        counts: the counting routes (COUNT_ROUTES) its counts may take.
        formalism: what `describe` shows of its compiled model: "cpsat", "cnf" or "lines".
        rates: (job, order or "") -> Rate, the forecast's measured points; (job, counting
            route) for a counting route with a rate of its own (the join).
        plain_only: it handles plain queens boards only (no variant, fixed or forbidden).
    """

    name: str
    module: str
    cls: str
    summary: str
    exhaustive: bool
    options: tuple[str, ...] = ()
    choices: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    defaults: Mapping[str, Any] = field(default_factory=dict)
    max_n: int | None = None
    memory: Estimate | None = None
    refuse: Callable[[Spec, Mapping[str, Any], str], None] | None = None
    counts: tuple[str, ...] = ()
    formalism: str = "lines"
    rates: Mapping[tuple[str, str], Rate] = field(default_factory=dict)
    plain_only: bool = False

    def counts_by(self, route: str, options: Mapping[str, Any]) -> bool:
        """Whether a pure count with these options may take counting route `route`."""
        if route not in self.counts:
            return False
        settings = {**self.defaults, **options}
        # the bitboard walk (and the join, which replaces it) is the textbook's row order;
        # another order is a search of its own
        return route not in ("bitboard", "join") or (
            settings.get("order") == "rows" and settings.get("fast", True))

    def rate(self, job: str, options: Mapping[str, Any], counting: str | None = None) -> Rate | None:
        """The forecast's points for this job with these options (on this counting route,
        when it has points of its own), if measured."""
        if counting is not None and (job, counting) in self.rates:
            return self.rates[(job, counting)]
        order = {**self.defaults, **options}.get("order", "")
        return self.rates.get((job, order))

    def check(self, spec: Spec, options: Mapping[str, Any], job: str) -> None:
        """Refuse, before anything is built, a board beyond this backend (`limits`).

        Raises:
            SizeLimitError, InputError: naming the size and what works instead.
        """
        if self.plain_only and (spec.variant != "queens" or not spec.is_plain):
            raise InputError(
                f"the {self.name} strategy handles plain queens boards only (no variant, fixed "
                "or forbidden cells); use --backend backtrack, cpsat or sat for this instance")
        needed = self.memory(spec, options, job) if self.memory is not None else None
        refuse_oversized(spec, self.name, self.max_n or MAX_BOARD_N, needed, job=job)
        if self.refuse is not None:
            self.refuse(spec, options, job)


# -- the facts of the built-in backends that are not plain values ----------------------------

#: The sat backend's at-most-one encodings (`backends.sat` maps them to PySAT's).
SAT_ENCODINGS = ("pairwise", "seqcounter", "ladder", "bitwise", "totalizer", "sortnetwrk",
                 "cardnetwrk", "mtotalizer", "kmtotalizer", "native")
#: Pairwise has no auxiliary variables (fastest for enumeration) while its O(n^3) clauses
#: stay small; beyond, the O(n^2) encoding that enumerated fastest.
SAT_PAIRWISE_UP_TO_N = 60
SAT_LARGE_ENCODING = "seqcounter"
#: One solution of a larger board: no encoding, cardinality constraints in MiniCard.
SAT_FIND_ONE_ENCODING = "native"
#: The backtracker's search orders: the textbook's, fewest-free-cells-first, and rows and
#: columns with propagation (queens boards only).
BACKTRACK_ORDERS = ("rows", "first-fail", "propagate")
#: The cpsat backend's workers when one solution is wanted (enumeration always uses one:
#: with more, CP-SAT loses or repeats solutions) and the size from which one worker's
#: short randomized runs find it.
CPSAT_FIND_ONE_WORKERS = 2
CPSAT_RESTARTS_FROM_N = 600


def sat_encoding(spec: Spec, options: Mapping[str, Any], job: str) -> str:
    """The encoding the sat backend compiles for this job: the one named, else pairwise up to
    SAT_PAIRWISE_UP_TO_N, beyond it the native constraints to find one solution (when they
    fit) and the linear encoding to enumerate."""
    named = options.get("encoding")
    if named is not None:
        return str(named)
    if spec.n <= SAT_PAIRWISE_UP_TO_N:
        return "pairwise"
    if job == "find" and estimated_clauses(spec, SAT_FIND_ONE_ENCODING) <= MAX_CLAUSES:
        return SAT_FIND_ONE_ENCODING
    return SAT_LARGE_ENCODING


def cpsat_workers(spec: Spec, options: Mapping[str, Any], job: str) -> int:
    """CP-SAT's search workers for this job (each holds a copy of the model)."""
    if job != "find" or (spec.variant == "queens" and spec.n >= CPSAT_RESTARTS_FROM_N):
        return 1
    return int(options.get("workers") or CPSAT_FIND_ONE_WORKERS)


def _sat_memory(spec: Spec, options: Mapping[str, Any], job: str) -> int:
    return sat_bytes(spec, sat_encoding(spec, options, job))


def _cpsat_memory(spec: Spec, options: Mapping[str, Any], job: str) -> int:
    return cpsat_bytes(spec, cpsat_workers(spec, options, job))


def _sat_clauses(spec: Spec, options: Mapping[str, Any], job: str) -> None:
    """A CNF too large to build is refused with the encodings that do fit."""
    encoding = sat_encoding(spec, options, job)
    clauses = estimated_clauses(spec, encoding)
    if clauses > MAX_CLAUSES:
        hint = ("use an O(n^2) encoding (--encoding seqcounter or ladder) or --backend cpsat"
                if encoding == "pairwise" else "use --backend cpsat or a smaller n")
        raise SizeLimitError(f"the {encoding} CNF for n = {spec.n} needs about {clauses:,} "
                             f"clauses (limit {MAX_CLAUSES:,}); {hint}")


def _backtrack_order(spec: Spec, options: Mapping[str, Any], job: str) -> None:
    """The propagate order knows the queens' lines only: another variant is refused."""
    if options.get("order") == "propagate" and spec.variant != "queens":
        raise InputError(f"the propagate order handles queens boards only, not "
                         f"{spec.variant!r}; use --order first-fail")


def _per_spec(estimate: Callable[[Spec], int]) -> Estimate:
    return lambda spec, options, job: estimate(spec)


_ROWS: list[BackendInfo] = [
    BackendInfo(
        "cpsat", "nqueens.backends.cpsat", "CpSatBackend",
        "OR-Tools CP-SAT model, solutions through a callback", True,
        options=("workers",), max_n=3000, memory=_cpsat_memory, counts=("mirror",),
        formalism="cpsat",
        rates={("count", ""): ("exp", ((12, 2.1), (16, 6900.0))),
               ("enumerate", ""): ("exp", ((10, 0.168), (12, 7.24))),
               ("find", ""): ("power", ((200, 1.4), (1000, 10.0)))}),
    BackendInfo(
        "sat", "nqueens.backends.sat", "SatBackend",
        "CNF encoding solved with PySAT (selectable at-most-one encoding)", True,
        options=("encoding", "solver"), choices={"encoding": SAT_ENCODINGS}, max_n=3000,
        memory=_sat_memory, refuse=_sat_clauses, counts=("mirror",), formalism="cnf",
        rates={("count", ""): ("exp", ((12, 1.0), (16, 3300.0))),
               ("enumerate", ""): ("exp", ((10, 0.119), (12, 2.13))),
               ("find", ""): ("power", ((200, 0.35), (1000, 4.7)))}),
    BackendInfo(
        "backtrack", "nqueens.backends.backtrack", "BacktrackBackend",
        "hand-written backtracker: textbook row order, or first-fail (order=)", True,
        options=("fast", "order"), choices={"order": BACKTRACK_ORDERS},
        defaults={"order": "rows", "fast": True}, max_n=3000,
        memory=_per_spec(lines_bytes), refuse=_backtrack_order, counts=("bitboard", "join"),
        rates={("count", "rows"): ("exp", ((14, 0.22), (16, 3.2))),
               ("count", "join"): ("exp", ((16, 1.27), (18, 17.5))),
               ("count", "first-fail"): ("exp", ((10, 0.062), (12, 1.26))),
               ("enumerate", "first-fail"): ("exp", ((10, 0.062), (12, 1.26))),
               ("enumerate", "rows"): ("exp", ((10, 0.070), (12, 1.70))),
               ("count", "propagate"): ("exp", ((10, 0.012), (12, 0.203))),
               ("enumerate", "propagate"): ("exp", ((10, 0.012), (12, 0.203))),
               ("find", "first-fail"): ("power", ((1000, 0.5), (2000, 3.1))),
               ("find", "rows"): ("exp", ((24, 1.9), (30, 183.0)))}),
    BackendInfo(
        "permutation", "nqueens.backends.permutation", "PermutationBackend",
        "permutations of the columns pruned by diagonal sets (the textbook's seed program)",
        True, max_n=3000, memory=_per_spec(lines_bytes)),
    BackendInfo(
        "genetic", "nqueens.backends.genetic", "GeneticBackend",
        "genetic algorithm on column arrays; finds, never proves", False,
        options=("seed", "generations", "population", "mutation_rate")),
    BackendInfo(
        "minconflicts", "nqueens.backends.minconflicts", "MinConflictsBackend",
        "min-conflicts local search for large boards with constraints; finds, never proves",
        False, options=("seed", "max_steps"), max_n=10_000_000,
        memory=_per_spec(minconflicts_bytes)),
    BackendInfo(
        "construct", "nqueens.backends.construct", "ConstructBackend",
        "explicit O(n) construction of one solution (plain boards, any n)", False,
        max_n=MAX_BOARD_N, memory=_per_spec(construct_bytes), plain_only=True,
        rates={("find", ""): ("power", ((10_000, 0.15), (1_000_000, 1.8)))}),
]

#: name -> row, in the order the CLI lists them. The keys are the --backend choices.
REGISTRY: Mapping[str, BackendInfo] = MappingProxyType({row.name: row for row in _ROWS})

#: The API's and the CLI's default: not a registry row but the policy of `policy.py`,
#: resolved per job by `api.plan` (the fastest correct route measured here).
DEFAULT_BACKEND = "auto"


def register(row: BackendInfo) -> None:
    """Add a backend (a plug-in, or a test's): its row is all the package needs.

    Raises:
        InputError: the name is taken or reserved.
    """
    global REGISTRY
    if row.name in REGISTRY or row.name == DEFAULT_BACKEND:
        raise InputError(f"a backend named {row.name!r} exists already")
    _ROWS.append(row)
    REGISTRY = MappingProxyType({r.name: r for r in _ROWS})


def unregister(name: str) -> None:
    """Remove a backend added with `register` (tests clean up with it)."""
    global REGISTRY
    _ROWS[:] = [r for r in _ROWS if r.name != name]
    REGISTRY = MappingProxyType({r.name: r for r in _ROWS})


def backend_names(exhaustive_only: bool = False) -> list[str]:
    """Registered backend names in registry order; with `exhaustive_only`, only those whose
    counts are exact (local-search and constructive strategies are left out)."""
    return [name for name, info in REGISTRY.items() if info.exhaustive or not exhaustive_only]


def backend_info(name: str) -> BackendInfo:
    """The registry row for `name`.

    Raises:
        UnknownBackendError: listing every known name.
    """
    if not isinstance(name, str) or name not in REGISTRY:
        raise UnknownBackendError(
            f"unknown backend {name!r}; choose one of: {', '.join(REGISTRY)}"
        )
    return REGISTRY[name]


def option_owners(option: str) -> list[str]:
    """The backends that take constructor option `option`."""
    return [name for name, info in REGISTRY.items() if option in info.options]


def option_choices(option: str) -> tuple[str, ...] | None:
    """The values an option may take, from the rows that list them (None: any value)."""
    found = [value for info in REGISTRY.values() for value in info.choices.get(option, ())]
    return tuple(dict.fromkeys(found)) or None


def check_options(name: str, options: Mapping[str, Any]) -> BackendInfo:
    """The row for `name`, after refusing an option it does not take or a value outside an
    option's choices.

    Raises:
        UnknownBackendError, InputError: naming the backend, the option and the fix.
    """
    info = backend_info(name)
    for option, value in options.items():
        if option not in info.options:
            raise InputError(
                f"backend {name!r} has no option {option!r}; "
                + (f"its options are: {', '.join(info.options)}" if info.options
                   else "it takes no options"))
        allowed = info.choices.get(option)
        if allowed is not None and value is not None and value not in allowed:
            raise InputError(f"unknown {option} {value!r} for backend {name!r}; choose one "
                             f"of: {', '.join(allowed)}")
    return info


def get_backend(name: str, **options: Any) -> Backend:
    """A new backend instance by registry name; `options` go to its constructor.

    Raises:
        UnknownBackendError: listing every known name.
        InputError: an option the backend does not take, or a bad value for one.
    """
    info = check_options(name, options)
    cls = getattr(importlib.import_module(info.module), info.cls)
    backend: Backend = cls(**options)
    return backend
