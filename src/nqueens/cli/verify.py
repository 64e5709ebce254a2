"""`nqueens verify`: check placements with the shared validator and explain each violation."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..backends.sat_facts import DEFAULT_ENCODING
from ..errors import InputError, SpecError
from ..limits import MAX_BOARD_N, check_validation
from ..spec import Spec
from ..validator import ValidationStopped, Violation, find_cell_violations, find_violations
from .common import (
    EXIT_NO,
    EXIT_OK,
    EXIT_UNCERTIFIED,
    EXIT_UNKNOWN,
    add_cell_arguments,
    add_format_argument,
    load_problem,
    print_json,
    queens_count,
    time_limit_argument,
    with_cells,
    wrap,
)
from .guard import Guard
from .placement_input import read_placements

#: Largest placement input read (the jsonl of every 13-queens solution is about 6 MiB).
MAX_INPUT_BYTES = 32 * 2**20


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "verify", help="check a placement",
        description=wrap(
            "Check placements read from FILE or stdin: JSON ({\"columns\": [...]}, a list, or the "
            "output of `solve --format json` or `--format jsonl`), the text `solve` prints, "
            "columns such as '1 3 0 2' (one placement per line), or a board of Q and . rows. "
            "Prints 'valid', or every line that holds more than one queen (with all its queens "
            "and the number of attacking pairs) and every other broken rule; exit 1 when "
            "invalid."
        ),
        epilog=(
            "examples:\n"
            "  nqueens verify --n 4 <<< '1 3 0 2'\n"
            "  echo '2 4 1 3' | nqueens verify --one-based\n"
            "  nqueens solve 8 --format json | nqueens verify\n"
            "  nqueens solve 6 --all --one-based | nqueens verify\n"
            "  nqueens verify placement.txt --model completion-8-a1\n"
            "  nqueens verify --proof q3.drat --model 3\n"
            "  nqueens verify --proof q8.drat --model 8 --solutions q8.solutions.json"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", nargs="?", default="-", metavar="FILE|-",
                        help="where to read the placement (default: stdin)")
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--n", type=int, default=None, metavar="N",
                      help="board size to check against (default: the placement's length)")
    size.add_argument("--model", default=None, metavar="N|MODEL",
                      help="check against a model file (fixed and forbidden cells, variant)")
    add_cell_arguments(parser)
    parser.add_argument("--timeout", type=time_limit_argument, default=None, metavar="S",
                        help="stop after S seconds: the verdict is then unknown (exit 3)")
    parser.add_argument("--one-based", action="store_true",
                        help="typed columns are read 1-based and the text report's cells are "
                        "1-based, as `solve --one-based` shows them; JSON (in and out) and the "
                        "text `solve` prints say their own base, and --fixed/--forbidden cells "
                        "stay 0-based, as in every command")
    add_format_argument(parser)
    add_proof_arguments(parser)
    parser.set_defaults(handler=run)


def add_proof_arguments(parser: argparse.ArgumentParser) -> None:
    proof = parser.add_argument_group(
        "proofs", "check a proof of 'no solution' (from `solve --certify`) instead of a placement")
    proof.add_argument("--proof", default=None, metavar="PROOF",
                       help="a DRAT proof: replayed against the CNF rebuilt from --model (a CNF "
                       "shipped with the proof is never read); exit 0 certified, 4 not")
    proof.add_argument("--encoding", default=None, metavar="E",
                       help=f"the CNF encoding the proof was made on (default: {DEFAULT_ENCODING}, the one "
                       "`solve --certify` uses unless given --backend sat --encoding E)")
    proof.add_argument("--solutions", default=None, metavar="S",
                       help="a certified count's solution list (a JSON document with a "
                       "'solutions' list of column lists, as `count --certify --format json` "
                       "writes it): each is checked by the validator, none may repeat, and the "
                       "proof must show that the CNF with one blocking clause per solution has "
                       "no model, i.e. that there are no other solutions")
    proof.add_argument("--optimum", default=None, type=queens_count, metavar="V",
                       help="for a posed problem with an objective (fewest or most queens): "
                       "the optimum the proof is about, as `solve --certify` printed it; the "
                       "proof must show that no placement beats it")


#: Largest solution list read by `--solutions` (a certified count of n = 14 lists 365,596).
MAX_SOLUTIONS_BYTES = 2**30


def _read(path: str, limit: int = MAX_INPUT_BYTES, what: str = "placement file") -> str:
    """The text of FILE (or stdin), refusing more than `limit` bytes at once: at most that
    many bytes plus one are read, so an endless file such as /dev/zero is refused quickly."""
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)  # a test's StringIO has none
            data = (stream.read(limit + 1) if stream is not None
                    else sys.stdin.read(limit + 1).encode("utf-8", "replace"))
        else:
            with open(path, "rb") as handle:
                data = handle.read(limit + 1)
    except OSError as error:
        raise InputError(f"cannot read {name}: {error.strerror or error}") from None
    if len(data) > limit:
        raise InputError(f"{name} is larger than {limit // 2**20} MiB, more than any "
                         f"{what}; give a smaller file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{name} is not a UTF-8 text file") from None


def _board_spec(board: dict[str, Any]) -> Spec:
    """The board a JSON document names (`n`, `variant`, `fixed`, `forbidden`)."""
    n = board["n"]
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_BOARD_N:
        raise InputError(f'the document\'s "n" must be a board size from 1 to {MAX_BOARD_N:,}, '
                         f"got {str(n)[:40]}")
    try:
        return Spec(n, board.get("variant", "queens"), board.get("fixed", ()),
                    board.get("forbidden", ()))
    except SpecError as error:
        raise InputError(f"the document's board is not valid: {error}") from None


def _spec_for(args: argparse.Namespace, inferred: int, board: dict[str, Any] | None) -> Spec:
    """The board to check against: --model, --n, else the one the document names, else the
    placement's length; with the document's own cells and --fixed/--forbidden added. A
    document for another board than --n or --model names is refused, not judged."""
    named = board is not None
    if board is not None and board.get("variant") == "custom" and args.model is None:
        raise InputError("the placements are of a posed problem, whose rules live in its "
                         "model: give --model MODEL")
    if args.model is not None:
        spec = load_problem(args.model)  # (read before the input too: `_verify`)
    elif args.n is not None:
        if args.n < 1:
            raise InputError(f"board size must be a positive integer, got {args.n} (use --n N)")
        spec = Spec(args.n)
    elif board is not None:
        spec, named = _board_spec(board), False
    else:
        if inferred < 1:
            raise InputError(f"board size must be a positive integer, got {inferred} (use --n N)")
        spec = Spec(inferred)
    if named and board is not None and spec.is_open:
        _check_posed_board(board, spec)
    elif named and board is not None:
        doc = _board_spec(board)
        if (doc.n, doc.variant) != (spec.n, spec.variant):
            raise InputError(f"the document is for {doc.describe()} but "
                             f"{'--model' if args.model is not None else '--n'} names "
                             f"{spec.describe()}; drop the option or check the right file")
        spec = with_cells(spec, doc.fixed, doc.forbidden)
    return with_cells(spec, tuple(args.fixed), tuple(args.forbidden))


def _check_posed_board(board: dict[str, Any], spec: Spec) -> None:
    """A posed problem's document names its board size only (its rules are the model's)."""
    if board.get("n") != spec.n:
        raise InputError(f"the document is for a {board.get('n')}-board but --model names "
                         f"{spec.describe()}; check the right file")


def _read_solutions(path: str, spec: Spec) -> list[tuple[int, ...]]:
    """The `solutions` list of a JSON document (as `count --certify --format json` and
    `solve --all --format json` write it), each a list of n columns.

    Raises:
        InputError: naming the file and what is wrong with it.
    """
    import json

    try:
        doc = json.loads(_read(path, MAX_SOLUTIONS_BYTES, "solution list"))
    except ValueError as error:
        raise InputError(f"{path} is not a JSON document: {error}") from None
    listed = doc.get("solutions") if isinstance(doc, dict) else None
    if not isinstance(listed, list):
        raise InputError(f'{path} has no "solutions" list; give the solution list a certified '
                         "count wrote (count --certify --format json, or the .solutions.json "
                         "file beside its proof)")
    if isinstance(doc.get("n"), int) and doc["n"] != spec.n:
        raise InputError(f"{path} lists solutions of a {doc['n']}-board but the model is "
                         f"{spec.n}x{spec.n}")
    for index, columns in enumerate(listed):
        if not (isinstance(columns, list) and len(columns) == spec.n and all(
                isinstance(c, int) and not isinstance(c, bool) for c in columns)):
            raise InputError(f"{path}: solution {index + 1} is not a list of {spec.n} columns")
    return [tuple(columns) for columns in listed]


def run(args: argparse.Namespace) -> int:
    if args.proof is not None or args.encoding is not None or args.solutions is not None \
            or args.optimum is not None:
        return run_proof(args)
    guard = Guard(args.timeout)

    def abandon() -> None:  # only if a stop is not noticed within the grace period
        print(f"nqueens: verify stopped ({guard.stopped_status().value}) before a verdict; "
              "nothing is known about the placement", file=sys.stderr)

    return guard.run(lambda: _verify(args, guard), abandon)


def _verify(args: argparse.Namespace, guard: Guard) -> int:  # noqa: C901 - one branch per input form and output format
    if args.model is not None:
        load_problem(args.model)  # a missing model is the problem, whatever the input holds
    read = read_placements(_read(args.file))
    check_validation(len(read.cells) if read.cells is not None
                     else sum(len(columns) for columns in read.columns))
    # the input's own base where it states one (JSON, solve's text), else --one-based; the
    # text report counts from 1 with --one-based, JSON stays 0-based
    base = read.one_based if read.one_based is not None else args.one_based
    shift = 1 if base else 0
    checks: list[tuple[str, dict[str, Any], list[Violation]]] = []
    specs: dict[int, Spec] = {}  # one board per placement length (a model is read once)
    try:
        if read.cells is not None:
            spec = _spec_for(args, read.board_size or 0, read.board)
            if read.board_size != spec.n:
                raise InputError(f"the board has {read.board_size} rows but the model is "
                                 f"{spec.n}x{spec.n}")
            shown = {"cells": [[r, c] for r, c in read.cells]}
            checks.append(("board", shown, find_cell_violations(
                spec, read.cells, should_stop=guard.should_stop)))
        else:
            for columns in read.columns:
                if guard.should_stop():
                    raise ValidationStopped
                if len(columns) not in specs:
                    specs[len(columns)] = _spec_for(args, len(columns), read.board)
                placement = tuple(c - shift for c in columns)
                checks.append((str(list(columns)), {"placement": list(placement)},
                               find_violations(specs[len(columns)], placement,
                                               should_stop=guard.should_stop)))
    except ValidationStopped:
        print(f"nqueens: verify stopped ({guard.stopped_status().value}) before a verdict"
              + (f" ({len(checks)} of {len(read.columns)} placements checked)"
                 if len(read.columns) > 1 else "")
              + "; nothing is known about the rest", file=sys.stderr)
        return EXIT_UNKNOWN
    if args.format == "json":
        print_json([
            {**shown, "valid": not found,
             "violations": [{"rule": v.rule,
                             "cells": [[r, c] for r, c in v.cells],
                             "pairs": v.pairs,
                             "message": v.describe(args.one_based)} for v in found]}
            for _, shown, found in checks
        ])
    else:
        for label, _, found in checks:
            prefix = f"{label}: " if len(checks) > 1 else ""
            if not found:
                print(f"{prefix}valid")
            for violation in found:
                print(f"{prefix}invalid: {violation.describe(args.one_based)}")
        if len(checks) > 1:
            bad = sum(1 for _, _, found in checks if found)
            print(f"{len(checks)} placements: {len(checks) - bad} valid, {bad} invalid")
    return EXIT_NO if any(found for _, _, found in checks) else EXIT_OK


def run_proof(args: argparse.Namespace) -> int:
    """verify --proof PROOF --model M [--solutions S]: replay the proof against M's CNF
    (with --fixed and --forbidden added), rebuilt here, with one blocking clause per listed
    solution of a certified count."""
    from ..proofs.verify import verify_proof

    if args.proof is None:
        named = ("--encoding" if args.encoding else "--solutions" if args.solutions
                 else "--optimum")
        raise InputError(f"{named} names what a proof is about; add --proof PROOF")
    if args.model is None or args.file != "-":
        raise InputError("--proof checks a proof against a model's CNF: give --model N|MODEL "
                         "and no placement file")
    spec = with_cells(load_problem(args.model), tuple(args.fixed), tuple(args.forbidden))
    solutions = _read_solutions(args.solutions, spec) if args.solutions is not None else None
    guard = Guard(args.timeout)

    def abandon() -> None:  # only if a stop is not noticed within the grace period
        print(f"nqueens: verify stopped ({guard.stopped_status().value}) before a verdict; "
              "nothing is known about the proof", file=sys.stderr)

    certificate = guard.run(lambda: verify_proof(spec, args.proof, args.encoding or
                                                 DEFAULT_ENCODING, guard.deadline, solutions,
                                                 args.optimum),
                            abandon)
    if not certificate.certified and guard.should_stop():
        print(f"nqueens: verify {guard.stopped_status().value}: {certificate.reason}",
              file=sys.stderr)
        return EXIT_UNKNOWN
    if args.format == "json":
        print_json({"proof": args.proof, "model": args.model, "certified": certificate.certified,
                    "certificate": certificate.as_json()})
    else:
        print(certificate.text())
    return EXIT_OK if certificate.certified else EXIT_UNCERTIFIED
