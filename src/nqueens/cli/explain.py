"""`nqueens explain`: after a "no", which of the instance's givens cause it.

The answer (`explanations.explain`) is a set of givens without a solution on its own,
minimal (each given's removal check is printed: the solution that exists without it),
smallest with --smallest, and with --repair the fewest givens to drop and the solution then.
Text shows the board with the set's cells marked and the other givens greyed; --output
draws the same; --format json is one document (docs/reference/json-output.md). An instance
that has a solution gets it, and no set (exit 0); --certify certifies the "no" of the set
alone by a DRAT proof, through the same plan as `solve --certify`.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ..errors import CertificateError, InputError
from ..wording import plural
from .common import (
    EXIT_OK,
    EXIT_UNKNOWN,
    add_cell_arguments,
    add_format_argument,
    add_problem_argument,
    add_variant_argument,
    load_instance,
    print_json,
    time_limit_argument,
    wrap,
)
from .guard import Guard
from .render import MAX_BOARD_TEXT, columns_text

if TYPE_CHECKING:
    from ..explanations import Explanation
    from ..modeling.givens import Given
    from ..planning import ExplanationPlan
    from ..spec import Cell, Spec

#: Givens (and their removal checks) listed one a line in text; a larger set is packed
#: (JSON has every one).
MAX_LISTED = 24


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "explain", help="after a 'no': the givens that cause it, and the fewest to drop",
        description=wrap(
            "For an instance without solution, a set of its givens (fixed queens, forbidden "
            "or blocked cells, excluded diagonals; each one given, the board's rules always "
            "hold) that has no solution on its own, minimal: the set less any one of them "
            "has a solution (the other givens aside), and each such solution is shown. "
            "--smallest looks for a set of fewest givens, --repair for the fewest givens to drop. An instance with a "
            "solution gets it (exit 0). --timeout or Ctrl-C keep what was proved (exit 3)."
        ),
        epilog=(
            "examples:\n"
            "  nqueens explain completion-8-unsat\n"
            "  nqueens explain 6 --forbidden 0,1 0,2 0,3 0,4 2,2 --smallest --format json\n"
            "  nqueens explain benchmarks/asp-blocked-28/blockedqueens.28.1449788117.param "
            "--output why.png\n"
            "  nqueens generate diagonals 20 --seed 5 -o d5.param; nqueens explain d5.param#18 --repair\n"
            "  nqueens explain completion-8-unsat --certify --proof why.drat"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_problem_argument(parser)
    add_variant_argument(parser)
    add_cell_arguments(parser)
    parser.add_argument("--smallest", action="store_true",
                        help="a set of fewest givens (implicit hitting sets; needs OR-Tools), "
                        "not only a minimal one; a stop keeps the best set and the proved "
                        "lower bound")
    parser.add_argument("--repair", action="store_true",
                        help="also the fewest givens whose removal leaves a solution (a minimum "
                        "correction set, by MaxSAT), with that solution")
    parser.add_argument("--oracle", choices=("auto", "propagate", "sat"), default="auto",
                        help="what decides each subset: the propagating search (queens boards), "
                        "CaDiCaL with assumptions, or auto (the first when built)")
    parser.add_argument("--timeout", type=time_limit_argument, default=None, metavar="S",
                        help="stop after S seconds (from the start), keeping what was proved "
                        "(exit 3)")
    add_format_argument(parser, "text", "json")
    parser.add_argument("--output", "-o", default=None, metavar="FILE",
                        help="also draw the set to FILE.svg or FILE.png")
    parser.add_argument("--force", action="store_true",
                        help="overwrite FILE if it exists (default: refuse)")
    certify = parser.add_argument_group("certificates")
    certify.add_argument("--certify", action="store_true",
                         help="certify that the set alone has no solution: a DRAT proof of its "
                         "CNF, replayed by an independent checker, as solve --certify does "
                         "(exit 4 if it does not check; needs the 'certify' extra)")
    certify.add_argument("--proof", default=None, metavar="FILE",
                         help="with --certify: write the proof to FILE and its CNF beside it "
                         "(default: a new temporary folder)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    guard = Guard(args.timeout)
    spec, givens = _instance(args)
    _refuse_early(spec, args)
    chosen = _plan(spec, givens, args)

    def work() -> Explanation:
        return chosen.run(guard.deadline)

    def abandon() -> None:
        from ..explanations import Explanation

        # the search did not return in time: the document as a stop before the first check
        # leaves it (nothing proved), as the docs promise
        nothing = Explanation(spec, givens, satisfiable=None, complete=False,
                              certify=args.certify)
        if args.format == "json":
            print_json(nothing.as_json())
        print(f"nqueens: stopped by {guard.signal_name or 'the time limit'} before an "
              "explanation was found"
              + ("; no certificate was made" if args.certify else ""), file=sys.stderr)

    answer = guard.run(work, abandon)
    if args.output is not None:
        _draw(answer, args)
    if args.format == "json":
        print_json(answer.as_json())
    else:
        sys.stdout.write(explanation_text(answer))
    return _exit_code(answer, args, guard)


def _plan(spec: Spec, givens: tuple[Given, ...], args: argparse.Namespace) -> ExplanationPlan:
    """The plan the API makes too (`planning.plan_explanation`): every refusal before any
    work, the proof's files (with --force) among them."""
    from ..modeling.modelfile import Model
    from ..planning import plan_explanation
    from .common import model_path

    return plan_explanation(Model(spec), givens=givens, smallest=args.smallest,
                            repair=args.repair, oracle=args.oracle, certify=args.certify,
                            proof=args.proof, overwrite=args.force, timeout=args.timeout,
                            model_file=model_path(args.problem))


def _refuse_early(spec: Spec, args: argparse.Namespace) -> None:
    """Refuse, before any search, a picture file that cannot be written or a board too
    large to draw, and --certify without its checker (the plan refuses the rest)."""
    if args.output is not None:
        from ..pictures.board import MAX_DRAWN_N
        from .common import check_picture_file

        check_picture_file(args)  # the model itself too, even with --force
        if spec.n > MAX_DRAWN_N:
            raise InputError(f"a board of {spec.n}x{spec.n} cells is too large to draw (at most "
                             f"{MAX_DRAWN_N}); drop --output or use --format json")
    if args.certify:
        from ..proofs.checkers import require_checker

        require_checker()


def _exit_code(answer: Explanation, args: argparse.Namespace, guard: Guard) -> int:
    """0 for a complete answer (an explanation, or a solution), 3 when a stop left it
    incomplete (or uncertified), 4 when the certificate does not check."""
    certificate = answer.certificate
    if certificate is not None and not certificate.certified:
        if guard.should_stop():
            print(f"nqueens: {certificate.reason}; the answer is not certified", file=sys.stderr)
            return EXIT_UNKNOWN
        raise CertificateError(f"the set's 'no' is not certified: {certificate.reason}",
                               certificate)
    uncertified = args.certify and answer.satisfiable is not True and certificate is None
    if not answer.complete or uncertified:
        if uncertified:
            print("nqueens: stopped before the set's certificate was made; the answer is not "
                  "certified", file=sys.stderr)
        if guard.interrupted:
            print(f"nqueens: interrupted by {guard.signal_name}; what was proved is shown",
                  file=sys.stderr)
        return EXIT_UNKNOWN
    return EXIT_OK


def _instance(args: argparse.Namespace) -> tuple[Spec, tuple[Given, ...]]:
    """The instance and its givens: a model file's as it states them, then one per cell
    of --fixed and --forbidden (those the file already has are not repeated)."""
    from ..modeling.givens import cell_givens
    from .common import with_cells

    model = load_instance(args.problem, args.variant)
    spec = with_cells(model.spec, tuple(args.fixed), tuple(args.forbidden))
    if spec is model.spec:
        return spec, model.grouped()
    known = set(model.spec.fixed) | set(model.spec.forbidden)
    added = tuple(given for given in cell_givens(spec) if given.cells[0] not in known)
    return spec, (*model.grouped(), *added)


# -- text ------------------------------------------------------------------------------------


def explanation_text(answer: Explanation) -> str:
    """The answer as text: the verdict, the set (each given as its file writes it), the
    board, the removal checks, the repair."""
    spec = answer.spec
    what = spec.name or spec.describe()
    out: list[str] = []
    if answer.satisfiable:
        assert answer.solution is not None
        out.append(f"{what}: it has a solution, so there is nothing to explain: columns "
                   f"(0-based) {columns_text(answer.solution)}")
        if spec.n <= MAX_BOARD_TEXT:
            out.append(_board(spec, [], (), answer.solution))
        return "\n".join(out) + "\n"
    if answer.satisfiable is None:
        return (f"{what}: stopped before it was known whether it has a solution "
                f"({answer.elapsed:.2f} s); give a longer --timeout\n"
                + ("no certificate was made (stopped before the explanation)\n"
                   if answer.certify else ""))
    if answer.board_unsatisfiable:
        return (f"{what}: no solution even without givens: the {spec.variant} rules leave "
                f"none on a {spec.n}x{spec.n} board, so no given is to blame\n")
    out += _core_text(answer)
    if answer.repair is not None:
        fix = answer.repair
        count = len(fix.removed)
        quality = ("the fewest" if fix.optimal
                   else f"not proved the fewest; at least {fix.lower_bound} must go")
        out.append(f"repair: drop {count} {plural(count, 'given')} ({quality}) and this "
                   f"solves the rest: columns (0-based) {columns_text(fix.solution)}")
        out += [f"  drop {given.source}  {given.describe()}" for given in fix.removed]
    certificate = answer.certificate
    if certificate is not None:
        out.append(f"the set alone: {certificate.text()}"
                   + (f" (proof {certificate.proof}, CNF {certificate.cnf})"
                      if certificate.proof else ""))
    elif answer.certify:
        out.append("the set alone: not certified (stopped before the certificate was made)")
    checks = answer.stats.get("checks", 0)
    out.append(f"[{answer.stats.get('oracle', '?')} oracle, {checks:,} "
               f"{plural(checks, 'check')}, {answer.elapsed:.2f} s]")
    return "\n".join(out) + "\n"


def _core_text(answer: Explanation) -> list[str]:
    """The set: its givens, the board, the removal checks."""
    spec = answer.spec
    what = spec.name or spec.describe()
    out: list[str] = []
    total = len(answer.givens)
    size = len(answer.core)
    if answer.smallest:
        kind = "a smallest set"
    elif answer.minimal:
        kind = "a minimal set"
    else:
        kind = "a set (not yet proved minimal)"
    out.append(f"{what}: no solution; {kind} of {size} of its {total} "
               f"{plural(total, 'given')} has none on its own:")
    if size <= MAX_LISTED:
        width = max(len(given.source) for given in answer.core)
        out += [f"  {given.source.ljust(width)}  {given.describe()}" for given in answer.core]
    else:  # as the file writes them, packed: the board below shows where they are
        out += _packed([given.source for given in answer.core])
    if answer.smallest:
        out.append("smallest: no set of fewer givens has no solution (proved)")
    elif answer.lower_bound > 1 and answer.lower_bound < size:
        out.append(f"smallest not proved: every set without solution has at least "
                   f"{answer.lower_bound} {plural(answer.lower_bound, 'given')}")
    if spec.n <= MAX_BOARD_TEXT:
        out.append(_board(spec, answer.core, answer.givens))
        out.append("X: a cell of the set (Q: a fixed queen of it); x, q: the other givens")
    out.append(_minimality(answer))
    return out


def _packed(items: list[str], width: int = 78) -> list[str]:
    """`items` joined by "; " on indented lines of at most `width` characters, never
    breaking an item."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + 2 + len(item) <= width:
            lines[-1] += "; " + item
        else:
            lines.append("  " + item)
    return lines


def _minimality(answer: Explanation) -> str:
    """The check that every given of the set is needed: a solution of the set less each
    (of the set: the instance's other givens may break it)."""
    lines = []
    if answer.minimal:
        lines.append("minimal: the set less any one of them has a solution (checked; the "
                     "other givens aside):")
    else:
        lines.append(f"not proved minimal (stopped): {len(answer.removals)} of "
                     f"{len(answer.core)} givens proved needed:")
    shown = answer.removals[:MAX_LISTED]
    width = max((len(removal.given.source) for removal in shown), default=0)
    for removal in shown:
        lines.append(f"  the set less {removal.given.source.ljust(width)}  columns "
                     f"{columns_text(removal.witness)}")
    if len(answer.removals) > len(shown):
        lines.append(f"  ... and {len(answer.removals) - len(shown)} more, each validated "
                     "(--format json lists them all)")
    return "\n".join(lines)


def _board(spec: Spec, core: tuple[Given, ...] | list[Given], givens: tuple[Given, ...],
           placement: tuple[int, ...] | list[int] | None = None) -> str:
    """The board as text: the set's cells X (forbidding) or Q (a fixed queen), the other
    givens' x or q, a placement's queens Q, the rest '.'."""
    marks: dict[Cell, str] = {}
    for given in givens:
        for cell in given.cells:
            marks[cell] = "q" if given.places_queen else "x"
    for given in core:
        for cell in given.cells:
            marks[cell] = "Q" if given.places_queen else "X"
    for r, c in enumerate(placement or ()):
        marks[(r, c)] = "Q"
    return "\n".join(" ".join(marks.get((r, c), ".") for c in range(spec.n))
                     for r in range(spec.n))


# -- JSON and pictures -----------------------------------------------------------------------


def _draw(answer: Explanation, args: argparse.Namespace) -> None:
    """The set drawn to --output: its cells in colour, the other givens in grey; a solvable
    instance, its solution."""
    from ..drawing.figure import boards_figure
    from ..pictures.save import save_figure

    spec = answer.spec
    what = spec.name or spec.describe()
    if answer.satisfiable is None:
        print(f"nqueens: nothing to draw; {args.output} was not written", file=sys.stderr)
        return
    if answer.satisfiable:
        assert answer.solution is not None
        figure = boards_figure(spec.n, [answer.solution], fixed=spec.fixed,
                               forbidden=spec.forbidden, title=f"{what}: a solution")
    else:
        core = set(answer.core)
        fixed = [cell for given in answer.core if given.places_queen for cell in given.cells]
        forbidden = [cell for given in answer.core if not given.places_queen
                     for cell in given.cells]
        others = [given for given in answer.givens if given not in core]
        faint = [cell for given in others if not given.places_queen for cell in given.cells]
        queens = [cell for given in others if given.places_queen for cell in given.cells]
        size = len(answer.core)
        kind = "smallest" if answer.smallest else "minimal" if answer.minimal else "unproved"
        title = (f"{what}: no solution even without givens" if answer.board_unsatisfiable
                 else f"{what}: {size} of {len(answer.givens)} givens, no solution ({kind} set)")
        keys = [text for present, text in (
            (fixed, "blue framed queen: a fixed queen of the set"),
            (forbidden, "vermillion cross: a cell of the set"),
            (faint, "small grey cross: a given not in the set"),
            (queens, "plain queen: a fixed queen not in the set")) if present]
        figure = boards_figure(spec.n, [[]], fixed=fixed, forbidden=forbidden, title=title,
                               queens=[*fixed, *queens], faint=faint, keys=keys,
                               diagonals=[g.cells for g in answer.core if g.kind == "diagonal"])
    save_figure(figure, args.output, overwrite=args.force)
    print(f"wrote {args.output}", file=sys.stderr)
