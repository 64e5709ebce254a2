"""`nqueens count` on a Dask cluster: the "cluster" option group (--executor, --scheduler,
--connect-timeout; --jobs and --split-depth are shared with local counts) and the run that
reports tasks, mean and max task time.

Not a subcommand of its own: `cli/count.py` registers the group and hands over when asked.
"""

from __future__ import annotations

import argparse
import sys

from ..counting.dask import DEFAULT_CONNECT_TIMEOUT, TaskFailedError
from .render import outcome_json
from ..spec import Spec
from ..counting.tasks import EXECUTORS, count_in_tasks
from .common import EXIT_OK, EXIT_UNKNOWN, backend_options, positive_float, positive_int, print_json


def add_cluster_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(
        "cluster", "count as independent subproblem tasks, on this machine or a Dask cluster"
    )
    group.add_argument(
        "--executor", choices=EXECUTORS, default=None,
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


def split_requested(args: argparse.Namespace) -> bool:
    """True when any option of the group asks for a split count."""
    return args.executor == "dask" or args.scheduler is not None


def run_in_tasks(spec: Spec, args: argparse.Namespace) -> int:
    if args.scheduler is not None and args.executor == "local":
        from ..errors import InputError

        raise InputError("--scheduler applies to --executor dask only; drop it or add --executor dask")
    executor = args.executor or ("dask" if args.scheduler else "local")
    try:
        outcome = count_in_tasks(
            spec, backend=args.backend, options=backend_options(args), executor=executor,
            scheduler=args.scheduler, jobs=args.jobs, depth=args.split_depth, timeout=args.timeout,
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
