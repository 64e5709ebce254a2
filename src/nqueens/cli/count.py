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
from ..planning import CROSS_CHECK_UNBOUNDED_SECONDS, check_agreement, cross_check_plan
from ..proofs.scratch import solutions_path_for
from ..result import Outcome
from ..spec import Spec
from ..symmetry import instance_symmetries
from ..wording import install_hint, plural
from .common import (
    EXIT_OK,
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
    print_json,
    row_count,
    wrap,
)
from .guard import Guard, stop_cause, stopped_replay
from .progress import CountProgress
from .render import announce, backend_text, optimum_text

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


def run_cross_check(args: argparse.Namespace, chosen: Plan, guard: Guard) -> int:
    """count --cross-check: the count of `chosen`, then a second count by a backend of
    another formalism (refused before either starts when they cannot finish); both are
    reported, a disagreement is its own failure (exit 5), and a stop says that nothing
    was compared. The second count does not start once the first was stopped. A count by
    the join is checked part by part instead (`run_part_cross_check`)."""
    from ..counting.join import CROSS_CHECK_MAX_N

    if chosen.counting_route == "join" and chosen.spec.n <= CROSS_CHECK_MAX_N:
        return run_part_cross_check(args, chosen, guard)
    second = cross_check_plan(chosen, args.timeout)
    announce(chosen)
    announce(second)
    prepare(chosen, guard)
    plans = (chosen, second)
    done: list[Outcome] = []
    skipped: list[int] = []  # the counts that never started

    def work() -> list[Outcome]:
        for index, each in enumerate(plans):
            if guard.should_stop():
                skipped.append(index)
                done.append(Outcome(guard.stopped_status(), 0, backend=each.backend))
            else:
                done.append(guard.settle(each.run(guard.deadline)))
        return done

    def abandon() -> None:
        running = len(done)
        outcomes = done + [Outcome(guard.stopped_status(), 0, elapsed=guard.elapsed(),
                                   backend=b.backend) for b in plans[running:]]
        _report_pair(args, chosen.spec, outcomes)
        _say_nothing_compared(plans, outcomes, [*skipped, *range(running + 1, len(plans))])

    outcomes = guard.run(work, abandon)
    with guard.output_lock:
        _report_pair(args, chosen.spec, outcomes)
        _say_nothing_compared(plans, outcomes, skipped)
    check_agreement(*outcomes)  # CountMismatchError: exit 5, after both counts are shown
    return EXIT_OK if all(o.complete for o in outcomes) else EXIT_UNKNOWN


def run_part_cross_check(args: argparse.Namespace, chosen: Plan, guard: Guard) -> int:
    """count --cross-check of a count by the join (n <= 18): the count, its parts recorded
    (in --checkpoint FILE, else in a temporary one), then the per-class walk sharing each
    class's solutions out over the join's parts; both totals are reported, and any part
    whose two counts differ is named (exit 5)."""
    import tempfile
    from pathlib import Path

    from ..counting.join import CROSS_CHECK_MAX_N, CROSS_CHECK_RATE, cross_check_parts
    from ..errors import CountMismatchError
    from ..planning import FORECAST_SLACK

    spec = chosen.spec
    if spec.n > CROSS_CHECK_MAX_N or chosen.unique:
        raise InputError(f"--cross-check counts each part of the join again by the per-class "
                         f"walk, which takes hours beyond n = {CROSS_CHECK_MAX_N}; drop "
                         "--cross-check" if spec.n > CROSS_CHECK_MAX_N else
                         "--cross-check compares totals; drop --unique")
    # refused before either starts when they cannot finish, as any cross-check is
    mine = chosen.forecast.seconds if chosen.forecast is not None else 0.0
    walk = CROSS_CHECK_RATE.seconds(spec.n)
    if args.timeout is not None and mine + walk > FORECAST_SLACK * args.timeout:
        counts = (f"the first count, by {chosen.backend}, alone is forecast at roughly "
                  f"{seconds_text(mine)}" if mine > FORECAST_SLACK * args.timeout else
                  "the per-class walk that checks each part of the count is forecast at "
                  f"roughly {seconds_text(walk)}")
        raise InputError(f"--cross-check: {counts}, beyond the time limit of "
                         f"{seconds_text(args.timeout)}, so nothing would be compared; give a "
                         f"limit of about {seconds_text(mine + walk)}, or drop --cross-check")
    with tempfile.TemporaryDirectory(prefix="nqueens-parts-") as folder:
        given = chosen.split.checkpoint if chosen.split is not None else None
        checkpoint = given if given is not None else Path(folder) / "parts.ckpt"
        split = (chosen.split or Split(executor="local"))._replace(checkpoint=checkpoint)
        counted = plan(spec, "count", args.backend, timeout=args.timeout, jobs=args.jobs, split=split)
        announce(counted)
        prepare(counted, guard)
        found: list[Any] = []

        def work() -> Outcome:
            outcome = guard.settle(counted.run(guard.deadline))
            if outcome.complete:
                found.append(cross_check_parts(spec, checkpoint, should_stop=guard.deadline.expired))
            return outcome

        def abandon() -> None:
            report(args, spec, Outcome(guard.stopped_status(), 0, backend=counted.backend,
                                       rule=counted.rule), guard)

        outcome = guard.run(work, abandon)
        if not found:  # stopped before the walk: the count alone, a lower bound
            return report(args, spec, outcome, guard)
    check = found[0]
    agree = check.complete and not check.disagree and check.walk == outcome.count
    with guard.output_lock:
        if args.format == "json":
            doc = outcome.as_json(spec)
            doc["cross_check"] = {"route": "per-class walk by join part", "count": check.walk,
                                  "complete": check.complete, "parts": check.parts,
                                  "disagree": [list(part) for part in check.disagree]}
            doc["agree"] = agree if check.complete else None
            print_json(doc)
        else:
            print(f"{spec.describe()}: {outcome.count} solutions [{backend_text(outcome)}, "
                  f"{outcome.elapsed:.3f} s]")
            bound = "" if check.complete else " (at least; search stopped)"
            print(f"{spec.describe()}: {check.walk} solutions{bound} [the per-class walk, "
                  f"part by part]")
            if check.complete:
                print(f"the two counts agree in each of the {check.parts} parts" if agree else
                      "the two counts DISAGREE in " + ", ".join(
                          f"part {key} ({mine} by the join, {walked} by the walk)"
                          for key, mine, walked in check.disagree[:5]))
        sys.stdout.flush()
    if check.complete and not agree:
        raise CountMismatchError(
            f"the join and the per-class walk disagree in {len(check.disagree)} of {check.parts} "
            "parts; at least one route is wrong, please report it",
            {"join": outcome.count, "per-class walk": check.walk})
    return EXIT_OK if check.complete else EXIT_UNKNOWN


def _say_nothing_compared(plans: tuple[Plan, Plan], outcomes: list[Outcome],
                          skipped: list[int]) -> None:
    """One line on stderr when a count of the pair did not finish: no comparison was made."""
    stopped = next((i for i, o in enumerate(outcomes) if not o.complete), None)
    if stopped is None:
        return
    which = ("first", "second")
    line = (f"nqueens: the cross-check compared nothing: the {which[stopped]} count "
            f"({plans[stopped].backend}) stopped ({outcomes[stopped].status.value})")
    line += (" before it started" if stopped in skipped else " before it finished")
    if stopped == 0 and 1 in skipped:
        line += f", and the second ({plans[1].backend}) never started"
    print(line, file=sys.stderr)


def _report_pair(args: argparse.Namespace, spec: Spec, outcomes: list[Outcome]) -> None:
    first, second = outcomes
    agree = first.complete and second.complete and first.count == second.count
    if args.format == "json":
        doc = first.as_json(spec)
        doc["cross_check"] = {key: second.as_json(spec)[key]
                              for key in ("backend", "route", "status", "count", "complete", "elapsed")}
        doc["agree"] = agree if first.complete and second.complete else None
        print_json(doc)
    else:
        for outcome in outcomes:
            bound = "" if outcome.complete else f" (at least; search stopped: {outcome.status.value})"
            print(f"{spec.describe()}: {solutions_text(outcome.count)}{bound} "
                  f"[{backend_text(outcome)}, {outcome.elapsed:.3f} s]")
        if first.complete and second.complete:
            print("the two counts agree" if agree else "the two counts DISAGREE")
    sys.stdout.flush()


def _certified_fields(args: argparse.Namespace, outcome: Outcome) -> dict[str, Any]:
    """What a certified count adds to its JSON: the solutions listed (the certificate is
    added by `Outcome.as_json`), and `certified: false` when no certificate could be made."""
    if not getattr(args, "certify", False):
        return {}
    fields: dict[str, Any] = {"solutions": [list(p) for p in outcome.solutions]}
    if outcome.certificate is None:
        fields["certified"] = False
    return fields


def _certificate_text(outcome: Outcome) -> None:
    certificate = outcome.certificate
    if certificate is not None:
        files = (f" (proof {certificate.proof}, CNF {certificate.cnf}, solutions "
                 f"{certificate.solutions})" if certificate.solutions else "")
        print(certificate.text() + files)


def report(args: argparse.Namespace, spec: Spec, outcome: Outcome, guard: Guard) -> int:
    """Print the count (a lower bound unless complete; with --unique, the fundamental
    solutions beside every solution, `outcome.total`); a certified count adds its solutions
    (JSON) and its certificate. Returns the exit code."""
    fundamental = outcome.total is not None  # --unique: count is the classes
    with guard.output_lock:
        group = instance_symmetries(spec) if fundamental else ()
        if args.format == "json":
            if not fundamental:
                print_json(outcome.as_json(spec, **_certified_fields(args, outcome)))
            else:  # "count" is what was asked for: the fundamental ones
                print_json(outcome.as_json(spec, symmetries=list(group)))
        else:
            bound = "" if outcome.complete else f" (at least; search stopped: {outcome.status.value})"
            unique = outcome.stats.get("unique")
            classes = f", {unique} fundamental" if unique is not None and outcome.complete else ""
            found = f"{solutions_text(outcome.count)}{classes}{bound}"
            counter = ""
            if args.counter == "ganak":
                counter = ", counted by ganak"
                if not outcome.complete:
                    found = f"count unknown (ganak stopped: {outcome.status.value})"
            if fundamental:
                found = (f"{outcome.count} fundamental {plural(outcome.count, 'solution')}{bound} "
                         f"up to {symmetries_text(group)}; {outcome.total} in all")
            print(f"{spec.describe()}: {optimum_text(outcome)}{found} "
                  f"[{backend_text(outcome)}{counter}, {outcome.elapsed:.3f} s]")
            _certificate_text(outcome)
            stats = outcome.stats
            if stats.get("executor") == "dask":
                print(f"tasks: {stats['tasks_finished']} of {stats['tasks']} at depth "
                      f"{stats['depth']} on dask ({stats['slots']} "
                      f"{plural(int(stats['slots']), 'worker')}); task time mean "
                      f"{stats['task_mean_s']:.3f} s, max {stats['task_max_s']:.3f} s")
        sys.stdout.flush()
        if not outcome.complete and "tables_built" in outcome.stats and args.format != "json":
            print(f"nqueens: {_join_progress(outcome, guard.interrupted)}", file=sys.stderr)
        if guard.interrupted and not outcome.complete:  # the last line, as every stop's
            met = outcome.total if outcome.total is not None else outcome.count
            print(f"nqueens: interrupted by {guard.signal_name}; {solutions_text(met)} "
                  "counted so far (a lower bound)", file=sys.stderr)
        if args.checkpoint is not None and not outcome.complete and "recorded" in outcome.stats:
            stats = outcome.stats
            print(f"nqueens: {args.checkpoint} holds {stats['finished']} of "
                  f"{stats['subproblems']} {plural(int(stats['subproblems']), 'subproblem')} "
                  f"({solutions_text(int(stats['recorded']))}); run the same command again to "
                  "resume", file=sys.stderr)
    return EXIT_OK if outcome.complete else EXIT_UNKNOWN


def _join_progress(outcome: Outcome, interrupted: bool = False) -> str:
    """What a stopped count by the join did (the JSON's stats say the same): its parts
    finished and cut short, the units counted, the processes whose tables were built (a
    part counts nothing before they are)."""
    stats = outcome.stats
    tasks, finished = int(stats["tasks"]), int(stats["tasks_finished"])
    stopped, built = int(stats.get("tasks_stopped", 0)), int(stats["tables_built"])
    slots = max(1, int(stats.get("slots") or 1))
    line = (f"the join stopped with {finished} of {tasks} {plural(tasks, 'part')} finished and "
            f"{stopped} cut short, {int(stats.get('units_counted', 0)):,} units counted; the "
            f"quarter tables were built in {built} of {slots} {plural(slots, 'process', 'processes')}")
    if built == 0 and outcome.count == 0:
        line += " (a part counts nothing before its process has built them" + (
            ")" if interrupted else ": give a longer --timeout)")
    return line


def prepare(chosen: Plan, guard: Guard) -> None:
    """What the plan says the work needs before it starts in the guard's worker thread:
    its processes' fork server started from this (the main) thread, and the time a stop
    needs to hand back what the workers counted."""
    chosen.prepare()
    if chosen.stop_grace is not None:
        guard.grace = chosen.stop_grace


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


def solutions_text(count: int) -> str:
    """"1 solution", "0 solutions", "14200 solutions"."""
    return f"{count} {plural(count, 'solution')}"


def symmetries_text(group: tuple[str, ...]) -> str:
    if len(group) == 8:
        return "the 8 symmetries of the square"
    if len(group) == 1:
        return "the identity alone (no other symmetry maps this instance onto itself)"
    return f"the {len(group)} symmetries this instance has ({', '.join(group)})"
