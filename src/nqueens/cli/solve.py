"""`nqueens solve`: find one, K or all solutions and print them as boards or JSON."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..api import search
from ..backends import backend_names
from ..errors import InputError
from ..figure_file import picture_format
from ..render import outcome_json, solution_text
from ..result import Status
from ..symmetry import fundamental, instance_symmetries
from .common import (
    EXIT_NO,
    EXIT_OK,
    EXIT_UNKNOWN,
    add_backend_arguments,
    add_format_argument,
    add_problem_argument,
    add_variant_argument,
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
    add_variant_argument(parser)
    add_backend_arguments(parser)
    how_many = parser.add_mutually_exclusive_group()
    how_many.add_argument("--limit", "-k", type=positive_int, default=1, metavar="K",
                          help="stop after K solutions (default: 1)")
    how_many.add_argument("--all", "-a", action="store_true", help="find every solution")
    add_format_argument(parser)
    parser.add_argument("--one-based", action="store_true",
                        help="show columns 1-based, as the textbook does (JSON stays 0-based)")
    parser.add_argument("--unique", "-u", action="store_true",
                        help="with --all: one solution per class up to rotation and reflection")
    parser.add_argument("--output", "-o", default=None, metavar="FILE",
                        help="also draw the board(s) to FILE.svg or FILE.png")
    genetic = parser.add_argument_group("genetic backend")
    genetic.add_argument("--seed", type=int, default=None,
                         help="random seed, for a reproducible run (default: fresh)")
    genetic.add_argument("--generations", type=positive_int, default=None, metavar="G",
                         help="give up after G generations (default: 1000)")
    genetic.add_argument("--population", type=positive_int, default=None, metavar="P",
                         help="candidates per generation (default: 100)")
    parser.set_defaults(handler=run)


GENETIC_OPTIONS = ("seed", "generations", "population")


def genetic_options(args: argparse.Namespace) -> dict[str, Any]:
    """The genetic backend's options; refused for any other backend."""
    given = {name: getattr(args, name) for name in GENETIC_OPTIONS
             if getattr(args, name) is not None}
    if given and args.backend != "genetic":
        flags = ", ".join(f"--{name}" for name in given)
        raise InputError(f"option(s) {flags} are for --backend genetic only; drop them or "
                         f"add --backend genetic")
    return given


def run(args: argparse.Namespace) -> int:
    spec = load_problem(args.problem, args.variant)
    if args.unique and not args.all:
        raise InputError("--unique needs --all: classes are known only once every solution is")
    if args.all and args.backend not in backend_names(exhaustive_only=True):
        raise InputError(f"backend {args.backend!r} cannot prove it found every solution; "
                         f"use --limit K, or an exhaustive backend for --all")
    if args.output is not None:
        picture_format(args.output)  # a bad file name fails before the search, not after
    limit = None if args.all else args.limit
    options = {**backend_options(args), **genetic_options(args)}
    outcome = search(spec, backend=args.backend, limit=limit, timeout=args.timeout, **options)
    if "note" in outcome.stats:
        print(f"nqueens: {outcome.stats['note']}", file=sys.stderr)
    shown = fundamental(spec, outcome.solutions) if args.unique else list(outcome.solutions)
    if args.output is not None and not shown:
        print(f"nqueens: no solution to draw; {args.output} was not written", file=sys.stderr)
    if args.output is not None and shown:
        from ..boardplot import draw_boards

        kind = "fundamental solution(s)" if args.unique else "solution(s)"
        title = spec.describe() if len(shown) == 1 else f"{spec.describe()}: {len(shown)} {kind}"
        draw_boards(spec, shown, args.output, one_based=args.one_based, title=title)
    extra = {}
    if args.unique:
        extra = {"unique": len(shown), "symmetries": list(instance_symmetries(spec))}
    if args.format == "json":
        print_json(outcome_json(spec, outcome, solutions=[list(p) for p in shown], **extra))
    else:
        for index, placement in enumerate(shown, 1):
            print(solution_text(spec, index, placement, args.one_based))
            print()
        if args.unique:
            print(f"{len(shown)} fundamental solution(s), each the smallest of its symmetric images")
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
