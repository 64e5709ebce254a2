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
from typing import Any

from ..api import plan
from ..errors import CertificateError, InputError
from ..job_kinds import Job
from ..limits import check_terminal_enumeration, known_solutions
from ..result import Outcome, Solution, Status
from ..spec import Spec
from ..symmetry import instance_symmetries
from ..wording import plural
from .common import (
    EXIT_NO,
    EXIT_OK,
    EXIT_UNKNOWN,
    StreamError,
    add_backend_arguments,
    add_backend_options,
    add_cell_arguments,
    add_format_argument,
    add_problem_argument,
    add_variant_argument,
    backend_options,
    check_picture,
    load_problem_args,
    model_path,
    positive_int,
    wrap,
)
from .guard import Guard, stop_cause, stopped_replay
from .progress import bar, wanted
from .render import announce, backend_text, optimum_text, solution_text


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "solve", help="find solutions and print them",
        description=wrap(
            "Find one solution (default), K solutions (--limit K) or all (--all). Text and "
            "jsonl output stream as solutions are found; --timeout, Ctrl-C or SIGTERM stop "
            "the search and keep every solution already printed (exit 3)."
        ),
        epilog=(
            "examples:\n"
            "  nqueens solve 8\n"
            "  nqueens solve 8 --limit 3 --one-based\n"
            "  nqueens solve 8 --all --unique --format json\n"
            "  nqueens solve 8 --fixed 0,0 --forbidden 3,3 --backend sat\n"
            "  nqueens solve 3 --certify --proof q3.drat\n"
            "  nqueens solve completion-8-a1 --output a1.svg\n"
            "  nqueens solve completion-8-unsat --most-queens --cross-check\n"
            "  nqueens solve 12 --all --format jsonl --timeout 5 > solutions.jsonl"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_problem_argument(parser)
    add_variant_argument(parser)
    add_cell_arguments(parser)
    add_backend_arguments(parser)
    how_many = parser.add_mutually_exclusive_group()
    how_many.add_argument("--limit", "-k", type=positive_int, default=1, metavar="K",
                          help="stop after K solutions (default: 1)")
    how_many.add_argument("--all", "-a", action="store_true", help="find every solution")
    add_format_argument(parser, "text", "json", "jsonl")
    parser.add_argument("--one-based", action="store_true",
                        help="show the text output's columns 1-based, as the textbook does "
                        "(`verify` reads them so, from the header); --fixed/--forbidden cells and "
                        "JSON stay 0-based, as in every command")
    parser.add_argument("--unique", "-u", action="store_true",
                        help="with --all: print one solution per class of solutions that are "
                        "rotations or reflections of each other (the smallest of each class), "
                        "as its class is first met")
    parser.add_argument("--output", "-o", default=None, metavar="FILE",
                        help="also draw the solutions shown to FILE.svg or FILE.png (one board, or a "
                        "grid of them; never over the model being read)")
    parser.add_argument("--force", action="store_true",
                        help="overwrite the --output picture and the --proof files if they "
                        "exist (default: refuse)")
    certify = parser.add_argument_group("certificates")
    certify.add_argument("--certify", action="store_true",
                         help="certify the answer: each solution by the validator; 'no solution' "
                         "by a DRAT proof of the instance's CNF (the backtracker's search writes "
                         "its own; other backends' answers are proved again by CaDiCaL), "
                         "replayed by an independent checker (exit 4 if it does not check; "
                         "needs the 'certify' extra)")
    certify.add_argument("--proof", default=None, metavar="FILE",
                         help="with --certify: write the proof of a 'no' to FILE and the CNF it "
                         "refutes beside it (FILE with the suffix .cnf); an existing file needs "
                         "--force (default: beside --output, else a new temporary folder)")
    closest = parser.add_argument_group("how close a 'no' comes")
    closest.add_argument("--most-queens", action="store_true",
                         help="the most non-attacking queens that fit with every given, proved "
                         "optimal (n when the instance has a solution): --backend cpsat "
                         "maximizes with CP-SAT, sat runs RC2 (MaxSAT) on the CNF, auto the one "
                         "measured faster")
    closest.add_argument("--cross-check", action="store_true",
                         help="with --most-queens: run both CP-SAT and RC2 and hold them to each "
                         "other (exit 5 if they disagree)")
    add_backend_options(parser, "solve")
    parser.set_defaults(handler=run)


class _Printer:
    """Writes each solution as one whole, flushed record under the guard's output lock
    (with --unique, the plan hands it one solution per class, as the class is first met)."""

    def __init__(self, spec: Spec, args: argparse.Namespace, guard: Guard) -> None:
        self.spec = spec
        self.args = args
        self.guard = guard
        self.found: list[Solution] = []
        self.written = 0
        self.pipe_closed = False
        self.write_error: StreamError | None = None
        # a bar only when the solutions go elsewhere: it would garble boards on the same screen
        self.progress = bar(total=args.limit if not args.all
                            else known_solutions(spec, unique=args.unique),
                            unit=" fundamental solutions" if args.unique else " solutions",
                            desc=spec.describe(), enabled=wanted() and not sys.stdout.isatty())

    def __call__(self, placement: Solution) -> bool | None:
        with self.guard.output_lock:
            self.found.append(placement)
            self.progress.update(1)
            try:
                self._write_one(placement)
            except BrokenPipeError:  # the reader went away (e.g. `| head`): stop searching
                self.pipe_closed = True
                return False
            except StreamError as error:  # stdout takes no more (a full disk): stop too
                self.write_error = error
                return False
        return None

    def _write_one(self, placement: Solution) -> None:
        if self.args.format == "json":
            return
        self.written += 1
        if self.args.format == "jsonl":
            view = "columns" if self.spec.rows_exact else "queens"
            record = {"type": "solution", "n": self.spec.n, "index": self.written,
                      view: [list(cell) if isinstance(cell, tuple) else cell
                             for cell in placement]}
            sys.stdout.write(json.dumps(record) + "\n")
        else:
            sys.stdout.write(solution_text(self.spec, self.written, placement,
                                           self.args.one_based) + "\n\n")
        sys.stdout.flush()

    def finish(self, outcome: Outcome, shown: list[Solution], **extra: Any) -> None:
        """Print the summary: the JSON document, the last jsonl record or a text line."""
        with self.guard.output_lock:
            self.progress.close()
            if self.args.format == "json":
                doc = outcome.as_json(self.spec, solutions=[list(p) for p in shown], **extra)
                sys.stdout.write(json.dumps(doc) + "\n")
            elif self.args.format == "jsonl":
                summary = {"type": "summary", **outcome.as_json(self.spec, **extra)}
                sys.stdout.write(json.dumps(summary) + "\n")
            else:
                if outcome.total is not None:  # --unique: the fundamental ones were listed
                    sys.stdout.write(f"{outcome.count} fundamental "
                                     f"{plural(outcome.count, 'solution')}, each the smallest "
                                     "of its symmetric images\n")
                sys.stdout.write(_summary(self.spec.describe(), outcome) + "\n")
            sys.stdout.flush()
            if self.guard.interrupted and outcome.status is Status.INTERRUPTED:
                print(f"nqueens: interrupted by {self.guard.signal_name}; {outcome.count} "
                      f"{plural(outcome.count, 'solution')} found so far (a lower bound)",
                      file=sys.stderr)


def run(args: argparse.Namespace) -> int:  # noqa: C901 - one branch per output form (text, json, jsonl, picture) and refusal
    guard = Guard(args.timeout)
    spec = load_problem_args(args)
    if args.most_queens or args.cross_check:
        from .most_queens import run_most_queens

        return run_most_queens(spec, args, guard)
    if args.unique and not args.all:
        raise InputError("--unique needs --all: the classes of symmetric solutions are known "
                         "only once every solution has been found; add --all")
    if args.output is not None:
        check_picture(spec, args)  # a bad file or too many boards fail before the search
    limit = None if args.all else args.limit
    job: Job = "enumerate" if args.all else "find"
    options = backend_options(args, "solve")
    chosen = plan(spec, job, args.backend, limit=limit, unique=args.unique,
                  timeout=args.timeout, certify=args.certify, proof=_proof_path(args),
                  overwrite=args.force, model_file=model_path(args.problem), **options)
    if args.all and sys.stdout.isatty():
        check_terminal_enumeration(spec)
    announce(chosen)  # after every refusal: only work that will run is announced
    printer = _Printer(spec, args, guard)
    answered: list[tuple[Outcome, str | None]] = []

    def work() -> Outcome:  # "auto" was resolved (with its fallback) by the plan
        return chosen.run(guard.deadline, on_solution=printer,
                          on_answer=lambda outcome, proof: answered.append((outcome, proof)))

    def abandon() -> str | None:  # with --unique, the solutions met are at least the classes shown
        if answered and answered[0][0].complete:  # stuck replaying the proof of the answer
            outcome, proof = answered[0]
            printer.finish(outcome, list(printer.found), certified=False,
                           **_unique_fields(spec, args))
            return stopped_replay(guard, proof, args.problem)
        found = len(printer.found)
        printer.finish(Outcome(guard.stopped_status(), found, elapsed=guard.elapsed(),
                               backend=chosen.backend, rule=chosen.rule,
                               total=found if args.unique else None),
                       list(printer.found), **_unique_fields(spec, args))
        return None

    outcome = guard.settle(guard.run(work, abandon))
    if printer.pipe_closed:
        raise BrokenPipeError
    if printer.write_error is not None:
        raise printer.write_error
    if "note" in outcome.stats:
        print(f"nqueens: {outcome.stats['note']}", file=sys.stderr)
    shown = list(printer.found)
    extra = _unique_fields(spec, args)
    if args.output is not None:
        _draw(spec, args, shown)
    if args.certify and outcome.certificate is None:  # stopped before an answer
        extra["certified"] = False
    printer.finish(outcome, shown, **extra)
    certificate = outcome.certificate
    if certificate is not None:
        if args.format == "text":
            print(certificate.text() + (f" (proof {certificate.proof}, CNF {certificate.cnf})"
                                        if certificate.proof else ""))
        if not certificate.certified and guard.should_stop():
            print(f"nqueens: {stop_cause(guard)}: {certificate.reason}; the answer is not "
                  "certified", file=sys.stderr)
            return EXIT_UNKNOWN
        if not certificate.certified:
            raise CertificateError(f"the answer is not certified: {certificate.reason}",
                                   certificate)
    if outcome.status in (Status.TIMEOUT, Status.INTERRUPTED, Status.CAPPED):
        return EXIT_UNKNOWN
    return EXIT_OK if outcome.count else EXIT_NO


def _unique_fields(spec: Spec, args: argparse.Namespace) -> dict[str, Any]:
    """What the JSON of --unique adds: the symmetries the classes are taken under (its
    `count` is the fundamental solutions listed, `total` every solution met)."""
    return {"symmetries": list(instance_symmetries(spec))} if args.unique else {}


def _proof_path(args: argparse.Namespace) -> str | None:
    """Where the proof of a "no" goes: --proof, else beside --output (its name with the
    suffix .drat), else None (a temporary folder)."""
    if args.proof is not None or not args.certify or args.output is None:
        return str(args.proof) if args.proof is not None else None
    from pathlib import Path

    return str(Path(args.output).with_suffix(".drat"))


def _draw(spec: Spec, args: argparse.Namespace, shown: list[Solution]) -> None:
    """Draw the shown solutions to --output (nothing is written when there are none)."""
    if not shown:
        print(f"nqueens: no solution to draw; {args.output} was not written", file=sys.stderr)
        return
    from ..pictures.board import draw_boards

    kind = "fundamental solutions" if args.unique else "solutions"
    title = spec.describe() if len(shown) == 1 else f"{spec.describe()}: {len(shown)} {kind}"
    draw_boards(spec, shown, args.output, one_based=args.one_based, title=title,
                overwrite=args.force)
    print(f"wrote {args.output} ({len(shown)} {plural(len(shown), 'board')})", file=sys.stderr)


def _summary(what: str, outcome: Outcome) -> str:
    """The last text line: every solution found (with --unique, all those met, not only
    the fundamental ones listed above it) and how the search ended."""
    count = outcome.total if outcome.total is not None else outcome.count
    status = outcome.status
    solutions = f"{count} {plural(count, 'solution')}"
    if status is Status.COMPLETE:
        verdict = ("no solution exists" if count == 0 else "1 solution, the only one"
                   if count == 1 else f"{solutions}, all of them")
    elif status is Status.FOUND:
        verdict = f"{solutions} (stopped at the limit)"
    elif status is Status.CAPPED:
        verdict = (f"{solutions} before the search reached its cap "
                   f"({outcome.stats.get('cap', 'its steps')}); more may exist")
    else:
        verdict = f"{solutions} before the search stopped ({status.value}); more may exist"
    return f"{what}: {optimum_text(outcome)}{verdict} [{backend_text(outcome)}]"


