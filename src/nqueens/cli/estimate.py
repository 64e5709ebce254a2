"""`nqueens estimate`: Knuth's Monte Carlo estimate of the nodes the backtracker checks,
with the exact figure beside it when it is cheap to count."""

from __future__ import annotations

import argparse
import time

from ..bitboard import count_tree, supports
from ..spec import Spec
from ..textbook.estimate import MAX_ESTIMATE_N, check_estimate, estimate_nodes, exact_affordable
from ..textbook.treestats import book_rounding
from .common import (
    EXIT_OK,
    add_format_argument,
    add_problem_argument,
    load_problem,
    positive_int,
    print_json,
    wrap,
)

#: Largest n for which the exact count is shown beside the estimate by default (about 1 s).
EXACT_UP_TO = 12


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "estimate", help="Monte Carlo estimate of the backtracking tree's size",
        description=wrap("Estimate the number of nodes the textbook backtracker checks from "
        "random root-to-leaf walks (Knuth's estimator): mean, standard error, 95% confidence "
        f"interval, and the exact count beside it for N <= {EXACT_UP_TO} (and for a "
        "constrained board, such as a published hard instance, whose tree the estimate finds "
        "small). Boards up to "
        f"N = {MAX_ESTIMATE_N:,}; a walk costs N^2 steps, so large N need fewer samples."
        ),
        epilog="examples:\n  nqueens estimate 8 --samples 10000 --seed 1\n  nqueens estimate 30",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_problem_argument(parser)
    parser.add_argument("--samples", type=positive_int, default=1000, metavar="K",
                        help="number of random walks (default: 1000)")
    parser.add_argument("--seed", type=int, default=None,
                        help="random seed; the same seed gives the same estimate (default: fresh)")
    add_format_argument(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    spec = load_problem(args.problem)
    if spec.is_open:  # one queen a row, walked as the book walks: the others refused here
        from ..textbook.trace import textbook_spec

        textbook_spec(spec, posed=True)
    n = spec.n
    check_estimate(n, args.samples)
    started = time.perf_counter()
    found = estimate_nodes(spec, args.samples, args.seed)
    elapsed = time.perf_counter() - started
    exact = _exact(spec, found.mean)
    if args.format == "json":
        print_json({
            "n": n, "samples": found.samples, "seed": args.seed, "mean": found.mean,
            "stderr": found.stderr, "ci95": [found.low, found.high], "exact": exact,
            "elapsed": round(elapsed, 6),
        })
        return EXIT_OK
    print(f"{spec.describe()}: estimated nodes checked {figure(found.mean)} "
          f"(standard error {figure(found.stderr)}; 95% interval {figure(max(found.low, 0))} "
          f".. {figure(found.high)}) from {found.samples:,} random walks [{elapsed:.2f} s]")
    if exact is not None:
        off = (found.mean - exact) / found.stderr if found.stderr else 0.0
        print(f"exact: {exact:,} (the estimate is {off:+.1f} standard errors away)")
    return EXIT_OK


def _exact(spec: Spec, estimated: float) -> int | None:
    """The exact nodes checked, where counting them is cheap: up to EXACT_UP_TO, a
    constrained board whose tree the estimate finds small, a posed problem's small tree."""
    if spec.is_open:
        from ..textbook.treestats import MAX_POSED_NODES, posed_tree

        counted = posed_tree(spec, MAX_POSED_NODES // 10) if estimated <= MAX_POSED_NODES / 10 \
            else None
        return None if counted is None else counted[0]
    if supports(spec) and (spec.n <= EXACT_UP_TO or exact_affordable(spec)[0]):
        return count_tree(spec).nodes_checked(spec.n)
    return None


def figure(value: float) -> str:
    """Commas up to a billion, the book's rounded form beyond (floats carry no more digits)."""
    if value < 1000:
        return f"{value:,.1f}"
    return f"{value:,.0f}" if value < 1e9 else book_rounding(value)
