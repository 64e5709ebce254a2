"""`nqueens count`: count every solution, under --timeout and Ctrl-C. With --checkpoint,
--split-depth, --executor dask or --jobs on a solver backend the count runs as independent
subproblems through the counting engine (`counting/engine.py`); this module keeps only
the options and the reporting."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from typing import Any

from ..api import count, refuse_unworkable
from ..backends import backend_names
from ..errors import InputError
from ..modeling.modelcount import COUNTERS, ganak_count
from ..forecast import forecast
from .auto import resolve, warn_before
from .progress import CountProgress, enumerates_anyway
from .render import backend_text, outcome_json
from ..result import Outcome
from ..symmetry import canonical, instance_symmetries
from ..spec import Spec
from ..counting import DEFAULT_CONNECT_TIMEOUT  # Dask itself is imported only when used
from .common import (
    EXIT_OK,
    EXIT_UNKNOWN,
    add_backend_arguments,
    add_cell_arguments,
    add_format_argument,
    add_problem_argument,
    add_variant_argument,
    backend_options,
    load_problem_args,
    positive_float,
    positive_int,
    print_json,
    wrap,
    row_count,
)
from .guard import Guard

#: Where split counts may run (`counting.executors.EXECUTORS` minus inline: that is --jobs 1).
CLI_EXECUTORS = ("local", "dask")


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "count", help="count all solutions",
        description=wrap(
            "Count all solutions. A count cut short by --timeout, Ctrl-C or SIGTERM is a "
            "lower bound (exit 3); --checkpoint FILE makes a long count resumable."
        ),
        epilog=(
            "examples:\n"
            "  nqueens count 8\n"
            "  nqueens count 12 --backend backtrack --unique\n"
            "  nqueens count 8 --fixed 0,0 --forbidden 3,3 --format json\n"
            "  nqueens count superqueens-11 --backend sat\n"
            "  nqueens count 16 --backend backtrack --checkpoint q16.ckpt"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_problem_argument(parser)
    add_variant_argument(parser)
    add_cell_arguments(parser)
    add_backend_arguments(parser, auto=True, exhaustive_only=True)
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
    add_split_arguments(parser)
    parser.set_defaults(handler=run)


def add_split_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--checkpoint", metavar="FILE", default=None,
        help="record each finished subproblem in FILE and resume from it on a rerun",
    )
    parser.add_argument(
        "--split-depth", type=row_count, default=None, metavar="D",
        help="split by the queens of the first D rows (default: the checkpoint's depth, else "
             "the smallest giving 64 subproblems with --checkpoint, 10 per worker otherwise)",
    )
    group = parser.add_argument_group(
        "cluster", "count as independent subproblem tasks, on this machine or a Dask cluster"
    )
    group.add_argument(
        "--executor", choices=CLI_EXECUTORS, default=None,
        help="where subproblem tasks run: local (this machine: --jobs processes, "
             "--split-depth, --checkpoint) or dask (needs pip install 'nqueens[dask]'; "
             "--jobs workers of a private cluster unless --scheduler) (default: local)",
    )
    group.add_argument(
        "--scheduler", metavar="ADDRESS", default=None,
        help="Dask scheduler address, e.g. tcp://10.0.0.5:8786 (default: "
             "$DASK_SCHEDULER_ADDRESS, else a private cluster of --jobs workers here)",
    )
    group.add_argument(
        "--connect-timeout", type=positive_float, default=DEFAULT_CONNECT_TIMEOUT, metavar="S",
        help=f"seconds to wait for the Dask scheduler and a worker (default: {DEFAULT_CONNECT_TIMEOUT:g})",
    )


def split_asked(args: argparse.Namespace) -> bool:
    """True when an option names a split count explicitly."""
    return (args.checkpoint is not None or args.split_depth is not None
            or args.executor == "dask" or args.scheduler is not None)


def run(args: argparse.Namespace) -> int:
    guard = Guard(args.timeout)
    spec = load_problem_args(args)
    # the kernel walks one board per symmetry class of a plain queens board and reports the
    # fundamental count itself; elsewhere --unique meets every solution
    classes_walked = args.unique and spec.is_plain and spec.variant == "queens"
    route = resolve(args.backend, spec, "enumerate" if args.unique and not classes_walked
                    else "count")
    if route is not None:
        args.backend = route.backend
    if args.backend not in backend_names(exhaustive_only=True):
        raise InputError(
            f"backend {args.backend!r} does not search exhaustively, so it cannot count; "
            f"choose one of: {', '.join(backend_names(exhaustive_only=True))}"
        )
    options = {**(route.options if route else {}), **backend_options(args)}
    explicit_split = split_asked(args)
    if args.scheduler is not None and args.executor == "local":
        raise InputError("--scheduler applies to --executor dask only; drop it or add --executor dask")
    refuse_unworkable(spec, args.backend, options, whole=True,  # before announcing any work
                      bounded=args.timeout is not None)
    warn_before(spec, args.backend, "count", options, timeout=args.timeout)
    if args.counter == "ganak":
        if args.backend != "sat":
            raise InputError("--counter ganak counts the CNF of the sat backend; add --backend sat")
        if args.unique or explicit_split:
            raise InputError("--counter ganak counts the whole CNF at once; drop --unique, "
                             "--checkpoint, --split-depth and --executor")
        return report(args, spec, ganak_count(spec, args.encoding, args.timeout), guard)
    if args.unique:
        if explicit_split:
            raise InputError("--unique counts every solution in one run; drop --checkpoint, "
                             "--split-depth and --executor")
        if not (classes_walked and args.backend == "backtrack" and not options):
            return run_unique(args, spec, options, guard, route)
    if explicit_split or (args.backend != "backtrack" and (args.jobs or 1) > 1):
        # solver backends parallelise by disjoint subproblems in separate processes, each
        # enumerated by a single-worker solver, never by one solver's parallel workers
        return run_split(args, spec, options, guard, route)
    if args.backend == "backtrack":  # jobs=0: all cores, when the board is worth it
        options = {**options, "jobs": args.jobs or 0}

    def work() -> Outcome:
        expected = forecast(spec, args.backend, "count", options)
        with CountProgress(spec, expected) as progress:
            # a bar fed solution by solution only where the route meets each one anyway;
            # the kernel and mirrored counts keep their fast routes and show the forecast
            feed = progress.enabled and enumerates_anyway(spec, args.backend, options)
            if progress.enabled and not feed:
                progress.start_clock()
            outcome = count(spec, backend=args.backend, deadline=guard.deadline,
                            on_solution=progress.solution if feed else None, **options)
        return replace(outcome, route=route)

    def abandon() -> None:
        report(args, spec, Outcome(guard.stopped_status(), 0, backend=args.backend,
                                   route=route), guard, 0 if args.unique else None)

    from ..counting.tasks import BITBOARD_PARALLEL_FROM_N

    if args.backend == "backtrack" and args.jobs != 1 and spec.n >= BITBOARD_PARALLEL_FROM_N:
        from ..counting.executors import start_fork_server

        start_fork_server()  # this route counts on a process pool: start it signal-safe
    outcome = guard.settle(guard.run(work, abandon))
    return report(args, spec, outcome, guard,
                  outcome.stats.get("unique", 0) if args.unique else None)


def report(
    args: argparse.Namespace, spec: Spec, outcome: Outcome, guard: Guard,
    fundamental: int | None = None,
) -> int:
    """Print the count (a lower bound unless complete); `fundamental`: the classes counted
    for --unique. Returns the exit code."""
    with guard.output_lock:
        group = instance_symmetries(spec) if fundamental is not None else ()
        if args.format == "json":
            doc = outcome_json(spec, outcome)
            if fundamental is not None:  # "count" is what was asked for: the fundamental ones
                doc = outcome_json(spec, replace(outcome, count=fundamental),
                                   total=outcome.count, symmetries=list(group))
            print_json(doc)
        else:
            bound = "" if outcome.complete else f" (at least; search stopped: {outcome.status.value})"
            unique = outcome.stats.get("unique")
            classes = f", {unique} fundamental" if unique is not None and outcome.complete else ""
            found = f"{outcome.count} solutions{classes}{bound}"
            counter = ""
            if args.counter == "ganak":
                counter = ", counted by ganak"
                if not outcome.complete:
                    found = f"count unknown (ganak stopped: {outcome.status.value})"
            if fundamental is not None:
                found = (f"{fundamental} fundamental solutions{bound} up to "
                         f"{symmetries_text(group)}; {outcome.count} in all")
            print(f"{spec.describe()}: {found} "
                  f"[{backend_text(outcome)}{counter}, {outcome.elapsed:.3f} s]")
            stats = outcome.stats
            if stats.get("executor") == "dask":
                print(f"tasks: {stats['tasks_finished']} of {stats['tasks']} at depth "
                      f"{stats['depth']} on dask ({stats['slots']} workers); task time mean "
                      f"{stats['task_mean_s']:.3f} s, max {stats['task_max_s']:.3f} s")
        sys.stdout.flush()
        if guard.interrupted and not outcome.complete:
            print(f"nqueens: interrupted by {guard.signal_name}; {outcome.count} solutions "
                  "counted so far (a lower bound)", file=sys.stderr)
    return EXIT_OK if outcome.complete else EXIT_UNKNOWN


#: Seconds a stopped count on Dask gets to cancel its tasks and close its cluster.
DASK_GRACE = 5.0


def run_split(
    args: argparse.Namespace, spec: Spec, options: dict, guard: Guard,  # type: ignore[type-arg]
    route: Any = None,
) -> int:
    """Count by subproblems through the engine: checkpoint, executor, progress bar."""
    from concurrent.futures.process import BrokenProcessPool

    from ..counting.cluster import TaskFailedError
    from ..counting.engine import Progress, count_split
    latest: list[Progress] = []
    shown = CountProgress(spec)

    def on_progress(progress: Progress) -> None:
        latest[:] = [progress]
        shown.subproblems(progress.done, progress.total, progress.solutions, progress.elapsed)

    def on_resume(progress: Progress) -> None:
        latest[:] = [progress]
        print(f"nqueens: resuming from {args.checkpoint}: {progress.done} of {progress.total} "
              f"subproblems already counted ({progress.solutions} solutions)", file=sys.stderr)

    def work() -> Outcome:
        return replace(count_split(
            spec, backend=args.backend, options=options,
            executor="dask" if args.executor == "dask" or args.scheduler else "local",
            jobs=args.jobs, scheduler=args.scheduler, connect_timeout=args.connect_timeout,
            depth=args.split_depth, checkpoint=args.checkpoint, deadline=guard.deadline,
            on_progress=on_progress, on_resume=on_resume,
        ), route=route)

    def abandon() -> None:
        found = latest[0].solutions if latest else 0
        report(args, spec, Outcome(guard.stopped_status(), found, backend=args.backend), guard)

    if args.executor == "dask" or args.scheduler:
        # after a stop the loop cancels the cluster's tasks and closes the client (and a
        # private LocalCluster): about a second here, which the usual grace would cut short
        guard.grace = DASK_GRACE
    elif args.jobs != 1:
        from ..counting.executors import start_fork_server

        start_fork_server()  # a local process pool: start its server signal-safe
    try:
        outcome = guard.settle(guard.run(work, abandon))
    except TaskFailedError as error:
        print(f"nqueens: error: {error}; the count is incomplete", file=sys.stderr)
        return EXIT_UNKNOWN
    except BrokenProcessPool:
        print("nqueens: error: a worker process died (killed, or out of memory?); the count is "
              "incomplete" + (f", rerun to resume from {args.checkpoint}" if args.checkpoint
                              else ""), file=sys.stderr)
        return EXIT_UNKNOWN
    finally:
        shown.bar.refresh()  # the last figures, even when tasks outran the bar's interval
        shown.close()
    return report(args, spec, outcome, guard)


def run_unique(
    args: argparse.Namespace, spec: Spec, options: dict, guard: Guard,  # type: ignore[type-arg]
    route: Any = None,
) -> int:
    """Enumerate every solution and keep one canonical form per symmetry class."""
    group = instance_symmetries(spec)
    classes: set[tuple[int, ...]] = set()

    def work() -> Outcome:
        return replace(count(spec, backend=args.backend, deadline=guard.deadline,
                             on_solution=lambda p: classes.add(canonical(p, group)), **options),
                       route=route)

    def abandon() -> None:
        report(args, spec, Outcome(guard.stopped_status(), 0, backend=args.backend), guard,
               len(classes))

    outcome = guard.settle(guard.run(work, abandon))
    return report(args, spec, outcome, guard, len(classes))


def symmetries_text(group: tuple[str, ...]) -> str:
    if len(group) == 8:
        return "the 8 symmetries of the square"
    return f"the {len(group)} symmetries this instance has ({', '.join(group)})"
