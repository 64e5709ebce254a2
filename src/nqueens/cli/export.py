"""`nqueens export`: write the compiled model for other tools: DIMACS CNF (with the cell map
and a projection line), the CP-SAT proto in text form, or a MiniZinc model with its data."""

from __future__ import annotations

import argparse
import sys

from ..atomicfile import write_text_atomic
from ..errors import InputError
from ..export import FORMATS, export_text
from .common import EXIT_OK, add_problem_argument, add_variant_argument, load_problem


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "export", help="write the compiled model as DIMACS, CP-SAT text or MiniZinc",
        description="Write the compiled model in a format other solvers read. DIMACS carries "
        "'c cell V = row R col C' comments and a 'c p show ... 0' projection on the cell "
        "variables for projected model counters such as Ganak.",
        epilog="examples:\n  nqueens export 8 --to dimacs -o queens-8.cnf\n"
        "  nqueens export models/torus-7.toml --to minizinc -o torus-7.mzn",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_problem_argument(parser)
    add_variant_argument(parser)
    parser.add_argument("--to", "-t", choices=list(FORMATS), required=True,
                        help="output format: dimacs (.cnf), cpsat (.pbtxt) or minizinc (.mzn)")
    parser.add_argument("--encoding", default=None,
                        help="at-most-one encoding for --to dimacs (default: pairwise)")
    parser.add_argument("--output", "-o", default=None, metavar="FILE",
                        help="file to write (default: print to stdout)")
    parser.add_argument("--force", action="store_true",
                        help="overwrite FILE if it exists (default: refuse)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    spec = load_problem(args.problem, args.variant)
    if args.encoding is not None and args.to != "dimacs":
        raise InputError("--encoding applies to --to dimacs only; drop it")
    text = export_text(spec, args.to, args.encoding)
    if args.output is None or args.output == "-":
        sys.stdout.write(text)
    else:
        write_text_atomic(args.output, text, overwrite=args.force)
        print(f"wrote {args.output} ({args.to}, {spec.describe()})", file=sys.stderr)
    return EXIT_OK
