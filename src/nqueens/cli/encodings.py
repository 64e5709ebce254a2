"""`nqueens encodings`: the sat backend's at-most-one encodings side by side on one model."""

from __future__ import annotations

import argparse

from ..modeling.encodings import compare_encodings
from .common import (
    EXIT_OK,
    EXIT_UNKNOWN,
    add_format_argument,
    add_problem_argument,
    add_variant_argument,
    load_problem,
    positive_float,
    positive_int,
    print_json,
    print_table,
)

DEFAULT_COUNT_UP_TO = 10


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "encodings", help="compare the sat backend's at-most-one encodings",
        description="For every at-most-one encoding of the sat backend: CNF variables "
        "(auxiliary ones apart), clauses, time to the first solution and, on small boards, "
        "time to count every solution. Single runs, wall-clock seconds.",
        epilog="examples:\n  nqueens encodings 8\n  nqueens encodings 12 --count-up-to 12 --format json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_problem_argument(parser)
    add_variant_argument(parser)
    parser.add_argument(
        "--count-up-to", type=positive_int, default=DEFAULT_COUNT_UP_TO, metavar="M",
        help=f"also count all solutions when n <= M (default: {DEFAULT_COUNT_UP_TO})",
    )
    parser.add_argument("--timeout", type=positive_float, default=None, metavar="S",
                        help="time limit per run in seconds (default: none)")
    add_format_argument(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    spec = load_problem(args.problem, args.variant)
    count_all = spec.n <= args.count_up_to
    rows = compare_encodings(spec, count_all=count_all, timeout=args.timeout)
    counts = {row["count"] for row in rows if row.get("count_complete")}
    if len(counts) > 1:  # every encoding describes the same solutions: a bug if not
        raise RuntimeError(f"bug: encodings disagree on the count: {sorted(counts)}")
    complete = all(row["satisfiable"] is not None and row.get("count_complete", True)
                   for row in rows)
    if args.format == "json":
        print_json({"n": spec.n, "variant": spec.variant, "name": spec.name, "rows": rows})
        return EXIT_OK if complete else EXIT_UNKNOWN
    header = ["encoding", "variables", "aux", "clauses", "first (s)"]
    if count_all:
        header += ["count", "count all (s)"]
    table = []
    for row in rows:
        line = [row["encoding"], row["variables"], row["aux_variables"], row["clauses"],
                f"{row['first_solution_s']:.4f}"]
        if count_all:
            mark = "" if row["count_complete"] else "+"
            line += [f"{row['count']}{mark}", f"{row['count_s']:.4f}"]
        table.append(line)
    print(f"{spec.describe()}: sat backend, one run per encoding"
          + ("" if count_all else f" (counting skipped: n > --count-up-to {args.count_up_to})"))
    print_table(header, table)
    return EXIT_OK if complete else EXIT_UNKNOWN
