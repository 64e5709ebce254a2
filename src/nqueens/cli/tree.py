"""`nqueens tree`: draw the pruned state-space tree of the textbook walk to an SVG or PNG."""

from __future__ import annotations

import argparse
import sys

from ..atomicfile import check_output_path
from ..errors import InputError
from ..pictures.tree import MAX_TREE_N, draw_tree
from ..wording import plural
from .common import EXIT_OK, add_cell_arguments, textbook_board, wrap

#: Even with --large: n = 7 already has 3,585 nodes; n = 8 (15,721) is past any picture.
MAX_FORCED_N = 7


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "tree", help="draw the pruned state-space tree (SVG or PNG)",
        description=wrap("Draw the pruned state-space tree of the textbook backtracking walk: "
        "children left to right in visiting order, promising nodes and nonpromising leaves "
        "marked differently, solutions highlighted, nodes labelled <row,col> (1-based) with "
        "their visit numbers."),
        epilog="examples:\n  nqueens tree 4 --output tree4.svg\n  nqueens tree 4 --first --output book.png"
        "\n  nqueens tree 5 --output tree.html",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("problem", metavar="N|MODEL",
                        help="board size, or a model file / bundled model of a queens board "
                        "(fixed queens are pre-placed, forbidden cells pruned at once)")
    add_cell_arguments(parser)
    parser.add_argument("--output", "-o", required=True, metavar="FILE",
                        help="picture to write: FILE.svg or FILE.png; or FILE.html, a "
                        "step-through page of the walk (as `nqueens trace N --output`)")
    parser.add_argument("--first", action="store_true",
                        help="stop at the first solution, as the book's figure does "
                        "(default: the whole pruned tree)")
    parser.add_argument("--large", action="store_true",
                        help=f"draw whole trees for N > {MAX_TREE_N} (up to {MAX_FORCED_N})")
    parser.add_argument("--force", action="store_true",
                        help="overwrite FILE if it exists (default: refuse)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    spec = textbook_board(args)
    n = spec.n
    check_output_path(args.output, overwrite=args.force)  # one writer's refusals, first
    if args.output.lower().endswith((".html", ".htm")):
        from .trace import write_page

        return write_page(args, spec, all_solutions=not args.first)
    if n > MAX_FORCED_N:
        raise InputError(f"the tree for n = {n} has too many nodes to draw (at most "
                         f"{MAX_FORCED_N}); use `nqueens stats {n}` for its size")
    if n > MAX_TREE_N and not (args.large or args.first):
        raise InputError(f"the whole tree for n = {n} is very large (default limit "
                         f"{MAX_TREE_N}); add --large to draw it anyway, or --first"
                         + (" (--force only allows overwriting FILE)" if args.force else ""))
    nodes = draw_tree(spec, args.output, all_solutions=not args.first, overwrite=args.force)
    print(f"wrote {args.output}: {nodes} {plural(nodes, 'node')}", file=sys.stderr)
    return EXIT_OK
