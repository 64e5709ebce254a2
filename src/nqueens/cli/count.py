"""`nqueens count`: count every solution through the backend's solution callbacks."""

from __future__ import annotations

import argparse

from ..api import count
from ..render import outcome_json
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
from .count_tasks import add_cluster_arguments, run_in_tasks, split_requested


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "count", help="count all solutions",
        description="Count all solutions. A count cut short by --timeout is a lower bound (exit 3).",
    )
    add_problem_argument(parser)
    add_backend_arguments(parser)
    add_format_argument(parser)
    add_cluster_arguments(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    spec = load_problem(args.problem)
    if split_requested(args):
        return run_in_tasks(spec, args)
    outcome = count(spec, backend=args.backend, timeout=args.timeout, **backend_options(args))
    if args.format == "json":
        print_json(outcome_json(spec, outcome))
    else:
        bound = "" if outcome.complete else f" (at least; search stopped: {outcome.status.value})"
        print(f"{spec.describe()}: {outcome.count} solutions{bound} "
              f"[backend {outcome.backend}, {outcome.elapsed:.3f} s]")
    return EXIT_OK if outcome.complete else EXIT_UNKNOWN
