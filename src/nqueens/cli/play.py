"""`nqueens play`: write the play page of a board (a queens board or a posed problem), one
self-contained HTML file in which a person places queens and sees what they imply
(`nqueens.playing.page`); in a notebook the same board is the widget `nqueens.play`."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..errors import InputError
from ..playing.page import play_page_html
from .common import (
    EXIT_OK,
    add_cell_arguments,
    add_problem_argument,
    check_output,
    load_problem_args,
    wrap,
    write_output,
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "play", help="write a page to place queens yourself and see what they imply",
        description=wrap("Write the play page of a board: one self-contained HTML file (no "
        "kernel, nothing fetched: it opens from a file, offline). Click a cell to place or "
        "remove a queen, shift-click to forbid a cell; the page shows the cells the queens "
        "attack, the queens that propagation forces and the rows and columns left without a "
        "free cell, by the backtracker's propagate order (rows and columns 0-based). A posed "
        "problem (a region puzzle, Star Battle, domination) is played by its own lines and "
        "bounds: its regions coloured, a line its queens fill taking its other cells, a line "
        "that needs every free cell it has forcing them, a line left too few dead, the cells "
        "still to cover dotted; its objective is for the solvers, not a rule of a position. "
        "A model's fixed queens and forbidden cells, and those given by --fixed and "
        "--forbidden, are givens that stay. In a notebook, nqueens.play(N) is the same board "
        "with the solvers behind it."),
        epilog="examples:\n  nqueens play 8 -o play.html\n"
        "  nqueens play completion-8-a1 -o a1.html\n"
        "  nqueens play 6 --fixed 0,1 --forbidden 2,2 3,3 -o six.html\n"
        "  nqueens play regions-8 -o regions.html",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_problem_argument(parser)
    add_cell_arguments(parser)
    parser.add_argument("--output", "-o", required=True, metavar="FILE.html",
                        help="the page to write (.html)")
    parser.add_argument("--force", action="store_true",
                        help="overwrite FILE.html if it exists (default: refuse); never the "
                        "model being read")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if Path(args.output).suffix.lower() not in (".html", ".htm"):
        raise InputError(f"output file {args.output!r} must end in .html (a play page)")
    check_output(args)  # the model itself (even with --force), an existing file, a directory...
    spec = load_problem_args(args)
    write_output(args, play_page_html(spec), f"play page: {spec.describe()}")
    return EXIT_OK

