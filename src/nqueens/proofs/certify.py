"""How a certified job runs (`Plan.run` with `certify`): the search that answers writes its
own proof when its backend can (the backtracker's orders, `backends/proving.py`), so a "no"
or a count needs no second solve; otherwise a "no" is proved by the solver route, CaDiCaL
refuting the CNF again (`certificates.certify_no`).

Which proof a "no" gets, per instance, from what the search saw:

- the propagate order's proof: always (on the ASP blocked n = 28 and excluded-diagonals
  n = 20 sets it was shorter than CaDiCaL's on every instance, and about twice as cheap to
  check per step: docs/explanation/certificates.md);
- the rows and first-fail orders' proof, when it has at most RACE_FROM_STEPS steps; beyond
  that their trees can be far larger than a CDCL refutation (the textbook's order on an
  excluded-diagonals 20-board: about a million nodes where CaDiCaL's proof has 65,000
  steps), so CaDiCaL gets the time the search proof's replay is expected to take
  (`SECONDS_PER_STEP` a step) and its proof is used when it comes in time and is shorter.

The proof is written beside its final place while the search runs and moved there only
for an answer it proves (a "no", a finished count); a solution or a stop removes it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Protocol

from ..atomicfile import note_written
from ..result import Deadline, Outcome, SolutionSink
from ..spec import Placement
from .certificates import (
    Certificate,
    Certification,
    certify_count,
    certify_no,
    certify_search,
    certify_solutions,
)
from .scratch import keep_scratch, remove_scratch, scratch_folder, solutions_path_for

if TYPE_CHECKING:
    from ..policy import Rule
    from ..spec import Spec

__all__ = ["RACE_FROM_STEPS", "SECONDS_PER_STEP", "run_certified", "settle_scratch"]

#: A rows or first-fail proof longer than this races CaDiCaL (see the module docstring).
RACE_FROM_STEPS = 200_000
#: What dratify's native engine takes per step of a search proof, text parsing included
#: (measured on the excluded-diagonals n = 20 set: about 10 us; CaDiCaL's proofs 20 us).
SECONDS_PER_STEP = 10e-6

#: Called once the search has answered and before its proof is replayed: the answer
#: (without a certificate) and the proof file about to be replayed (None: no proof, a
#: "yes" or a stop). A command prints that answer if it must stop during the replay.
AnswerHook = Callable[[Outcome, "str | None"], None]


class CertifiedJob(Protocol):
    """What a certified run reads of its `planning.Plan`: a protocol, so that this module,
    which `Plan.run` calls, does not import planning back."""

    @property
    def spec(self) -> Spec: ...
    @property
    def job(self) -> str: ...
    @property
    def backend(self) -> str: ...
    @property
    def options(self) -> Mapping[str, Any]: ...
    @property
    def limit(self) -> int | None: ...
    @property
    def unique(self) -> bool: ...
    @property
    def rule(self) -> Rule | None: ...
    @property
    def certification(self) -> Certification | None: ...


def run_certified(plan: CertifiedJob, deadline: Deadline, on_solution: SolutionSink | None,
                  on_answer: AnswerHook | None = None) -> Outcome:
    """Run a certified plan: its search (the proving search where the backend writes one),
    the route's fallback if it has one, then the certificate of the answer."""
    how = plan.certification
    assert how is not None
    cnf_file, proof_file = how.paths()
    scratch = proof_file.parent if how.proof is None else None  # a temporary folder of ours
    try:
        outcome = _run(plan, how, cnf_file, proof_file, deadline, on_solution, on_answer)
    except BaseException:
        if scratch is not None:
            remove_scratch(scratch)
        raise
    return outcome if scratch is None else settle_scratch(outcome, scratch, deadline)


def settle_scratch(outcome: Outcome, scratch: Path, deadline: Deadline) -> Outcome:
    """Keep the temporary folder of a proof only when the certificate names its files and
    its replay was not stopped (it checked, or a checker rejected it); otherwise (a
    solution, a stop) remove it, and the certificate names no file."""
    certificate = outcome.certificate
    if certificate is not None and certificate.proof is not None \
            and Path(certificate.proof).parent == scratch \
            and (certificate.certified or not deadline.expired()):
        keep_scratch(scratch)
        return outcome
    remove_scratch(scratch)
    if certificate is None or certificate.proof is None \
            or Path(certificate.proof).parent != scratch:
        return outcome
    return replace(outcome, certificate=replace(
        certificate, reason=certificate.reason.replace(f" {certificate.proof}", ""),
        proof=None, cnf=None, solutions=None))


def _run(plan: CertifiedJob, how: Certification, cnf_file: Path, proof_file: Path,
         deadline: Deadline, on_solution: SolutionSink | None,
         on_answer: AnswerHook | None) -> Outcome:
    seen: list[Placement] = []

    def keep(placement: Placement) -> bool | None:
        seen.append(placement)
        return None if on_solution is None else on_solution(placement)

    route = plan.rule
    outcome, proved = _search(plan, plan.backend, plan.options, deadline, keep, how, proof_file)
    if route is not None and route.fallback is not None and outcome.count == 0 \
            and not deadline.expired():
        fallback, fallback_options = route.fallback
        route = route._replace(backend=fallback, options=fallback_options,
                               why=f"{route.backend} found none; {fallback} searched exhaustively")
        outcome, proved = _search(plan, fallback, fallback_options, deadline, keep, how,
                                  proof_file)
    outcome = replace(outcome, rule=route)
    if plan.job == "count":  # a certified count's answer is its list
        outcome = replace(outcome, solutions=tuple(seen))
    if on_answer is not None:
        on_answer(outcome, str(proof_file) if proved else None)
    if plan.job == "count":
        certificate = (certify_count(plan.spec, seen, cnf_file, proof_file,
                                     solutions_path_for(proof_file), _prover(outcome), deadline)
                       if proved else None)
        return replace(outcome, certificate=certificate)
    if outcome.count:
        return replace(outcome, certificate=certify_solutions(plan.spec, seen or list(outcome.solutions)))
    if not outcome.complete:
        return replace(outcome, certificate=None)
    if proved:
        certificate = _no_by_search(plan, outcome, how, cnf_file, proof_file, deadline)
    else:
        certificate = certify_no(plan.spec, replace(how, proof=str(proof_file)), deadline)
    return replace(outcome, certificate=certificate)


def _prover(outcome: Outcome) -> str:
    """What wrote a search proof: "backtrack, propagate order"."""
    return f"{outcome.backend}, {outcome.stats.get('order', 'rows')} order"


def _search(plan: CertifiedJob, backend: str, options: Any, deadline: Deadline, sink: SolutionSink,
            how: Certification, proof_file: Path) -> tuple[Outcome, bool]:
    """One search: the proving search where the backend's row says it writes one (its proof
    moved to `proof_file` when it proves the answer: a "no", or a finished count), else the
    backend's own search. Returns (outcome, whether `proof_file` now holds its proof)."""
    from ..backends import backend_info
    from ..counting.search import search_with_classes

    if not backend_info(backend).search_proof:
        return search_with_classes(plan.spec, backend, options, unique=plan.unique,
                                   limit=plan.limit, deadline=deadline, on_solution=sink), False
    try:
        with _Draft(proof_file, how.overwrite) as draft:
            outcome = search_with_classes(plan.spec, backend, options, unique=plan.unique,
                                          limit=plan.limit, deadline=deadline,
                                          on_solution=sink, proof=draft.handle)
            proves = outcome.complete and (plan.job == "count" or outcome.count == 0)
            if proves:
                draft.keep()
    except OSError as error:  # a full disk, a file-size limit: one line, no proof left
        from ..atomicfile import write_failure_reason
        from ..errors import InputError

        raise InputError(f"{proof_file}: cannot write the proof: "
                         f"{write_failure_reason(error)}") from None
    return outcome, proves


class _Draft:
    """A proof being written: a temporary file beside `path`, moved onto it by `keep()` when
    the block ends, removed otherwise."""

    def __init__(self, path: Path, overwrite: bool) -> None:
        from ..atomicfile import check_output_path

        self.path = check_output_path(path, overwrite=overwrite)
        # (a name of our own rather than tempfile's: importing tempfile costs more than the
        # proof of a small "no")
        self.temporary = str(self.path.parent / f".{self.path.name[:200]}.{os.getpid()}.tmp")
        fd = os.open(self.temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
        self.handle: BinaryIO = os.fdopen(fd, "wb")
        self.kept = False

    def keep(self) -> None:
        self.kept = True

    def __enter__(self) -> _Draft:
        return self

    def __exit__(self, *error: object) -> None:
        try:
            self.handle.close()  # (its last flush may fail on a full disk)
            if self.kept and error[0] is None:
                os.replace(self.temporary, self.path)
                note_written(self.path)
        finally:
            if os.path.exists(self.temporary):
                os.unlink(self.temporary)


def _no_by_search(plan: CertifiedJob, outcome: Outcome, how: Certification, cnf_file: Path,
                  proof_file: Path, deadline: Deadline) -> Certificate:
    """A "no" the search proved: its proof replayed, unless it comes from an order whose
    proof CaDiCaL beats (see the module docstring)."""
    steps = int(outcome.stats.get("proof_added", 0)) + int(outcome.stats.get("proof_deleted", 0))
    order = outcome.stats.get("order")
    if order != "propagate" and steps > RACE_FROM_STEPS and not deadline.expired():
        other = _solver_within(plan, how, cnf_file, proof_file,
                               steps * SECONDS_PER_STEP, steps, deadline)
        if other is not None:
            return other
    return certify_search(plan.spec, cnf_file, proof_file, _prover(outcome), deadline)


def _solver_within(plan: CertifiedJob, how: Certification, cnf_file: Path, proof_file: Path,
                   seconds: float, steps: int, deadline: Deadline) -> Certificate | None:
    """The solver route's certificate when CaDiCaL refutes the CNF within `seconds` (and
    the caller's limit) with a proof of fewer than `steps` steps that checks, its files
    moved to `cnf_file` and `proof_file` (from a temporary folder, removed). None otherwise."""
    budget = Deadline(seconds)
    if deadline.at is not None and budget.at is not None and deadline.at < budget.at:
        budget.at = deadline.at
    unhook = deadline.on_stop(budget.stop)
    folder = scratch_folder()
    try:
        other = certify_no(plan.spec, replace(how, proof=str(folder / "proof.drat")),
                           deadline, solve_by=budget, fewer_than=steps)
        if not other.certified:
            return None
        import shutil  # (a move, not a rename: --proof may be on another file system)

        shutil.move(str(other.proof), proof_file)
        shutil.move(str(other.cnf), cnf_file)
        return replace(other, proof=str(proof_file), cnf=str(cnf_file))
    finally:
        unhook()
        remove_scratch(folder)
