"""What the plan refuses before any work, whatever the job: a job that contradicts itself,
arguments of the wrong kind, options meant for a backend `auto` did not choose, a certified
answer no proof can give, a model whose build no stop interrupts and that would outlast the
time limit. Each refusal is one exception naming the problem and the fix.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..backends import DEFAULT_BACKEND, BackendInfo, backend_info, backend_names
from ..counting.registry import counters
from ..counting.route import Split
from ..errors import InputError
from ..forecast import seconds_text
from ..job_kinds import JOBS, Job
from ..policy import Rule
from ..spec import Spec

if TYPE_CHECKING:  # the certificates (tempfile, threads, the checkers' metadata) load with a
    # certified answer
    from ..proofs.certificates import Certification


__all__ = ["CERTIFIED_BYTES_PER_SOLUTION", "CNF_BUILD_SECONDS_PER_CLAUSE",
           "CPSAT_BUILD_SECONDS_PER_CELL", "check_auto_options", "check_certified_count",
           "check_job", "check_jobs", "check_limit", "check_path", "plan_certification",
           "refuse_build", "refuse_cnf", "refuse_posed", "refuse_posed_cnf", "saying"]


def refuse_posed(spec: Spec, what: str) -> None:
    """Refuse, in one line, a job that only the n-queens problem and its variants have (its
    code reads their lines as queens' lines) on a posed problem.

    Raises:
        InputError: naming the job and what serves a posed problem.
    """
    if spec.is_open:
        raise InputError(f"{what} works on the n-queens problem and its variants; "
                         f"{spec.describe()} is a posed problem: use `nqueens solve` or "
                         "`nqueens count` (solve, count in Python)")


def check_job(job: Job, unique: bool, split: Split | None, counter: str | None,
               certify: bool, proof: str | None) -> None:
    """Refuse a job that contradicts itself, whatever the board."""
    if job not in JOBS:
        raise InputError(f"unknown job {job!r}; one of {', '.join(JOBS)}")
    if unique and job == "find":
        raise InputError("unique needs every solution: the classes of symmetric solutions "
                         "are known only once all have been found; count or enumerate instead")
    if split is not None and job != "count":
        raise InputError("a split runs counts only")
    if counter is not None and (job != "count" or counter not in counters()):
        raise InputError(f"counter {counter!r} is not a counting route a count can be asked "
                         f"for; choose one of: {', '.join(counters())} (for a count)")
    if proof is not None and not certify:
        raise InputError("a proof file is written only for a certified answer; add certify "
                         "(--certify) or drop the proof file")
    if proof is not None:
        check_path("proof", proof)
    if certify and job == "count":
        if unique:
            raise InputError("a certified count lists every solution and proves there are no "
                             "others; the fundamental count is reduced by symmetry, which no "
                             "such proof covers: drop --unique (unique=) or --certify")
        if split is not None or counter is not None:
            raise InputError("a certified count is one search that writes its own proof; drop "
                             "--checkpoint, --split-depth, --executor and --counter")


#: Bytes a certified count holds per solution: the placement, its blocking clause as text
#: and as the checker reads it, and its line in the JSON list (measured here: n = 12,
#: 14,200 solutions, about 60 MB above the search's own).
CERTIFIED_BYTES_PER_SOLUTION = 4_000


def check_certified_count(spec: Spec, backend: str, jobs: int | None) -> None:
    """Refuse, before any work, a certified count no proving search can make: a backend
    whose search writes no proof, more than one process, or a board whose solution list
    would not fit in memory.

    Raises:
        InputError, SizeLimitError: naming the reason and the fix.
    """
    from ..limits import BASE_BYTES, known_solutions, memory_limit, memory_text

    if backend != DEFAULT_BACKEND and not backend_info(backend).search_proof:
        provers = [name for name in backend_names() if backend_info(name).search_proof]
        raise InputError(f"the {backend} backend's search writes no proof, so its count cannot "
                         f"be certified; certified counts come from a search that proves what "
                         f"it met: --backend {' or '.join(provers)}, or auto")
    if jobs is not None and jobs > 1:
        raise InputError("a certified count is one search that writes its own proof; drop "
                         "--jobs (or give 1)")
    known = known_solutions(spec)
    limit = memory_limit()
    if known is not None and limit is not None:
        needed = BASE_BYTES + CERTIFIED_BYTES_PER_SOLUTION * known
        if needed > limit[0]:
            from ..errors import SizeLimitError

            raise SizeLimitError(f"a certified count lists all {known:,} solutions of "
                                 f"{spec.describe()}: about {memory_text(needed)}, and "
                                 f"{limit[1]}; count without --certify, or certify a smaller n")


def plan_certification(spec: Spec, info: BackendInfo, options: Mapping[str, Any], job: Job,
                   proof: str | None, overwrite: bool, inputs: list[str]) -> Certification:
    """How the answer will be proved (`certificates.certification`): by the search's own
    proof where its backend writes one, else on the CNF of the backend that writes proofs
    (with the options given when that backend runs, else its defaults); refused when it
    cannot give a proof that checks, or when a file it would write is the model itself."""
    from ..proofs.certificates import certification
    from ..proofs.scratch import cnf_path_for, solutions_path_for

    if proof is not None:
        written = [Path(proof), cnf_path_for(Path(proof)), solutions_path_for(Path(proof))]
        for source in inputs:
            model = Path(source.rpartition("#")[0] or source)
            for path in written:
                if model.resolve() == path.resolve():
                    raise InputError(f"{path} is the model being solved; write the proof "
                                     "elsewhere (--proof FILE)")
    return certification(spec, options if info.proof is not None else {}, proof,
                              overwrite=overwrite, count=job == "count")


def check_limit(limit: int | None) -> None:
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise InputError(f"limit must be a positive integer or None, got {limit!r}")


def check_path(name: str, path: object) -> None:
    """Refuse a file argument that is not a path (a str or an os.PathLike), naming it, before
    the operating system's own TypeError would."""
    if not isinstance(path, (str, os.PathLike)) or not os.fspath(path):
        raise InputError(f"{name} must be a file's path (a str or an os.PathLike), got {path!r}")


def check_jobs(jobs: int | None) -> None:
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
        raise InputError(f"jobs must be a positive integer, or None to let the counting route "
                         f"decide (all cores where they pay), got {jobs!r}")


def check_auto_options(route: Rule, options: Mapping[str, Any]) -> None:
    """Options meant for a backend the user did not name: say so in the user's terms
    (auto's choice is not the user's), naming the backends that take each option."""
    from ..backends import backend_info, option_owners

    taken = backend_info(route.backend).option_names
    for option in options:
        if option not in taken:
            owners = option_owners(option)
            fix = (f"name one of the backends that take it: backend={owners[0]!r}"
                   + (f" (or {', '.join(map(repr, owners[1:]))})" if owners[1:] else "")
                   if owners else "no backend takes it; drop it")
            raise InputError(f"option {option!r} is not one the default route takes (auto "
                             f"chose {route.backend} for this job); {fix}")


#: Seconds per clause to build the pairwise CNF in Python, which nothing interrupts
#: (measured here: n = 100, 1.6 million clauses, 3.1 s; rounded up).
CNF_BUILD_SECONDS_PER_CLAUSE = 2.5e-6


#: Seconds per cell to build the CP-SAT grid of most queens in Python (measured here:
#: n = 300, 0.5 s; rounded up).
CPSAT_BUILD_SECONDS_PER_CELL = 6e-6


def refuse_cnf(spec: Spec, what: str, timeout: float | None, instead: str) -> None:
    """A part built on the board's pairwise CNF: refused beyond the sat backend's clause
    limit, its memory, or (the build cannot be interrupted) a time limit it would outlast."""
    from ..backends.sat_facts import refuse_clauses, sat_bytes
    from ..limits import refuse_oversized

    board = Spec(spec.n, spec.variant)
    refuse_oversized(spec, "sat", backend_info("sat").max_n or spec.n,
                     sat_bytes(board, "pairwise"), lambda: f"the {what} runs on it; {instead}")
    clauses = refuse_clauses(board, "pairwise", instead, f"the {what}")
    refuse_build(spec, what, clauses * CNF_BUILD_SECONDS_PER_CLAUSE, timeout, instead)


#: Seconds per clause to encode a posed problem's CNF in Python and PySAT's encoders and
#: load it into CaDiCaL, which nothing interrupts (measured here: n = 40 coverage lines
#: with a bound on the queens, 1.3 million clauses, 5.6 s; rounded up).
POSED_CNF_BUILD_SECONDS_PER_CLAUSE = 5e-6


def refuse_posed_cnf(spec: Spec, options: Mapping[str, Any], job: Job,
                     timeout: float | None) -> None:
    """A posed problem's CNF beyond the clause limit, or whose build would outlast the time
    limit, from the encodings' formulas (`sat_facts.posed_clauses`), before it is built: a
    bound of hundreds of queens on a large board is millions of clauses in most encodings."""
    from ..backends.sat_facts import encoding_for, refuse_clauses

    encoding = encoding_for(spec, options, job)
    instead = ("use --backend cpsat (one linear constraint a line)" if encoding == "cardnetwrk"
               else "use --encoding cardnetwrk (about m log^2 k clauses a bound of k on m "
               "cells) or --backend cpsat")
    clauses = refuse_clauses(spec, encoding, instead)
    refuse_build(spec, f"{encoding} CNF", clauses * POSED_CNF_BUILD_SECONDS_PER_CLAUSE, timeout,
                 instead)


def refuse_build(spec: Spec, what: str, seconds: float, timeout: float | None,
                  instead: str) -> None:
    """A model whose build (Python, not interruptible) would outlast the time limit."""
    from ..errors import SizeLimitError

    if timeout is not None and seconds > timeout:
        raise SizeLimitError(f"the {what} for a {spec.n}x{spec.n} board takes about "
                             f"{seconds_text(seconds)} to build, which no stop interrupts, and "
                             f"the time limit is {seconds_text(timeout)}; give a longer time "
                             f"limit, or {instead}")


def saying(text: str) -> Callable[[], str]:
    """`text`, as the way out a size refusal asks for (a function: built only if refused;
    made here, not as a lambda in a loop, which would see the loop's last value)."""
    return lambda: text
