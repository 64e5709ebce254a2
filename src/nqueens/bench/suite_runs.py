"""Each subject of `nqueens bench --suite` on each instance, a whole process under a
per-instance time limit, and its answer read back.

A subject is `nqueens solve` with `auto` or one backend, the exported MiniZinc model under
Gecode (when the `minizinc` binary is on PATH), or, chosen by name, a solver of another
project on the toolkit's export (`bench.external`: ACE and Choco on XCSP3, CPMpy with Exact
or OR-Tools). Every "yes" is a placement checked by the shared validator; a "no" counts only
when the search finished exhaustively (our JSON's `complete: true` with no solution and exit
1, MiniZinc's `=====UNSATISFIABLE=====`, the competition's `s UNSATISFIABLE`), and is marked
certified when the subject's JSON says `"certified": true`, with the length of its proof,
the route that wrote it (the search's own, or CaDiCaL's) and the seconds its checkers took.
With an objective (queen domination), an answer is a proved optimum, certified (with its
proof's facts) when the subject's JSON says so. Answers are
cross-checked between subjects and against the published ones: any disagreement is kept in
the results and makes the command fail. No solver imports here (the measured processes
import what they use).
"""

from __future__ import annotations

import json
import re
import resource
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..atomicfile import scratch_directory
from ..errors import InputError
from ..validator import find_cell_violations, find_violations
from . import external
from .suites import Instance, Suite

#: The subjects, in table order; "minizinc" runs only where the binary is installed.
SUBJECTS = ("auto", "backtrack", "sat", "cpsat", "minizinc", "certify", "certify-sat", "ace",
            "choco", "cpmpy-exact", "cpmpy-ortools")
#: Chosen by name only: the certifying ones need the `certify` extra and replay a proof of
#: each "no"; the other projects' solvers need Java, PyCSP3 or CPMpy (the `ecosystem` extra).
_ON_REQUEST = ("certify", "certify-sat", "ace", "choco", "cpmpy-exact", "cpmpy-ortools")
#: Seconds a process may take beyond its own time limit (start-up, clean exit) before it is
#: killed.
GRACE = 5.0


@dataclass
class Run:
    """One subject on one instance."""

    instance: str
    n: int
    parameter: float
    subject: str
    seconds: float  # wall time of the whole process
    cpu: float  # user + system time of the process and its children
    status: str  # "sat", "unsat", "timeout", "error", "wrong", "disagree"
    certified: bool = False
    answer: str = ""  # "sat" / "unsat" / "" (none)
    detail: str = ""
    published: str = ""
    published_seconds: float | None = None
    elapsed: float | None = None  # the time nqueens itself reports (start-up excluded)
    proof_route: str = ""  # a certified "no": "search" (the search's own proof) or "solver"
    proof_steps: int | None = None  # its proof's lines
    check_seconds: float | None = None  # CPU seconds of its checkers, all together
    optimum: int | None = None  # with an objective: the optimum the subject proved
    published_optimum: int | None = None


@dataclass(frozen=True)
class Subject:
    label: str
    argv: Callable[[Instance, float, Path], list[str]]
    kind: str = "nqueens"  # or "minizinc", "competition" (ACE, Choco), "cpmpy"


def _nqueens(*options: str) -> Callable[[Instance, float, Path], list[str]]:
    """`nqueens solve` on the instance: its path after `--`, so that a path starting with
    `-` (an --output-dir such as -x, a folder of that name) is not taken for an option."""
    return lambda inst, limit, _work: [sys.executable, "-m", "nqueens", "solve", *options,
                                       "--format", "json", "--timeout", f"{limit:g}", "--",
                                       inst.path]


def _certified(*options: str) -> Callable[[Instance, float, Path], list[str]]:
    """--certify (with `options`), its proofs written in the run's work folder (each
    replaces the last instance's)."""
    def argv(inst: Instance, limit: float, work: Path) -> list[str]:
        return _nqueens(*options, "--certify", "--proof", str(work / "proof.drat"),
                        "--force")(inst, limit, work)
    return argv


def _minizinc(binary: str) -> Callable[[Instance, float, Path], list[str]]:
    def argv(inst: Instance, limit: float, work: Path) -> list[str]:
        model = external.exported(inst, work, "minizinc", ".mzn")
        return [binary, "--solver", "gecode", "--time-limit", str(int(limit * 1000)), str(model)]
    return argv


def _external(name: str) -> Subject:
    """A solver of another project, refused in one line when it is not installed."""
    if name in ("ace", "choco"):
        java, jar = external.java_binary(), external.jar(name)
        make = external.ace_argv if name == "ace" else external.choco_argv
        return Subject("ACE" if name == "ace" else "Choco", make(java, jar), "competition")
    solver = name.removeprefix("cpmpy-")
    external.check_cpmpy(solver)
    return Subject(f"CPMpy+{'Exact' if solver == 'exact' else 'OR-Tools'}",
                   external.cpmpy_argv(solver), "cpmpy")


def subjects(chosen: Sequence[str] | None = None) -> list[Subject]:
    """The subjects to run (all by default); MiniZinc only where its binary is installed,
    the other projects' solvers only when named.

    Raises:
        InputError: a chosen subject is unknown, or chosen but not installed.
    """
    binary = shutil.which("minizinc")
    table = {
        "auto": Subject("auto", _nqueens()),
        "backtrack": Subject("backtrack", _nqueens("--backend", "backtrack", "--order",
                                                   "first-fail")),
        "sat": Subject("sat", _nqueens("--backend", "sat")),
        "cpsat": Subject("cpsat", _nqueens("--backend", "cpsat")),
    }
    if binary is not None:
        table["minizinc"] = Subject("minizinc+gecode", _minizinc(binary), "minizinc")
    names = list(chosen) if chosen else [name for name in table if name not in _ON_REQUEST]
    table["certify"] = Subject("auto --certify", _certified())
    table["certify-sat"] = Subject("sat --certify", _certified("--backend", "sat"))
    for name in names:
        if name not in SUBJECTS:
            raise InputError(f"unknown subject {name!r}; choose from {', '.join(SUBJECTS)}")
        if name not in table and name != "minizinc":
            table[name] = _external(name)
        if name not in table:
            raise InputError("the minizinc binary is not on PATH (Debian: apt-get install "
                             "minizinc); drop minizinc from --subjects")
    return [table[name] for name in names]


# --- one run ---------------------------------------------------------------------------------

def _cpu_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_one(subject: Subject, inst: Instance, limit: float, work: Path) -> Run:
    """Run one subject on one instance as a whole process and read its answer."""
    argv = subject.argv(inst, limit, work)
    cpu0, started = _cpu_children(), time.perf_counter()
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=limit + GRACE,
                              check=False)
    except subprocess.TimeoutExpired:
        seconds, cpu = time.perf_counter() - started, _cpu_children() - cpu0
        return _run(inst, subject, seconds, cpu, "timeout", detail="killed after the limit")
    seconds, cpu = time.perf_counter() - started, _cpu_children() - cpu0
    elapsed = None
    proof: tuple[str, int, float] | None = None
    certified = False
    objective = inst.spec.objective is not None
    if subject.kind == "nqueens":
        answer, certified = _read_nqueens(done.stdout, done.returncode, done.stderr)
        elapsed = _reported_elapsed(done.stdout)
        # a "no" carries a proof, and so does an optimum (that one queen better has no model)
        proof = (_proof_facts(done.stdout)
                 if certified and (answer.status == "unsat" or objective) else None)
    elif subject.kind == "minizinc":
        answer = _read_minizinc(objective, done.stdout, done.returncode, done.stderr)
    elif subject.kind == "competition":
        answer = external.read_competition(inst.spec.n, objective, done.stdout,
                                           done.returncode, done.stderr)
    else:
        answer = external.read_cpmpy_script(objective, done.stdout, done.returncode,
                                            done.stderr)
    status, detail = answer.status, answer.detail
    if status == "sat":
        problem = _placement_problem(inst, answer)
        if problem:
            status, detail = "wrong", problem
    if seconds > limit and status in ("sat", "unsat"):
        status, detail = "timeout", f"answered after the limit ({seconds:.1f} s)"
    run = _run(inst, subject, seconds, cpu, status, certified, detail, elapsed)
    if status == "sat":
        run.optimum = answer.optimum
    if proof is not None and run.certified:
        run.proof_route, run.proof_steps, run.check_seconds = proof
    return run


def _placement_problem(inst: Instance, answer: external.Answer) -> str:
    """Why a "yes" is not one (empty when it is): no placement, one the shared validator
    refuses, or an optimum that is not its placement's number of queens."""
    if answer.cells is not None:
        violations = find_cell_violations(inst.spec, answer.cells)
    elif answer.columns is not None:
        violations = find_violations(inst.spec, answer.columns)
    else:
        return "no placement printed"
    if violations:
        return f"invalid placement: {violations[0].describe()}"
    if inst.spec.objective is None:
        return ""
    queens = len(answer.cells) if answer.cells is not None else inst.spec.n
    if answer.optimum != queens:
        return f"an optimum of {answer.optimum} with a placement of {queens} queens"
    return ""


def _proof_facts(stdout: str) -> tuple[str, int, float] | None:
    """(route, steps, checkers' seconds) of a certified "no" in our JSON, or None."""
    lines = stdout.strip().splitlines()
    try:
        certificate = json.loads(lines[-1])["certificate"]
        return (str(certificate["route"]), int(certificate["steps"]),
                round(sum(float(run["seconds"]) for run in certificate["checkers"]), 4))
    except (ValueError, KeyError, TypeError, IndexError):
        return None


def _run(inst: Instance, subject: Subject, seconds: float, cpu: float, status: str,
         certified: bool = False, detail: str = "", elapsed: float | None = None) -> Run:
    answer = status if status in ("sat", "unsat") else ""
    published = "" if inst.published is None else ("sat" if inst.published else "unsat")
    return Run(inst.name, inst.spec.n, inst.parameter, subject.label, round(seconds, 4),
               round(cpu, 4), status,
               certified and (status == "unsat" or (status == "sat"
                                                     and inst.spec.objective is not None)),
               answer, detail,
               published, inst.published_seconds, elapsed,
               published_optimum=inst.published_optimum)


def _reported_elapsed(stdout: str) -> float | None:
    """The `elapsed` seconds of our JSON: the search as the process timed it, without the
    interpreter's start-up and imports (what a solver's own published time measures)."""
    lines = stdout.strip().splitlines()
    try:
        value = json.loads(lines[-1]).get("elapsed") if lines else None
    except (ValueError, AttributeError):
        return None
    return float(value) if isinstance(value, (int, float)) else None


def _read_nqueens(stdout: str, code: int, stderr: str) -> tuple[external.Answer, bool]:
    """Our JSON (the last line): the answer, and whether the toolkit certified it. With an
    objective, a "yes" is a proved optimum (`optimum` equal to its `bound`)."""
    Answer = external.Answer
    lines = stdout.strip().splitlines()
    try:
        doc = json.loads(lines[-1]) if lines else None
    except ValueError:
        doc = None
    if not isinstance(doc, dict):
        return Answer("error", detail=(stderr.strip().splitlines() or [f"exit {code}"])[-1][:200]
                      ), False
    certified = doc.get("certified") is True
    solutions = doc.get("solutions") or []
    objective = doc.get("objective") is not None
    proved = not objective or (doc.get("optimum") is not None
                               and doc.get("optimum") == doc.get("bound"))
    if solutions and code == 0 and proved:
        first = solutions[0]
        if not isinstance(first, list):
            return Answer("sat"), certified
        if all(isinstance(cell, list) and len(cell) == 2 for cell in first):
            cells = [(cell[0], cell[1]) for cell in first]
            return Answer("sat", cells=cells, optimum=doc.get("optimum")), certified
        return Answer("sat", columns=first, optimum=doc.get("optimum")), certified
    if code == 1 and doc.get("complete") is True and doc.get("count") == 0:
        return Answer("unsat"), certified
    if code == 3 or doc.get("status") in ("timeout", "interrupted") or not proved:
        return Answer("timeout", detail=str(doc.get("status", ""))), False
    return Answer("error", detail=f"exit {code}, status {doc.get('status')!r}"), False


_COLUMNS = re.compile(r"columns = (\[[0-9, ]*\])")
_POSED = re.compile(r"^queens = (\d+):((?: \(\d+, \d+\))*)\s*$", re.M)
_CELL = re.compile(r"\((\d+), (\d+)\)")


def _read_minizinc(objective: bool, stdout: str, code: int, stderr: str) -> external.Answer:
    """MiniZinc's output: the n-queens model prints `columns = [...]`, a posed one
    `queens = K: (r, c) ...`; `==========` closes a search that finished (with an
    objective: the last solution is optimal)."""
    Answer = external.Answer
    if "=====UNSATISFIABLE=====" in stdout:
        return Answer("unsat")
    finished = "==========" in stdout
    if objective and "----------" in stdout and not finished:
        return Answer("timeout", detail="a placement, not proved optimal within the limit")
    posed = _POSED.findall(stdout)
    if posed and "----------" in stdout:
        cells = [(int(r), int(c)) for r, c in _CELL.findall(posed[-1][1])]
        return Answer("sat", cells=cells, optimum=int(posed[-1][0]) if objective else None)
    found = _COLUMNS.search(stdout)
    if found is not None and "----------" in stdout:
        return Answer("sat", columns=json.loads(found.group(1)))
    if code == 0 or "=====UNKNOWN=====" in stdout:
        return Answer("timeout", detail="no answer within the limit")
    return Answer("error", detail=(stderr.strip().splitlines() or [f"exit {code}"])[-1][:200])


# --- the set ---------------------------------------------------------------------------------

def cross_check(runs: list[Run]) -> list[str]:
    """Mark every definite answer that disagrees with another subject's or with the published
    one as "disagree"; return one line per disagreeing instance."""
    problems = []
    for name in dict.fromkeys(r.instance for r in runs):
        mine = [r for r in runs if r.instance == name]
        answers = {_said(r.answer, r.optimum) for r in mine if r.answer}
        published = _said(mine[0].published, mine[0].published_optimum)
        if len(answers) > 1 or (published and answers and answers != {published}):
            said = ", ".join(f"{r.subject}: {_said(r.answer, r.optimum)}" for r in mine
                             if r.answer)
            problems.append(f"{name}: answers disagree ({said}"
                            + (f"; published: {published})" if published else ")"))
            for r in mine:
                if r.answer:
                    r.status = "disagree"
    return problems


def _said(answer: str, optimum: int | None) -> str:
    """An answer as compared: "sat", "unsat", or "optimum K" with an objective."""
    return f"optimum {optimum}" if answer == "sat" and optimum is not None else answer


def run_suite(suite: Suite, chosen: list[Subject], limit: float,
              progress: Callable[[Run], None] | None = None) -> tuple[list[Run], bool]:
    """Every subject on every instance (instance by instance), and whether a Ctrl-C (or
    SIGTERM) stopped the set: a stop keeps the runs finished before it."""
    runs: list[Run] = []
    with scratch_directory("nqueens-hard-") as work:
        try:
            for inst in suite.instances:
                for subject in chosen:
                    run = run_one(subject, inst, limit, work)
                    runs.append(run)
                    if progress is not None:
                        progress(run)
        except KeyboardInterrupt:
            return runs, True
    return runs, False
