"""`nqueens bench`: a grid of workloads timed as whole processes (start-up included), each
group beside a reference implementation measured in the same run (`bench.refs`).

Every run's answer is checked: counts must agree within a group, and every placement goes
through the shared validator. Results are printed as a table of medians and ratios to the
group's reference, and written as CSV, JSON and a log-scale PNG plot of time against n.
No solver imports here (the measured processes import what they use).
"""

from __future__ import annotations

import csv
import io
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..atomicfile import scratch_directory
from ..counting.executors import default_jobs as default_cores
from ..errors import InputError
from ..spec import Spec
from ..validator import find_violations
from .cputime import run_timed
from .refs import build_c_counter

_PY = [sys.executable, "-m"]
REF = "reference"


@dataclass(frozen=True)
class Subject:
    """One thing to time: `command(n)` is its argv; `role` is "reference" or "nqueens"."""

    label: str
    command: Callable[[int], list[str]]
    role: str = "nqueens"


@dataclass(frozen=True)
class Workload:
    """A task at several sizes; `subjects[0]` is the reference the others are compared to."""

    group: str
    task: str  # "count" or "one"
    sizes: tuple[int, ...]
    subjects: tuple[Subject, ...]
    sizes_for: dict[str, tuple[int, ...]] = field(default_factory=dict)  # per-label override

    def sizes_of(self, subject: Subject) -> tuple[int, ...]:
        return self.sizes_for.get(subject.label, self.sizes)


@dataclass
class Measurement:
    group: str
    task: str
    n: int
    subject: str
    role: str
    runs: list[float]
    median: float | None
    status: str  # "ok", "timeout", "error", "wrong"
    answer: str
    ratio: float | None = None
    #: CPU seconds of each run, the process and every process it started (`cputime`)
    cpu_runs: list[float] = field(default_factory=list)
    cpu_median: float | None = None
    cpu_ratio: float | None = None


def _nq(*args: str) -> Callable[[int], list[str]]:
    return lambda n: [*_PY, "nqueens", args[0], str(n), *args[1:], "--format", "json"]


def _ref(task: str) -> Callable[[int], list[str]]:
    return lambda n: [*_PY, "nqueens.bench.refs", task, str(n)]


def workloads(quick: bool, c_counter: Path | None,
              c_class_counter: Path | None = None,
              kluev: Callable[[int], Path] | None = None) -> list[Workload]:
    """The grid. `quick` keeps every group but only sizes that run in well under a second.
    `c_counter` / `c_class_counter`: the compiled C references (mirror, one board per
    symmetry class), None when they could not be built. `kluev`: Kluev's quadrant counter
    built for a size (`bench.kluev`), when a checkout of it was given: then it is the
    join's reference, and the join is timed up to n = 21."""
    backtrack_subjects = [
        Subject("backtrack --jobs 1", _nq("count", "--backend", "backtrack", "--jobs", "1")),
        Subject("kernel per class (bitboard, 1 core)", _ref("kernel-classes")),
        Subject("backtrack (all cores)", _nq("count", "--backend", "backtrack")),
    ]
    if c_counter is not None:
        backtrack_subjects.insert(0, Subject("C bitboard + mirror (cc -O2)",
                                             lambda n: [str(c_counter), str(n)], REF))
    if c_class_counter is not None:  # the first reference is what ratios are taken to
        backtrack_subjects.insert(0, Subject("C one board per class (cc -O2)",
                                             lambda n: [str(c_class_counter), str(n)], REF))
    join_subjects = [
        Subject("join (1 core)", _ref("join")),
        Subject("count --jobs 1 (auto: join)", _nq("count", "--jobs", "1")),
        Subject("count (auto: join, all cores)", _nq("count")),
        Subject("kernel per class (bitboard, 1 core)", _ref("kernel-classes")),
    ]
    join_sizes = (12, 13) if quick else (14, 15, 16, 17, 18, 19)
    # the walks beyond 17 (and the C program beyond 18) take minutes to an hour
    join_sizes_for: dict[str, tuple[int, ...]] = {
        "kernel per class (bitboard, 1 core)": (12, 13) if quick else (14, 15, 16, 17)}
    if c_class_counter is not None:
        join_subjects.insert(0, Subject("C one board per class (cc -O2)",
                                        lambda n: [str(c_class_counter), str(n)], REF))
        join_sizes_for["C one board per class (cc -O2)"] = (12, 13) if quick else (14, 15, 16, 17, 18)
    if kluev is not None:  # the fastest CPU counter found: the reference
        cores = str(default_cores())
        def kluev_count(threads: str) -> Callable[[int], list[str]]:
            # it prints "Result: N" and the time; the answer is the count alone
            return lambda n: ["sh", "-c", f"'{kluev(n)}' {threads} | sed -n 's/^Result: //p'"]

        join_subjects[:0] = [Subject("Kluev's counter, 1 thread", kluev_count("1"), REF),
                             Subject(f"Kluev's counter, {cores} threads", kluev_count(cores), REF)]
        if not quick:  # the targets of issue 31 are at 18, 20 and 21; beyond 19 once each
            join_sizes = (*join_sizes, 20, 21)
            join_sizes_for.update({
                "Kluev's counter, 1 thread": (14, 15, 16, 17, 18, 19),
                f"Kluev's counter, {cores} threads": (14, 15, 16, 17, 18, 19, 20),
                "join (1 core)": (14, 15, 16, 17, 18, 19),
                "count --jobs 1 (auto: join)": (14, 15, 16, 17, 18, 19, 20)})
            join_sizes_for.setdefault("C one board per class (cc -O2)", (14, 15, 16, 17, 18))
    python_subjects = (
        Subject("textbook recursive Python", _ref("textbook-count"), REF),
        Subject("pure-Python bitboard", _ref("python-bitboard-count")),
        Subject("pure-Python join", _ref("python-join-count")),
    )
    python_sizes: dict[str, tuple[int, ...]] = {"pure-Python bitboard": (8, 10) if quick else (8, 10, 12, 14),
                                                "pure-Python join": (8, 10) if quick else (8, 10, 12, 14)}
    solver_counts = (8,) if quick else (8, 10, 12)
    one_sizes = (50,) if quick else (200, 500, 1000)
    return [
        Workload("count: backtrack", "count", (12, 14) if quick else (14, 15, 16, 17),
                 tuple(backtrack_subjects)),
        Workload("count: join of partial boards", "count", join_sizes, tuple(join_subjects),
                 join_sizes_for),
        Workload("count: pure Python", "count", (8, 10) if quick else (8, 10, 12),
                 python_subjects, python_sizes),
        Workload("count: cpsat", "count", solver_counts, (
            Subject("OR-Tools sample model, 1 worker", _ref("cpsat-sample-count"), REF),
            Subject("cpsat", _nq("count", "--backend", "cpsat")),
        )),
        Workload("count: sat", "count", solver_counts, (
            Subject("PySAT pairwise, Cadical 1.5.3, blocking", _ref("pysat-pairwise-count"), REF),
            Subject("sat", _nq("count", "--backend", "sat")),
        )),
        Workload("find one: cpsat", "one", one_sizes, (
            Subject("CP-SAT boolean grid, defaults", _ref("cpsat-grid-one"), REF),
            Subject("cpsat", _nq("solve", "--backend", "cpsat")),
        )),
        Workload("find one: sat", "one", one_sizes, (
            Subject("PySAT seqcounter, Cadical 1.5.3", _ref("pysat-seqcounter-one"), REF),
            Subject("sat", _nq("solve", "--backend", "sat")),
        )),
        Workload("find one: large n", "one", (1000,) if quick else (10_000, 1_000_000), (
            Subject("construct", _nq("solve", "--backend", "construct")),
        )),
        Workload("tree statistics", "count", (8,) if quick else (12, 14), (
            Subject("textbook recursive Python", _ref("textbook-count"), REF),
            Subject("fast tree walk (stats)", _ref("kernel-tree")),
        ), {"textbook recursive Python": (8,) if quick else (12,)}),
    ]


def _answer(task: str, n: int, stdout: str) -> tuple[str, bool]:
    """The run's answer as text and whether it is well-formed (placements validated)."""
    text = stdout.strip().splitlines()[-1] if stdout.strip() else ""
    try:
        doc = json.loads(text)
    except ValueError:
        return text[:60], False
    if isinstance(doc, dict):  # nqueens --format json
        if task == "count":
            return str(doc.get("count")), bool(doc.get("complete"))
        doc = (doc.get("solutions") or [None])[0]
    if task == "count":
        return str(doc), isinstance(doc, int)
    valid = isinstance(doc, list) and not find_violations(Spec(n), doc)
    return ("valid" if valid else "INVALID"), valid


def measure(subject: Subject, workload: Workload, n: int, repeats: int, limit: float,
            env: dict[str, str]) -> Measurement:
    """Time `repeats` whole-process runs (one when a run takes over 10 s): wall and CPU."""
    runs: list[float] = []
    cpu: list[float] = []
    status, answer = "ok", ""
    for _ in range(repeats):
        try:
            done = run_timed(subject.command(n), timeout=limit, env=env)
        except subprocess.TimeoutExpired:
            status = "timeout"
            break
        except (OSError, RuntimeError) as error:  # a reference that could not be built or run
            status, answer = "error", str(error).splitlines()[0][:80]
            break
        runs.append(done.wall)
        cpu.append(done.cpu)
        answer, ok = _answer(workload.task, n, done.stdout)
        if done.returncode != 0 or not ok:
            status = "error" if done.returncode != 0 else "wrong"
            answer = answer or done.stderr.strip()[-80:]
            break
        if runs[-1] > 10:
            break
    median = statistics.median(runs) if runs and status == "ok" else None
    cpu_median = statistics.median(cpu) if cpu and status == "ok" else None
    return Measurement(workload.group, workload.task, n, subject.label, subject.role, runs,
                       median, status, answer, cpu_runs=cpu, cpu_median=cpu_median)


def run_grid(grid: Iterable[Workload], repeats: int, limit: float,
             progress: Callable[[Measurement], None] | None = None,
             ) -> tuple[list[Measurement], bool]:
    """Every measurement of the grid, and whether a Ctrl-C (or SIGTERM) stopped it: a stop
    keeps the measurements finished before it (the one under way is dropped), compared
    within their group as a finished grid's are."""
    env = dict(os.environ)
    results: list[Measurement] = []
    group: list[Measurement] = []
    try:
        for workload in grid:
            group = []
            for n in sorted({n for s in workload.subjects for n in workload.sizes_of(s)}):
                for subject in workload.subjects:
                    if n in workload.sizes_of(subject):
                        m = measure(subject, workload, n, repeats, limit, env)
                        group.append(m)
                        if progress is not None:
                            progress(m)
            _compare(workload, group)
            results.extend(group)
            group = []
    except KeyboardInterrupt:
        if group:
            _compare(workload, group)
            results.extend(group)
        return results, True
    return results, False


def _compare(workload: Workload, group: list[Measurement]) -> None:
    """Ratios to the group's reference (its first subject) and cross-checked counts."""
    first = workload.subjects[0]
    reference = first.label if first.role == REF else None
    for n in {m.n for m in group}:
        at_n = [m for m in group if m.n == n]
        ref = next((m for m in at_n if m.subject == reference), None)
        counts = {m.answer for m in at_n if m.status == "ok" and workload.task == "count"}
        for m in at_n:
            if len(counts) > 1 and m.status == "ok":
                m.status = "disagree"
            if ref is not None and ref.median and m.median is not None:
                m.ratio = m.median / ref.median
            if ref is not None and ref.cpu_median and m.cpu_median is not None:
                m.cpu_ratio = m.cpu_median / ref.cpu_median


def table(results: list[Measurement], limit: float) -> str:
    """A plain-text table: group, n, subject, median wall and CPU seconds, their ratios to
    the reference."""
    group = max([len("workload"), *(len(m.group) for m in results)])
    subject = max([len("subject"), *(len(m.subject) for m in results)])
    head = (f"{'workload':{group}} {'n':>8}  {'subject':{subject}} {'median s':>10} {'ratio':>8} "
            f"{'cpu s':>10} {'cpu ratio':>9}  answer")
    lines = [head, "-" * len(head)]
    for m in results:
        seconds = f"{m.median:.3f}" if m.median is not None else (
            f"> {limit:.0f}" if m.status == "timeout" else m.status)
        ratio = f"{m.ratio:.3f}" if m.ratio is not None else ""
        cpu = f"{m.cpu_median:.3f}" if m.cpu_median is not None else ""
        cpu_ratio = f"{m.cpu_ratio:.3f}" if m.cpu_ratio is not None else ""
        lines.append(f"{m.group:{group}} {m.n:>8}  {m.subject:{subject}} {seconds:>10} {ratio:>8} "
                     f"{cpu:>10} {cpu_ratio:>9}  "
                     f"{m.answer if m.status == 'ok' else m.status + ' ' + m.answer}")
    return "\n".join(lines)


#: The files one speed-grid run writes into its --output-dir.
BENCH_FILES = ("bench.csv", "bench.json", "bench.png")


def write_outputs(results: list[Measurement], directory: Path, meta: dict[str, Any], *,
                  overwrite: bool = False) -> list[Path]:
    """bench.csv, bench.json and bench.png in `directory`, all or none (`write_all_atomic`):
    all three are rendered in memory first, so a failure to draw leaves nothing, and a
    failed write removes the files this run wrote before it. Earlier files are replaced
    only with `overwrite` (--force; the command refuses them before the work).

    Raises:
        InputError: naming the file that could not be written and why.
    """
    from ..atomicfile import ensure_directory, write_all_atomic

    ensure_directory(directory)
    rows = [asdict(m) for m in results]
    table_text = io.StringIO()
    writer = csv.DictWriter(table_text, fieldnames=list(rows[0]) if rows else ["group"])
    writer.writeheader()
    for row in rows:
        writer.writerow({**row, "runs": " ".join(f"{r:.4f}" for r in row["runs"]),
                         "cpu_runs": " ".join(f"{r:.4f}" for r in row["cpu_runs"])})
    data = (table_text.getvalue().encode("utf-8"),
            json.dumps({"meta": meta, "results": rows}, indent=1).encode("utf-8"), plot(results))
    return write_all_atomic(dict(zip((directory / name for name in BENCH_FILES), data,
                                     strict=True)), overwrite=overwrite)


def plot(results: list[Measurement]) -> bytes:
    """The PNG of median time against n per subject, one panel per workload, log-scale
    axes (drawn by `pictures.benchplot`)."""
    from ..pictures.benchplot import bench_png

    return bench_png(results)


def _processor() -> str:
    """The processor's model name (Linux's /proc/cpuinfo), else the architecture."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.partition(":")[2].strip()
    except OSError:
        pass
    return platform.machine() or "unknown"


def run_bench(quick: bool, output_dir: Path, repeats: int, limit: float,
              progress: Callable[[Measurement], None] | None = None,
              only: str | None = None, *,
              overwrite: bool = False,
              kluev_source: Path | None = None,
              ) -> tuple[list[Measurement], list[Path], bool]:
    """Build the C reference (and Kluev's counter from `kluev_source`, a checkout of it, per
    size as the grid needs it), run the grid (the workloads whose name contains `only`, if
    given) and write the files (replacing earlier ones only with `overwrite`). The flag
    says a Ctrl-C stopped the grid: the files then hold the measurements finished before
    it (none are written if there are none), and their meta says `"stopped": true`."""
    load_before = os.getloadavg()[0]
    with scratch_directory("nqueens-bench-") as build:
        c_counter = build_c_counter(build)
        c_class_counter = build_c_counter(build, "ref_classes")
        kluev = None
        if kluev_source is not None:
            from .kluev import build as build_kluev

            built: dict[int, Path] = {}

            def kluev(n: int) -> Path:
                if n not in built:
                    built[n] = build_kluev(kluev_source, n, build)
                return built[n]

        grid = [w for w in workloads(quick, c_counter, c_class_counter, kluev)
                if only is None or only in w.group]
        if not grid:
            names = ", ".join(w.group for w in workloads(quick, None))
            raise InputError(f"no workload name contains {only!r}; the workloads are: {names}")
        results, stopped = run_grid(grid, repeats, limit, progress)
    if stopped and not results:
        return results, [], stopped
    meta = {
        "quick": quick, "repeats": repeats, "limit_seconds": limit,
        "cpus": os.cpu_count(), "python": sys.version.split()[0],
        "c_reference": "built" if c_counter is not None else "no C compiler found",
        "c_class_reference": "built" if c_class_counter is not None else "not built",
        "kluev_reference": ("g++ -std=c++20 -O3 -march=native, BMI2 and prefetch on"
                            if kluev_source is not None else "not given"),
        "only": only,
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        # what the figures depend on beyond the code: the processor and how busy it was
        "machine": _processor(), "platform": platform.platform(terse=True),
        "load_average": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        "stopped": stopped,
    }
    return results, write_outputs(results, output_dir, meta, overwrite=overwrite), stopped
