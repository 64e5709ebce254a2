"""`nqueens model`: write a model file (TOML) from a board size or an existing model, adding
fixed and forbidden cells from the command line. Never overwrites without --force."""

from __future__ import annotations

import argparse
from dataclasses import replace

from ..errors import InputError
from ..modeling.modelfile import Expected, model_text, read_model
from ..spec import Cell, Spec
from .common import (
    EXIT_OK,
    add_output_arguments,
    add_problem_argument,
    add_variant_argument,
    load_problem,
    write_output,
)


def cell_argument(text: str) -> Cell:
    """argparse type for a 0-based cell written `row,col`."""
    try:
        row, col = (int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a 0-based cell as ROW,COL (e.g. 0,3), got {text!r}"
        ) from None
    return row, col


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "model", help="write a model file (TOML)",
        description="Write a model file: N or an existing model, plus fixed and forbidden "
        "cells given here. Prints to stdout unless -o is given.",
        epilog="examples:\n  nqueens model 8 --fixed 0,0 --forbidden 3,3 -o mine.toml\n"
        "  nqueens model 7 --variant torus -o torus-7.toml",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_problem_argument(parser)
    add_variant_argument(parser)
    parser.add_argument("--fixed", type=cell_argument, nargs="+", default=[], metavar="R,C",
                        help="0-based cells that must hold a queen (added to the model's)")
    parser.add_argument("--forbidden", type=cell_argument, nargs="+", default=[], metavar="R,C",
                        help="0-based cells that must stay empty (added to the model's)")
    parser.add_argument("--name", default=None, help="label stored in the file")
    parser.add_argument("--description", default=None, help="free text stored in the file")
    add_output_arguments(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    spec = load_problem(args.problem, args.variant)
    description = ""
    expected: Expected | None = None
    if args.problem.endswith(".toml"):
        source = read_model(args.problem)
        description, expected = source.description, source.expected
    if args.fixed or args.forbidden:
        expected = None  # new cells change the answer; the old one no longer applies
        for flag, cells in (("--fixed", args.fixed), ("--forbidden", args.forbidden)):
            for row, col in cells:
                if not (0 <= row < spec.n and 0 <= col < spec.n):
                    raise InputError(f"{flag} {row},{col} is off the {spec.n}x{spec.n} board "
                                     f"(rows and columns are 0..{spec.n - 1})")
        spec = Spec(spec.n, spec.variant, spec.fixed + tuple(args.fixed),
                    spec.forbidden + tuple(args.forbidden), spec.name)
    if args.name is not None:
        spec = replace(spec, name=args.name)
    if args.description is not None:
        description = args.description
    text = model_text(spec, description, expected)
    write_output(args, text, spec.describe())
    return EXIT_OK
