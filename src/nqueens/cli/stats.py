"""`nqueens stats`: the textbook's state-space-tree table for any board sizes, exact, with
an optional Monte Carlo column."""

from __future__ import annotations

import argparse
import csv
import sys
from typing import Any

from ..bitboard import supports
from ..errors import InputError
from ..spec import Spec
from ..textbook.estimate import (
    MAX_EXACT_NODES,
    check_estimate,
    estimate_nodes,
    exact_affordable,
)
from ..textbook.treestats import MAX_POSED_NODES, book_rounding, tree_stats
from .common import EXIT_OK, add_format_argument, load_problem, positive_int, print_json, wrap

COLUMNS = (
    ("n", "n"),
    ("algorithm1", "algorithm 1 (whole tree)"),
    ("promising_bound", "column bound"),
    ("algorithm2", "algorithm 2 (n!)"),
    ("nodes_checked", "nodes checked"),
    ("promising_nodes", "promising nodes"),
    ("solutions", "solutions"),
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "stats", help="the textbook's state-space-tree table for any n",
        description=wrap("For each N: nodes of the whole tree (Algorithm 1), the textbook's "
        "bound on promising nodes (no two queens in a column), n! (Algorithm 2), and the "
        "backtracker's real nodes checked, promising nodes (root and solutions included) and "
        "solutions. A queens model file (or bundled model, or a published hard instance: "
        "CSPLib param, diagonals, ASP facts) gives the real figures of its board with the "
        "plain board's bounds beside them; fixed queens are pre-placed and forbidden cells "
        "skipped, and a large constrained board is counted when Knuth's estimate says its "
        "tree is small enough. A posed problem whose columns may hold two queens shows - "
        "for the column bound and n!, which count boards of one queen a column."),
        epilog="examples:\n  nqueens stats 4 8 12 14\n  nqueens stats 8 --estimate 1000 --seed 1",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("sizes", nargs="+", metavar="N|MODEL",
                        help="board sizes, queens model files, or posed models whose every row "
                        "holds one queen (a region puzzle)")
    add_format_argument(parser, "text", "json", "csv")
    parser.add_argument("--rounded", action="store_true",
                        help="text: show figures of a million or more as the book does (9.73 x "
                        "10^12) (default: from 10^15 on; JSON and CSV are exact)")
    parser.add_argument("--estimate", type=positive_int, default=None, metavar="K",
                        help="add Knuth's Monte Carlo estimate of nodes checked from K random walks")
    parser.add_argument("--seed", type=int, default=None,
                        help="random seed for --estimate (default: a fresh one each run)")
    parser.set_defaults(handler=run)


#: Largest plain n counted exactly: the tree grows about 6x per n (n = 14: 3.8e8 nodes
#: checked). Constrained boards beyond it are counted when `exact_affordable` says so.
MAX_STATS_N = 18


def _spec(text: str) -> Spec:
    spec = load_problem(text)
    if spec.is_open:
        return _posed(spec, text)
    if spec.n > MAX_STATS_N and supports(spec):
        # a constrained board (a completion or blocked instance) may have a small tree at a
        # large n: counted when Knuth's estimate says it is affordable
        affordable, guess = exact_affordable(spec)
        if not affordable:
            about = (f" (Knuth's estimate: about {guess:.2g} nodes checked, more than "
                     f"{MAX_EXACT_NODES:.0e})" if guess == guess else "")
            raise InputError(
                f"n = {spec.n} is too large to count the tree exactly (at most "
                f"{MAX_STATS_N} for a plain board){about}; use `nqueens estimate {text}` "
                "for a Monte Carlo estimate"
            )
    if not supports(spec):
        raise InputError(f"stats counts the queens backtracking tree; {text} is a "
                         f"{spec.variant} board (use `nqueens count {text}`)")
    return spec


def _posed(spec: Spec, text: str) -> Spec:
    """A posed problem whose every row holds one queen, when its tree is small enough to
    walk whole (judged by Knuth's estimate, a fixed seed)."""
    from ..textbook.trace import textbook_spec

    textbook_spec(spec, posed=True)  # refuses other rows, naming what serves
    guess = float(estimate_nodes(spec, 200, seed=0).mean)
    if guess > MAX_POSED_NODES:
        raise InputError(f"the tree of {text} is too large to walk here (Knuth's estimate: "
                         f"about {guess:.2g} nodes checked, more than {MAX_POSED_NODES:,}); "
                         f"use `nqueens estimate {text}`")
    return spec


def _columns_distinct(spec: Spec) -> bool:
    """No two queens share a column, as the textbook's column bound and n! assume: true of
    the n-queens problem and its variants, of a posed problem only by a rule of its own."""
    return not spec.is_open or any(rule.family == "columns" and rule.bounds[1] is not None
                                   and rule.bounds[1] <= 1 for rule in spec.rules)


def run(args: argparse.Namespace) -> int:
    specs = [_spec(text) for text in args.sizes]  # every size checked before any counting
    if args.estimate is not None:
        for spec in specs:
            check_estimate(spec.n, args.estimate)
    rows: list[dict[str, Any]] = []
    for spec in specs:
        n = spec.n
        row: dict[str, Any] = tree_stats(n, spec).as_dict()
        if not spec.is_plain:
            row["name"] = spec.name or spec.describe()
        if not _columns_distinct(spec):  # the bounds count boards of one queen a column
            row["promising_bound"] = row["algorithm2"] = None
        if args.estimate is not None:
            found = estimate_nodes(spec, args.estimate, args.seed)
            row["estimate"] = {"samples": found.samples, "mean": found.mean,
                               "stderr": found.stderr, "ci95": [found.low, found.high]}
        rows.append(row)
    if args.format == "json":
        print_json({"rows": rows})
    elif args.format == "csv":
        write_csv(rows, args.estimate is not None)
    else:
        write_text(rows, args.rounded)
    return EXIT_OK


def write_csv(rows: list[dict[str, Any]], with_estimate: bool) -> None:
    fields = [key for key, _ in COLUMNS]
    if with_estimate:
        fields += ["estimate_samples", "estimate_mean", "estimate_stderr"]
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(fields)
    for row in rows:
        values = [row[key] for key, _ in COLUMNS]
        if with_estimate:
            est = row["estimate"]
            values += [est["samples"], f"{est['mean']:.1f}", f"{est['stderr']:.1f}"]
        writer.writerow(values)


#: Text shows figures below this exactly (n = 13's whole tree, 3.0 x 10^14, still is) and
#: larger ones as the book does, so that a row stays readable: n = 28's whole tree has 41
#: digits. --rounded rounds from a million on; JSON and CSV are always exact.
EXACT_TEXT_BELOW = 10**15


def write_text(rows: list[dict[str, Any]], rounded: bool) -> None:
    """The table: a row per board, a `name` column first when a row is a model (a plain
    board's is blank), then n and the figures, right-aligned."""
    least = 10**6 if rounded else EXACT_TEXT_BELOW

    def show(value: int | None) -> str:
        if value is None:  # a bound that does not bound this board
            return "-"
        return book_rounding(value) if value >= least else f"{value:,}"

    named = any("name" in row for row in rows)
    headers = (["name"] if named else []) + [title for _, title in COLUMNS]
    table = [([str(row.get("name", ""))] if named else []) + [str(row["n"])]
             + [show(row[key]) for key, _ in COLUMNS[1:]] for row in rows]
    if "estimate" in rows[0]:
        headers.append("Monte Carlo estimate of nodes checked")
        for line, row in zip(table, rows, strict=True):
            est = row["estimate"]
            line.append(f"{est['mean']:,.0f} +/- {1.96 * est['stderr']:,.0f} "
                        f"({est['samples']:,} walks)")
    widths = [max(len(h), *(len(line[i]) for line in table)) for i, h in enumerate(headers)]

    def aligned(values: list[str]) -> str:
        return "  ".join(value.ljust(width) if named and i == 0 else value.rjust(width)
                         for i, (value, width) in enumerate(zip(values, widths, strict=True)))

    print(aligned(headers).rstrip())
    for line in table:
        print(aligned(line).rstrip())

