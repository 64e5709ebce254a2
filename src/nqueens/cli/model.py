"""`nqueens model`: write a model file (TOML, or a published instance format with --to) from a
board size or an existing model, adding fixed and forbidden cells from the command line.
Never overwrites without --force."""

from __future__ import annotations

import argparse
from dataclasses import replace

from ..modeling.formats import INSTANCE_FORMATS, instance_text, read_instance
from ..modeling.modelfile import Expected
from .common import (
    EXIT_OK,
    add_cell_arguments,
    add_output_arguments,
    add_problem_argument,
    add_variant_argument,
    check_output,
    load_problem_args,
    model_path,
    wrap,
    write_output,
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "model", help="write a model file (TOML, CSPLib param, diagonals or ASP facts)",
        description=wrap("Write a model file: N or an existing model (any format nqueens "
        "reads), plus fixed and forbidden cells given here, as TOML (default) or, with --to, "
        "a CSPLib param file (init 0-based, blocks 1-based), an excluded-diagonals file or "
        "ASP facts (1-based). Prints to stdout unless -o is given."),
        epilog="examples:\n  nqueens model 8 --fixed 0,0 --forbidden 3,3 -o mine.toml\n"
        "  nqueens model 7 --variant torus -o torus-7.toml\n"
        "  nqueens model blocked.param --to asp -o blocked.lp",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_problem_argument(parser)
    add_variant_argument(parser)
    add_cell_arguments(parser)
    parser.add_argument("--name", default=None, help="label stored in the file")
    parser.add_argument("--description", default=None, help="free text stored in the file")
    parser.add_argument("--to", "-t", choices=INSTANCE_FORMATS, default="toml",
                        help="file format (default: toml); param, diagonals and asp hold what "
                        "their format can say (refused otherwise, naming what to use)")
    add_output_arguments(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    check_output(args)
    spec = load_problem_args(args)
    description = ""
    expected: Expected | None = None
    source_path = model_path(args.problem)
    if source_path is not None:
        source = read_instance(source_path)
        description, expected = source.description, source.expected
    if args.fixed or args.forbidden:
        expected = None  # new cells change the answer; the old one no longer applies
    if args.name is not None:
        spec = replace(spec, name=args.name)
    if args.description is not None:
        description = args.description
    text = instance_text(spec, args.to, description, expected)
    write_output(args, text, spec.describe())
    return EXIT_OK
