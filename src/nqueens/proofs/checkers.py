"""Replaying a DRAT proof with independent checkers: dratify (its Rust engine, and its Python one
for the shorter proofs) and, where the formula and the proof are small enough, drup, a checker
extracted from a verified development; a long replay runs in a child process that a stop can
end. The proof is read as the format defines it: clauses end at 0, `d` starts a deletion.
The checkers are imported only when a proof is replayed.
"""

from __future__ import annotations

import importlib.util
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..atomicfile import write_text_atomic
from ..errors import InputError
from ..result import Deadline
from ..wording import install_hint

if TYPE_CHECKING:  # drup's thread starts with its first proof
    from concurrent.futures import ThreadPoolExecutor


#: The checker every proof goes through, and the extra that installs it.
CHECKER = "dratify"


CHECKER_EXTRA = "certify"


#: dratify's Rust engine (the same author's, tested against the Python one), from the package
#: cdclkit-native; when it is installed the Python engine still replays proofs of up to this
#: many steps, so that two implementations judge those (the bound and its measurements:
#: docs/explanation/certificates.md).
NATIVE_ENGINE = "cdclkit_native"


PYTHON_ENGINE_STEPS = 500


#: The second, verified checker: run when clauses^2 x proof steps is at most this (its unit
#: propagation scans the formula: about 4e-8 s per clause^2 and step; measured in
#: docs/explanation/certificates.md).
SECOND_CHECKER = "drup"


SECOND_CHECKER_BUDGET = 2 * 10**7


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


#: How a checker's reason starts when the file does not parse as DRAT at all (bad input,
#: not bad evidence).
_NOT_DRAT = "not a DRAT proof"


def _read_proof(proof_file: Path) -> str:
    """The proof's text; a file that is not text is refused as not a proof (binary DRAT,
    which some solvers write, is not read: a proof here is text, as `--certify` writes it).

    Raises:
        InputError: naming the file and what it is.
    """
    try:
        data = proof_file.read_bytes()
    except OSError as error:
        raise InputError(f"cannot read the proof {proof_file}: {error.strerror or error}") from None
    try:
        return data.decode("ascii")
    except UnicodeDecodeError as error:
        raise InputError(
            f"{proof_file} is not a DRAT proof in text form (byte {data[error.start]:#04x} at "
            f"offset {error.start}); nqueens reads text DRAT, as `--certify` writes it (a binary "
            "DRAT proof must be converted to text first)") from None


#: A replay expected to take at most this long runs in the caller's process even under a
#: time limit: starting the stoppable child process (a Python interpreter importing the
#: checkers) costs about 0.1 s, and a stop waits this long at most.
IN_PROCESS_SECONDS = 0.1


#: What each checker takes, measured here on the search's proofs and CaDiCaL's (seconds):
#: dratify's native engine per step (text parsing included) and per clause of the formula
#: (parsing it), its Python engine per step, drup per clause^2 x step.
_NATIVE_PER_STEP, _PER_CLAUSE, _PYTHON_PER_STEP, _DRUP_PER_CLAUSE2_STEP = 12e-6, 6e-6, 1e-4, 4.3e-8


def replay_seconds(checkers: Sequence[str], clauses: int, steps: int) -> float:
    """The seconds `checkers` are expected to take on a proof of `steps` steps against a
    formula of `clauses` clauses (from the measured rates above)."""
    per_checker = {f"{CHECKER}-native": _NATIVE_PER_STEP * steps,
                   f"{CHECKER}-python": _PYTHON_PER_STEP * steps,
                   SECOND_CHECKER: _DRUP_PER_CLAUSE2_STEP * clauses * clauses * steps}
    return sum(per_checker.get(name, 0.0) + _PER_CLAUSE * clauses for name in checkers)


def _steps(proof_text: str) -> list[str]:
    """The proof's steps, one clause each as a line ("d ..." for a deletion, each ending in
    0), however the file lays them out: DRAT text is a sequence of tokens in which a clause
    ends at 0 and `d` starts a deletion, so one line may hold several clauses (or a clause
    span lines); lines starting with "c" are comments. The count of steps decides which
    checkers run, and drup, which reads a step a line, gets these lines. A last clause
    without its 0 is kept as it stands, for the checkers to refuse."""
    steps: list[str] = []
    clause: list[str] = []
    for line in proof_text.splitlines():
        if line.startswith("c"):
            continue
        for token in line.split():
            clause.append(token)
            if token == "0":
                steps.append(" ".join(clause))
                clause = []
    if clause:
        steps.append(" ".join(clause))
    return steps


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
_CHILD = "import sys; from nqueens.proofs.checkers import replay_main; replay_main(sys.argv[1:])"


#: Seconds between looks at the deadline while the child checks.
_POLL = 0.05


def _run_checkers_stoppable(checkers: Sequence[str], formula: str, proof_file: Path,
                            deadline: Deadline) -> list[CheckerRun] | None:
    """`_run_checkers` in a child process; None if the deadline expires or is stopped first
    (the child is killed at once, from the stop's hook when a signal stops it). The child
    has a session of its own, so a Ctrl-C to the terminal's process group reaches only us."""
    import json
    import subprocess
    import sys

    if deadline.expired():
        return None
    from ..atomicfile import scratch_directory

    with scratch_directory("nqueens-check-") as folder:
        cnf_file = str(folder / "instance.cnf")
        write_text_atomic(cnf_file, formula)  # a full disk: one line, no traceback
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
    """The checker's version: its module's `__version__`, else its distribution's
    (importlib.metadata takes about 0.1 s to load and read, as much as a small replay)."""
    import sys

    module = sys.modules.get(name)
    version = getattr(module, "__version__", None)
    if isinstance(version, str):
        return version
    from importlib import metadata

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
    except ValueError as error:  # not DRAT at all, or a literal beyond any variable
        what = _NOT_DRAT if str(error).startswith("proof line") else "malformed proof"
        return CheckerRun(name, version, False, time.process_time() - started,
                          f"{what}: {error}")
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
        from concurrent.futures import ThreadPoolExecutor

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
