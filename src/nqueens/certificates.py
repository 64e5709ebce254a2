"""Certificates: evidence for an answer that a skeptic can check without trusting the search.

A "yes" carries its solution, and the shared validator's check of it is the certificate. A
"no" carries a DRAT proof: the spec's CNF (the sat backend's cell encoding) is solved again by
a proof-logging solver, the CNF and the proof are written to files, and an independent
checker replays the proof from those files. The proof is about that CNF only; that the CNF
says what the spec says rests on the encoder's tests (see docs/explanation/certificates.md).

The checker is `dratify` (pure Python, in the `certify` extra); where the CNF and the proof
are small enough, `drup` (a checker extracted from a verified Why3 development, far slower)
replays it too, and the answer is certified only when every checker that ran accepts it.
Solver libraries and checkers are imported only when a certificate is made.
"""

from __future__ import annotations

import importlib.util
import os
import tempfile
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

from .atomicfile import write_text_atomic
from .backends.sat_facts import DEFAULT_ENCODING, DEFAULT_SOLVER, NATIVE
from .errors import InputError
from .result import Deadline
from .spec import Placement, Spec
from .validator import find_violations
from .wording import install_hint, plural

__all__ = ["Certificate", "Certification", "CheckerRun", "certification", "certify_no",
           "certify_solutions", "check_proof", "require_checker", "verify_proof"]

#: The checker every proof goes through, and the extra that installs it.
CHECKER = "dratify"
CHECKER_EXTRA = "certify"
#: dratify's Rust engine (the same author's, tested against the Python one), from the package
#: cdclkit-native; when it is installed the Python engine still replays proofs of up to this
#: many steps, so that two implementations judge those (the bound and its measurements:
#: docs/explanation/certificates.md).
NATIVE_ENGINE = "cdclkit_native"
PYTHON_ENGINE_STEPS = 50_000
#: The second, verified checker: run when clauses^2 x proof steps is at most this (its unit
#: propagation scans the formula; measured in docs/explanation/certificates.md).
SECOND_CHECKER = "drup"
SECOND_CHECKER_BUDGET = 10**10


@dataclass(frozen=True)
class CheckerRun:
    """One checker's verdict on one proof."""

    name: str
    version: str
    ok: bool
    seconds: float
    reason: str = ""

    def as_json(self) -> dict[str, Any]:
        return {"checker": self.name, "version": self.version, "ok": self.ok,
                "seconds": round(self.seconds, 3), **({"reason": self.reason} if self.reason else {})}


@dataclass(frozen=True)
class Certificate:
    """The evidence for one answer.

    Attributes:
        kind: "validator" (a solution checked by the shared validator) or "drat" (a proof
            that the CNF has no model, replayed by `checkers`).
        certified: whether the evidence checked.
        reason: one line: what was checked, or why it failed.
        cnf, proof: the files of a DRAT certificate (None for a solution).
        encoding, solver: how the CNF was built and refuted.
        clauses, variables, steps: the CNF's size and the proof's length.
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
    checkers: tuple[CheckerRun, ...] = field(default=())

    def as_json(self) -> dict[str, Any]:
        """The `certificate` object of the JSON output (`certified` and `proof` sit beside it)."""
        doc: dict[str, Any] = {"kind": self.kind, "certified": self.certified, "reason": self.reason}
        if self.kind == "drat":
            doc.update(cnf=self.cnf, proof=self.proof, encoding=self.encoding, solver=self.solver,
                       clauses=self.clauses, variables=self.variables, steps=self.steps,
                       checkers=[run.as_json() for run in self.checkers])
        return doc

    def text(self) -> str:
        """One line for text output."""
        if not self.certified:
            return f"not certified: {self.reason}"
        return f"certified: {self.reason}"


@dataclass(frozen=True)
class Certification:
    """What the plan decided for a certified answer: the CNF's encoding and the solver that
    refutes it, and where the proof goes (None: a new temporary directory)."""

    encoding: str = DEFAULT_ENCODING
    solver: str = ""
    proof: str | None = None

    def paths(self) -> tuple[Path, Path]:
        """(CNF file, proof file): the proof where asked, the CNF beside it."""
        if self.proof is None:
            folder = Path(tempfile.mkdtemp(prefix="nqueens-proof-"))
            return folder / "instance.cnf", folder / "proof.drat"
        proof = Path(self.proof)
        return cnf_path_for(proof), proof


def cnf_path_for(proof: Path) -> Path:
    """The CNF file written beside a proof file: its name with the suffix .cnf."""
    return proof.with_suffix(".cnf") if proof.suffix != ".cnf" else proof.with_name(proof.name + ".cnf")


def checker_available() -> bool:
    return importlib.util.find_spec(CHECKER) is not None


def require_checker() -> None:
    """Refuse, before any work, a certificate that no checker here could replay.

    Raises:
        InputError: naming the extra to install.
    """
    if not checker_available():
        raise InputError(f"certifying needs the proof checker {CHECKER}, which is not installed; "
                         f"install it with {install_hint(CHECKER_EXTRA)}")


def certification(spec: Spec, options: Mapping[str, Any], proof: str | None) -> Certification:
    """How a "no" will be proved: on the CNF of the backend that writes proofs
    (`backends.prover`), with `options` (that backend's own when it is the one that runs,
    else none: its defaults); refused up front when no checker is installed, the options
    cannot give a proof that checks (the native encoding, a solver whose proofs do not
    replay), or the CNF is too large to build.

    Raises:
        InputError, SizeLimitError: naming the problem and the fix.
    """
    from .atomicfile import check_output_path
    from .backends import prover

    require_checker()
    row = prover()
    refusal = row.proof_refusal(options)
    if refusal is not None:
        raise InputError(f"cannot certify: {refusal}")
    encoding = str(options.get("encoding") or DEFAULT_ENCODING)
    row.check(spec, {"encoding": encoding}, "find")
    if proof is not None:
        check_output_path(proof, overwrite=True)
        check_output_path(cnf_path_for(Path(proof)), overwrite=True)
    return Certification(encoding, str(options.get("solver") or DEFAULT_SOLVER), proof)


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


def certify_no(spec: Spec, how: Certification, deadline: Deadline | None = None) -> Certificate:
    """A "no": refute the spec's CNF with a proof-logging solver, write the CNF and the proof,
    and replay the proof from the files. A CNF that turns out satisfiable (the search that
    said "no" disagrees with the solver) or a proof that does not check gives an uncertified
    certificate, never an exception: the caller decides how to fail."""
    from .backends.sat import encode_cnf, refute_with_proof

    compiled = encode_cnf(spec, how.encoding)
    answer, proof = refute_with_proof(compiled, how.solver, deadline)
    clauses: list[list[int]] = compiled.cnf.clauses  # PySAT is untyped
    if answer is None or answer:
        why = ("the time limit ran out before the proof was made" if answer is None else
               f"{how.solver} found a model of the CNF, so the search that answered no solution "
               "and the CNF disagree")
        return Certificate("drat", False, why, encoding=how.encoding, solver=how.solver,
                           clauses=len(clauses), variables=int(compiled.cnf.nv))
    cnf_file, proof_file = how.paths()
    write_text_atomic(cnf_file, dimacs(clauses, int(compiled.cnf.nv)), overwrite=True)
    write_text_atomic(proof_file, "\n".join(proof) + "\n", overwrite=True)
    return check_proof(cnf_file.read_text(), proof_file, encoding=how.encoding, solver=how.solver,
                       cnf_file=str(cnf_file), deadline=deadline)


def dimacs(clauses: Sequence[Sequence[int]], variables: int) -> str:
    """The CNF as DIMACS text."""
    lines = [f"p cnf {variables} {len(clauses)}"]
    lines.extend(" ".join(map(str, clause)) + " 0" for clause in clauses)
    return "\n".join(lines) + "\n"


def verify_proof(spec: Spec, proof: str | os.PathLike[str], encoding: str = DEFAULT_ENCODING,
                 deadline: Deadline | None = None) -> Certificate:
    """Replay a proof file against the CNF rebuilt from `spec` (never a CNF shipped with the
    proof): certified when the proof shows this CNF has no model. A `deadline` with a time
    limit can stop the replay (see `check_proof`).

    Raises:
        InputError: no checker installed, an unknown encoding or an unreadable proof file.
    """
    require_checker()
    from .backends.sat import encode_cnf

    if encoding == NATIVE:
        raise InputError("the native encoding is not a CNF, so no proof covers it; use a CNF "
                         f"encoding (the default, {DEFAULT_ENCODING})")
    compiled = encode_cnf(spec, encoding)
    clauses: list[list[int]] = compiled.cnf.clauses  # PySAT is untyped
    path = Path(proof)
    if not path.is_file():
        what = ("is a directory" if path.is_dir() else "is not a regular file" if path.exists()
                else "no such file")
        raise InputError(f"cannot read the proof {path}: {what}; give the proof file "
                         "`solve --certify` wrote")
    return check_proof(dimacs(clauses, int(compiled.cnf.nv)), path, encoding=encoding,
                       deadline=deadline)


def check_proof(formula: str, proof_file: Path, *, encoding: str | None = None,
                solver: str | None = None, cnf_file: str | None = None,
                deadline: Deadline | None = None) -> Certificate:
    """Replay the proof in `proof_file` against the DIMACS text `formula` with every checker
    that fits its size; certified only when each accepts it.

    The checkers have no stop hook and a long proof takes minutes, so under a `deadline`
    with a time limit they run in a child process that the deadline's expiry or stop kills;
    the certificate then says the replay was stopped, and the files stay for a later
    `nqueens verify --proof`. Without a time limit they run here (no process to start).
    """
    require_checker()
    try:
        proof_text = proof_file.read_text()
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read the proof {proof_file}: {error}") from None
    steps = _steps(proof_text)
    header = formula.split("\n", 1)[0].split()
    variables, clauses = int(header[2]), int(header[3])
    checkers = _checkers_for(clauses, len(steps))
    names = ", ".join(checkers[:-1]) + (" and " if len(checkers) > 1 else "") + checkers[-1]
    facts: dict[str, Any] = dict(cnf=cnf_file, proof=str(proof_file), encoding=encoding,
                                 solver=solver, clauses=clauses, variables=variables,
                                 steps=len(steps))
    if deadline is None or deadline.at is None:
        runs: list[CheckerRun] | None = _run_checkers(checkers, formula, proof_text, steps)
    else:
        runs = _run_checkers_stoppable(checkers, formula, cnf_file, proof_file, deadline)
    if runs is None:
        return Certificate("drat", False, f"stopped before {names} finished replaying the "
                           f"{len(steps):,}-step proof {proof_file}; replay it later with "
                           "`nqueens verify --proof`", **facts)
    certified = all(run.ok for run in runs)
    if certified:
        reason = (f"no solution: {names} replayed a {len(steps):,}-step proof that the "
                  f"{encoding or 'given'} CNF ({clauses:,} clauses) has no model")
    else:
        reason = "; ".join(f"{run.name} rejects the proof: {run.reason}" for run in runs if not run.ok)
    return Certificate("drat", certified, reason, checkers=tuple(runs), **facts)


def _steps(proof_text: str) -> list[str]:
    return [line for line in proof_text.splitlines() if line.strip() and not line.startswith("c")]


def _checkers_for(clauses: int, steps: int) -> list[str]:
    """The checkers that replay a proof of this size (the bounds are the constants above)."""
    native = _native_engine()
    checkers = [f"{CHECKER}-native"] if native else []
    if not native or steps <= PYTHON_ENGINE_STEPS:
        checkers.append(f"{CHECKER}-python")
    if clauses * clauses * steps <= SECOND_CHECKER_BUDGET and \
            importlib.util.find_spec(SECOND_CHECKER) is not None:
        checkers.append(SECOND_CHECKER)
    return checkers


def _run_checkers(checkers: Sequence[str], formula: str, proof_text: str,
                  steps: list[str]) -> list[CheckerRun]:
    return [_drup(formula, steps) if name == SECOND_CHECKER
            else _dratify(formula, proof_text, name.removeprefix(f"{CHECKER}-"))
            for name in checkers]


#: What the child process of `_run_checkers_stoppable` runs: `replay_main`.
_CHILD = "import sys; from nqueens.certificates import replay_main; replay_main(sys.argv[1:])"
#: Seconds between looks at the deadline while the child checks.
_POLL = 0.05


def _run_checkers_stoppable(checkers: Sequence[str], formula: str, cnf_file: str | None,
                            proof_file: Path, deadline: Deadline) -> list[CheckerRun] | None:
    """`_run_checkers` in a child process; None if the deadline expires or is stopped first
    (the child is killed at once, from the stop's hook when a signal stops it). The child
    has a session of its own, so a Ctrl-C to the terminal's process group reaches only us."""
    import json
    import subprocess
    import sys

    if deadline.expired():
        return None
    with tempfile.TemporaryDirectory(prefix="nqueens-check-") as folder:
        if cnf_file is None:
            cnf_file = str(Path(folder) / "instance.cnf")
            Path(cnf_file).write_text(formula)
        with subprocess.Popen([sys.executable, "-c", _CHILD, cnf_file, str(proof_file),
                               *checkers], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, start_new_session=True) as child:
            unhook = deadline.on_stop(child.kill)
            try:
                while True:
                    try:
                        out, err = child.communicate(timeout=_POLL)
                        break
                    except subprocess.TimeoutExpired:
                        if deadline.expired():
                            return None
            finally:
                unhook()
                if child.poll() is None:
                    child.kill()  # leaving the block closes its pipes and reaps it
    if child.returncode != 0 and deadline.expired():
        return None  # killed by the stop's hook before the loop saw the stop
    if child.returncode != 0:
        last = (err.strip().splitlines() or [f"exit code {child.returncode}"])[-1]
        return [CheckerRun(name, "unknown", False, 0.0, f"the checker's process failed: {last}")
                for name in checkers]
    return [CheckerRun(**run) for run in json.loads(out)]


def replay_main(argv: Sequence[str]) -> None:
    """The child process of `_run_checkers_stoppable`: CNF file, proof file, checkers ->
    their runs as JSON on stdout."""
    import json
    from dataclasses import asdict

    cnf_file, proof_file, *checkers = argv
    proof_text = Path(proof_file).read_text()
    runs = _run_checkers(checkers, Path(cnf_file).read_text(), proof_text, _steps(proof_text))
    print(json.dumps([asdict(run) for run in runs]))


def _version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "unknown"


def _native_engine() -> bool:
    """Whether dratify's Rust engine is installed (the module `cdclkit_native`, which
    dratify takes through `register_native`)."""
    if importlib.util.find_spec(NATIVE_ENGINE) is None:
        return False
    import cdclkit_native
    import dratify

    dratify.register_native(cdclkit_native)
    return bool(dratify.native_available())


def _dratify(formula: str, proof: str, engine: str) -> CheckerRun:
    """One of dratify's two engines, named, so that which code judged the proof is known."""
    import dratify

    if engine == "native":
        _native_engine()  # registers the engine (again in a checker's child process)
    name = f"{CHECKER}-{engine}"
    version = _version(CHECKER) if engine == "python" else _version(NATIVE_ENGINE)
    started = time.process_time()
    try:
        result = dratify.check_proof(dratify.parse_dimacs(formula), proof, engine=engine)
    except ValueError as error:  # a malformed proof (a bad literal, a variable out of range)
        return CheckerRun(name, version, False, time.process_time() - started,
                          f"malformed proof: {error}")
    ok = bool(result.ok) and bool(result.reached_empty)
    reason = "" if ok else (str(result.reason) or "the empty clause is not derived")
    return CheckerRun(name, version, ok, time.process_time() - started, reason)


#: drup's checker is OCaml code whose runtime belongs to the thread that first called it (a
#: call from another thread aborts the process: "no domain lock held"), so every call goes
#: through this one thread.
_DRUP_THREAD: ThreadPoolExecutor | None = None


def _drup(formula: str, steps: list[str]) -> CheckerRun:
    global _DRUP_THREAD
    if _DRUP_THREAD is None:
        _DRUP_THREAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="nqueens-drup")
    return _DRUP_THREAD.submit(_drup_here, formula, steps).result()


def _drup_here(formula: str, steps: list[str]) -> CheckerRun:
    """drup on the clauses and the proof's additions (it checks RUP and RAT and ignores
    deletions, which only ever make a check harder, never easier)."""
    from drup import wrappers

    started = time.process_time()
    try:
        cnf = [[int(v) for v in line.split()[:-1]] for line in formula.splitlines()[1:] if line.strip()]
        added = [[int(v) for v in line.split()[:-1]] for line in steps if not line.startswith("d")]
    except ValueError as error:
        return CheckerRun(SECOND_CHECKER, _version(SECOND_CHECKER), False,
                          time.process_time() - started, f"malformed proof: {error}")
    if [] not in added:
        return CheckerRun(SECOND_CHECKER, _version(SECOND_CHECKER), False,
                          time.process_time() - started, "the empty clause is not derived")
    result = wrappers.check_proof(cnf, added)
    ok = result.outcome == wrappers.Outcome.VALID
    return CheckerRun(SECOND_CHECKER, _version(SECOND_CHECKER), ok, time.process_time() - started,
                      "" if ok else "a step is neither RUP nor RAT")
