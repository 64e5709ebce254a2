"""Certificates: evidence for an answer that a skeptic can check without trusting the search.

A "yes" carries its solution, and the shared validator's check of it is the certificate. A
"no" carries a DRAT proof that the spec's CNF (the pairwise cell encoding,
`pairwise`) has no model: the proof the backtracker's search wrote of its own tree
(route "search", `backends/proving.py`), or one a proof-logging SAT solver writes refuting
the CNF again (route "solver"). A certified count carries its solutions, each checked by the
validator and all distinct, and the search's proof that the CNF with one blocking clause per
listed solution has no model: no solution was missed. The CNF, the proof (and a count's
solution list) are written to files and an independent checker replays the proof. The proof
is about that CNF only; that the CNF says what the spec says rests on the encoder's tests
(see docs/explanation/certificates.md).

The checker is `dratify` (pure Python, in the `certify` extra); where the CNF and the proof
are small enough, `drup` (a checker extracted from a verified Why3 development, far slower)
replays it too, and the answer is certified only when every checker that ran accepts it.
Solver libraries and checkers are imported only when a certificate is made.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..atomicfile import write_text_atomic
from ..backends import cnf as pairwise
from ..backends.cnf import dimacs
from ..backends.sat_facts import DEFAULT_ENCODING, DEFAULT_SOLVER, NATIVE
from ..errors import InputError
from ..result import Deadline
from ..spec import Placement, Spec
from ..validator import find_violations
from ..wording import plural
from . import checkers as checking
from .scratch import cnf_path_for, scratch_folder, solutions_path_for

if TYPE_CHECKING:  # PySAT loads with the first CNF
    from ..backends.sat import CompiledCnf

__all__ = ["Certificate", "Certification", "blocking_clauses", "certification", "certify_count",
           "certify_no", "certify_search", "certify_solutions", "check_proof", "verify_proof"]


@dataclass(frozen=True)
class Certificate:
    """The evidence for one answer.

    Attributes:
        kind: "validator" (a solution checked by the shared validator) or "drat" (a proof
            that the CNF has no model, replayed by `checkers`).
        certified: whether the evidence checked.
        reason: one line: what was checked, or why it failed.
        cnf, proof: the files of a DRAT certificate (None for a solution).
        encoding, solver: how the CNF was built, and what wrote the proof (the SAT solver,
            or the search: "backtrack, propagate order").
        route: "search" (the proof the answering search wrote of its own tree) or "solver"
            (the CNF refuted again by `solver`); "" for a solution.
        clauses, variables, steps: the CNF's size and the proof's length.
        checked: the clauses the checkers were given and the CNF file holds: those of the
            CNF that its unit clauses do not satisfy (`pairwise.unit_reduced`).
        solutions, blocked: a certified count's solution list (a file) and the blocking
            clauses the CNF was given, one per listed solution.
    """

    kind: str
    certified: bool
    reason: str
    cnf: str | None = None
    proof: str | None = None
    encoding: str | None = None
    solver: str | None = None
    clauses: int = 0
    variables: int = 0
    steps: int = 0
    checkers: tuple[checking.CheckerRun, ...] = field(default=())
    route: str = ""
    solutions: str | None = None
    blocked: int = 0
    checked: int = 0

    def as_json(self) -> dict[str, Any]:
        """The `certificate` object of the JSON output (`certified` and `proof` sit beside it)."""
        doc: dict[str, Any] = {"kind": self.kind, "certified": self.certified, "reason": self.reason}
        if self.kind == "drat":
            doc.update(route=self.route, cnf=self.cnf, proof=self.proof, encoding=self.encoding,
                       solver=self.solver, clauses=self.clauses, checked=self.checked,
                       variables=self.variables, steps=self.steps,
                       checkers=[run.as_json() for run in self.checkers])
            if self.solutions is not None:
                doc.update(solutions=self.solutions, blocked=self.blocked)
        return doc

    def text(self) -> str:
        """One line for text output."""
        if not self.certified:
            return f"not certified: {self.reason}"
        return f"certified: {self.reason}"


@dataclass(frozen=True)
class Certification:
    """What the plan decided for a certified answer: the CNF's encoding and the solver that
    refutes it where the search writes no proof of its own, where the proof goes (None: a
    new temporary directory) and whether files there may be replaced."""

    encoding: str = DEFAULT_ENCODING
    solver: str = ""
    proof: str | None = None
    overwrite: bool = False

    def paths(self) -> tuple[Path, Path]:
        """(CNF file, proof file): the proof where asked, the CNF beside it; a new
        temporary folder for each call when no place was asked for."""
        if self.proof is None:
            folder = scratch_folder()
            return folder / "instance.cnf", folder / "proof.drat"
        proof = Path(self.proof)
        return cnf_path_for(proof), proof


def certification(spec: Spec, options: Mapping[str, Any], proof: str | None, *,
                  overwrite: bool = False, count: bool = False) -> Certification:
    """How a "no" will be proved where the search writes no proof of its own: on the CNF of
    the backend that writes proofs (`backends.prover`), with `options` (that backend's own
    when it is the one that runs, else none: its defaults); refused up front when no
    checker is installed, the options cannot give a proof that checks (the native encoding,
    a solver whose proofs do not replay), the CNF is too large to build, or a file the
    proof would write exists (without `overwrite`) or cannot be written: the proof, the CNF
    beside it, and for a `count` its solution list.

    Raises:
        InputError, SizeLimitError: naming the problem and the fix.
    """
    from ..atomicfile import check_output_path
    from ..backends import check, prover

    checking.require_checker()
    row = prover()
    refusal = row.proof_refusal(options)
    if refusal is not None:
        raise InputError(f"cannot certify: {refusal}")
    encoding = str(options.get("encoding") or DEFAULT_ENCODING)
    check(row, spec, {"encoding": encoding}, "find")
    if proof is not None:
        files = [Path(proof), cnf_path_for(Path(proof))]
        if count:
            files.append(solutions_path_for(Path(proof)))
        for path in files:
            check_output_path(path, overwrite=overwrite)
    return Certification(encoding, str(options.get("solver") or DEFAULT_SOLVER), proof,
                         overwrite)


def certify_solutions(spec: Spec, placements: Sequence[Placement]) -> Certificate:
    """A "yes": every solution found, checked by the shared validator."""
    for placement in placements:
        broken = find_violations(spec, placement)
        if broken:
            return Certificate("validator", False, f"solution {list(placement)} breaks a rule: "
                               f"{broken[0].describe()}")
    return Certificate("validator", bool(placements),
                       f"the validator checked {len(placements)} "
                       f"{plural(len(placements), 'solution')}" if placements
                       else "no solution to check")


def certify_no(spec: Spec, how: Certification, deadline: Deadline | None = None, *,
               solve_by: Deadline | None = None, fewer_than: int | None = None,
               compiled: CompiledCnf | None = None) -> Certificate:
    """A "no" by the solver route: refute the spec's CNF (`compiled`, else the spec's
    `encode_cnf`) with a proof-logging solver (by `solve_by` if given, else `deadline`),
    write the CNF and the proof, and replay the proof (unless it has at least `fewer_than`
    steps: then it is not kept). A CNF that turns out satisfiable (the search that said "no"
    disagrees with the solver) or a proof that does not check gives an uncertified
    certificate, never an exception: the caller decides how to fail."""
    from ..backends.sat import encode_cnf, refute_with_proof

    if compiled is None:
        compiled = encode_cnf(spec, how.encoding)
    answer, proof = refute_with_proof(compiled, how.solver, solve_by or deadline)
    clauses: list[list[int]] = compiled.cnf.clauses  # PySAT is untyped
    variables = int(compiled.cnf.nv)
    if answer is None or answer:
        why = (f"stopped before {how.solver} had made the proof" if answer is None else
               f"{how.solver} found a model of the CNF, so the search that answered no solution "
               "and the CNF disagree")
        return Certificate("drat", False, why, encoding=how.encoding, solver=how.solver,
                           clauses=len(clauses), variables=variables, route="solver")
    if fewer_than is not None and len(proof) >= fewer_than:
        return Certificate("drat", False, f"{how.solver}'s proof has {len(proof):,} steps, "
                           f"not fewer than {fewer_than:,}", encoding=how.encoding,
                           solver=how.solver, route="solver")
    cnf_file, proof_file = how.paths()
    write_text_atomic(proof_file, "\n".join(proof) + "\n", overwrite=True)
    del proof
    return _replay(pairwise.unit_reduced(clauses), variables, len(clauses), cnf_file,
                   proof_file, deadline, encoding=how.encoding, solver=how.solver,
                   route="solver")


def blocking_clauses(n: int, placements: Sequence[Placement]) -> list[list[int]]:
    """One clause per solution that no model but that solution violates: not all of its
    queens (the pairwise CNF's cell variables)."""
    return [[-pairwise.cell_var(n, r, c) for r, c in enumerate(p)] for p in placements]


def certify_search(spec: Spec, cnf_file: Path, proof_file: Path, search: str,
                   deadline: Deadline | None = None) -> Certificate:
    """A "no" by the search route: the proof the search wrote of its own tree (already in
    `proof_file`) replayed against the pairwise CNF (`cnf_file`: see `_replay`). `search`
    names what wrote it ("backtrack, propagate order")."""
    return _replay(pairwise.reduced(spec), spec.n * spec.n, _pairwise_size(spec), cnf_file,
                   proof_file, deadline, encoding=DEFAULT_ENCODING, solver=search,
                   route="search")


def certify_count(spec: Spec, placements: Sequence[Placement], cnf_file: Path,
                  proof_file: Path, solutions_file: Path, search: str,
                  deadline: Deadline | None = None) -> Certificate:
    """A count: every listed solution checked by the validator and all distinct, then the
    search's proof (in `proof_file`) replayed against the pairwise CNF with one blocking
    clause per listed solution, which shows that no other solution exists. The list goes to
    `solutions_file` ({"solutions": [columns, ...]}, as `solve --all --format json` writes
    it) and the CNF to `cnf_file`."""
    import json

    listed = _check_listed(spec, placements)
    if listed is not None:
        return listed
    write_text_atomic(solutions_file, json.dumps({"n": spec.n, "solutions": [
        list(p) for p in placements]}) + "\n", overwrite=True)
    blocking = blocking_clauses(spec.n, placements)
    checked: list[list[int]] = pairwise.reduced(spec) + blocking
    certificate = _replay(checked, spec.n * spec.n,
                          _pairwise_size(spec) + len(blocking), cnf_file, proof_file, deadline,
                          encoding=DEFAULT_ENCODING, solver=search, route="search",
                          count=len(blocking))
    return replace(certificate, solutions=str(solutions_file), blocked=len(blocking))


def _pairwise_size(spec: Spec) -> int:
    """The number of clauses of the pairwise CNF, from the lines' sizes."""
    return sum(line.exact + len(line.cells) * (len(line.cells) - 1) // 2 for line in spec.lines) \
        + len(spec.fixed) + len(spec.forbidden)


def _replay(checked: Sequence[Sequence[int]], variables: int, clauses: int, cnf_file: Path,
            proof_file: Path, deadline: Deadline | None, **facts: Any) -> Certificate:
    """Write the clauses the checkers get (`checked`: those of the CNF of `clauses` clauses
    that its unit clauses do not satisfy) to `cnf_file`, and replay `proof_file` against
    them (see `check_proof`). A refutation of them refutes the whole CNF, since they are a
    subset of it, and a checker's verdict is the same on both (`pairwise.unit_reduced`)."""
    formula = dimacs(checked, variables)
    write_text_atomic(cnf_file, f"c the {facts.get('encoding') or 'given'} CNF's {clauses:,} "
                      "clauses without those its unit clauses satisfy (a subset: a refutation "
                      "of it refutes the whole CNF)\n" + formula, overwrite=True)
    return check_proof(formula, proof_file, cnf_file=str(cnf_file), deadline=deadline,
                       total_clauses=clauses, **facts)


def _check_listed(spec: Spec, placements: Sequence[Placement]) -> Certificate | None:
    """An uncertified certificate when a listed solution breaks a rule or is listed twice."""
    seen: set[tuple[int, ...]] = set()
    for placement in placements:
        broken = find_violations(spec, placement)
        if broken:
            return Certificate("drat", False, f"the listed solution {list(placement)} breaks a "
                               f"rule: {broken[0].describe()}", route="search")
        key = tuple(placement)
        if key in seen:
            return Certificate("drat", False, f"the solution {list(placement)} is listed twice",
                               route="search")
        seen.add(key)
    return None


def verify_proof(spec: Spec, proof: str | os.PathLike[str], encoding: str = DEFAULT_ENCODING,
                 deadline: Deadline | None = None,
                 solutions: Sequence[Placement] | None = None) -> Certificate:
    """Replay a proof file against the CNF rebuilt from `spec` (never a CNF shipped with the
    proof): certified when the proof shows this CNF has no model. With `solutions` (a
    certified count's list), each is checked by the validator, none may repeat, and the
    CNF gets one blocking clause per solution: certified when the proof shows that no
    solution but those exists. A `deadline` with a time limit can stop the replay (see
    `check_proof`).

    Raises:
        InputError: no checker installed, an unknown encoding, an unreadable proof file, or
            a file that is not a DRAT proof in text form.
    """
    checking.require_checker()
    if encoding == NATIVE:
        raise InputError("the native encoding is not a CNF, so no proof covers it; use a CNF "
                         f"encoding (the default, {DEFAULT_ENCODING})")
    path = proof_file(proof)
    if solutions is not None:
        listed = _check_listed(spec, solutions)
        if listed is not None:
            return listed
    blocking = blocking_clauses(spec.n, solutions or ())
    checked: Sequence[Sequence[int]]
    if encoding == DEFAULT_ENCODING:
        checked, variables = pairwise.reduced(spec) + blocking, spec.n * spec.n
        clauses = _pairwise_size(spec) + len(blocking)
    else:
        from ..backends.sat import encode_cnf

        compiled = encode_cnf(spec, encoding)
        checked = pairwise.unit_reduced(compiled.cnf.clauses + blocking)
        variables, clauses = int(compiled.cnf.nv), len(compiled.cnf.clauses) + len(blocking)
    certificate = check_proof(dimacs(checked, variables), path, encoding=encoding,
                              deadline=deadline, total_clauses=clauses,
                              count=None if solutions is None else len(solutions))
    return certificate if solutions is None else replace(certificate, blocked=len(solutions))


def proof_file(proof: str | os.PathLike[str]) -> Path:
    """The proof's path, refused when it names no regular file.

    Raises:
        InputError: naming what the path is instead.
    """
    path = Path(proof)
    if not path.is_file():
        what = ("is a directory" if path.is_dir() else "is not a regular file" if path.exists()
                else "no such file")
        raise InputError(f"cannot read the proof {path}: {what}; give the proof file "
                         "`solve --certify` wrote")
    return path


def check_proof(formula: str, proof_file: Path, *, encoding: str | None = None,
                solver: str | None = None, cnf_file: str | None = None,
                deadline: Deadline | None = None, route: str = "",
                total_clauses: int | None = None, count: int | None = None) -> Certificate:
    """Replay the proof in `proof_file` against the DIMACS text `formula` with every checker
    that fits its size; certified only when each accepts it. `formula` may be a subset of
    the CNF (`pairwise.unit_reduced`): a refutation of a subset refutes the whole CNF, of
    `total_clauses` clauses; `count`: the solutions a count's CNF blocks (the reason says
    what was shown).

    The checkers have no stop hook and a long proof takes minutes, so under a `deadline`
    with a time limit they run in a child process that the deadline's expiry or stop kills;
    the certificate then says the replay was stopped, and the files stay for a later
    `nqueens verify --proof`. Without a time limit, or for a replay expected to take at
    most `checkers.IN_PROCESS_SECONDS` (less than starting that process), they run here.

    Raises:
        InputError: the proof cannot be read, or is not a DRAT proof in text form.
    """
    checking.require_checker()
    proof_text = checking._read_proof(proof_file)
    steps = checking._steps(proof_text)
    header = formula.split("\n", 1)[0].split()
    variables, checked = int(header[2]), int(header[3])
    clauses = checked if total_clauses is None else total_clauses
    checkers = checking._checkers_for(checked, len(steps))
    names = ", ".join(checkers[:-1]) + (" and " if len(checkers) > 1 else "") + checkers[-1]
    facts: dict[str, Any] = dict(cnf=cnf_file, proof=str(proof_file), encoding=encoding,
                                 solver=solver, clauses=clauses, variables=variables,
                                 steps=len(steps), route=route, checked=checked)
    if deadline is None or deadline.at is None or \
            checking.replay_seconds(checkers, checked, len(steps)) <= checking.IN_PROCESS_SECONDS:
        runs: list[checking.CheckerRun] | None = checking._run_checkers(checkers, formula, proof_text, steps)
    else:
        runs = checking._run_checkers_stoppable(checkers, formula, proof_file, deadline)
    if runs is None:
        return Certificate("drat", False, f"stopped before {names} finished replaying the "
                           f"{len(steps):,}-step proof {proof_file}", **facts)
    malformed = next((run.reason for run in runs if run.reason.startswith(checking._NOT_DRAT)), None)
    if malformed is not None:
        raise InputError(f"{proof_file} is {malformed}; give the proof file `--certify` wrote")
    certified = all(run.ok for run in runs)
    cnf = f"{encoding or 'given'} CNF ({clauses - (count or 0):,} clauses)"
    if count:
        cnf += f" with the blocking clauses of its {count:,} listed {plural(count, 'solution')}"
    by = {"search": f" written by the search ({solver})", "solver": f" written by {solver}"}
    if certified:
        shows = "no other solution exists" if count else "no solution"
        reason = (f"{shows}: {names} replayed a {len(steps):,}-step proof{by.get(route, '')} "
                  f"that the {cnf} has no model")
    else:
        reason = "; ".join(f"{run.name} rejects the proof: {run.reason}" for run in runs if not run.ok)
    return Certificate("drat", certified, reason, checkers=tuple(runs), **facts)


