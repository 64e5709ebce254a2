"""`nqueens verify`: check placements with the shared validator and explain each violation."""

from __future__ import annotations

import argparse
import sys

from ..errors import InputError
from ..spec import Spec
from ..validator import Violation, find_cell_violations, find_violations
from .common import (
    EXIT_NO,
    EXIT_OK,
    EXIT_UNCERTIFIED,
    add_format_argument,
    load_problem,
    print_json,
    wrap,
)
from .placement_input import read_placements

#: Largest placement input read (the jsonl of every 13-queens solution is about 6 MiB).
MAX_INPUT_BYTES = 32 * 2**20


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "verify", help="check a placement",
        description=wrap(
            "Check placements read from FILE or stdin: JSON ({\"columns\": [...]}, a list, or the "
            "output of `solve --format json` or `--format jsonl`), a list of columns such as "
            "'1 3 0 2', or a board of Q and . rows. Prints 'valid', or every line that holds "
            "more than one queen (with all its queens and the number of attacking pairs) and "
            "every other broken rule; exit 1 when invalid."
        ),
        epilog=(
            "examples:\n"
            "  nqueens verify --n 4 <<< '1 3 0 2'\n"
            "  echo '2 4 1 3' | nqueens verify --one-based\n"
            "  nqueens solve 8 --format json | nqueens verify\n"
            "  nqueens verify placement.txt --model completion-8-a1\n"
            "  nqueens verify --proof q3.drat --model 3"
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
    parser.add_argument("--one-based", action="store_true",
                        help="columns in the input and cells in the report are 1-based")
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
                       help="the CNF encoding the proof was made on (default: pairwise, the one "
                       "`solve --certify` uses unless given --backend sat --encoding E)")


def _read(path: str) -> str:
    """The text of FILE (or stdin), refusing more than MAX_INPUT_BYTES at once: at most that
    many bytes plus one are read, so an endless file such as /dev/zero is refused quickly."""
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)  # a test's StringIO has none
            data = (stream.read(MAX_INPUT_BYTES + 1) if stream is not None
                    else sys.stdin.read(MAX_INPUT_BYTES + 1).encode("utf-8", "replace"))
        else:
            with open(path, "rb") as handle:
                data = handle.read(MAX_INPUT_BYTES + 1)
    except OSError as error:
        raise InputError(f"cannot read {name}: {error.strerror or error}") from None
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(f"{name} is larger than {MAX_INPUT_BYTES // 2**20} MiB, more than any "
                         "placement file; give a smaller file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{name} is not a UTF-8 text file") from None


def _spec_for(args: argparse.Namespace, inferred: int) -> Spec:
    if args.model is not None:
        return load_problem(args.model)
    n = args.n if args.n is not None else inferred
    if n < 1:
        raise InputError(f"board size must be a positive integer, got {n} (use --n N)")
    return Spec(n)


def run(args: argparse.Namespace) -> int:
    if args.proof is not None or args.encoding is not None:
        return run_proof(args)
    read = read_placements(_read(args.file))
    shift = 1 if args.one_based else 0
    checks: list[tuple[str, list[Violation]]] = []
    if read.cells is not None:
        spec = _spec_for(args, read.board_size or 0)
        if read.board_size != spec.n:
            raise InputError(f"the board has {read.board_size} rows but the model is {spec.n}x{spec.n}")
        checks.append(("board", find_cell_violations(spec, read.cells)))
    else:
        for columns in read.columns:
            spec = _spec_for(args, len(columns))
            placement = tuple(c - shift for c in columns)
            checks.append((str(list(columns)), find_violations(spec, placement)))
    if args.format == "json":
        print_json([
            {"placement": label, "valid": not found,
             "violations": [{"rule": v.rule,
                             "cells": [[r + shift, c + shift] for r, c in v.cells],
                             "pairs": v.pairs,
                             "message": v.describe(args.one_based)} for v in found]}
            for label, found in checks
        ])
    else:
        for label, found in checks:
            prefix = f"{label}: " if len(checks) > 1 else ""
            if not found:
                print(f"{prefix}valid")
            for violation in found:
                print(f"{prefix}invalid: {violation.describe(args.one_based)}")
        if len(checks) > 1:
            bad = sum(1 for _, found in checks if found)
            print(f"{len(checks)} placements: {len(checks) - bad} valid, {bad} invalid")
    return EXIT_NO if any(found for _, found in checks) else EXIT_OK


def run_proof(args: argparse.Namespace) -> int:
    """verify --proof PROOF --model M: replay the proof against M's CNF, rebuilt here."""
    from ..certificates import PROOF_ENCODING, verify_proof

    if args.proof is None:
        raise InputError("--encoding names the CNF of a proof; add --proof PROOF")
    if args.model is None or args.file != "-":
        raise InputError("--proof checks a proof against a model's CNF: give --model N|MODEL "
                         "and no placement file")
    certificate = verify_proof(load_problem(args.model), args.proof,
                               args.encoding or PROOF_ENCODING)
    if args.format == "json":
        print_json({"proof": args.proof, "model": args.model, "certified": certificate.certified,
                    "certificate": certificate.as_json()})
    else:
        print(certificate.text())
    return EXIT_OK if certificate.certified else EXIT_UNCERTIFIED
