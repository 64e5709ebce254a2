"""`nqueens bench --suite completion|blocked|diagonals|asp`: every subject on every instance of
a hard set, each run a whole process under a per-instance time limit.

A subject is `nqueens solve` with `auto` or one backend, or (when the `minizinc` binary is on
PATH) the exported MiniZinc model under Gecode. Every "yes" is a placement checked by the
shared validator; a "no" counts only when the search finished exhaustively (our JSON's
`complete: true` with no solution and exit 1, MiniZinc's `=====UNSATISFIABLE=====`), and is
marked certified when the subject's JSON says `"certified": true`, with the length of its
proof, the route that wrote it (the search's own, or CaDiCaL's) and the seconds its checkers
took: `certify` (auto, the search proving its own "no" where it can) beside `certify-sat`
(the sat backend, whose "no" CaDiCaL proves) on the same instances. Answers are cross-checked
between subjects and, for the ASP set, against Lingeling's published answers: any
disagreement is kept in the results and makes the command fail.

The constrainedness parameter (the plot's x axis) is the family's: n for completion (at a
fixed delta = n - m), blocked squares for blocked and ASP, excluded diagonals for diagonals.
No solver imports here (the measured processes import what they use).
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import platform
import re
import resource
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from ..atomicfile import ensure_directory, scratch_directory, write_all_atomic, write_text_atomic
from ..errors import InputError
from ..modeling import generators
from ..modeling.export import minizinc_text
from ..modeling.formats import read_instance, split_take
from ..spec import Spec
from ..validator import find_violations

SUITES = ("completion", "blocked", "diagonals", "asp")
#: The subjects, in table order; "minizinc" runs only where the binary is installed.
SUBJECTS = ("auto", "backtrack", "sat", "cpsat", "minizinc", "certify", "certify-sat")
#: Chosen by name only: they need the `certify` extra and replay a proof of each "no".
_ON_REQUEST = ("certify", "certify-sat")
#: What each suite's parameter is, for tables and the plot's x axis.
PARAMETER = {"completion": "n (delta fixed)", "blocked": "blocked squares",
             "asp": "blocked squares", "diagonals": "excluded diagonals"}
#: Seconds a process may take beyond its own time limit (start-up, clean exit) before it is
#: killed.
GRACE = 5.0
#: Published answers of a set: a file of this name in the set's directory (n, id, answer,
#: seconds per line), as deposited with the ASP-competition instances.
PUBLISHED_FILE = "lingeling-results.tsv"
_SKIP = re.compile(r"^(\.|README)|\.(md|tsv|csv|json|png|txt~)$", re.IGNORECASE)


@dataclass(frozen=True)
class Instance:
    """One instance of a set: where it is (`path`, maybe `FILE#D`), its spec, its
    parameter, and the published answer and time when known."""

    name: str
    path: str
    spec: Spec
    parameter: float
    published: bool | None = None
    published_seconds: float | None = None


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


@dataclass
class Suite:
    """A set to run: its instances and what it is."""

    family: str
    instances: list[Instance]
    source: str
    generation: dict[str, Any] = field(default_factory=dict)


# --- the instances ----------------------------------------------------------------------------

def bundled_asp_dir() -> Path | None:
    """The ASP n = 28 set shipped with the package (installed) or in the repository."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package / "benchmarks" / "asp-blocked-28",
                      package.parent.parent / "benchmarks" / "asp-blocked-28"):
        if candidate.is_dir():
            return candidate
    return None


def parameter_of(family: str, spec: Spec, path: str) -> float:
    """The family's constrainedness parameter of one instance."""
    if family == "completion":
        return float(spec.n)
    if family == "diagonals":
        return float(_diagonal_count(path))
    return float(len(spec.forbidden))


def _diagonal_count(path: str) -> int:
    """D of `FILE#D`, or the number of pairs the file lists."""
    file, take = split_take(path)
    if take is not None:
        return take
    text = Path(file).read_text(errors="replace")
    listed = text.split("diags", 2)[-1] if "diags" in text else ""
    return listed.count("[") - 1 if listed.count("[") else 0


def _published(directory: Path) -> dict[str, tuple[bool, float]]:
    """id -> (satisfiable, seconds) from the set's published results file, if any."""
    table = directory / PUBLISHED_FILE
    if not table.is_file():
        return {}
    found: dict[str, tuple[bool, float]] = {}
    for number, row in enumerate(table.read_text().splitlines(), 1):
        parts = row.split("\t")
        if not row.strip():
            continue
        if len(parts) != 4 or parts[2] not in ("SATISFIABLE", "UNSATISFIABLE"):
            raise InputError(f"{table}: line {number}: expected n, id, SATISFIABLE or "
                             "UNSATISFIABLE, seconds (tab-separated)")
        try:
            found[parts[1]] = (parts[2] == "SATISFIABLE", float(parts[3]))
        except ValueError:
            raise InputError(f"{table}: line {number}: the time {parts[3]!r} is not a "
                             "number") from None
    return found


def read_suite(family: str, directory: Path) -> Suite:
    """Every instance file of `directory` (READMEs, results and hidden files skipped), each
    read before any run, so a bad file stops the bench before it starts."""
    if not directory.is_dir():
        raise InputError(f"{directory}: not a directory of instances; give the set's folder")
    published = _published(directory)
    instances = []
    for path in sorted(directory.iterdir()):
        if not path.is_file() or _SKIP.search(path.name):
            continue
        spec = read_instance(str(path)).spec
        ident = path.stem.rsplit(".", 1)[-1]
        known = published.get(ident)
        instances.append(Instance(path.name, str(path), spec,
                                  parameter_of(family, spec, str(path)),
                                  known[0] if known else None, known[1] if known else None))
    if not instances:
        raise InputError(f"{directory}: no instance files in it")
    if published and len(published) != sum(i.published is not None for i in instances):
        raise InputError(f"{directory}: {PUBLISHED_FILE} lists {len(published)} instances but "
                         f"{sum(i.published is not None for i in instances)} of them are here")
    return Suite(family, instances, str(directory))


def _check_generation(family: str, n: int | None, delta: int | None) -> None:
    """Refuse a generated set whose family lacks its size arguments."""
    if family == "asp":
        raise InputError("the ASP set is not generated: give its directory, or omit it for "
                         "the bundled n = 28 set")
    if family == "completion":
        if delta is None:
            raise InputError("--suite completion without DIR needs --delta D (queens left to "
                             "place) and --range of n, e.g. --delta 10 --range 14..30:2")
    elif n is None:
        raise InputError(f"--suite {family} without DIR needs --n N and --range, e.g. --n 20 "
                         + ("--range 14..22" if family == "diagonals" else "--range 200..260:10"))


def generated_instances(family: str, n: int | None, delta: int | None, points: Sequence[int],
                        seeds: Sequence[int], min_free: int
                        ) -> list[tuple[str, float, Callable[[], generators.Generated]]]:
    """The instances of a generated set, before any is made: for each parameter value and
    seed, its file name, its parameter and how to make it (so the command can refuse the
    files it would overwrite before it starts)."""
    _check_generation(family, n, delta)
    planned: list[tuple[str, float, Callable[[], generators.Generated]]] = []
    for point in points:
        for seed in seeds:
            if family == "completion":
                assert delta is not None
                name = f"completion-{point}-{point - delta}-s{seed}.param"
                make = partial(generators.completion, point, point - delta, seed)
            elif family == "blocked":
                assert n is not None
                name = f"blocked-{n}-{point}-k{min_free}-s{seed}.param"
                make = partial(generators.blocked, n, point, min_free, seed)
            else:
                assert n is not None
                name = f"diagonals-{n}-k{min_free}-d{point}-s{seed}.param"
                make = partial(generators.diagonals, n, min_free, seed, point)
            planned.append((name, float(point), make))
    return planned


def generate_suite(family: str, n: int | None, delta: int | None, points: Sequence[int],
                   seeds: Sequence[int], min_free: int, directory: Path, *,
                   overwrite: bool = False) -> Suite:
    """Generate the set into `directory` (kept beside the results): for each parameter
    value and seed, one instance; an existing file of the set is replaced only with
    `overwrite`."""
    planned = generated_instances(family, n, delta, points, seeds, min_free)
    ensure_directory(directory)
    instances = []
    for name, point, make in planned:
        made = make()
        path = directory / name
        write_text_atomic(path, made.text, overwrite=overwrite)
        instances.append(Instance(name, str(path), made.spec, point))
    generation = {"n": n, "delta": delta, "range": list(points), "seeds": [min(seeds), max(seeds)],
                  "min_free": min_free}
    return Suite(family, instances, str(directory), generation)


# --- the subjects ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Subject:
    label: str
    argv: Callable[[Instance, float, Path], list[str]]
    kind: str = "nqueens"  # or "minizinc"


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
        model = work / (re.sub(r"[^A-Za-z0-9._-]", "_", inst.name) + ".mzn")
        if not model.exists():  # a failed write (a full disk, a file-size limit) is one line
            write_text_atomic(model, minizinc_text(inst.spec), overwrite=True)
        return [binary, "--solver", "gecode", "--time-limit", str(int(limit * 1000)), str(model)]
    return argv


def subjects(chosen: Sequence[str] | None = None) -> list[Subject]:
    """The subjects to run (all by default); MiniZinc only where its binary is installed.

    Raises:
        InputError: a chosen subject is unknown, or minizinc is chosen but not installed.
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
    if subject.kind == "minizinc":
        status, placement, detail = _read_minizinc(done.stdout, done.returncode, done.stderr)
        certified = False
    else:
        status, placement, detail, certified = _read_nqueens(done.stdout, done.returncode,
                                                             done.stderr)
        elapsed = _reported_elapsed(done.stdout)
        proof = _proof_facts(done.stdout) if certified and status == "unsat" else None
    if status == "sat":
        violations = find_violations(inst.spec, placement) if placement is not None else None
        if violations is None or violations:
            status = "wrong"
            detail = ("no placement printed" if violations is None
                      else f"invalid placement: {violations[0].describe()}")
    if seconds > limit and status in ("sat", "unsat"):
        status, detail = "timeout", f"answered after the limit ({seconds:.1f} s)"
    run = _run(inst, subject, seconds, cpu, status, certified, detail, elapsed)
    if subject.kind != "minizinc" and proof is not None and run.certified:
        run.proof_route, run.proof_steps, run.check_seconds = proof
    return run


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
               round(cpu, 4), status, certified and status == "unsat", answer, detail,
               published, inst.published_seconds, elapsed)


def _reported_elapsed(stdout: str) -> float | None:
    """The `elapsed` seconds of our JSON: the search as the process timed it, without the
    interpreter's start-up and imports (what a solver's own published time measures)."""
    lines = stdout.strip().splitlines()
    try:
        value = json.loads(lines[-1]).get("elapsed") if lines else None
    except (ValueError, AttributeError):
        return None
    return float(value) if isinstance(value, (int, float)) else None


def _read_nqueens(stdout: str, code: int,
                  stderr: str) -> tuple[str, list[int] | None, str, bool]:
    lines = stdout.strip().splitlines()
    try:
        doc = json.loads(lines[-1]) if lines else None
    except ValueError:
        doc = None
    if not isinstance(doc, dict):
        return "error", None, (stderr.strip().splitlines() or [f"exit {code}"])[-1][:200], False
    certified = doc.get("certified") is True
    solutions = doc.get("solutions") or []
    if solutions and code == 0:
        first = solutions[0]
        return "sat", first if isinstance(first, list) else None, "", certified
    if code == 1 and doc.get("complete") is True and doc.get("count") == 0:
        return "unsat", None, "", certified
    if code == 3 or doc.get("status") in ("timeout", "interrupted"):
        return "timeout", None, str(doc.get("status", "")), False
    return "error", None, f"exit {code}, status {doc.get('status')!r}", False


_COLUMNS = re.compile(r"columns = (\[[0-9, ]*\])")


def _read_minizinc(stdout: str, code: int, stderr: str) -> tuple[str, list[int] | None, str]:
    if "=====UNSATISFIABLE=====" in stdout:
        return "unsat", None, ""
    found = _COLUMNS.search(stdout)
    if found is not None and "----------" in stdout:
        return "sat", json.loads(found.group(1)), ""
    if code == 0 or "=====UNKNOWN=====" in stdout:
        return "timeout", None, "no answer within the limit"
    return "error", None, (stderr.strip().splitlines() or [f"exit {code}"])[-1][:200]


# --- the set ---------------------------------------------------------------------------------

def cross_check(runs: list[Run]) -> list[str]:
    """Mark every definite answer that disagrees with another subject's or with the published
    one as "disagree"; return one line per disagreeing instance."""
    problems = []
    for name in dict.fromkeys(r.instance for r in runs):
        mine = [r for r in runs if r.instance == name]
        answers = {r.answer for r in mine if r.answer}
        published = mine[0].published
        if len(answers) > 1 or (published and answers and answers != {published}):
            said = ", ".join(f"{r.subject}: {r.answer}" for r in mine if r.answer)
            problems.append(f"{name}: answers disagree ({said}"
                            + (f"; published: {published})" if published else ")"))
            for r in mine:
                if r.answer:
                    r.status = "disagree"
    return problems


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


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100) by linear interpolation between closest ranks."""
    ordered = sorted(values)
    if not ordered:
        return math.nan
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def effective_seconds(run: Run | dict[str, Any], limit: float) -> float:
    """A run's time for medians and percentiles: its wall time if it answered, else the
    limit (a lower bound: the unanswered count as at least the limit)."""
    status = run.status if isinstance(run, Run) else run["status"]
    seconds = run.seconds if isinstance(run, Run) else float(run["seconds"])
    return seconds if status in ("sat", "unsat") else limit


def summary(runs: list[Run], limit: float) -> list[dict[str, Any]]:
    """Per subject: answered, yes, no (certified), unanswered, total, median, p90, max."""
    rows = []
    for subject in dict.fromkeys(r.subject for r in runs):
        mine = [r for r in runs if r.subject == subject]
        times = [effective_seconds(r, limit) for r in mine]
        rows.append({
            "subject": subject, "instances": len(mine),
            "sat": sum(r.status == "sat" for r in mine),
            "unsat": sum(r.status == "unsat" for r in mine),
            "certified": sum(r.certified for r in mine),
            "unanswered": sum(r.status not in ("sat", "unsat") for r in mine),
            "total": sum(times), "median": percentile(times, 50), "p90": percentile(times, 90),
            "max": max(times), "cpu": sum(r.cpu for r in mine),
            "reported": (sum(r.elapsed for r in mine if r.elapsed is not None)
                         if all(r.elapsed is not None for r in mine) else None),
            **_proof_summary(mine),
        })
    return rows


def _proof_summary(runs: list[Run]) -> dict[str, Any]:
    """A certifying subject's proofs: how many by each route, their steps and their
    checkers' seconds (medians, largest, total); empty for a subject that proves nothing."""
    proved = [r for r in runs if r.proof_steps is not None]
    if not proved:
        return {}
    steps = [float(r.proof_steps or 0) for r in proved]
    checks = [float(r.check_seconds or 0.0) for r in proved]
    return {"by_search": sum(r.proof_route == "search" for r in proved),
            "by_solver": sum(r.proof_route == "solver" for r in proved),
            "steps_median": percentile(steps, 50), "steps_max": max(steps),
            "check_median": percentile(checks, 50), "check_max": max(checks),
            "check_total": sum(checks)}


def proof_table(rows: list[dict[str, Any]]) -> str:
    """The certified "no" answers of each certifying subject: which route proved them, how
    long the proofs are and how long the checkers took (empty when no subject certified)."""
    rows = [row for row in rows if "by_search" in row]
    if not rows:
        return ""
    head = (f"{'subject':18} {'search':>6} {'solver':>6} {'median steps':>13} "
            f"{'max steps':>11} {'median check s':>15} {'max check s':>12} {'check s':>9}")
    lines = [head, "-" * len(head)]
    lines.extend(f"{row['subject']:18} {row['by_search']:>6} {row['by_solver']:>6} "
                 f"{row['steps_median']:>13,.0f} {row['steps_max']:>11,.0f} "
                 f"{row['check_median']:>15.3f} {row['check_max']:>12.2f} "
                 f"{row['check_total']:>9.2f}" for row in rows)
    lines.append("(the proofs of the certified 'no' answers: by the search's own route or "
                 "CaDiCaL's; check s: CPU of every checker that replayed them)")
    return "\n".join(lines)


def table(rows: list[dict[str, Any]], published_total: float | None) -> str:
    head = (f"{'subject':18} {'answered':>9} {'yes':>4} {'no':>4} {'cert.':>5} "
            f"{'total s':>9} {'median s':>9} {'p90 s':>8} {'max s':>8} {'CPU s':>8} "
            f"{'search s':>9}")
    lines = [head, "-" * len(head)]
    for row in rows:
        answered = row["sat"] + row["unsat"]
        lines.append(f"{row['subject']:18} {answered:>4}/{row['instances']:<4} {row['sat']:>4} "
                     f"{row['unsat']:>4} {row['certified']:>5} {row['total']:>9.2f} "
                     f"{row['median']:>9.3f} {row['p90']:>8.3f} {row['max']:>8.2f} "
                     f"{row['cpu']:>8.2f} "
                     + (f"{row['reported']:>9.2f}" if row["reported"] is not None else
                        f"{'-':>9}"))
    lines.append("(unanswered runs count at the limit; search s: the time nqueens reports, "
                 "without start-up)")
    if published_total is not None:
        lines.append(f"Lingeling (published): total {published_total:.2f} s; whole-process "
                     "totals are " + ", ".join(f"{row['subject']} {row['total'] / published_total:.2f}x"
                                               for row in rows))
    return "\n".join(lines)


def machine() -> dict[str, Any]:
    """What the figures were measured on (no host name): CPU model, cores, load, Python."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg() if hasattr(os, "getloadavg") else (math.nan,) * 3
    return {"cpu": model, "cores": os.cpu_count(), "system": platform.system(),
            "python": sys.version.split()[0], "load": [round(v, 2) for v in load]}


def result_files(family: str, directory: Path) -> list[Path]:
    """The files a run of `family`'s set writes into `directory`."""
    return [directory / f"hard-{family}.{suffix}" for suffix in ("csv", "json", "png")]


def write_results(suite: Suite, runs: list[Run], limit: float, directory: Path,
                  meta: dict[str, Any], *, overwrite: bool = False) -> list[Path]:
    """hard-SUITE.csv (a '#' header line with the meta), hard-SUITE.json and hard-SUITE.png,
    all or none (`write_all_atomic`: rendered first, a failed write removes the others);
    earlier files are replaced only with `overwrite`."""
    ensure_directory(directory)
    rows = [asdict(r) for r in runs]
    buffer = io.StringIO()
    buffer.write("# " + json.dumps(meta, sort_keys=True) + "\n")
    writer = csv.DictWriter(buffer, fieldnames=list(rows[0]) if rows else ["instance"],
                            lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    doc = {"meta": meta, "summary": summary(runs, limit), "runs": rows}
    # one run per line: a results file stays small and reads well in a diff
    text = ('{"meta": ' + json.dumps(meta, sort_keys=True) + ',\n "summary": [\n  '
            + ",\n  ".join(json.dumps(row) for row in doc["summary"]) + '\n ],\n "runs": [\n  '
            + ",\n  ".join(json.dumps(row) for row in rows) + "\n ]}\n")
    from ..pictures.hardness import hardness_png

    data = (buffer.getvalue().encode("utf-8"), text.encode("utf-8"), hardness_png(doc))
    return write_all_atomic(dict(zip(result_files(suite.family, directory), data, strict=True)),
                            overwrite=overwrite)
