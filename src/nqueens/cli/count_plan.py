"""`nqueens count N --plan`: what a count by the join of partial boards will cost, and no
count. The plan is the library's (`api.plan_count`, a `JoinPlan` record that serialises
itself); this module checks the options and words it. Under --timeout and Ctrl-C (the
command's one Guard) the plan's sample stops within about a second, and the plan is
said without the times it did not measure (exit 3)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..api import Split, plan_count
from ..errors import InputError
from ..forecast import seconds_text
from ..spec import Spec
from .common import EXIT_OK, EXIT_UNKNOWN, backend_options, print_json
from .guard import Guard, stop_cause

if TYPE_CHECKING:
    from ..counting.join import JoinPlan

__all__ = ["run_plan"]


def run_plan(args: argparse.Namespace, spec: Spec, split: Split | None, guard: Guard) -> int:
    """count --plan: the cost of a count by the join, from a short sample, and no count;
    nothing is written (a checkpoint is only read)."""
    from ..backends import backend_info

    options = backend_options(args, "count")
    if args.backend not in ("auto", "backtrack") or not backend_info("backtrack").counts_by("join", options):
        raise InputError("--plan works out a count by the join of partial boards, which the "
                         "backtrack backend (and auto) runs; drop --backend or --plan")
    if args.unique or args.cross_check or args.counter != "enumerate" or args.certify:
        raise InputError("--plan works out the total's count by the join alone; drop --unique, "
                         "--cross-check, --counter and --certify")
    plans: list[JoinPlan] = []

    def work() -> JoinPlan:
        found = plan_count(spec, jobs=args.jobs, split=split, deadline=guard.deadline)
        plans.append(found)
        return found

    def abandon() -> str:
        return f"{stop_cause(guard)} while the plan measured the join; nothing was counted"

    found = guard.run(work, abandon)
    if args.format == "json":
        print_json({"n": spec.n, "plan": found.as_json()})
        return EXIT_OK if found.complete else EXIT_UNKNOWN
    return _say(args, spec, found, guard)


def _say(args: argparse.Namespace, spec: Spec, found: JoinPlan, guard: Guard) -> int:
    import sys

    from ..limits import machine_memory, memory_text

    where = {"inline": "on this process", "local": f"on {found.processes} processes here",
             "dask": f"on a Dask cluster of {found.processes} workers (one core each)"}[found.executor]
    memory = machine_memory()
    if found.fit is None:
        fits = f"each worker needs about {memory_text(found.memory)}"
    elif found.fit >= found.asked:
        fits = f"{found.processes} fit in this machine's {memory_text(memory or 0)}"
    else:
        fits = (f"only {found.fit} of the {found.asked} processes asked for fit in this "
                f"machine's {memory_text(memory or 0)}: planned on {found.processes}, as the "
                "count would run; a cluster takes more")
    print(f"{spec.describe()}: the plan of a count by the join of partial boards (nothing counted)")
    print(f"  units: {found.units:,} in {found.parts:,} parts (split depth {found.depth}), about "
          f"{found.units // found.parts:,} each; kernel {found.kernel}")
    left = found.parts - found.recorded
    if found.recorded:
        print(f"  checkpoint: {args.checkpoint} holds {found.recorded:,} of the {found.parts:,} "
              + (f"parts; the figures below are for the {left:,} left" if left else
                 "parts: nothing is left to count (the same command without --plan reports "
                 "the total)"))
        if not left:
            return EXIT_OK
    if found.unit_seconds is None or found.cpu is None or found.wall is None:
        what = ("before the quarter tables were built" if found.table_seconds is None else
                f"after building the quarter tables ({seconds_text(found.table_seconds)}), "
                "before a unit was timed")
        print(f"  CPU: not measured: {stop_cause(guard)} {what}")
        print(f"  memory: about {memory_text(found.memory)} each process ({fits})")
        sys.stdout.flush()
        print(f"nqueens: {stop_cause(guard)} while the plan sampled the join; give a longer "
              "--timeout (or none) for its times", file=sys.stderr)
        return EXIT_UNKNOWN
    if found.measured:
        basis = f"measured here on {found.measured:,} units spread over the board"
    else:
        basis = (f"carried on from n = {found.basis[0]} and {found.basis[1]}, measured here: "
                 "no count of this size was timed, so a rough guide")
    unit = _short_seconds(found.unit_seconds)
    print(f"  CPU: {_about(found.cpu)}: {unit} a unit "
          f"({basis}), and {seconds_text(found.table_seconds or 0.0)} building the quarter "
          "tables in each process")
    print(f"  memory: about {memory_text(found.memory)} each process ({fits})")
    each = "worker" if found.executor == "dask" else "process"
    print(f"  wall: {_about(found.wall)} {where}, each {each} on a free core")
    lost = ("only the parts in flight: the checkpoint keeps the others for a rerun"
            if args.checkpoint else "everything without --checkpoint FILE (a rerun starts over)")
    print(f"  a part: about {_short_seconds(found.part_seconds or 0.0)} of CPU; a stop loses {lost}")
    return EXIT_OK


def _about(seconds: float) -> str:
    """'about 3.2 min', or 'under 0.1 s' (which needs no 'about')."""
    text = seconds_text(seconds)
    return text if text.startswith("under") else f"about {text}"


def _short_seconds(seconds: float) -> str:
    """Milliseconds below a second, else as `forecast.seconds_text` says a duration."""
    return f"{seconds * 1000:.3g} ms" if seconds < 1 else seconds_text(seconds)
