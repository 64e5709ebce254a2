"""`nqueens generate`: the published random families of hard instances (CSPLib 079/080),
and region puzzles with exactly one solution; one instance to stdout or a file, or a whole
set of seeds into a directory.

The blocked and excluded-diagonals generators reproduce the published files for the same
arguments; the completion generator makes the published draws but, run under Python 3, not
the instances behind the published completion results (see `modeling.generators`).

Under `--timeout` or Ctrl-C a set of seeds keeps every instance made before the stop, each
file whole (written atomically, and under the guard's output lock, so an exit at the end of
the grace period never cuts one), and says how many it wrote; exit 3.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..atomicfile import check_output_path, ensure_directory, write_text_atomic
from ..errors import InputError
from ..modeling import generators, puzzles
from ..result import Deadline
from ..wording import plural
from .common import (
    EXIT_OK,
    EXIT_UNKNOWN,
    add_output_arguments,
    check_output,
    row_count,
    time_limit_argument,
    wrap,
    write_output,
)
from .guard import Guard

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
        "generate", help="generate hard instances (completion, blocked, excluded diagonals) "
        "and region puzzles",
        description=wrap("Generate random instances of the published hard families (Gent, "
        "Jefferson and Nightingale, JAIR 2017; CSPLib 079 and 080) with their generators' "
        "arguments and seed. blocked and diagonals give exactly the published files for the "
        "same arguments; completion makes the described draws, which under Python 3 are "
        "not the instances behind the published completion results. regions makes region "
        "puzzles with exactly one solution, as model files."),
        epilog="examples:\n  nqueens generate blocked 10 24 --seed 833\n"
        "  nqueens generate diagonals 20 --seed 1 --take 18 -o d.param\n"
        "  nqueens generate completion 76 56 --seeds 1..100 -o completion-76/\n"
        "  nqueens generate regions 8 --seed 1 -o regions-8.toml",
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
    low, high = puzzles.UNIQUE_SIZES
    regions = families.add_parser(
        "regions", help=f"a region puzzle with exactly one solution (N = {low}..{high})",
        description=f"A region puzzle (one queen per row, column and region, no two "
        f"touching) on an N x N map of N connected regions, N = {low}..{high}, with exactly "
        "one solution: a model file whose expected count of 1 is the package's own count of "
        "the file as written, with that solution as its witness and a difficulty (the posed "
        "backtracker's nodes checked counting it) in its description.")
    regions.add_argument("n", type=row_count, metavar="N", help="board size (and regions)")
    for family in (completion, blocked, diagonals, regions):
        seeds = family.add_mutually_exclusive_group(required=True)
        seeds.add_argument("--seed", type=int, default=None, help="the random seed")
        seeds.add_argument("--seeds", type=seed_list, default=None, metavar="A..B",
                           help="a whole set, one file per seed, into the directory -o DIR")
        if family not in (completion, regions):
            family.add_argument("--min-free", type=row_count, default=4, metavar="K",
                                help="mininfile: a square goes only while its row and column "
                                "have more than K free squares (default: 4, as published)")
        family.add_argument("--timeout", type=time_limit_argument, default=None, metavar="S",
                            help="stop after S seconds (exit 3); a set keeps the instances "
                            "made before the stop")
        add_output_arguments(family)
        family.set_defaults(handler=run)


def _make(args: argparse.Namespace, seed: int, deadline: Deadline) -> generators.Generated:
    if args.family == "completion":
        return generators.completion(args.n, args.m, seed, deadline)
    if args.family == "blocked":
        return generators.blocked(args.n, args.m, args.min_free, seed, deadline)
    if args.family == "regions":
        from .. import api  # the count that proves the file's answer (its route planned)

        return puzzles.unique_region_puzzle(args.n, seed, api.count, deadline)
    return generators.diagonals(args.n, args.min_free, seed, args.take, deadline)


def file_name(args: argparse.Namespace, seed: int) -> str:
    """The file of one seed in a set: family, arguments and seed, e.g.
    blocked-28-590-k4-s7.param."""
    if args.family == "completion":
        return f"completion-{args.n}-{args.m}-s{seed}.param"
    if args.family == "blocked":
        return f"blocked-{args.n}-{args.m}-k{args.min_free}-s{seed}.param"
    if args.family == "regions":
        return f"regions-{args.n}-s{seed}.toml"
    take = f"-d{args.take}" if args.take is not None else ""
    return f"diagonals-{args.n}-k{args.min_free}{take}-s{seed}.param"


def run(args: argparse.Namespace) -> int:
    if args.family == "regions":
        puzzles.check_unique_n(args.n)  # before any file is looked at
    if args.seeds is None:
        check_output(args)
        return _one(args, Guard(args.timeout))
    if args.output is None or args.output == "-":
        raise InputError("--seeds writes one file per seed: give the directory with -o DIR")
    directory = ensure_directory(args.output)
    paths = [directory / file_name(args, seed) for seed in args.seeds]
    for path in paths:  # every refusal before the first instance is made
        check_output_path(path, overwrite=args.force)
    return _set(args, Guard(args.timeout), directory, paths)


def _one(args: argparse.Namespace, guard: Guard) -> int:
    def work() -> generators.Generated | None:
        try:
            return _make(args, args.seed, guard.deadline)
        except generators.GenerationStopped:
            return None

    def abandon() -> None:
        print(_nothing_made(guard, args.seed), file=sys.stderr)

    one = guard.run(work, abandon)
    if one is None:
        print(_nothing_made(guard, args.seed), file=sys.stderr)
        return EXIT_UNKNOWN
    write_output(args, one.text, one.spec.describe())
    return EXIT_OK


def _nothing_made(guard: Guard, seed: int) -> str:
    return (f"nqueens: stopped ({guard.stopped_status().value}) before the instance of seed "
            f"{seed} was made; nothing was written")


def _set(args: argparse.Namespace, guard: Guard, directory: Path, paths: list[Path]) -> int:
    """Make every instance, then write them: an instance that cannot be made (a seed whose
    draws fail) leaves the directory as it was. A stop ends the making; what was made is
    written all the same."""
    total = len(paths)
    written: list[Path] = []
    stopped_at: list[int] = []

    def work() -> None:
        made: list[generators.Generated] = []
        for seed in args.seeds:
            try:
                made.append(_make(args, seed, guard.deadline))
            except generators.GenerationStopped:
                stopped_at.append(seed)
                break
        for path, instance in zip(paths, made, strict=False):
            with guard.output_lock:  # an exit after the grace period waits for the file
                write_text_atomic(path, instance.text, overwrite=args.force)
                written.append(path)

    def abandon() -> None:
        print(_wrote(args, written, total, directory, guard), file=sys.stderr)

    guard.run(work, abandon)
    line = _wrote(args, written, total, directory, guard if stopped_at else None)
    if stopped_at:
        line += f"; seed {stopped_at[0]} and those after it were not made"
    print(line, file=sys.stderr)
    return EXIT_UNKNOWN if stopped_at else EXIT_OK


def _wrote(args: argparse.Namespace, written: list[Path], total: int, directory: Path,
           stopped: Guard | None) -> str:
    done = len(written)
    if stopped is None:
        return f"wrote {done} {args.family} {plural(done, 'instance')} to {directory}"
    return (f"wrote {done} of {total} {args.family} {plural(total, 'instance')} to {directory} "
            f"before the stop ({stopped.stopped_status().value})")
