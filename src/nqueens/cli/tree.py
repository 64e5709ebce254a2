"""`nqueens tree`: draw the pruned state-space tree of the textbook walk to an SVG or PNG."""

from __future__ import annotations

import argparse
import sys

from ..atomicfile import check_output_path
from ..errors import InputError
from ..pictures.tree import DEFAULT_TREE_NODES, MAX_TREE_NODES, draw_tree, tree_size
from ..spec import Spec
from ..wording import plural
from .common import EXIT_OK, add_cell_arguments, refuse_the_model, textbook_board, wrap


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "tree", help="draw the pruned state-space tree (SVG or PNG)",
        description=wrap("Draw the pruned state-space tree of the textbook backtracking walk: "
        "children left to right in visiting order, promising nodes and nonpromising leaves "
        "marked differently, solutions highlighted, nodes labelled <row,col> (1-based) with "
        "their visit numbers. A tree is drawn by its size, not its board's: up to "
        f"{DEFAULT_TREE_NODES} nodes (the whole tree of n = 5), or {MAX_TREE_NODES:,} with "
        "--large (n = 7), whatever n a constrained board has."),
        epilog="examples:\n  nqueens tree 4 --output tree4.svg\n  nqueens tree 4 --first --output book.png"
        "\n  nqueens tree completion-8-a1 --large --output a1.svg"
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
                        help=f"draw trees of more than {DEFAULT_TREE_NODES} nodes (up to "
                        f"{MAX_TREE_NODES:,})")
    parser.add_argument("--force", action="store_true",
                        help="overwrite FILE if it exists (default: refuse)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    spec = textbook_board(args)
    refuse_the_model(args.problem, args.output)  # not even with --force
    check_output_path(args.output, overwrite=args.force)  # one writer's refusals, first
    if args.output.lower().endswith((".html", ".htm")):
        from .trace import write_page

        return write_page(args, spec, all_solutions=not args.first)
    check_tree_size(spec, args)
    nodes = draw_tree(spec, args.output, all_solutions=not args.first, overwrite=args.force)
    print(f"wrote {args.output}: {nodes} {plural(nodes, 'node')}", file=sys.stderr)
    return EXIT_OK


def check_tree_size(spec: Spec, args: argparse.Namespace) -> None:
    """Refuse, before drawing, a tree with more nodes than a picture holds (or than the
    default, without --large), judged by walking it (at most MAX_TREE_NODES + 1 steps),
    naming the board and the tree's size."""
    whole = not args.first
    nodes = tree_size(spec, all_solutions=whole)
    scope = "whole tree" if whole else "walk to the first solution"
    board = f"{spec.name} ({spec.describe()})" if spec.name else spec.describe()
    if nodes > MAX_TREE_NODES:
        first = tree_size(spec, all_solutions=False) if whole else None
        fix = (f"add --first to draw the walk to the first solution ({first:,} nodes"
               + (", with --large)" if first > DEFAULT_TREE_NODES else ")")
               if first is not None and first <= MAX_TREE_NODES
               else "`nqueens trace` lists the walk's steps instead")
        raise InputError(f"the {scope} of {board} has more than {MAX_TREE_NODES:,} nodes"
                         f"{_estimated(spec) if whole else ''}, too many to draw; {fix}")
    if nodes > DEFAULT_TREE_NODES and not args.large:
        raise InputError(f"the {scope} of {board} has {nodes:,} nodes, more than the "
                         f"{DEFAULT_TREE_NODES} drawn by default; add --large to draw it (up to "
                         f"{MAX_TREE_NODES:,} nodes)"
                         + (" (--force only allows overwriting FILE)" if args.force else ""))


#: Largest board whose refusal quotes Knuth's estimate of the tree (200 walks take a few
#: milliseconds here; beyond, the size is beyond any picture by far and the walks cost).
ESTIMATED_UP_TO_N = 40


def _estimated(spec: Spec) -> str:
    """" (about 15,963 by Knuth's estimate)": the whole tree's size as `nqueens estimate`
    measures it (a fixed seed, so the message is the same every run), where that is quick."""
    from ..textbook.estimate import estimate_nodes
    from .estimate import figure

    if spec.n > ESTIMATED_UP_TO_N:
        return ""
    return f" (about {figure(estimate_nodes(spec, 200, seed=0).mean)} by Knuth's estimate)"
