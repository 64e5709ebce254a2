"""`nqueens count`: count every solution, under --timeout and Ctrl-C. With --checkpoint,
--split-depth, --executor dask or --jobs on a solver backend the count runs as independent
subproblems through the counting engine (`counting/engine.py`); this module keeps only
the options and the reporting."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..api import Plan, Split, plan
from ..counting import DEFAULT_CONNECT_TIMEOUT  # Dask itself is imported only when used
from ..counting.registry import counters
from ..errors import CertificateError, InputError
from ..forecast import seconds_text
from ..planning import CROSS_CHECK_UNBOUNDED_SECONDS
from ..proofs.scratch import solutions_path_for
from ..result import Outcome
from ..wording import install_hint, plural
from .common import (
    EXIT_UNKNOWN,
    add_backend_arguments,
    add_backend_options,
    add_cell_arguments,
    add_format_argument,
    add_problem_argument,
    add_variant_argument,
    backend_options,
    load_problem_args,
    model_path,
    positive_float,
    positive_int,
    row_count,
    wrap,
)
from .count_report import prepare, report, solutions_text
from .guard import Guard, stop_cause, stopped_replay
from .progress import CountProgress
from .render import announce

#: Where split counts may run (`counting.executors.EXECUTORS` minus inline: that is --jobs 1).
CLI_EXECUTORS = ("local", "dask")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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
            "  nqueens count 8 --cross-check\n"
            "  nqueens count 22 --plan --checkpoint q22.ckpt\n"
            "  nqueens count 8 --certify --proof q8.drat\n"
            "  nqueens count 16 --backend backtrack --checkpoint q16.ckpt"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_problem_argument(parser)
    add_variant_argument(parser)
    add_cell_arguments(parser)
    add_backend_arguments(parser, exhaustive_only=True)
    named = counters()
    parser.add_argument(
        "--counter", choices=["enumerate", *named], default="enumerate",
        help="enumerate: the backend's solution loop (default); "
        + "; ".join(f"{name}: {what}" for name, what in named.items()),
    )
    parser.add_argument(
        "--jobs", "-j", type=positive_int, default=None, metavar="J",
        help="processes counting disjoint subproblems, 1 = this process only (default: "
        "the counting route decides: all cores on boards large enough to pay for the "
        "processes, else 1; 1 for the solver backends)",
    )
    add_format_argument(parser)
    parser.add_argument("--unique", "-u", action="store_true",
                        help="also count fundamental solutions (up to rotation and reflection)")
    parser.add_argument("--cross-check", action="store_true",
                        help="count again with the quickest backend of another formalism "
                        "(CP-SAT, CNF or search) and report both counts; a count by the join "
                        "of partial boards (plain, n = 13 to 18) is checked part by part by the "
                        "per-class walk instead; exit 5 when they differ. Refused when the "
                        "counts are forecast not to finish: beyond twice --timeout, or, without "
                        f"one, a second count beyond {seconds_text(CROSS_CHECK_UNBOUNDED_SECONDS)}")
    parser.add_argument("--plan", action="store_true",
                        help="count nothing: say what a count of the plain board by the join "
                        "of partial boards will cost (its parts, the CPU time from a short "
                        "sample measured here, the memory of each process, the wall time on "
                        "--jobs processes or on a Dask cluster of --jobs workers)")
    add_split_arguments(parser)
    certify = parser.add_argument_group("certificates")
    certify.add_argument("--certify", action="store_true",
                         help="certify the count: list every solution (each checked by the "
                         "validator, none twice) and replay the search's own DRAT proof that "
                         "the CNF with one blocking clause per listed solution has no model, "
                         "so none was missed (exit 4 if it does not check; needs the 'certify' "
                         "extra; the backtracker's search, no symmetry reduction, one process)")
    certify.add_argument("--proof", default=None, metavar="FILE",
                         help="with --certify: write the proof to FILE, the CNF with its blocking "
                         "clauses beside it and the solution list (q8.drat: q8.cnf and "
                         "q8.solutions.json); "
                         "existing files need --force (default: a new temporary folder)")
    certify.add_argument("--force", action="store_true",
                         help="overwrite the --proof files if they exist (default: refuse)")
    add_backend_options(parser, "count")
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
             "--split-depth, --checkpoint) or dask (needs the dask extra: "
             f"{install_hint('dask')}; "
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


def _split(args: argparse.Namespace) -> Split | None:
    """The split the options ask for (None: none asked)."""
    if args.scheduler is not None and args.executor == "local":
        raise InputError("--scheduler applies to --executor dask only; drop it or add --executor dask")
    if not split_asked(args):
        return None
    return Split(executor="dask" if args.executor == "dask" or args.scheduler else "local",
                 depth=args.split_depth, checkpoint=args.checkpoint,
                 scheduler=args.scheduler, connect_timeout=args.connect_timeout)


def run(args: argparse.Namespace) -> int:
    guard = Guard(args.timeout)
    spec = load_problem_args(args)
    split = _split(args)
    if args.cross_check and args.certify:
        raise InputError("--certify proves the count itself and --cross-check counts it a "
                         "second time; choose one")
    if args.plan:
        from .count_plan import run_plan

        return run_plan(args, spec, split, guard)
    chosen = plan(spec, "count", args.backend, unique=args.unique, timeout=args.timeout,
                  jobs=args.jobs, split=split,
                  counter=None if args.counter == "enumerate" else args.counter,
                  certify=args.certify, proof=args.proof, overwrite=args.force,
                  model_file=model_path(args.problem),
                  **backend_options(args, "count"))  # refuses what cannot work before any announcement
    if args.cross_check:
        from .cross_check import run_cross_check

        return run_cross_check(args, chosen, guard)
    announce(chosen)
    prepare(chosen, guard)
    if chosen.split is not None:
        return run_split(args, chosen, guard)

    answered: list[tuple[Outcome, str | None]] = []

    def work() -> Outcome:
        with CountProgress(spec, chosen.forecast) as progress:
            # a bar fed solution by solution only where the route meets each one anyway
            # (with --unique it would meet one per class only)
            feed = progress.enabled and chosen.meets_each_solution and not args.unique
            if progress.enabled and not feed:
                progress.start_clock()
            return chosen.run(guard.deadline, on_solution=progress.solution if feed else None,
                              on_answer=lambda outcome, proof: answered.append((outcome, proof)))

    def abandon() -> str | None:
        if answered and answered[0][0].complete:  # stuck replaying the count's proof
            outcome, proof = answered[0]
            report(args, spec, outcome, guard)
            solutions = solutions_path_for(Path(proof)) if proof else None
            return stopped_replay(guard, proof, args.problem, f"--solutions {solutions}")
        report(args, spec, Outcome(guard.stopped_status(), 0, elapsed=guard.elapsed(),
                                   backend=chosen.backend, rule=chosen.rule,
                                   total=0 if args.unique else None), guard)
        return None

    outcome = guard.settle(guard.run(work, abandon))
    code = report(args, spec, outcome, guard)
    return _uncertified(outcome, guard) or code


def _uncertified(outcome: Outcome, guard: Guard) -> int | None:
    """A certified count whose evidence did not check: exit 3 when a stop cut its replay
    short (said on stderr), else CertificateError (exit 4); None when there is nothing to
    say (no certificate, or a certified one)."""
    certificate = outcome.certificate
    if certificate is None or certificate.certified:
        return None
    if guard.should_stop():
        print(f"nqueens: {stop_cause(guard)}: {certificate.reason}; the count is not "
              "certified", file=sys.stderr)
        return EXIT_UNKNOWN
    raise CertificateError(f"the count is not certified: {certificate.reason}", certificate)


def run_split(args: argparse.Namespace, chosen: Plan, guard: Guard) -> int:
    """A count by subproblems: checkpoint, executor, progress bar per subproblem. A worker
    that dies or a cluster task that fails ends it with a WorkerError (exit 3)."""
    from ..counting.partition import Progress
    spec = chosen.spec
    latest: list[Progress] = []
    shown = CountProgress(spec)

    def on_progress(progress: Progress) -> None:
        latest[:] = [progress]
        shown.subproblems(progress.done, progress.total, progress.solutions, progress.elapsed)

    def on_resume(progress: Progress) -> None:
        latest[:] = [progress]
        print(f"nqueens: resuming from {args.checkpoint}: {progress.done} of {progress.total} "
              f"{plural(progress.total, 'subproblem')} already counted "
              f"({solutions_text(progress.solutions)})", file=sys.stderr)

    def work() -> Outcome:
        return chosen.run(guard.deadline, on_progress=on_progress, on_resume=on_resume)

    def abandon() -> None:
        found = latest[0].solutions if latest else 0
        done, total = (latest[0].done, latest[0].total) if latest else (0, 0)
        stats: dict[str, Any] = {"executor": chosen.split.executor if chosen.split else "local",
                 "slots": chosen.jobs, "depth": None, "tasks": total, "tasks_finished": done,
                 "task_mean_s": 0.0, "task_max_s": 0.0}  # what is known without the loop
        report(args, spec, Outcome(guard.stopped_status(), found, backend=chosen.backend,
                                   rule=chosen.rule, elapsed=guard.elapsed(), stats=stats),
               guard)

    try:
        outcome = guard.settle(guard.run(work, abandon))
    finally:
        shown.bar.refresh()  # the last figures, even when tasks outran the bar's interval
        shown.close()
    return report(args, spec, outcome, guard)
