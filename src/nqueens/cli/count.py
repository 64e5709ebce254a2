"""`nqueens count`: count every solution through the backend's solution callbacks."""

from __future__ import annotations

import argparse
from typing import Any

from ..api import count
from ..result import Deadline, Outcome, Status
from ..spec import Spec
from ..subproblems import default_depth, split
from ..render import outcome_json
from .common import (
    EXIT_OK,
    EXIT_UNKNOWN,
    add_backend_arguments,
    add_format_argument,
    add_problem_argument,
    backend_options,
    load_problem,
    positive_int,
    print_json,
)


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "count", help="count all solutions",
        description="Count all solutions. A count cut short by --timeout is a lower bound (exit 3).",
    )
    add_problem_argument(parser)
    add_backend_arguments(parser)
    parser.add_argument(
        "--jobs", "-j", type=positive_int, default=None, metavar="J",
        help="processes counting disjoint subproblems (default: all cores for backtrack, "
        "1 for the solver backends; 1 = this process only)",
    )
    add_format_argument(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    spec = load_problem(args.problem)
    options = backend_options(args)
    if args.backend == "backtrack":  # jobs=0: all cores, when the board is worth it
        outcome = count(spec, backend="backtrack", timeout=args.timeout, jobs=args.jobs or 0,
                        **options)
    elif args.jobs is not None and args.jobs > 1:
        outcome = count_by_subproblems(spec, args.backend, options, args.jobs, args.timeout)
    else:
        outcome = count(spec, backend=args.backend, timeout=args.timeout, **options)
    if args.format == "json":
        print_json(outcome_json(spec, outcome))
    else:
        bound = "" if outcome.complete else f" (at least; search stopped: {outcome.status.value})"
        unique = outcome.stats.get("unique")
        fundamental = f", {unique} fundamental" if unique is not None and outcome.complete else ""
        print(f"{spec.describe()}: {outcome.count} solutions{fundamental}{bound} "
              f"[backend {outcome.backend}, {outcome.elapsed:.3f} s]")
    return EXIT_OK if outcome.complete else EXIT_UNKNOWN


def count_by_subproblems(
    spec: Spec, backend: str, options: dict[str, Any], jobs: int, timeout: float | None
) -> Outcome:
    """A solver backend's count split over `jobs` processes: each subproblem is enumerated
    by its own single-worker solver, never by one solver's parallel workers."""
    from ..parallel import count_split

    deadline = Deadline(timeout)
    subs = split(spec, default_depth(spec, 4 * jobs))
    result = count_split(spec, subs, backend=backend, options=options, jobs=jobs,
                         should_stop=deadline.expired)
    return Outcome(
        status=Status.COMPLETE if result.complete else Status.TIMEOUT,
        count=result.total,
        elapsed=result.elapsed,
        backend=backend,
        stats={"subproblems": result.subproblems, "jobs": jobs},
    )
