"""`nqueens bench`: time the backends against reference implementations (see bench.py)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..atomicfile import ensure_directory
from ..errors import InputError
from .common import EXIT_OK, EXIT_UNKNOWN, positive_float, positive_int


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
                        help="give up on one run after S seconds (default: 120; 30 with --quick)")
    parser.add_argument("--limit", dest="old_run_timeout", type=positive_float, default=None,
                        help=argparse.SUPPRESS)  # the old spelling: --limit is K solutions elsewhere
    parser.add_argument("--only", metavar="TEXT", default=None,
                        help="run only the workloads whose name contains TEXT, e.g. 'count'")
    parser.set_defaults(handler=run)


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


def run(args: argparse.Namespace) -> int:
    from ..bench.run import Measurement, run_bench, table

    notes = _old_spellings(args)
    if args.output_dir is None:
        args.output_dir = Path("bench-results")
    directory = ensure_directory(args.output_dir)  # a file, a loop, no rights: refused now
    if not os.access(directory, os.W_OK | os.X_OK):
        raise InputError(f"{directory}: cannot write there (permission denied); "
                         "give another --output-dir")
    for note in notes:
        print(note, file=sys.stderr)
    repeats = args.repeats or (1 if args.quick else 3)
    limit = args.run_timeout or (30.0 if args.quick else 120.0)

    def progress(m: Measurement) -> None:
        seconds = f"{m.median:.3f} s" if m.median is not None else m.status
        print(f"  {m.group}: n={m.n} {m.subject}: {seconds}", file=sys.stderr, flush=True)

    results, files = run_bench(args.quick, args.output_dir, repeats, limit, progress, args.only)
    print(table(results, limit))
    print("\nwrote " + ", ".join(str(f) for f in files))
    bad = [m for m in results if m.status in ("error", "wrong", "disagree")]
    for m in bad:
        print(f"nqueens: error: {m.group} n={m.n} {m.subject}: {m.status} {m.answer}",
              file=sys.stderr)
    return EXIT_UNKNOWN if bad else EXIT_OK
