"""`nqueens encodings`: the sat backend's at-most-one encodings side by side on one model."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..bench.encodings import check_encodings, compare_encodings
from ..spec import Spec
from .common import (
    EXIT_OK,
    EXIT_UNKNOWN,
    add_cell_arguments,
    add_format_argument,
    add_problem_argument,
    add_variant_argument,
    load_problem_args,
    positive_int,
    print_json,
    print_table,
    time_limit_argument,
    wrap,
)
from .guard import Guard

DEFAULT_COUNT_UP_TO = 10


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "encodings", help="compare the sat backend's at-most-one encodings",
        description=wrap("For every at-most-one encoding of the sat backend: CNF variables "
        "(auxiliary ones apart), clauses, time to the first solution and, on small boards, "
        "time to count every solution. Single runs, wall-clock seconds."),
        epilog="examples:\n  nqueens encodings 8\n  nqueens encodings 12 --count-up-to 12 --format json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_problem_argument(parser)
    add_variant_argument(parser)
    add_cell_arguments(parser)
    parser.add_argument(
        "--count-up-to", type=positive_int, default=DEFAULT_COUNT_UP_TO, metavar="M",
        help=f"also count all solutions when n <= M (default: {DEFAULT_COUNT_UP_TO})",
    )
    parser.add_argument("--timeout", type=time_limit_argument, default=None, metavar="S",
                        help="time limit for the whole comparison in seconds (default: none); "
                        "rows left unfinished are marked and the exit code is 3")
    add_format_argument(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    spec = load_problem_args(args)
    count_all = spec.n <= args.count_up_to
    check_encodings(spec, args.timeout)
    guard = Guard(args.timeout)
    rows: list[dict[str, Any]] = []

    def abandon() -> None:  # the time ran out inside a CNF build: show the rows finished
        _show(args, spec, rows, count_all)

    guard.run(lambda: compare_encodings(spec, count_all=count_all, deadline=guard.deadline,
                                        rows=rows), abandon)
    return _show(args, spec, rows, count_all)


def _show(args: argparse.Namespace, spec: Spec, rows: list[dict[str, Any]], count_all: bool) -> int:
    """Print the table (or JSON); exit 3 unless every row has its answers."""
    from ..backends.sat import ENCODINGS

    counts = {row["count"] for row in rows if row.get("count_complete")}
    if len(counts) > 1:  # every encoding describes the same solutions: a bug if not
        raise RuntimeError(f"bug: encodings disagree on the count: {sorted(counts)}")
    complete = len(rows) == len(ENCODINGS) and all(
        row["satisfiable"] is not None and row.get("count_complete", True) for row in rows)
    if args.format == "json":
        print_json({"n": spec.n, "variant": spec.variant, "name": spec.name, "rows": rows})
        return EXIT_OK if complete else EXIT_UNKNOWN
    header = ["encoding", "variables", "aux", "clauses", "amo", "first (s)"]
    if count_all:
        header += ["count", "count all (s)"]
    table = []
    for row in rows:
        line = [row["encoding"], row["variables"], row["aux_variables"], row["clauses"],
                row["cardinality_constraints"], _seconds(row["first_solution_s"])]
        if count_all:
            mark = "" if row["count_complete"] else "+"
            count = f"{row['count']}{mark}" if row["count_s"] is not None else "-"
            line += [count, _seconds(row["count_s"])]
        table.append(line)
    print(f"{spec.describe()}: sat backend, one run per encoding"
          + ("" if count_all else f" (counting skipped: n > --count-up-to {args.count_up_to})"))
    print_table(header, table)
    print("(amo: at-most-one constraints the solver takes as they are, MiniCard's native "
          "cardinality constraints)")
    if not complete:
        print(f"(time limit of {args.timeout} s reached: rows without a count or answer are "
              "unfinished; '+' marks a count that is a lower bound)")
    sys.stdout.flush()
    return EXIT_OK if complete else EXIT_UNKNOWN


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.4f}"
