"""`nqueens count`: count every solution through the backend's solution callbacks."""

from __future__ import annotations

import argparse

from ..api import count
from ..errors import InputError
from ..modelcount import COUNTERS, ganak_count
from ..render import outcome_json
from .common import (
    EXIT_OK,
    EXIT_UNKNOWN,
    add_backend_arguments,
    add_format_argument,
    add_problem_argument,
    add_variant_argument,
    backend_options,
    load_problem,
    print_json,
)


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "count", help="count all solutions",
        description="Count all solutions. A count cut short by --timeout is a lower bound (exit 3).",
    )
    add_problem_argument(parser)
    add_variant_argument(parser)
    add_backend_arguments(parser)
    parser.add_argument(
        "--counter", choices=COUNTERS, default="enumerate",
        help="enumerate: the backend's solution loop (default); ganak: count the CNF's models "
        "with Ganak, projected on the cells (--backend sat; needs the 'count' extra)",
    )
    add_format_argument(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    spec = load_problem(args.problem, args.variant)
    if args.counter == "ganak":
        if args.backend != "sat":
            raise InputError("--counter ganak counts the CNF of the sat backend; add --backend sat")
        outcome = ganak_count(spec, args.encoding, args.timeout)
    else:
        outcome = count(spec, backend=args.backend, timeout=args.timeout, **backend_options(args))
    if args.format == "json":
        print_json(outcome_json(spec, outcome))
    else:
        counter = ", counted by ganak" if args.counter == "ganak" else ""
        bound = "" if outcome.complete else f" (at least; search stopped: {outcome.status.value})"
        found = f"{outcome.count} solutions{bound}"
        if args.counter == "ganak" and not outcome.complete:
            found = f"count unknown (ganak stopped: {outcome.status.value})"
        print(f"{spec.describe()}: {found} "
              f"[backend {outcome.backend}{counter}, {outcome.elapsed:.3f} s]")
    return EXIT_OK if outcome.complete else EXIT_UNKNOWN
