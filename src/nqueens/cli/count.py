"""`nqueens count`: count every solution, under --timeout and Ctrl-C; with --checkpoint
(or --split-depth) the count runs as independent subproblems and resumes after a crash."""

from __future__ import annotations

import argparse
import sys

from ..api import count
from ..backends import backend_names
from ..errors import InputError
from ..modeling.modelcount import COUNTERS, ganak_count
from .render import outcome_json
from ..result import Outcome
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
    positive_int,
    print_json,
)
from . import split_count
from .count_tasks import add_cluster_arguments, run_in_tasks, split_requested
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
    add_variant_argument(parser)
    add_backend_arguments(parser)
    parser.add_argument(
        "--counter", choices=COUNTERS, default="enumerate",
        help="enumerate: the backend's solution loop (default); ganak: count the CNF's models "
        "with Ganak, projected on the cells (--backend sat; needs the 'count' extra)",
    )
    parser.add_argument(
        "--jobs", "-j", type=positive_int, default=None, metavar="J",
        help="processes counting disjoint subproblems (default: all cores for backtrack, "
        "1 for the solver backends; 1 = this process only)",
    )
    add_format_argument(parser)
    parser.add_argument("--unique", "-u", action="store_true",
                        help="also count fundamental solutions (up to rotation and reflection)")
    split_count.add_arguments(parser)
    add_cluster_arguments(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    guard = Guard(args.timeout)
    spec = load_problem(args.problem, args.variant)
    if args.backend not in backend_names(exhaustive_only=True):
        raise InputError(
            f"backend {args.backend!r} does not search exhaustively, so it cannot count; "
            f"choose one of: {', '.join(backend_names(exhaustive_only=True))}"
        )
    options = backend_options(args)
    if args.counter == "ganak":
        if args.backend != "sat":
            raise InputError("--counter ganak counts the CNF of the sat backend; add --backend sat")
        if args.unique or split_count.wanted(args):
            raise InputError("--counter ganak counts the whole CNF at once; drop --unique, "
                             "--checkpoint and --split-depth")
        return report(args, spec, ganak_count(spec, args.encoding, args.timeout), guard)
    if args.unique:
        if split_count.wanted(args):
            raise InputError("--unique enumerates every solution in one run; drop --checkpoint "
                             "and --split-depth")
        return run_unique(args, spec, options, guard)
    if split_requested(args):  # --executor dask / --scheduler: tasks on a Dask cluster
        if args.unique:
            raise InputError("--unique enumerates every solution in one run; drop it with "
                             "--executor dask")
        if args.checkpoint is not None:  # checkpointed runs move freely between executors
            return split_count.run(args, spec, options, guard,
                                   lambda outcome: report(args, spec, outcome, guard))
        return run_in_tasks(spec, args)
    solver_split = args.backend != "backtrack" and (args.jobs or 1) > 1
    if split_count.wanted(args) or solver_split:
        # solver backends parallelise by disjoint subproblems in separate processes, each
        # enumerated by a single-worker solver, never by one solver's parallel workers
        return split_count.run(args, spec, options, guard,
                               lambda outcome: report(args, spec, outcome, guard))
    if args.backend == "backtrack":  # jobs=0: all cores, when the board is worth it
        options = {**options, "jobs": args.jobs or 0}

    def work() -> Outcome:
        return count(spec, backend=args.backend, deadline=guard.deadline, **options)

    def abandon() -> None:
        report(args, spec, Outcome(guard.stopped_status(), 0, backend=args.backend), guard)

    outcome = guard.settle(guard.run(work, abandon))
    return report(args, spec, outcome, guard)


def report(
    args: argparse.Namespace, spec: Spec, outcome: Outcome, guard: Guard,
    classes: set[tuple[int, ...]] | None = None,
) -> int:
    """Print the count (a lower bound unless complete); returns the exit code."""
    with guard.output_lock:
        group = instance_symmetries(spec) if classes is not None else ()
        if args.format == "json":
            extra = {} if classes is None else {"unique": len(classes), "symmetries": list(group)}
            print_json(outcome_json(spec, outcome, **extra))
        else:
            bound = "" if outcome.complete else f" (at least; search stopped: {outcome.status.value})"
            unique = outcome.stats.get("unique")
            fundamental = f", {unique} fundamental" if unique is not None and outcome.complete else ""
            found = f"{outcome.count} solutions{fundamental}{bound}"
            counter = ""
            if args.counter == "ganak":
                counter = ", counted by ganak"
                if not outcome.complete:
                    found = f"count unknown (ganak stopped: {outcome.status.value})"
            if classes is not None:
                found = (f"{len(classes)} fundamental solutions{bound} up to "
                         f"{symmetries_text(group)}; {outcome.count} in all")
            print(f"{spec.describe()}: {found} "
                  f"[backend {outcome.backend}{counter}, {outcome.elapsed:.3f} s]")
        sys.stdout.flush()
        if guard.interrupted and not outcome.complete:
            print(f"nqueens: interrupted by {guard.signal_name}; {outcome.count} solutions "
                  "counted so far (a lower bound)", file=sys.stderr)
    return EXIT_OK if outcome.complete else EXIT_UNKNOWN


def run_unique(
    args: argparse.Namespace, spec: Spec, options: dict, guard: Guard  # type: ignore[type-arg]
) -> int:
    """Enumerate every solution and keep one canonical form per symmetry class."""
    group = instance_symmetries(spec)
    classes: set[tuple[int, ...]] = set()

    def work() -> Outcome:
        return count(spec, backend=args.backend, deadline=guard.deadline,
                     on_solution=lambda p: classes.add(canonical(p, group)), **options)

    def abandon() -> None:
        report(args, spec, Outcome(guard.stopped_status(), 0, backend=args.backend), guard,
               set(classes))

    outcome = guard.settle(guard.run(work, abandon))
    return report(args, spec, outcome, guard, classes)


def symmetries_text(group: tuple[str, ...]) -> str:
    if len(group) == 8:
        return "the 8 symmetries of the square"
    return f"the {len(group)} symmetries this instance has ({', '.join(group)})"
