"""`nqueens count`: count every solution through the backend's solution callbacks."""

from __future__ import annotations

import argparse

from ..api import count
from ..backends import backend_names
from ..errors import InputError
from ..modelcount import COUNTERS, ganak_count
from ..render import outcome_json
from ..symmetry import canonical, instance_symmetries
from ..spec import Spec
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
    parser.add_argument("--unique", "-u", action="store_true",
                        help="also count fundamental solutions (up to rotation and reflection)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    spec = load_problem(args.problem, args.variant)
    if args.backend not in backend_names(exhaustive_only=True):
        raise InputError(
            f"backend {args.backend!r} does not search exhaustively, so it cannot count; "
            f"choose one of: {', '.join(backend_names(exhaustive_only=True))}"
        )
    if args.unique:
        if args.counter == "ganak":
            raise InputError("--unique enumerates solutions; it cannot be combined with --counter ganak")
        return run_unique(args, spec)
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


def run_unique(args: argparse.Namespace, spec: Spec) -> int:
    """Enumerate every solution and keep one canonical form per symmetry class."""
    group = instance_symmetries(spec)
    classes: set[tuple[int, ...]] = set()
    outcome = count(spec, backend=args.backend, timeout=args.timeout,
                    on_solution=lambda p: classes.add(canonical(p, group)), **backend_options(args))
    if args.format == "json":
        print_json(outcome_json(spec, outcome, unique=len(classes), symmetries=list(group)))
    else:
        bound = "" if outcome.complete else f" (at least; search stopped: {outcome.status.value})"
        print(f"{spec.describe()}: {len(classes)} fundamental solutions{bound} up to "
              f"{symmetries_text(group)}; {outcome.count} in all "
              f"[backend {outcome.backend}, {outcome.elapsed:.3f} s]")
    return EXIT_OK if outcome.complete else EXIT_UNKNOWN


def symmetries_text(group: tuple[str, ...]) -> str:
    if len(group) == 8:
        return "the 8 symmetries of the square"
    return f"the {len(group)} symmetries this instance has ({', '.join(group)})"
