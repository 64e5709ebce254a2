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
    parser.add_argument("--output-dir", "-o", type=Path, default=Path("bench-results"),
                        metavar="DIR", help="where to write the files (default: bench-results)")
    parser.add_argument("--repeats", "-r", type=positive_int, default=None, metavar="R",
                        help="runs per measurement, the median is reported (default: 3; 1 with "
                        "--quick); runs over 10 s are not repeated")
    parser.add_argument("--limit", type=positive_float, default=None, metavar="S",
                        help="give up on one run after S seconds (default: 120; 30 with --quick)")
    parser.add_argument("--only", metavar="TEXT", default=None,
                        help="run only the workloads whose name contains TEXT, e.g. 'count'")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from ..bench.run import Measurement, run_bench, table

    directory = ensure_directory(args.output_dir)  # a file, a loop, no rights: refused now
    if not os.access(directory, os.W_OK | os.X_OK):
        raise InputError(f"{directory}: cannot write there (permission denied); "
                         "give another --output-dir")
    repeats = args.repeats or (1 if args.quick else 3)
    limit = args.limit or (30.0 if args.quick else 120.0)

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
