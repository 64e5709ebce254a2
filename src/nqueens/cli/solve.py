"""`nqueens solve`: find one, K or all solutions and print them as boards or JSON."""

from __future__ import annotations

import argparse
import sys

from ..api import search
from ..render import outcome_json, solution_text
from ..result import Status
from .common import (
    EXIT_NO,
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
        "solve", help="find solutions and print them",
        description="Find one solution (default), K solutions (--limit K) or all (--all).",
    )
    add_problem_argument(parser)
    add_backend_arguments(parser)
    how_many = parser.add_mutually_exclusive_group()
    how_many.add_argument("--limit", "-k", type=positive_int, default=1, metavar="K",
                          help="stop after K solutions (default: 1)")
    how_many.add_argument("--all", "-a", action="store_true", help="find every solution")
    add_format_argument(parser)
    parser.add_argument("--one-based", action="store_true",
                        help="show columns 1-based, as the textbook does (JSON stays 0-based)")
    parser.set_defaults(handler=run)


#: Sizes beyond which a backend is the wrong tool for finding one solution (measured here).
_COMFORTABLE_N = {"backtrack": 32, "cpsat": 1000, "sat": 1000}


def run(args: argparse.Namespace) -> int:
    spec = load_problem(args.problem)
    limit = None if args.all else args.limit
    if spec.n > _COMFORTABLE_N.get(args.backend, spec.n) and spec.is_plain:
        print(f"nqueens: note: {args.backend} is slow beyond n = {_COMFORTABLE_N[args.backend]}; "
              "--backend construct builds a verified solution of a plain board in O(n)",
              file=sys.stderr)
    outcome = search(
        spec, backend=args.backend, limit=limit, timeout=args.timeout, **backend_options(args)
    )
    if args.format == "json":
        print_json(outcome_json(spec, outcome, solutions=[list(p) for p in outcome.solutions]))
    else:
        for index, placement in enumerate(outcome.solutions, 1):
            print(solution_text(spec, index, placement, args.one_based))
            print()
        print(_summary(spec.describe(), outcome.count, outcome.status, outcome.backend))
    if outcome.status in (Status.TIMEOUT, Status.INTERRUPTED):
        return EXIT_UNKNOWN
    return EXIT_OK if outcome.count else EXIT_NO


def _summary(what: str, count: int, status: Status, backend: str) -> str:
    if status is Status.COMPLETE:
        verdict = "no solution exists" if count == 0 else f"{count} solution(s), all of them"
    elif status is Status.LIMIT_REACHED:
        verdict = f"{count} solution(s) (stopped at the limit)"
    else:
        verdict = f"{count} solution(s) before the search stopped ({status.value}); more may exist"
    return f"{what}: {verdict} [backend {backend}]"
