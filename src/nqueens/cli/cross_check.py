"""`nqueens count --cross-check`: the count, then a second count by another formalism (or,
for a count by the join, each of its parts again by the per-class walk); both reported,
a disagreement its own failure (exit 5). The plan decides and refuses
(`planning.cross_check`); this module runs the pair and reports it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..api import Plan, Split, plan
from ..planning import by_parts, check_agreement, cross_check_plan, refuse_part_cross_check
from ..result import Outcome
from ..spec import Spec
from .common import EXIT_OK, EXIT_UNKNOWN, print_json
from .count_report import prepare, report, solutions_text
from .guard import Guard
from .render import announce, backend_text


def run_cross_check(args: argparse.Namespace, chosen: Plan, guard: Guard) -> int:
    """count --cross-check: the count of `chosen`, then a second count by a backend of
    another formalism (refused before either starts when they cannot finish); both are
    reported, a disagreement is its own failure (exit 5), and a stop says that nothing
    was compared. The second count does not start once the first was stopped. A count by
    the join is checked part by part instead (`run_part_cross_check`)."""
    if by_parts(chosen):
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

    from ..counting.join import cross_check_parts
    from ..errors import CountMismatchError

    spec = chosen.spec
    refuse_part_cross_check(chosen, args.timeout)
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
