"""`nqueens generate`: the published random families of hard instances (CSPLib 079/080),
one instance to stdout or a file, or a whole set of seeds into a directory.

The blocked and excluded-diagonals generators reproduce the published files for the same
arguments; the completion generator makes the published draws but, run under Python 3, not
the instances behind the published completion results (see `modeling.generators`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..atomicfile import check_output_path, ensure_directory, write_text_atomic
from ..errors import InputError
from ..modeling import generators
from ..wording import plural
from .common import EXIT_OK, add_output_arguments, check_output, row_count, wrap, write_output

#: Most instances one command generates (a set of seeds).
MAX_SEEDS = 100_000


def seed_list(text: str) -> list[int]:
    """argparse type for --seeds: `A..B` (inclusive), or `S,T,...`."""
    try:
        if ".." in text:
            first, last = (int(part) for part in text.split("..", 1))
            seeds = list(range(first, last + 1)) if last - first < MAX_SEEDS else []
        else:
            seeds = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected seeds as A..B (e.g. 1..100) or S,T,..., got {text!r}") from None
    if not 1 <= len(seeds) <= MAX_SEEDS:
        raise argparse.ArgumentTypeError(f"expected 1 to {MAX_SEEDS:,} seeds, got {text!r}")
    return seeds


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "generate", help="generate hard instances (completion, blocked, excluded diagonals)",
        description=wrap("Generate random instances of the published hard families (Gent, "
        "Jefferson and Nightingale, JAIR 2017; CSPLib 079 and 080) with their generators' "
        "arguments and seed. blocked and diagonals give exactly the published files for the "
        "same arguments; completion makes the described draws, which under Python 3 are "
        "not the instances behind the published completion results."),
        epilog="examples:\n  nqueens generate blocked 10 24 --seed 833\n"
        "  nqueens generate diagonals 20 --seed 1 --take 18 -o d.param\n"
        "  nqueens generate completion 76 56 --seeds 1..100 -o completion-76/",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    families = parser.add_subparsers(dest="family", metavar="FAMILY", required=True)
    completion = families.add_parser(
        "completion", help="M random non-attacking queens pre-placed on an N-board",
        description="M random non-attacking queens pre-placed on an N-board (CSPLib param "
        "file, init 0-based); delta = N - M queens are left to place.")
    completion.add_argument("n", type=row_count, metavar="N", help="board size")
    completion.add_argument("m", type=row_count, metavar="M", help="queens to pre-place")
    blocked = families.add_parser(
        "blocked", help="M blocked squares on an N-board",
        description="M blocked (forbidden) squares on an N-board, a square blocked only "
        "while its row and column have more than K free squares (CSPLib param file, blocks "
        "1-based).")
    blocked.add_argument("n", type=row_count, metavar="N", help="board size")
    blocked.add_argument("m", type=row_count, metavar="M", help="squares to block")
    diagonals = families.add_parser(
        "diagonals", help="whole diagonals excluded from an N-board",
        description="Whole diagonals excluded in random order while every row and column "
        "has more than K allowed squares; the file lists them in order, and an instance is "
        "its first D (--take D here, or FILE#D when reading).")
    diagonals.add_argument("n", type=row_count, metavar="N", help="board size")
    diagonals.add_argument("--take", type=row_count, default=None, metavar="D",
                           help="write only the first D diagonals (default: all)")
    for family in (completion, blocked, diagonals):
        seeds = family.add_mutually_exclusive_group(required=True)
        seeds.add_argument("--seed", type=int, default=None, help="the random seed")
        seeds.add_argument("--seeds", type=seed_list, default=None, metavar="A..B",
                           help="a whole set, one file per seed, into the directory -o DIR")
        if family is not completion:
            family.add_argument("--min-free", type=row_count, default=4, metavar="K",
                                help="mininfile: a square goes only while its row and column "
                                "have more than K free squares (default: 4, as published)")
        add_output_arguments(family)
        family.set_defaults(handler=run)


def _make(args: argparse.Namespace, seed: int) -> generators.Generated:
    if args.family == "completion":
        return generators.completion(args.n, args.m, seed)
    if args.family == "blocked":
        return generators.blocked(args.n, args.m, args.min_free, seed)
    return generators.diagonals(args.n, args.min_free, seed, args.take)


def file_name(args: argparse.Namespace, seed: int) -> str:
    """The file of one seed in a set: family, arguments and seed, e.g.
    blocked-28-590-k4-s7.param."""
    if args.family == "completion":
        return f"completion-{args.n}-{args.m}-s{seed}.param"
    if args.family == "blocked":
        return f"blocked-{args.n}-{args.m}-k{args.min_free}-s{seed}.param"
    take = f"-d{args.take}" if args.take is not None else ""
    return f"diagonals-{args.n}-k{args.min_free}{take}-s{seed}.param"


def run(args: argparse.Namespace) -> int:
    if args.seeds is None:
        check_output(args)
        one = _make(args, args.seed)
        write_output(args, one.text, one.spec.describe())
        return EXIT_OK
    if args.output is None or args.output == "-":
        raise InputError("--seeds writes one file per seed: give the directory with -o DIR")
    directory = ensure_directory(args.output)
    paths = [directory / file_name(args, seed) for seed in args.seeds]
    for path in paths:  # every refusal before the first file is written
        check_output_path(path, overwrite=args.force)
    made = [_make(args, seed) for seed in args.seeds]
    for path, instance in zip(paths, made, strict=True):
        write_text_atomic(path, instance.text, overwrite=args.force)
    print(f"wrote {len(paths)} {args.family} {plural(len(paths), 'instance')} to "
          f"{Path(directory)}", file=sys.stderr)
    return EXIT_OK
