"""`nqueens solve`: find one, K or all solutions and print them as boards, JSON or JSON lines.

Text and JSON lines stream: each solution is written and flushed as the backend finds it
(through the API's `on_solution` callback), so a pipe reader sees it at once and an
interrupted run has printed every solution it found. `--format json` is one document and
is printed at the end, with the solutions found so far if the run was cut short.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..api import search
from ..limits import check_terminal_enumeration
from ..progress import bar, wanted
from ..render import outcome_json, solution_text
from ..result import Outcome, Status
from ..spec import Placement, Spec
from .common import (
    EXIT_NO,
    EXIT_OK,
    EXIT_UNKNOWN,
    add_backend_arguments,
    add_format_argument,
    add_problem_argument,
    backend_options,
    load_problem,
    positive_int,
)
from .guard import Guard


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "solve", help="find solutions and print them",
        description=(
            "Find one solution (default), K solutions (--limit K) or all (--all). Text and "
            "jsonl output stream as solutions are found; --timeout, Ctrl-C or SIGTERM stop "
            "the search and keep every solution already printed (exit 3)."
        ),
    )
    add_problem_argument(parser)
    add_backend_arguments(parser)
    how_many = parser.add_mutually_exclusive_group()
    how_many.add_argument("--limit", "-k", type=positive_int, default=1, metavar="K",
                          help="stop after K solutions (default: 1)")
    how_many.add_argument("--all", "-a", action="store_true", help="find every solution")
    add_format_argument(parser, "text", "json", "jsonl")
    parser.add_argument("--one-based", action="store_true",
                        help="show columns 1-based, as the textbook does (JSON stays 0-based)")
    parser.set_defaults(handler=run)


class _Printer:
    """Writes each solution as one whole, flushed record under the guard's output lock."""

    def __init__(self, spec: Spec, args: argparse.Namespace, guard: Guard) -> None:
        self.spec = spec
        self.args = args
        self.guard = guard
        self.found: list[Placement] = []
        self.pipe_closed = False
        # a bar only when the solutions go elsewhere: it would garble boards on the same screen
        self.progress = bar(total=args.limit if not args.all else None, unit=" solutions",
                            desc=spec.describe(), enabled=wanted() and not sys.stdout.isatty())

    def __call__(self, placement: Placement) -> bool | None:
        with self.guard.output_lock:
            self.found.append(placement)
            self.progress.update(1)
            try:
                if self.args.format == "jsonl":
                    record = {"type": "solution", "n": self.spec.n, "index": len(self.found),
                              "columns": list(placement)}
                    sys.stdout.write(json.dumps(record) + "\n")
                elif self.args.format == "text":
                    sys.stdout.write(solution_text(self.spec, len(self.found), placement,
                                                   self.args.one_based) + "\n\n")
                else:
                    return None
                sys.stdout.flush()
            except BrokenPipeError:  # the reader went away (e.g. `| head`): stop searching
                self.pipe_closed = True
                return False
        return None

    def finish(self, outcome: Outcome) -> None:
        """Print the summary: the JSON document, the last jsonl record or a text line."""
        with self.guard.output_lock:
            self.progress.close()
            if self.args.format == "json":
                doc = outcome_json(self.spec, outcome, solutions=[list(p) for p in self.found])
                sys.stdout.write(json.dumps(doc) + "\n")
            elif self.args.format == "jsonl":
                sys.stdout.write(json.dumps({"type": "summary", **outcome_json(self.spec, outcome)})
                                 + "\n")
            else:
                sys.stdout.write(_summary(self.spec.describe(), outcome) + "\n")
            sys.stdout.flush()
            if self.guard.interrupted and outcome.status is Status.INTERRUPTED:
                print(f"nqueens: interrupted by {self.guard.signal_name}; {outcome.count} "
                      "solution(s) found so far (a lower bound)", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    guard = Guard(args.timeout)
    spec = load_problem(args.problem)
    limit = None if args.all else args.limit
    options = backend_options(args)
    if args.all and sys.stdout.isatty():
        check_terminal_enumeration(spec)
    printer = _Printer(spec, args, guard)

    def work() -> Outcome:
        return search(spec, backend=args.backend, limit=limit, deadline=guard.deadline,
                      on_solution=printer, collect=False, **options)

    def abandon() -> None:
        printer.finish(Outcome(guard.stopped_status(), len(printer.found), backend=args.backend))

    outcome = guard.settle(guard.run(work, abandon))
    if printer.pipe_closed:
        raise BrokenPipeError
    printer.finish(outcome)
    if outcome.status in (Status.TIMEOUT, Status.INTERRUPTED):
        return EXIT_UNKNOWN
    return EXIT_OK if outcome.count else EXIT_NO


def _summary(what: str, outcome: Outcome) -> str:
    count, status = outcome.count, outcome.status
    if status is Status.COMPLETE:
        verdict = "no solution exists" if count == 0 else f"{count} solution(s), all of them"
    elif status is Status.LIMIT_REACHED:
        verdict = f"{count} solution(s) (stopped at the limit)"
    else:
        verdict = f"{count} solution(s) before the search stopped ({status.value}); more may exist"
    return f"{what}: {verdict} [backend {outcome.backend}]"
