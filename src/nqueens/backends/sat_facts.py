"""The sat backend's facts (`sat.py` is its search): its at-most-one encodings and the one
default, which encoding a job gets, the CNF's size and memory from formulas, the solvers
whose proofs check, its options and its registry row. No PySAT import.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from ..errors import InputError, SizeLimitError
from ..job_kinds import Job
from ..limits import BASE_BYTES, line_shapes
from ..spec import Spec
from .facts import BackendInfo, Option, Rate

#: No encoding: each at-most-one of three or more cells goes to the solver as a cardinality
#: constraint (PySAT's CNF+), which only some solvers take (NATIVE_SOLVERS).
NATIVE = "native"
#: The at-most-one encodings offered (PySAT's `pysat.card.EncType` names, and NATIVE), each
#: with the clauses of one at-most-one over k literals, as a formula: the one list of them.
_AMO_CLAUSES: dict[str, Callable[[int], int]] = {
    "pairwise": lambda k: k * (k - 1) // 2,
    "seqcounter": lambda k: 3 * k,
    "ladder": lambda k: 3 * k,
    "bitwise": lambda k: k * max(1, math.ceil(math.log2(k))),
    "totalizer": lambda k: 2 * k * max(1, math.ceil(math.log2(k))),
    "sortnetwrk": lambda k: k * max(1, math.ceil(math.log2(k))) ** 2,
    "cardnetwrk": lambda k: k * max(1, math.ceil(math.log2(k))),
    "mtotalizer": lambda k: 2 * k * max(1, math.ceil(math.log2(k))),
    "kmtotalizer": lambda k: 2 * k * max(1, math.ceil(math.log2(k))),
    NATIVE: lambda k: 1,  # one cardinality constraint, given to the solver as it is
}
ENCODINGS = tuple(_AMO_CLAUSES)
#: The encoding wherever none is named and the board allows it: no auxiliary variables (the
#: fastest to enumerate), the one a certified "no" is proved on, and the one `describe`,
#: `export` and `verify --proof` read by default.
DEFAULT_ENCODING = "pairwise"
#: Pairwise's O(n^3) clauses stay small up to this size; beyond, LARGE_ENCODING, the O(n^2)
#: encoding that enumerated fastest, and to find one solution the native constraints.
PAIRWISE_UP_TO_N = 60
LARGE_ENCODING = "seqcounter"
FIND_ONE_ENCODING = NATIVE
#: Largest CNF the sat backend is asked to build (each clause is a Python list first).
MAX_CLAUSES = 20_000_000

#: Encodings of "at most k" for any k; pairwise, bitwise and ladder take k = 1 only.
ANY_K = ("seqcounter", "totalizer", "sortnetwrk", "cardnetwrk", "mtotalizer", "kmtotalizer")
#: The encoding of a posed problem's bounds above one when the named at-most-one encoding
#: takes k = 1 only: linear in the line's cells times k, no worse than the others on the
#: bundled models.
K_ENCODING = "seqcounter"
#: The encoding of each call's bound on the queens in a posed problem's descent to an
#: optimum (`sat_posed.optimize`): a counter over every cell. A cardinality network stays
#: near the cells times log^2 of the bound in clauses (PySAT's totalizer grows with the
#: square of the cells, whatever the bound), and CaDiCaL refuted the domination boards'
#: last calls with it no slower than with the others.
BOUND_ENCODING = "cardnetwrk"


def _log2(m: int) -> int:
    return max(1, math.ceil(math.log2(max(m, 2))))


#: Clauses of PySAT's "at most k of m" (2 <= k < m) per encoding, as formulas fitted to
#: `pysat.card.CardEnc` over m = 20..4096 and k = 2..m - 2 (within a factor of three): what
#: the size refusals of posed problems read before anything is built. The totalizer is
#: PySAT's full one, whose size does not shrink with k.
_AT_MOST_K_CLAUSES: dict[str, Callable[[int, int], int]] = {
    "seqcounter": lambda m, k: 2 * k * (m - k) + m,
    "totalizer": lambda m, k: m * m // 2 + 2 * m,
    "sortnetwrk": lambda m, k: m * _log2(m) ** 2,
    "cardnetwrk": lambda m, k: m * _log2(2 * k) ** 2 + 2 * m,
    "mtotalizer": lambda m, k: 4 * m * _log2(m),
    "kmtotalizer": lambda m, k: min(m * k, 3 * m * _log2(m)) + m,
}


def at_most_clauses(m: int, k: int, encoding: str) -> int:
    """About how many clauses "at most k of these m literals" takes in `encoding` (one
    cardinality constraint for the native one), as the posed problems' CNF encodes it."""
    if k >= m:
        return 0
    if k == 0:
        return m
    if encoding == NATIVE:
        return 1
    if k == 1:
        return _AMO_CLAUSES[encoding](m)
    return _AT_MOST_K_CLAUSES[encoding if encoding in ANY_K else K_ENCODING](m, k)


def posed_clauses(spec: Spec, encoding: str) -> int:
    """About how many clauses the CNF of a posed problem takes (`sat_posed.encode_posed`:
    each line's upper bound, and its lower bound as an upper bound on the empty cells), with,
    for an objective, one call's bound on the queens and the symmetry-breaking chains
    (at most seven, about five clauses a cell each), at their largest."""
    forbidden = set(spec.forbidden)
    clauses = len(spec.fixed) + len(forbidden)
    for line in spec.lines:
        m = sum(1 for cell in line.cells if cell not in forbidden)
        clauses += at_most_clauses(m, line.hi, encoding)
        if line.lo == 1:
            clauses += 1  # one clause: some cell holds a queen
        elif line.lo > 1:
            clauses += at_most_clauses(m, m - line.lo, encoding)  # on the empty cells
    if spec.objective is not None:
        cells = spec.n * spec.n
        clauses += at_most_clauses(cells, cells - 1, BOUND_ENCODING) + 7 * 5 * cells
    return clauses

#: CaDiCaL 1.9.5: enumeration, one solve, and the proof of a "no" (it writes DRAT through
#: PySAT's `with_proof`).
DEFAULT_SOLVER = "cadical195"
#: PySAT's solvers that take cardinality constraints (the native encoding); the first is
#: its default (MiniCard: MiniSat 2.2 with native at-most-k propagation).
NATIVE_SOLVERS = ("minicard", "gluecard4", "gluecard3")
#: PySAT's solvers whose proofs (`get_proof`) replay under a checker here.
PROOF_SOLVERS = ("cadical103", "cadical153", "cadical195", "cadical300", "glucose3", "glucose4",
                 "glucose42", "gluecard3", "gluecard4", "lingeling", "maplechrono")
#: Why the others cannot certify (any solver not listed in either gives no proof through PySAT).
NO_PROOF = {
    "maplesat": "writes proofs that do not check (its variables are shifted by one)",
    "maplecm": "writes proofs without the final empty clause",
}

#: Bytes per literal occurrence of a CNF held by the SAT solver (measured here: n = 1000,
#: sequential counter, Kissat: 1.48 GB for about 26 million literal occurrences).
SAT_BYTES_PER_LITERAL = 60
#: The same for the native encoding, whose literals are the cells of every line (measured
#: here, MiniCard, whole process: n = 1000: 613 MB, n = 2000: 2.5 GB for 6 and 24 million).
NATIVE_BYTES_PER_LITERAL = 110


def check_encoding(encoding: object) -> str:
    """`encoding`, when it is one the CNF can be built with (ENCODINGS).

    Raises:
        InputError: naming the known ones.
    """
    if not isinstance(encoding, str) or encoding not in ENCODINGS:
        raise InputError(f"unknown encoding {encoding!r}; choose one of: {', '.join(ENCODINGS)}")
    return encoding


def encoding_for(spec: Spec, options: Mapping[str, Any], job: Job) -> str:
    """The encoding the sat backend compiles for this job: the one named, else pairwise up to
    PAIRWISE_UP_TO_N, beyond it the native constraints to find one solution (when they fit)
    and the linear encoding to enumerate."""
    named = options.get("encoding")
    if named is not None:
        return str(named)
    if spec.n <= PAIRWISE_UP_TO_N:
        return DEFAULT_ENCODING
    if job == "find" and estimated_clauses(spec, FIND_ONE_ENCODING) <= MAX_CLAUSES:
        return FIND_ONE_ENCODING
    return LARGE_ENCODING


def estimated_clauses(spec: Spec, encoding: str) -> int:
    """About how many clauses `encode_cnf(spec, encoding)` would emit (for the native
    encoding: clauses plus cardinality constraints)."""
    if spec.is_open:
        return posed_clauses(spec, encoding)
    amo = _AMO_CLAUSES.get(encoding, _AMO_CLAUSES[LARGE_ENCODING])
    return sum(
        count * ((1 if k == 2 else amo(k)) + exact)
        for _, k, count, exact in line_shapes(spec) if count
    )


def sat_bytes(spec: Spec, encoding: str) -> int:
    """The CNF in the solver: literal occurrences, about 2 per clause of a linear encoding
    plus one per cell per exactly-one line (native: every line's cells, plus the same)."""
    if encoding == NATIVE:
        cells = sum(k * count for _, k, count, _ in line_shapes(spec))
        return BASE_BYTES + NATIVE_BYTES_PER_LITERAL * (cells + 2 * spec.n * spec.n)
    literals = 2 * estimated_clauses(spec, encoding) + 2 * spec.n * spec.n
    return BASE_BYTES + SAT_BYTES_PER_LITERAL * literals


def _memory(spec: Spec, options: Mapping[str, Any], job: Job) -> int:
    return sat_bytes(spec, encoding_for(spec, options, job))


def _refuse_clauses(spec: Spec, options: Mapping[str, Any], job: Job) -> None:
    """A CNF too large to build is refused with the encodings that do fit."""
    encoding = encoding_for(spec, options, job)
    refuse_clauses(spec, encoding, f"use an O(n^2) encoding (--encoding {LARGE_ENCODING} or "
                   "ladder) or --backend cpsat" if encoding == DEFAULT_ENCODING
                   else "use --backend cpsat or a smaller n")


def refuse_clauses(spec: Spec, encoding: str, instead: str, what: str = "") -> int:
    """The one clause limit of a CNF built here (MAX_CLAUSES): refused, naming the estimate,
    what needs the CNF (`what`, e.g. "the sat oracle") and the way out; else its estimated
    clauses."""
    clauses = estimated_clauses(spec, encoding)
    if clauses > MAX_CLAUSES:
        cnf = f"the {encoding} CNF for n = {spec.n}"
        needs = f"{what} needs {cnf}, about" if what else f"{cnf} needs about"
        raise SizeLimitError(f"{needs} {clauses:,} clauses (limit {MAX_CLAUSES:,}); "
                             f"{instead}")
    return clauses


def proof_refusal(encoding: str, solver: str) -> str | None:
    """Why this encoding and solver cannot give a checkable proof, or None when they can: a
    DRAT proof covers clauses only (not the native encoding's cardinality constraints), and
    only some of PySAT's solvers write proofs that replay (PROOF_SOLVERS). A solver named by
    an alias is resolved through PySAT (imported then: a proof is about to be made)."""
    if encoding == NATIVE:
        return ("the native encoding hands at-most-one constraints to the solver, which no "
                f"DRAT proof covers; use a CNF encoding (the default, {DEFAULT_ENCODING})")
    if solver in PROOF_SOLVERS:  # a main name (the default): no need to ask PySAT
        return None
    key = solver_key(solver)
    if key in PROOF_SOLVERS:
        return None
    why = NO_PROOF.get(key, "gives no proof through PySAT")
    return (f"the SAT solver {solver} {why}; use {DEFAULT_SOLVER} (the default) or one of "
            f"{', '.join(PROOF_SOLVERS)}")


def solver_names() -> list[str]:
    """PySAT's solver names (PySAT is imported here: a solver is about to be named or run)."""
    from pysat.solvers import SolverNames

    return sorted(name for name in vars(SolverNames) if not name.startswith("_"))


def solver_key(name: str) -> str:
    """PySAT's main name for a solver name or alias ("mc" -> "minicard"), or the name."""
    from pysat.solvers import SolverNames

    for key in solver_names():
        if name.lower() in getattr(SolverNames, key):
            return key
    return name


def known_solver(name: str) -> bool:
    """Whether PySAT knows `name` as a solver or an alias of one."""
    from pysat.solvers import SolverNames

    return any(name.lower() in getattr(SolverNames, key) for key in solver_names())


def _proof(settings: Mapping[str, Any]) -> str | None:
    return proof_refusal(str(settings.get("encoding") or DEFAULT_ENCODING),
                         str(settings.get("solver") or DEFAULT_SOLVER))


def _routes(settings: Mapping[str, Any]) -> tuple[str, ...]:
    return ("mirror",)


ROW = BackendInfo(
    "sat", "nqueens.backends.sat", "SatBackend",
    "CNF encoding solved with PySAT (selectable at-most-one encoding)", True,
    options=(
        Option("encoding", "at-most-one encoding", choices=ENCODINGS, flag="--encoding",
               metavar="E", commands=("solve", "count"),
               default_text="by size and job; see `nqueens encodings`"),
        Option("solver", "PySAT solver name",
               default_text=f"{DEFAULT_SOLVER}, or {NATIVE_SOLVERS[0]} for the native encoding"),
    ),
    max_n=3000, memory=_memory, refuse=_refuse_clauses, counting=_routes, formalism="cnf",
    rates={("count", ""): Rate("exp", ((12, 1.0), (16, 3300.0))),
           ("enumerate", ""): Rate("exp", ((10, 0.119), (12, 2.13))),
           ("find", ""): Rate("power", ((200, 0.35), (1000, 4.7)))},
    proof=_proof,
    posed=True,
)
