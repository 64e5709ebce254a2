"""Certificates of a posed problem's answers (`solve --certify` on a model of any lines).

A placement is certified by the posed problems' own validator, which reads the stated
rules, never the compiled lines. A "no" carries a DRAT proof that the problem's CNF
(`backends.sat_posed.encode_posed`: the cells are variables 1..n*n, each line's bounds a
cardinality encoding) has no model. An optimum v carries both: the validator's check of a
placement of v queens, and a proof that the same problem with one queen better (at most
v - 1 queens for the fewest, at least v + 1 for the most) has no model; that problem is
itself a posed problem, with a queens bound in place of the objective, so its CNF comes from
the same encoder. Each proof is written beside its CNF and replayed by the checkers as every
other certificate is (`certificates.certify_no`). What the proof covers is that CNF; that
the CNF says what the rules say rests on the encoder's tests against an independent brute
force.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..errors import InputError, SpecError
from ..posed.validation import as_cells, find_posed_violations
from ..result import Deadline, Outcome, SolutionSink
from ..spec import Spec
from .certificates import Certificate, Certification, certify_no, check_proof
from .certify import AnswerHook, settle_scratch
from .scratch import remove_scratch

__all__ = ["certify_posed", "one_better", "posed_encoding", "run_posed_certified",
           "verify_posed_proof"]

#: A search of the plan's spec: (deadline, solution sink) -> its outcome.
Search = Callable[[Deadline, SolutionSink], Outcome]


def run_posed_certified(spec: Spec, how: Certification, search: Search, deadline: Deadline,
                        on_solution: SolutionSink | None,
                        on_answer: AnswerHook | None = None) -> Outcome:
    """Run the search, then certify its answer (`certify_posed`); a proof asked for no
    place goes to a temporary folder, kept only when the certificate names it. The answer
    certified is the first placement handed on: a posed search with an objective hands the
    optimum's placement on first (`backends.posed.search_posed`), whatever the backend."""
    seen: list[Any] = []

    def keep(placement: Any) -> bool | None:
        seen.append(placement)
        return None if on_solution is None else on_solution(placement)

    outcome = search(deadline, keep)
    if on_answer is not None:
        on_answer(outcome, None)
    proof_file = how.paths()[1]
    scratch = proof_file.parent if how.proof is None else None
    placed = how if how.proof is not None else replace(how, proof=str(proof_file))
    try:
        certificate = certify_posed(spec, outcome, seen[0] if seen else None, placed, deadline)
    except BaseException:
        if scratch is not None:
            remove_scratch(scratch)
        raise
    certified = replace(outcome, certificate=certificate)
    return certified if scratch is None else settle_scratch(certified, scratch, deadline)


def one_better(spec: Spec, value: int) -> Spec | str:
    """The problem whose every placement would beat the optimum `value`: the same lines
    and givens, no objective, and a queens bound one better than `value` within the stated
    one; or, where no such problem can be posed, why: the stated bound or the board allows
    nothing better, or the lines' totals exclude it (the spec's own checks, which refuse
    only what no placement can satisfy)."""
    lo, hi = spec.queens if spec.queens is not None else (0, None)
    if spec.objective == "fewest":
        hi = value - 1 if hi is None else min(hi, value - 1)
    else:
        lo = max(lo, value + 1)
    if lo > (spec.n * spec.n if hi is None else hi):
        return "the queens bound and the board allow no better"
    try:
        return replace(spec, objective=None, queens=(lo, hi))
    except SpecError as error:
        return f"the lines allow no better ({str(error).rsplit('; ', 1)[0]})"


def certify_posed(spec: Spec, outcome: Outcome, found: object, how: Certification,
                  deadline: Deadline | None = None) -> Certificate | None:
    """The certificate of a posed problem's answer (`found`: the placement the search
    handed on, None when it found none); None when a stop came before an answer."""
    from ..backends.sat import CompiledCnf
    from ..backends.sat_posed import encode_posed

    def refute(problem: Spec) -> Certificate:
        compiled = CompiledCnf(problem.n, how.encoding, encode_posed(problem, how.encoding))
        named = replace(how, encoding=posed_encoding(how.encoding))
        return certify_no(problem, named, deadline, compiled=compiled)

    proved = outcome.bound is not None and outcome.bound == outcome.optimum
    if spec.objective is None or outcome.optimum is None:
        if found is not None:
            return _validated(spec, found, None)
        if not outcome.complete:
            return None
        return refute(replace(spec, objective=None))
    if found is None or not proved:
        return None
    checked = _validated(spec, found, outcome.optimum)
    if not checked.certified:
        return checked
    value = outcome.optimum
    better = one_better(spec, value)
    word = "fewer" if spec.objective == "fewest" else "more"
    if isinstance(better, str):
        return replace(checked, reason=f"optimum {value}: {checked.reason}; {better}")
    proof = refute(better)
    shown = proof.reason.removeprefix("no solution: ")
    if proof.certified:
        reason = (f"optimum {value}: {checked.reason}, and no placement of {word} queens "
                  f"exists: {shown}")
    elif proof.reason.startswith("stopped"):  # a stop, not a rejection: the files stay
        reason = (f"optimum {value}: the proof that no placement of {word} queens exists was "
                  f"not replayed to the end: {proof.reason}")
    else:
        reason = (f"optimum {value}: the proof that no placement of {word} queens exists does "
                  f"not hold: {proof.reason}")
    return replace(proof, reason=reason)


def posed_encoding(encoding: str) -> str:
    """The name a posed CNF's encoding goes by: the at-most-one encoding, and the one its
    bounds above one take where that encoding takes one only (`sat_posed.K_ENCODING`)."""
    from ..backends.sat_facts import ANY_K, K_ENCODING

    return encoding if encoding in ANY_K else f"{encoding}+{K_ENCODING}"


def _validated(spec: Spec, found: object, optimum: int | None) -> Certificate:
    """A placement held to the posed problem's own validator (and to the optimum claimed)."""
    cells = as_cells(spec, found)
    broken = find_posed_violations(spec, cells, optimum=optimum)
    if broken:
        return Certificate("validator", False, f"the placement breaks a rule: "
                           f"{broken[0].describe()}")
    size = len(list(cells))
    return Certificate("validator", True, f"the validator checked a placement of {size} "
                       f"{'queen' if size == 1 else 'queens'}")


def verify_posed_proof(spec: Spec, proof: Path, encoding: str, deadline: Deadline | None,
                       optimum: int | None) -> Certificate:
    """Replay a proof of a posed problem's answer against its CNF rebuilt here: with
    `optimum`, the CNF of the problem one queen better (`one_better`), so a certified replay
    shows that no placement beats it; without, the problem's own CNF (no placement at all).

    Raises:
        InputError: an objective without the optimum the proof is about, an optimum on a
            problem without objective, or an optimum that needs no proof.
    """
    from ..backends.cnf import dimacs, unit_reduced
    from ..backends.sat_posed import encode_posed

    if spec.objective is not None and optimum is None:
        raise InputError(f"{spec.describe()} has an objective: give the optimum the proof is "
                         "about (--optimum V, optimum=V)")
    if spec.objective is None and optimum is not None:
        raise InputError(f"{spec.describe()} has no objective, so no optimum: drop --optimum "
                         "(optimum=)")
    if optimum is not None and optimum > spec.n * spec.n:
        raise InputError(f"optimum {optimum} is more queens than the {spec.n * spec.n} cells "
                         f"of the {spec.n}x{spec.n} board; give the optimum `solve --certify` "
                         "printed")
    problem: Spec | str = spec if optimum is None else one_better(spec, optimum)
    if isinstance(problem, str):
        raise InputError(f"optimum {optimum} needs no proof: {problem}")
    cnf = encode_posed(problem, encoding)
    clauses: list[list[int]] = cnf.clauses  # PySAT is untyped
    certificate = check_proof(dimacs(unit_reduced(clauses), int(cnf.nv)), proof,
                              encoding=posed_encoding(encoding), deadline=deadline,
                              total_clauses=len(clauses))
    if optimum is None or not certificate.certified:
        return certificate
    word = "fewer" if spec.objective == "fewest" else "more"
    shown = certificate.reason.removeprefix("no solution: ")
    return replace(certificate, reason=f"no placement of {word} queens than {optimum}: {shown}")
