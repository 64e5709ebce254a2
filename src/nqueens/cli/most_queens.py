"""`nqueens solve MODEL --most-queens`: how close a "no" comes, the most non-attacking queens
that fit with every given (`explanations.most_queens`), as text (the board, the rows left
empty), JSON (`most_queens`, `queens`, `optimal`) or a picture.

--backend picks the solver (cpsat: CP-SAT maximizing; sat: RC2 on the CNF; auto: the one
measured faster); --cross-check runs both and holds them to each other. Exit 0 when every
row takes a queen (the instance has a solution), 1 when fewer fit (proved), 3 when a stop
came before the optimum was proved (the best placement found is shown).
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ..errors import InputError
from ..wording import plural
from .common import EXIT_NO, EXIT_OK, EXIT_UNKNOWN, check_picture, print_json
from .guard import Guard
from .render import MAX_BOARD_TEXT

if TYPE_CHECKING:
    from ..explanations import MostQueens
    from ..spec import Spec



def run_most_queens(spec: Spec, args: argparse.Namespace, guard: Guard) -> int:
    """`solve --most-queens` (see the module's docstring)."""
    method = _method(args)
    if args.output is not None:
        check_picture(spec, args)
    from ..planning import plan_most_queens

    chosen = plan_most_queens(spec, method=method, timeout=args.timeout)

    def work() -> MostQueens:
        return chosen.run(guard.deadline)

    def abandon() -> None:
        print("nqueens: stopped before any placement was found", file=sys.stderr)

    answer = guard.run(work, abandon)
    if args.output is not None:
        _draw(spec, answer, args)
    if args.format == "json":
        print_json(answer.as_json())
    else:
        sys.stdout.write(most_queens_text(spec, answer, args.one_based))
    if not answer.optimal:
        return EXIT_UNKNOWN
    return EXIT_OK if answer.satisfiable else EXIT_NO


def _method(args: argparse.Namespace) -> str:
    """The most-queens method of --backend and --cross-check; what does not apply is
    refused, naming it."""
    if not args.most_queens:
        raise InputError("--cross-check in solve applies to --most-queens; add --most-queens "
                         "(count --cross-check cross-checks counts)")
    refused = [flag for flag, given in (
        ("--all", args.all), ("--limit", args.limit != 1), ("--unique", args.unique),
        ("--certify", args.certify), ("--proof", args.proof is not None),
        ("--format jsonl", args.format == "jsonl")) if given]
    refused += [f"--{name.replace('_', '-')}" for name, value in vars(args).items()
                if name in _backend_option_names() and value is not None]
    if refused:
        raise InputError(f"{refused[0]} does not apply to --most-queens (one placement, the "
                         f"largest); drop {refused[0]}")
    from ..api import MOST_QUEENS_BACKENDS as METHODS  # --backend: the method of each

    if args.backend not in METHODS:
        raise InputError(f"--most-queens runs on cpsat (CP-SAT) or sat (RC2), not "
                         f"{args.backend}; use --backend cpsat, sat or auto")
    if args.cross_check:
        if args.backend != "auto":
            raise InputError("--cross-check runs both cpsat and sat; drop --backend")
        return "both"
    return METHODS[args.backend]


def _backend_option_names() -> frozenset[str]:
    from ..backends import offered_options

    return frozenset(option.name for option, _ in offered_options("solve"))


def most_queens_text(spec: Spec, answer: MostQueens, one_based: bool = False) -> str:
    """The verdict, the board (rows and columns without a queen say so) and the solvers
    that ran."""
    what = spec.name or spec.describe()
    shift = 1 if one_based else 0
    if answer.satisfiable:
        head = f"{what}: all {spec.n} queens fit: the instance has a solution"
    elif answer.optimal:
        head = (f"{what}: no solution; at most {answer.count} of {spec.n} queens fit "
                f"(proved optimal)")
    else:
        head = (f"{what}: {answer.count} of {spec.n} queens placed before the search stopped; "
                f"at most {answer.upper_bound} fit (not proved optimal)")
    out = [head]
    base = "1-based" if one_based else "0-based"
    for kind, empty in (("row", answer.empty_rows), ("column", answer.empty_columns)):
        if empty:
            out.append(f"{plural(len(empty), kind)} without a queen ({base}): "
                       f"{', '.join(str(line + shift) for line in empty)}")
    if spec.n <= MAX_BOARD_TEXT:
        queens, forbidden = set(answer.queens), set(spec.forbidden)
        out += [" ".join("Q" if (r, c) in queens else "x" if (r, c) in forbidden else "."
                         for c in range(spec.n)) for r in range(spec.n)]
    solvers = ", ".join(f"{name} {stats.get('seconds', 0):.2f} s"
                        for name, stats in answer.stats.items())
    agreed = " (agree)" if len(answer.methods) > 1 else ""
    out.append(f"[{solvers}{agreed}]")
    return "\n".join(out) + "\n"


def _draw(spec: Spec, answer: MostQueens, args: argparse.Namespace) -> None:
    from ..drawing.figure import boards_figure
    from ..pictures.save import save_figure

    what = spec.name or spec.describe()
    proved = "optimal" if answer.optimal else "not proved optimal"
    title = f"{what}: {answer.count} of {spec.n} queens fit ({proved})"
    shift = 1 if args.one_based else 0
    for kind, lines in (("row", answer.empty_rows), ("column", answer.empty_columns)):
        if lines:
            title += (f"; no queen in {plural(len(lines), kind)} "
                      f"{', '.join(str(line + shift) for line in lines)}")
    free = [cell for cell in answer.queens if cell not in set(spec.fixed)]
    figure = boards_figure(spec.n, [[]], fixed=spec.fixed, forbidden=spec.forbidden,
                           one_based=args.one_based, title=title, queens=[*spec.fixed, *free], mark_empty=True)
    save_figure(figure, args.output, overwrite=args.force)
