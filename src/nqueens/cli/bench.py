"""`nqueens bench`: time the backends against reference implementations (see bench.py)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..atomicfile import check_output_path, ensure_directory
from ..errors import InputError
from ..wording import plural
from .common import EXIT_OK, EXIT_UNKNOWN, positive_float, positive_int, row_count
from .generate import seed_list

if TYPE_CHECKING:  # the bench modules are imported when a bench runs
    from ..bench.suite_runs import Run


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "bench", help="benchmark the backends against reference implementations",
        description="Time whole processes for a grid of workloads beside references measured "
        "in the same run (C bitboard counter, textbook Python, plain CP-SAT / PySAT loops); "
        "print medians and ratios; write bench.csv, bench.json and bench.png.",
    )
    parser.add_argument("--quick", action="store_true",
                        help="small sizes only (a smoke run of a few seconds)")
    parser.add_argument("--output-dir", type=Path, default=None, metavar="DIR",
                        help="the directory to write the files in (default: bench-results)")
    parser.add_argument("-o", dest="old_output_dir", type=Path, default=None,
                        help=argparse.SUPPRESS)  # the old spelling: -o is a file elsewhere
    parser.add_argument("--repeats", "-r", type=positive_int, default=None, metavar="R",
                        help="runs per measurement, the median is reported (default: 3; 1 with "
                        "--quick); runs over 10 s are not repeated")
    parser.add_argument("--run-timeout", type=positive_float, default=None, metavar="S",
                        help="give up on one run after S seconds (default: 120; 30 with --quick; "
                        "10 per instance and subject with --suite)")
    parser.add_argument("--limit", dest="old_run_timeout", type=positive_float, default=None,
                        help=argparse.SUPPRESS)  # the old spelling: --limit is K solutions elsewhere
    parser.add_argument("--only", metavar="TEXT", default=None,
                        help="run only the workloads whose name contains TEXT, e.g. 'count'")
    parser.add_argument("--force", action="store_true",
                        help="replace the files of an earlier run in --output-dir (default: "
                        "refuse them, before any work)")
    parser.add_argument("--kluev", type=Path, default=None, metavar="DIR",
                        help="a checkout of E. Kluev's N-Queens-Count-Sol (never bundled): "
                        "built here per size (g++ -O3 -march=native, BMI2 and prefetch on) as "
                        "the reference of the join's workload, timed up to n = 21")
    add_suite_arguments(parser)
    parser.set_defaults(handler=run)


def add_suite_arguments(parser: argparse.ArgumentParser) -> None:
    """The hard-instance suites (`bench.suites`): a set from DIR or generated here."""
    from ..bench.suite_runs import SUBJECTS
    from ..bench.suites import SUITES

    group = parser.add_argument_group(
        "hard instances (--suite)",
        "Run auto, backtrack (first-fail), sat, cpsat and MiniZinc+Gecode (if installed) on "
        "every instance of a set, each a whole process; write hard-SUITE.csv/.json/.png "
        "(median and 90th percentile time against the family's parameter, fraction "
        "satisfiable). Without DIR the set is generated (asp: the bundled n = 28 set; "
        "regions: random region maps, --range of n; domination: queen domination, --range "
        "of n, its optima published).")
    group.add_argument("dir", nargs="?", type=Path, default=None, metavar="DIR",
                       help="with --suite: the folder of instance files (any format nqueens "
                       "reads)")
    group.add_argument("--suite", choices=SUITES, default=None,
                       help="run a hard-instance family instead of the speed grid")
    group.add_argument("--subjects", type=_subject_list, default=None, metavar="A,B",
                       help=f"only these subjects ({', '.join(SUBJECTS)}; default: all but the "
                       "certifying ones, certify (auto --certify: the search's own proofs) and "
                       "certify-sat (sat --certify: CaDiCaL's), which need the certify extra "
                       "and report their proofs' length and checking time, and the other "
                       "projects' solvers on the exported model, which need the ecosystem "
                       "extra: ace and choco (XCSP3; Java), cpmpy-exact and cpmpy-ortools)")
    group.add_argument("--n", type=positive_int, default=None, metavar="N",
                       help="board size of a generated blocked or diagonals set")
    group.add_argument("--delta", type=positive_int, default=None, metavar="D",
                       help="completion: queens left to place (m = n - D)")
    group.add_argument("--range", type=_int_range, default=None, metavar="A..B[:STEP]",
                       help="values of the family's parameter: n (completion, regions, "
                       "domination), blocked squares (blocked), excluded diagonals (diagonals)")
    group.add_argument("--seeds", type=seed_list, default=None, metavar="A..B",
                       help="seeds per parameter value of a generated set (default: 1..10)")
    group.add_argument("--min-free", type=row_count, default=None, metavar="K",
                       help=f"mininfile of the blocked and diagonals generators (default: "
                       f"{DEFAULT_MIN_FREE})")


#: The generators' published mininfile.
DEFAULT_MIN_FREE = 4
#: The options of the speed grid and of a suite, by what each applies to: one given where
#: it does not apply is refused, not ignored.
GRID_ONLY = ("quick", "only", "repeats", "kluev")
SUITE_ONLY = ("subjects", "n", "delta", "range", "seeds", "min_free")
GENERATION = {"completion": ("delta", "range", "seeds"),
              "blocked": ("n", "range", "seeds", "min_free"),
              "diagonals": ("n", "range", "seeds", "min_free"),
              "regions": ("range", "seeds"), "domination": ("range",)}


def _subject_list(text: str) -> list[str]:
    """argparse type for --subjects: names separated by commas, each once."""
    names = [part.strip() for part in text.split(",") if part.strip()]
    if not names:
        raise argparse.ArgumentTypeError(f"expected subject names such as auto,sat, got {text!r}")
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise argparse.ArgumentTypeError(f"{', '.join(twice)} named more than once in {text!r}; "
                                         "name each subject once")
    return names


def _int_range(text: str) -> list[int]:
    """A..B[:STEP] (inclusive), or one integer."""
    try:
        span, _, step_text = text.partition(":")
        first, _, last = span.partition("..")
        low, high = int(first), int(last or first)
        step = int(step_text or 1)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected A..B or A..B:STEP, got {text!r}") from None
    if step < 1 or high < low or (high - low) // step > 1000:
        raise argparse.ArgumentTypeError(f"expected A <= B, STEP >= 1 and at most 1000 values, "
                                         f"got {text!r}")
    return list(range(low, high + 1, step))


def _old_spellings(args: argparse.Namespace) -> list[str]:
    """-o DIR and --limit S still work, with a note naming the spelling every other command
    agrees with (-o is a file and --limit a number of solutions elsewhere). Returns the
    notes, shown once the options are accepted."""
    notes = []
    for old, new, value in (("-o", "--output-dir", "old_output_dir"),
                            ("--limit", "--run-timeout", "old_run_timeout")):
        given = getattr(args, value)
        if given is None:
            continue
        current = value.removeprefix("old_")
        if getattr(args, current) is not None:
            raise InputError(f"{old} and {new} name the same setting; give {new} only")
        setattr(args, current, given)
        notes.append(f"nqueens: note: bench {old} is now spelled {new}")
    return notes


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _given(args: argparse.Namespace, names: tuple[str, ...]) -> list[str]:
    return [_flag(name) for name in names if getattr(args, name) not in (None, False)]


def _check_options(args: argparse.Namespace) -> None:
    """Refuse, before any work, an option the run would ignore: a suite's options without
    --suite, the speed grid's with it, and generation options for a set that is read (DIR,
    or the bundled ASP set) or whose family does not take them."""
    if args.suite is None:
        if args.dir is not None:
            raise InputError(f"DIR ({args.dir}) is the set of a hard-instance suite; add --suite")
        for flag in _given(args, SUITE_ONLY):
            raise InputError(f"{flag} applies to a hard-instance suite only; add --suite FAMILY "
                             "or drop it")
        if args.kluev is not None and not (args.kluev / "solcounter.h").is_file():
            raise InputError(f"--kluev {args.kluev}: no solcounter.h there; give a checkout of "
                             "N-Queens-Count-Sol")
        return
    for flag in _given(args, GRID_ONLY):
        raise InputError(f"{flag} applies to the speed grid, not to --suite; drop it")
    generated = args.dir is None and args.suite != "asp"
    used = GENERATION.get(args.suite, ()) if generated else ()
    for flag in _given(args, tuple(name for name in SUITE_ONLY[1:] if name not in used)):
        why = (f"--suite {args.suite} generates with {', '.join(map(_flag, used))}" if generated
               else "the set is read from its folder, not generated")
        raise InputError(f"{flag} does not apply here: {why}; drop it")


def _check_files(paths: list[Path], force: bool) -> None:
    """Every file the run will write, refused before any work when one exists (unless
    --force), so a run writes all its files or none."""
    for path in paths:
        try:
            check_output_path(path, overwrite=force)
        except InputError as error:
            if not path.exists() or force:
                raise
            raise InputError(f"{path}: already exists, from an earlier run; use --force to "
                             "replace that run's files, or give another --output-dir") from error


def run(args: argparse.Namespace) -> int:
    notes = _old_spellings(args)
    _check_options(args)
    if args.output_dir is None:
        args.output_dir = Path("bench-results")
    directory = ensure_directory(args.output_dir)  # a file, a loop, no rights: refused now
    if not os.access(directory, os.W_OK | os.X_OK):
        raise InputError(f"{directory}: cannot write there (permission denied); "
                         "give another --output-dir")
    for note in notes:
        print(note, file=sys.stderr)
    if args.suite is not None:
        return run_suite(args)
    from ..bench.run import BENCH_FILES, Measurement, run_bench, table

    _check_files([directory / name for name in BENCH_FILES], args.force)

    repeats = args.repeats or (1 if args.quick else 3)
    limit = args.run_timeout or (30.0 if args.quick else 120.0)

    def progress(m: Measurement) -> None:
        seconds = f"{m.median:.3f} s" if m.median is not None else m.status
        cpu = f" ({m.cpu_median:.3f} s CPU)" if m.cpu_median is not None else ""
        print(f"  {m.group}: n={m.n} {m.subject}: {seconds}{cpu}", file=sys.stderr, flush=True)

    results, files, stopped = run_bench(args.quick, args.output_dir, repeats, limit, progress,
                                        args.only, overwrite=args.force,
                                        kluev_source=args.kluev)
    if results:
        print(table(results, limit))
    if files:
        print("\nwrote " + ", ".join(str(f) for f in files))
    bad = [m for m in results if m.status in ("error", "wrong", "disagree")]
    for m in bad:
        print(f"nqueens: error: {m.group} n={m.n} {m.subject}: {m.status} {m.answer}",
              file=sys.stderr)
    if stopped:
        _say_stopped(len(results), "measurement", files)
    return EXIT_UNKNOWN if bad or stopped else EXIT_OK


def _say_stopped(done: int, what: str, files: list[Path]) -> None:
    """The one line of a bench that a Ctrl-C or SIGTERM stopped: what the files keep."""
    kept = (f"the files hold {'that' if done == 1 else 'those'} {plural(done, what)} (run it "
            "again with --force for the whole set)" if files else "nothing was written")
    print(f"nqueens: interrupted: the bench stopped after {done} finished "
          f"{plural(done, what)}; {kept}",
          file=sys.stderr)


def run_suite(args: argparse.Namespace) -> int:
    """`bench --suite`: read or generate the set, run every subject, write and report."""
    import time

    from ..bench import suite_report, suite_runs, suites

    directory = Path(args.output_dir)  # checked by `run`
    chosen = suite_runs.subjects(args.subjects)
    min_free = DEFAULT_MIN_FREE if args.min_free is None else args.min_free
    seeds = args.seeds or list(range(1, 11))
    generated = args.dir is None and args.suite != "asp"
    instances = directory / f"hard-{args.suite}-instances"
    if generated and args.range is None:
        raise InputError(f"--suite {args.suite} without DIR needs --range of the parameter "
                         f"({suites.PARAMETER[args.suite]}), e.g. --range 14..22")
    planned = (suites.generated_instances(args.suite, args.n, args.delta, args.range, seeds,
                                        min_free) if generated else [])
    # the set's folder is made when the set is generated; files in it only if it exists
    _check_files(suite_report.result_files(args.suite, directory)
                 + ([instances / name for name, _, _ in planned] if instances.is_dir() else []),
                 args.force)
    start_meta = suite_report.machine()
    if args.dir is not None:
        suite = suites.read_suite(args.suite, args.dir)
    elif args.suite == "asp":
        bundled = suites.bundled_asp_dir()
        if bundled is None:
            raise InputError("the bundled ASP set is not installed here; give its directory")
        suite = suites.read_suite("asp", bundled)
        suite.source = "benchmarks/asp-blocked-28 (bundled)"
    else:
        suite = suites.generate_suite(args.suite, args.n, args.delta, args.range, seeds, min_free,
                                    instances, overwrite=args.force)
    limit = args.run_timeout or 10.0
    total = len(suite.instances) * len(chosen)
    print(f"{args.suite}: {len(suite.instances)} {plural(len(suite.instances), 'instance')} x "
          f"{len(chosen)} {plural(len(chosen), 'subject')} "
          f"({', '.join(s.label for s in chosen)}), {limit:g} s each at most",
          file=sys.stderr, flush=True)
    done: list[int] = [0]

    def progress(run: suite_runs.Run) -> None:
        done[0] += 1
        print(f"  [{done[0]}/{total}] {run.instance} {run.subject}: {run.status} "
              f"{run.seconds:.2f} s", file=sys.stderr, flush=True)

    started = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    runs, stopped = suite_runs.run_suite(suite, chosen, limit, progress)
    if stopped and not runs:
        _say_stopped(0, "run", [])
        return EXIT_UNKNOWN
    problems = suite_runs.cross_check(runs)
    end_meta = suite_report.machine()
    sizes = sorted({i.spec.n for i in suite.instances})
    meta = {
        "suite": args.suite, "parameter": suites.PARAMETER[args.suite],
        "title": f"{args.suite}: {len(suite.instances)} instances, n = "
                 + ", ".join(map(str, sizes[:4])) + (" ..." if len(sizes) > 4 else ""),
        "source": suite.source, "generation": suite.generation, "run_timeout": limit,
        "subjects": [s.label for s in chosen], "date": started,
        "machine": {key: value for key, value in start_meta.items() if key != "load"},
        "load": {"start": start_meta["load"], "end": end_meta["load"]},
        "stopped": stopped,
    }
    published = [i.published_seconds for i in suite.instances if i.published_seconds is not None]
    published_total = sum(published) if published else None
    if published_total is not None:
        meta["published_total_seconds"] = round(published_total, 2)
    files = suite_report.write_results(suite, runs, limit, args.output_dir, meta, overwrite=args.force)
    return _report_suite(runs, limit, published_total, problems, files, stopped)


def _report_suite(runs: list[Run], limit: float, published_total: float | None,
                  problems: list[str], files: list[Path], stopped: bool) -> int:
    """A suite's table, proof table and files on stdout; disagreements, failed runs and a
    stop on stderr; the exit code they make."""
    from ..bench import suite_report

    rows = suite_report.summary(runs, limit)
    print(suite_report.table(rows, published_total))
    proofs = suite_report.proof_table(rows)
    if proofs:
        print("\n" + proofs)
    print("\nwrote " + ", ".join(str(f) for f in files))
    for problem in problems:
        print(f"nqueens: error: DISAGREEMENT: {problem}", file=sys.stderr)
    bad = [r for r in runs if r.status in ("wrong", "error")]
    for r in bad:
        print(f"nqueens: error: {r.instance} {r.subject}: {r.status} {r.detail}", file=sys.stderr)
    if stopped:
        _say_stopped(len(runs), "run", files)
    return EXIT_UNKNOWN if problems or bad or stopped else EXIT_OK
