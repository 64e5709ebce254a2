"""`nqueens count`: count every solution, under --timeout and Ctrl-C; with --checkpoint
(or --split-depth) the count runs as independent subproblems and resumes after a crash."""

from __future__ import annotations

import argparse
import sys

from ..api import count
from ..render import outcome_json
from ..result import Outcome
from ..spec import Spec
from .common import (
    EXIT_OK,
    EXIT_UNKNOWN,
    add_backend_arguments,
    add_format_argument,
    add_problem_argument,
    backend_options,
    load_problem,
    print_json,
)
from . import split_count
from .guard import Guard


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "count", help="count all solutions",
        description=(
            "Count all solutions. A count cut short by --timeout, Ctrl-C or SIGTERM is a "
            "lower bound (exit 3)."
        ),
    )
    add_problem_argument(parser)
    add_backend_arguments(parser)
    add_format_argument(parser)
    split_count.add_arguments(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    guard = Guard(args.timeout)
    spec = load_problem(args.problem)
    options = backend_options(args)
    if split_count.wanted(args):
        return split_count.run(args, spec, options, guard,
                               lambda outcome: report(args, spec, outcome, guard))

    def work() -> Outcome:
        return count(spec, backend=args.backend, deadline=guard.deadline, **options)

    def abandon() -> None:
        report(args, spec, Outcome(guard.stopped_status(), 0, backend=args.backend), guard)

    outcome = guard.settle(guard.run(work, abandon))
    return report(args, spec, outcome, guard)


def report(args: argparse.Namespace, spec: Spec, outcome: Outcome, guard: Guard) -> int:
    """Print the count (a lower bound unless complete); returns the exit code."""
    with guard.output_lock:
        if args.format == "json":
            print_json(outcome_json(spec, outcome))
        else:
            bound = "" if outcome.complete else f" (at least; search stopped: {outcome.status.value})"
            print(f"{spec.describe()}: {outcome.count} solutions{bound} "
                  f"[backend {outcome.backend}, {outcome.elapsed:.3f} s]")
        sys.stdout.flush()
        if guard.interrupted and not outcome.complete:
            print(f"nqueens: interrupted by {guard.signal_name}; {outcome.count} solutions "
                  "counted so far (a lower bound)", file=sys.stderr)
    return EXIT_OK if outcome.complete else EXIT_UNKNOWN
