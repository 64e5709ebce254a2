"""How a count is reported, whatever ran it: the count (a lower bound unless complete), the
fundamental solutions, a certificate, and on stderr what a stopped count had done; the exit
code follows from the outcome."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..api import Plan
from ..result import Outcome
from ..spec import Spec
from ..symmetry import instance_symmetries
from ..wording import plural
from .common import EXIT_OK, EXIT_UNKNOWN, print_json
from .guard import Guard
from .render import backend_text, optimum_text


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
    finished and cut short, the units counted, the processes that began their quarter
    tables (listed a block at a time, as the units need them)."""
    stats = outcome.stats
    tasks, finished = int(stats["tasks"]), int(stats["tasks_finished"])
    stopped, built = int(stats.get("tasks_stopped", 0)), int(stats["tables_built"])
    slots = max(1, int(stats.get("slots") or 1))
    line = (f"the join stopped with {finished} of {tasks} {plural(tasks, 'part')} finished and "
            f"{stopped} cut short, {int(stats.get('units_counted', 0)):,} units counted; the "
            f"quarter tables were begun in {built} of {slots} "
            f"{plural(slots, 'process', 'processes')}")
    if built == 0 and outcome.count == 0:
        line += " (no part had begun" + (")" if interrupted else ": give a longer --timeout)")
    return line


def prepare(chosen: Plan, guard: Guard) -> None:
    """What the plan says the work needs before it starts in the guard's worker thread:
    its processes' fork server started from this (the main) thread, and the time a stop
    needs to hand back what the workers counted."""
    chosen.prepare()
    if chosen.stop_grace is not None:
        guard.grace = chosen.stop_grace


def solutions_text(count: int) -> str:
    """"1 solution", "0 solutions", "14200 solutions"."""
    return f"{count} {plural(count, 'solution')}"


def symmetries_text(group: tuple[str, ...]) -> str:
    if len(group) == 8:
        return "the 8 symmetries of the square"
    if len(group) == 1:
        return "the identity alone (no other symmetry maps this instance onto itself)"
    return f"the {len(group)} symmetries this instance has ({', '.join(group)})"
