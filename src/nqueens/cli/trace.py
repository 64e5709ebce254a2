"""`nqueens trace`: the textbook's backtracking walk told step by step, (a), (b), ..., in the
book's words, or as JSON events for other tools."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..errors import InputError
from ..pictures.page import PAGE_MAX_EVENTS, PAGE_MAX_N_ALL, PAGE_MAX_N_FIRST
from ..spec import Spec
from ..textbook.trace import Event, event_text, step_label, steps, walk
from ..wording import plural
from .common import (
    EXIT_OK,
    add_cell_arguments,
    add_format_argument,
    check_output,
    print_json,
    textbook_board,
    wrap,
    write_output,
)

#: Largest boards traced: the whole tree (--all) and the walk to the first solution. Beyond
#: these the walk has millions of events (n = 11 --all: 1.7 million; n = 20: 4 million).
MAX_N_ALL = 10
MAX_N_FIRST = 16


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "trace", help="the textbook's backtracking walk, step by step",
        description=wrap("Retell the backtracking walk as the textbook does: each child "
        "<row,col> checked, promising or nonpromising and why, each backtrack, each solution. "
        "Stops at the first solution unless --all. JSON events are 0-based."),
        epilog="examples:\n  nqueens trace 4\n  nqueens trace 5 --all --format json\n"
        "  nqueens trace 4 --all --output trace.html",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("problem", metavar="N|MODEL",
                        help="board size, or a model file / bundled model of a queens board "
                        "(fixed queens are pre-placed, forbidden cells pruned at once) or of a "
                        "posed problem whose every row holds one queen (a region puzzle)")
    add_cell_arguments(parser)
    parser.add_argument("--all", "-a", action="store_true",
                        help=f"walk the whole pruned tree, every solution (N <= {MAX_N_ALL})")
    base = parser.add_mutually_exclusive_group()
    base.add_argument("--one-based", dest="one_based", action="store_true", default=True,
                      help="text: rows and columns 1-based, as in the book (default)")
    base.add_argument("--zero-based", dest="one_based", action="store_false",
                      help="text: rows and columns 0-based (JSON is always 0-based)")
    add_format_argument(parser)
    parser.add_argument("--output", "-o", default=None, metavar="FILE.html",
                        help="write a step-through page instead: one self-contained HTML file "
                        f"(board, the book's sentence, the growing tree; N <= {PAGE_MAX_N_ALL} "
                        f"with --all, N <= {PAGE_MAX_N_FIRST} without; a region puzzle's "
                        "regions coloured, its walk at most "
                        f"{PAGE_MAX_EVENTS:,} events)")
    parser.add_argument("--force", action="store_true",
                        help="overwrite FILE.html if it exists (default: refuse)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    spec = textbook_board(args)
    n = spec.n
    if args.output is not None:
        return write_page(args, spec, all_solutions=args.all)
    if args.all and n > MAX_N_ALL:
        raise InputError(
            f"trace --all walks every node: n = {n} is too large (at most {MAX_N_ALL}); "
            f"use `nqueens stats {n}` for the tree's size or `nqueens count {n}`"
        )
    if n > MAX_N_FIRST:
        raise InputError(
            f"the walk to the first solution for n = {n} is too long to trace (at most "
            f"{MAX_N_FIRST}); use `nqueens solve {n} --backend backtrack` for a solution"
        )
    events = walk(spec, all_solutions=args.all)
    shift = 0 if args.one_based else -1
    if args.format == "json":  # 0-based, as all of the toolkit's JSON (the walk is 1-based)
        print_json({
            "n": n,
            "events": [
                {"step": step_label(i), **event_json(e, -1)}
                for i, group in enumerate(steps(events)) for e in group
            ],
        })
        return EXIT_OK
    write = sys.stdout.write
    checks = promising = found = 0
    for index, group in enumerate(steps(events)):
        label = f"({step_label(index)})"
        for position, event in enumerate(group):
            write(f"{label if position == 0 else ' ' * len(label)} {event_text(event, shift)}\n")
            checks += event.kind == "check"
            promising += event.kind == "check" and event.promising
            found += event.kind == "solution"
    scope = "until the first solution" if found and not args.all else "whole tree"
    write(f"{scope}: {checks + 1} nodes checked, {promising + 1} promising (root included), "
          f"{found} {plural(found, 'solution')}\n")
    return EXIT_OK


def write_page(args: argparse.Namespace, spec: Spec, *, all_solutions: bool) -> int:
    """Write the step-through page to --output (also used by `nqueens tree N -o FILE.html`),
    refusing a bad name, an existing file (without --force) or too large a walk before
    any work."""
    from pathlib import Path

    from ..pictures.page import check_page_size, page_html

    if Path(args.output).suffix.lower() not in (".html", ".htm"):
        raise InputError(f"output file {args.output!r} must end in .html (a step-through page)")
    check_page_size(spec.n, all_solutions, spec)
    check_output(args)  # a directory, no rights, a name too long: one line, before the work
    write_output(args, page_html(spec, all_solutions=all_solutions), "step-through page")
    return EXIT_OK


def event_json(event: Event, shift: int) -> dict[str, Any]:
    """One event as a JSON object; row 0 of a backtrack is the root (null in JSON)."""
    if event.kind == "solution":
        return {"event": "solution", "columns": [c + shift for c in event.columns]}
    if event.kind == "backtrack":
        to = None if event.row == 0 else {"row": event.row + shift, "col": event.col + shift}
        return {"event": "backtrack", "to": to}
    doc: dict[str, Any] = {"event": "check", "row": event.row + shift,
                           "col": event.col + shift, "promising": event.promising}
    if event.fixed:
        doc["fixed"] = True
    if event.reason is not None:
        queen = None if event.reason.queen == 0 else event.reason.queen + shift  # no queen
        doc["reason"] = {"queen": queen, "line": event.reason.line}
        if event.reason.bound != 1:  # a posed problem's line of another bound
            doc["reason"]["bound"] = event.reason.bound
    return doc
