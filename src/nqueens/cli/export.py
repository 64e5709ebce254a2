"""`nqueens export`: write the compiled model for other tools: DIMACS CNF (with the cell map
and a projection line), the CP-SAT proto in text form, a MiniZinc model with its data, an
XCSP3 instance, a pseudo-Boolean OPB file or a CPMpy script."""

from __future__ import annotations

import argparse

from ..backends.sat_facts import DEFAULT_ENCODING
from ..errors import InputError
from ..modeling.export import FORMATS, check_export, export_text
from .common import (
    EXIT_OK,
    add_cell_arguments,
    add_output_arguments,
    add_problem_argument,
    add_variant_argument,
    check_output,
    load_problem_args,
    wrap,
    write_output,
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "export", help="write the model as DIMACS, CP-SAT, MiniZinc, XCSP3, OPB or CPMpy",
        description=wrap("Write the compiled model in a format other solvers read. DIMACS "
        "carries 'c cell V = row R col C' comments and a 'c p show ... 0' projection on the "
        "cell variables for projected model counters such as Ganak. MiniZinc, XCSP3 (ACE, "
        "Choco), OPB (pseudo-Boolean solvers such as Exact) and CPMpy take any problem, a "
        "posed one with its bounds and objective too. Exports of more than "
        "20 million literals are refused at once (sizes come from formulas)."),
        epilog="examples:\n  nqueens export 8 --to dimacs -o queens-8.cnf\n"
        "  nqueens export torus-7 --to minizinc -o torus-7.mzn\n"
        "  nqueens export domination-5 --to opb -o domination-5.opb",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_problem_argument(parser)
    add_variant_argument(parser)
    add_cell_arguments(parser)
    parser.add_argument("--to", "-t", choices=list(FORMATS), required=True,
                        help="output format: dimacs (.cnf), cpsat (.pbtxt), minizinc (.mzn), "
                        "xcsp3 (.xml), opb (.opb) or cpmpy (.py)")
    parser.add_argument("--encoding", default=None,
                        help=f"at-most-one encoding for --to dimacs (default: {DEFAULT_ENCODING})")
    add_output_arguments(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    spec = load_problem_args(args)
    if args.encoding is not None and args.to != "dimacs":
        raise InputError("--encoding applies to --to dimacs only; drop it")
    check_output(args)
    check_export(spec, args.to, args.encoding)
    text = export_text(spec, args.to, args.encoding)
    write_output(args, text, f"{args.to}, {spec.describe()}")
    return EXIT_OK
