"""`nqueens count` in subproblem tasks: the "cluster" option group (--executor, --scheduler,
--jobs, --depth) and the run that reports tasks, mean and max task time.

Not a subcommand of its own: `cli/count.py` registers the group and hands over when asked.
"""

from __future__ import annotations

import argparse
import sys

from ..cluster import DEFAULT_CONNECT_TIMEOUT, TaskFailedError
from ..render import outcome_json
from ..spec import Spec
from ..splitcount import EXECUTORS, count_in_tasks
from .common import EXIT_OK, EXIT_UNKNOWN, backend_options, positive_float, positive_int, print_json


def depth_type(text: str) -> int:
    """argparse type for --depth: a non-negative number of rows."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of rows, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more rows, got {text!r}")
    return value


def add_cluster_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(
        "cluster", "count as independent subproblem tasks, on this machine or a Dask cluster"
    )
    group.add_argument(
        "--executor", choices=EXECUTORS, default=None,
        help="where the tasks run: local (a process pool here) or dask (needs "
             "pip install 'nqueens[dask]') (default: local if --jobs or --depth is given, "
             "dask with --scheduler, else one unsplit search)",
    )
    group.add_argument(
        "--scheduler", metavar="ADDRESS", default=None,
        help="Dask scheduler address, e.g. tcp://10.0.0.5:8786 (default: "
             "$DASK_SCHEDULER_ADDRESS, else a private cluster of --jobs workers here)",
    )
    group.add_argument(
        "--jobs", "-j", type=positive_int, default=None, metavar="N",
        help="worker processes here: the local pool, or the private Dask cluster (default: all cores)",
    )
    group.add_argument(
        "--depth", type=depth_type, default=None, metavar="D",
        help="rows fixed per subproblem task (default: enough for 10 tasks per worker)",
    )
    group.add_argument(
        "--connect-timeout", type=positive_float, default=DEFAULT_CONNECT_TIMEOUT, metavar="S",
        help=f"seconds to wait for the Dask scheduler and a worker (default: {DEFAULT_CONNECT_TIMEOUT:g})",
    )


def split_requested(args: argparse.Namespace) -> bool:
    """True when any option of the group asks for a split count."""
    return any(v is not None for v in (args.executor, args.scheduler, args.jobs, args.depth))


def run_in_tasks(spec: Spec, args: argparse.Namespace) -> int:
    if args.scheduler is not None and args.executor == "local":
        from ..errors import InputError

        raise InputError("--scheduler applies to --executor dask only; drop it or add --executor dask")
    executor = args.executor or ("dask" if args.scheduler else "local")
    try:
        outcome = count_in_tasks(
            spec, backend=args.backend, options=backend_options(args), executor=executor,
            scheduler=args.scheduler, jobs=args.jobs, depth=args.depth, timeout=args.timeout,
            connect_timeout=args.connect_timeout,
        )
    except TaskFailedError as error:
        print(f"nqueens: error: {error}; the count is incomplete", file=sys.stderr)
        return EXIT_UNKNOWN
    stats = outcome.stats
    if args.format == "json":
        print_json(outcome_json(spec, outcome))
    else:
        bound = "" if outcome.complete else f" (at least; search stopped: {outcome.status.value})"
        print(f"{spec.describe()}: {outcome.count} solutions{bound} "
              f"[backend {outcome.backend}, {outcome.elapsed:.3f} s]")
        print(f"tasks: {stats['tasks_finished']} of {stats['tasks']} at depth {stats['depth']} "
              f"on {stats['executor']} ({stats['slots']} workers); "
              f"task time mean {stats['task_mean_s']:.3f} s, max {stats['task_max_s']:.3f} s")
    return EXIT_OK if outcome.complete else EXIT_UNKNOWN
