"""What every subcommand shares: exit codes, the N-or-model argument, backend options and
output helpers. Library errors become messages in `cli/__init__.py`, not here."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..backends import DEFAULT_BACKEND, backend_names
from ..errors import InputError
from ..spec import Spec
from ..variants import VARIANTS

EXIT_OK = 0  # found / complete / valid
EXIT_NO = 1  # solve proved there is no solution; verify found the placement invalid
EXIT_USAGE = 2  # bad usage or unreadable input
EXIT_UNKNOWN = 3  # time limit or interrupt before a definite answer

EXIT_CODES_HELP = """exit codes:
  0  found / complete / valid (a complete count exits 0 even when it is 0)
  1  solve proved there is no solution, or verify found the placement invalid
  2  bad usage or unreadable input (one line on stderr)
  3  time limit or interrupt before a definite answer"""


def load_problem(text: str, variant: str | None = None) -> Spec:
    """The spec named on the command line: a board size N, or a model file (.toml).

    `variant` (from --variant) applies to a bare N; a model file carries its own.
    """
    if text.endswith(".toml"):
        from ..modeling.modelfile import load_model

        spec = load_model(text)
        if variant is not None and variant != spec.variant:
            raise InputError(
                f"--variant {variant} conflicts with variant = {spec.variant!r} in {text}; "
                "drop --variant or edit the model file"
            )
        return spec
    try:
        n = int(text)
    except ValueError:
        raise InputError(
            f"N must be a positive integer board size or a model file (.toml), got {text!r}"
        ) from None
    if n < 1:
        raise InputError(f"N must be a positive integer board size, got {n}")
    return Spec(n, variant or "queens")


def add_variant_argument(parser: argparse.ArgumentParser) -> None:
    """--variant, for commands that pass `args.variant` to `load_problem`."""
    parser.add_argument(
        "--variant", choices=sorted(VARIANTS), default=None,
        help="attack rules for a bare N (default: queens; a model file sets its own)",
    )


def positive_float(text: str) -> float:
    """argparse type for --timeout."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not value > 0 or value != value or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got {text!r}")
    return value


def _int_at_least(text: str, least: int, what: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"must be {what}, got {text!r}")
    return value


def positive_int(text: str) -> int:
    """argparse type for counts such as --limit."""
    return _int_at_least(text, 1, "a positive integer")


def row_count(text: str) -> int:
    """argparse type for a number of rows such as --split-depth (0 or more)."""
    return _int_at_least(text, 0, "0 or more rows")


def add_problem_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "problem", metavar="N|MODEL", help="board size N, or a model file such as models/queens-8.toml"
    )


#: The default of a command not yet taught `auto` (see `add_backend_arguments`).
_DEFAULT_WITHOUT_AUTO = "cpsat"


def add_backend_arguments(parser: argparse.ArgumentParser, auto: bool = False) -> None:
    """--backend (with `auto`: "auto", the default, and every registry name), --encoding and
    --timeout. `auto=True` only for commands that resolve "auto" (`cli/auto.py`)."""
    default = DEFAULT_BACKEND if auto else _DEFAULT_WITHOUT_AUTO
    parser.add_argument(
        "--backend", "-b", choices=(["auto"] if auto else []) + backend_names(), default=default,
        help=f"solver backend (default: {default}"
        + (": the fastest correct route for the job, see the README)" if auto else ")"),
    )
    parser.add_argument(
        "--encoding", default=None,
        help="at-most-one encoding for the sat backend (default: pairwise; see `nqueens encodings`)",
    )
    parser.add_argument(
        "--timeout", type=positive_float, default=None, metavar="S",
        help="stop after S seconds; the answer is then unknown or partial (exit 3)",
    )


def backend_options(args: argparse.Namespace) -> dict[str, Any]:
    """Constructor options for the chosen backend from the shared flags."""
    if args.encoding is not None:
        if args.backend != "sat":
            raise InputError("--encoding applies to --backend sat only; drop it or add --backend sat")
        return {"encoding": args.encoding}
    return {}


def add_format_argument(parser: argparse.ArgumentParser, *choices: str) -> None:
    parser.add_argument(
        "--format", "-f", choices=choices or ("text", "json"), default="text",
        help="output format (default: text)",
    )


def print_json(doc: Any) -> None:
    sys.stdout.write(json.dumps(doc, indent=None) + "\n")


def print_table(header: list[str], rows: list[list[object]]) -> None:
    """A plain text table: first column left-aligned, the others right-aligned."""
    cells = [header] + [[str(value) for value in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    for row in cells:
        print("  ".join(
            value.ljust(width) if i == 0 else value.rjust(width)
            for i, (value, width) in enumerate(zip(row, widths))
        ).rstrip())


def add_output_arguments(parser: argparse.ArgumentParser) -> None:
    """-o FILE and --force, for commands that write one text file (see `write_output`)."""
    parser.add_argument("--output", "-o", default=None, metavar="FILE",
                        help="file to write (default: print to stdout)")
    parser.add_argument("--force", action="store_true",
                        help="overwrite FILE if it exists (default: refuse)")


def write_output(args: argparse.Namespace, text: str, what: str) -> None:
    """Print `text`, or write it atomically to --output (refusing to overwrite without --force)."""
    if args.output is None or args.output == "-":
        sys.stdout.write(text)
        return
    from ..atomicfile import write_text_atomic

    write_text_atomic(args.output, text, overwrite=args.force)
    print(f"wrote {args.output} ({what})", file=sys.stderr)
