"""What every subcommand shares: exit codes (from `exit_codes`), the N-or-model argument, backend options and
output helpers. Library errors become messages in `cli/__init__.py`, not here."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..atomicfile import check_output_path, write_failure_reason, write_text_atomic
from ..backends import DEFAULT_BACKEND, Option, backend_names, offered_options
from ..errors import InputError, SizeLimitError
from ..exit_codes import ExitCode
from ..limits import MAX_BOARD_N, MAX_DIGITS, time_limit
from ..spec import Cell, Spec
from ..variants import VARIANTS

if TYPE_CHECKING:
    from ..modeling.modelfile import Model

#: The exit codes, from the one table (`nqueens.exit_codes`; their meanings are there).
EXIT_OK = ExitCode.OK
EXIT_NO = ExitCode.NO
EXIT_USAGE = ExitCode.USAGE
EXIT_UNKNOWN = ExitCode.UNKNOWN
EXIT_UNCERTIFIED = ExitCode.UNCERTIFIED
EXIT_MISMATCH = ExitCode.MISMATCH


#: When the running commands began (time.monotonic()), the innermost last: `cli.main` notes
#: each (`begin_command`, `end_command`).
_COMMAND_STARTED: list[float] = []


def begin_command(started: float | None = None) -> None:
    """Note that a command begins now, or at `started` (a time.monotonic() reading): the
    console script gives the moment its process started (`entry.main`)."""
    import time

    _COMMAND_STARTED.append(time.monotonic() if started is None else started)


def end_command() -> None:
    """The command begun last has ended (`cli.main`): a Guard made outside any command
    counts its limit from its own creation."""
    if _COMMAND_STARTED:
        _COMMAND_STARTED.pop()


def seconds_since_command_start() -> float:
    """How long the running command has run, so that its `--timeout` counts from its start
    (our imports and the reading of a model included), not from the start of a process
    that may have run for hours before calling `cli.main` (a test suite, a notebook); 0
    outside a command."""
    import time

    return max(0.0, time.monotonic() - _COMMAND_STARTED[-1]) if _COMMAND_STARTED else 0.0


def load_problem(text: str, variant: str | None = None) -> Spec:
    """The spec named on the command line: a board size N, a model file (.toml, or a
    published instance format: CSPLib param, excluded diagonals `FILE#D`, ASP facts; see
    `modeling.formats`), or the name of a bundled model (`nqueens models` lists them).

    `variant` (from --variant) applies to a bare N; a model file carries its own.
    """
    n = _board_size(text)
    return load_instance(text, variant).spec if n is None else _board(n, variant)


def load_instance(text: str, variant: str | None = None) -> Model:
    """What `load_problem` reads, as the Model: with a file's givens as the file states
    them (`modeling.givens`: a whole excluded diagonal is one), which `explain` needs."""
    from ..modeling.modelfile import Model

    n = _board_size(text)
    if n is not None:
        return Model(_board(n, variant))
    from ..modeling.formats import read_instance

    if text == "-":  # a model on standard input, in any format (a grid of letters too)
        model = read_instance("-")
        if variant is not None and variant != model.spec.variant:
            raise InputError(f"--variant {variant} conflicts with the model on standard "
                             "input; drop --variant")
        return model
    path = model_path(text)
    if path is None:
        raise InputError(
            f"N must be a positive integer board size, a model file (.toml) or a "
            f"bundled model name (see `nqueens models`), got {text!r}"
        )
    _check_model_file(path)
    model = read_instance(path)
    if variant is not None and variant != model.spec.variant:
        raise InputError(
            f"--variant {variant} conflicts with variant = {model.spec.variant!r} in "
            f"{text}; drop --variant or edit the model file"
        )
    return model


def _board(n: int, variant: str | None) -> Spec:
    """The plain board of size `n` (no model imported: `nqueens solve 8` starts fast)."""
    if n < 1:
        raise InputError(f"N must be a positive integer board size, got {n}")
    if n > MAX_BOARD_N:
        raise SizeLimitError(f"N = {n:,} is beyond any board this toolkit can handle "
                             f"(at most {MAX_BOARD_N:,}); give a smaller N")
    return Spec(n, variant or "queens")


#: Suffixes that make an N|MODEL argument a model file's path even when no such file exists
#: (then the message says the file is missing): ours and the published formats'.
MODEL_SUFFIXES = (".toml", ".param", ".lp", ".asp", ".diags")
_TAKE = re.compile(r"#[0-9]+$")


def model_path(text: str) -> str | None:
    """The model file an N|MODEL argument names: an existing file (or `FILE#D`, the first D
    diagonals of an excluded-diagonals file), a bundled model's name, or any other path that
    looks like a model file (a suffix of MODEL_SUFFIXES, or `#D`), whose reading then fails
    naming it; None for anything else."""
    if _board_size(text) is not None:
        return None
    if os.path.exists(text) or ("#" in text and os.path.exists(text.rpartition("#")[0])):
        return text
    from ..modeling.bundled import bundled_model

    found = bundled_model(text)
    if found is not None:
        return str(found)
    looks_like_file = _TAKE.sub("", text).lower().endswith(MODEL_SUFFIXES) or _TAKE.search(text)
    return text if looks_like_file else None


def _check_model_file(path: str) -> None:
    """Refuse a model path whose file is missing or is a directory, saying so (rather than
    that the argument is no board size, or the operating system's words)."""
    file = path if os.path.exists(path) else _TAKE.sub("", path)
    if os.path.isdir(file):
        raise InputError(f"{file}: is a directory, not a model file; give the model file's path")
    if not os.path.exists(file):
        raise InputError(f"{file}: no such model file; check the path (or give a board size N "
                         "or a bundled model's name: `nqueens models` lists them)")


def _board_size(text: str) -> int | None:
    """The integer `text` spells (digits only, a few dozen at most), or None for a name."""
    stripped = text.strip().replace("_", "")
    digits = stripped.lstrip("+-")
    if not digits.isdigit() or not digits.isascii():
        return None
    if len(digits) > MAX_DIGITS:
        raise SizeLimitError(f"N has {len(digits)} digits; the largest board is {MAX_BOARD_N:,}")
    return int(stripped)


def load_problem_args(args: argparse.Namespace) -> Spec:
    """The spec of a command's N|MODEL argument with its --variant, --fixed and --forbidden
    (see `add_cell_arguments`); the cells are added to a model file's own."""
    spec = load_problem(args.problem, getattr(args, "variant", None))
    return with_cells(spec, tuple(getattr(args, "fixed", None) or ()),
                      tuple(getattr(args, "forbidden", None) or ()))


def with_cells(spec: Spec, fixed: tuple[Cell, ...], forbidden: tuple[Cell, ...]) -> Spec:
    """`spec` with more fixed and forbidden cells (those it has already are not repeated);
    a cell off the board is refused naming its flag."""
    fixed = tuple(cell for cell in fixed if cell not in spec.fixed)
    forbidden = tuple(cell for cell in forbidden if cell not in spec.forbidden)
    if not (fixed or forbidden):
        return spec
    for flag, cells in (("--fixed", fixed), ("--forbidden", forbidden)):
        for row, col in cells:
            if not (0 <= row < spec.n and 0 <= col < spec.n):
                raise InputError(f"{flag} {row},{col} is off the {spec.n}x{spec.n} board "
                                 f"(rows and columns are 0..{spec.n - 1})")
    # replace keeps a posed problem's rules, regions, queens bound and objective
    return replace(spec, fixed=spec.fixed + fixed, forbidden=spec.forbidden + forbidden)


def cell_argument(text: str) -> tuple[int, int]:
    """argparse type for a 0-based cell written `row,col`."""
    try:
        row, col = (int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a 0-based cell as ROW,COL (e.g. 0,3), got {text!r}"
        ) from None
    return row, col


def textbook_board(args: argparse.Namespace) -> Spec:
    """The board of `trace` and `tree`: N or a model of a queens board, with its fixed and
    forbidden cells (a completion) and --fixed/--forbidden added.

    Raises:
        InputError: another variant, naming what to use instead.
    """
    from ..textbook.trace import textbook_spec

    return textbook_spec(load_problem_args(args), posed=True)


def add_cell_arguments(parser: argparse.ArgumentParser) -> None:
    """--fixed R,C ... and --forbidden R,C ..., read by `load_problem_args`; a repeated flag
    adds its cells to the earlier ones (`--fixed 0,1 --fixed 2,3` fixes both)."""
    parser.add_argument("--fixed", type=cell_argument, nargs="+", action="extend", default=[],
                        metavar="R,C",
                        help="0-based cells that must hold a queen (added to a model's own; "
                             "the flag may be repeated)")
    parser.add_argument("--forbidden", type=cell_argument, nargs="+", action="extend",
                        default=[], metavar="R,C",
                        help="0-based cells that must stay empty (added to a model's own; "
                             "the flag may be repeated)")


def wrap(text: str, width: int = 78) -> str:
    """A description paragraph wrapped for RawDescriptionHelpFormatter (which keeps the
    epilog's example lines as written but would leave a long paragraph on one line)."""
    import textwrap

    return "\n".join(textwrap.wrap(" ".join(text.split()), width))


def add_variant_argument(parser: argparse.ArgumentParser) -> None:
    """--variant, for commands that pass `args.variant` to `load_problem`."""
    parser.add_argument(
        "--variant", choices=sorted(VARIANTS), default=None,
        help="attack rules for a bare N (default: queens; a model file sets its own)",
    )


def positive_float(text: str) -> float:
    """argparse type for a number of seconds other than a time limit (--connect-timeout,
    bench's --run-timeout): positive and finite, at most MAX_TIMEOUT."""
    value = time_limit_argument(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got {text!r}")
    return value


def time_limit_argument(text: str) -> float | None:
    """argparse type for --timeout: the rule of `limits.time_limit`, as the API's
    `timeout=` has it (inf: no limit; beyond MAX_TIMEOUT refused)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    try:
        return time_limit(value, shown=repr(text))
    except InputError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _int_at_least(text: str, least: int, what: str) -> int:
    if len(text) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(f"expected {what} of at most {MAX_DIGITS} digits, got "
                                         f"{len(text)} characters")
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


def queens_count(text: str) -> int:
    """argparse type for a number of queens such as --optimum (0 or more)."""
    return _int_at_least(text, 0, "0 or more queens")


def row_count(text: str) -> int:
    """argparse type for a number of rows such as --split-depth (0 or more)."""
    return _int_at_least(text, 0, "0 or more rows")


def add_problem_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "problem", metavar="N|MODEL",
        help="board size N, a model file (.toml, a CSPLib .param file, an excluded-diagonals "
        "file FILE or FILE#D, ASP facts), or a bundled model's name such as queens-8 (see "
        "`nqueens models`)",
    )


def add_backend_arguments(parser: argparse.ArgumentParser, *, exhaustive_only: bool = False) -> None:
    """--backend ("auto", the default, or a registry name) and --timeout, for commands that
    resolve the backend through `api.plan`. With `exhaustive_only` the help lists only the
    backends that count; the others are still accepted, so that naming one gets the
    command's own explanation of why it cannot serve instead of argparse's refusal."""
    shown = ["auto"] + backend_names(exhaustive_only=exhaustive_only)
    parser.add_argument(
        "--backend", "-b", choices=["auto"] + backend_names(),
        metavar="{" + ",".join(shown) + "}", default=DEFAULT_BACKEND,
        help=f"solver backend (default: {DEFAULT_BACKEND}: the fastest correct route for the "
        "job; the table is in docs/explanation/auto.md)",
    )
    parser.add_argument(
        "--timeout", type=time_limit_argument, default=None, metavar="S",
        help="stop after S seconds; the answer is then unknown or partial (exit 3)",
    )


#: How the command line reads an option's value (`Option.value`).
_VALUE_TYPES: dict[str, Callable[[str], Any]] = {"text": str, "integer": int}


def add_backend_options(parser: argparse.ArgumentParser, command: str) -> None:
    """One flag per backend option `command` offers, with its help, choices and default
    from the backend's facts (`backends.offered_options`), read by `backend_options`."""
    offered = offered_options(command)
    if not offered:
        return
    group = parser.add_argument_group(
        "backend options", "each for the backends it names (the others refuse it)")
    for option, owners in offered:
        assert option.flag is not None  # offered options have one
        group.add_argument(
            option.flag, dest=option.name, default=None, metavar=option.metavar,
            choices=option.choices or None,
            type=_VALUE_TYPES.get(option.value, positive_int), help=_option_help(option, owners))


def _option_help(option: Option, owners: list[str]) -> str:
    """"sat: at-most-one encoding: pairwise, ... (default: ...)": the owners, what it does,
    its choices (each with its phrase, when it has one) and its default."""
    text = f"{' and '.join(owners)}: {option.help}"
    default = f" (default: {option.shown_default()})"
    if option.choice_help:
        phrases = [f"{c} ({option.choice_help[c]}"
                   + (", default)" if c == option.default else ")") for c in option.choices]
        text += ": " + ", ".join(phrases[:-1]) + " or " + phrases[-1]
        default = ""
    elif option.choices:
        text += ": " + ", ".join(option.choices)
    if option.implies and len(owners) == 1:
        text += f"; implies --backend {owners[0]}"
    return text + default


def backend_options(args: argparse.Namespace, command: str) -> dict[str, Any]:
    """The constructor options given by the backends' flags (`add_backend_options`), each
    refused for a backend that does not take it. A flag that implies its backend (--order)
    picks it when --backend was left to auto."""
    given = [(option, owners) for option, owners in offered_options(command)
             if getattr(args, option.name, None) is not None]
    for option, owners in given:
        if option.implies and args.backend == DEFAULT_BACKEND and len(owners) == 1:
            args.backend = owners[0]
    for option, owners in given:
        if args.backend not in owners:
            raise InputError(f"{option.flag} applies to --backend {' or '.join(owners)} only; "
                             f"drop it or add --backend {owners[0]}")
    return {option.name: getattr(args, option.name) for option, _ in given}


def add_format_argument(parser: argparse.ArgumentParser, *choices: str) -> None:
    parser.add_argument(
        "--format", "-f", choices=choices or ("text", "json"), default="text",
        help="output format (default: text)",
    )


class StreamError(InputError):
    """Standard output or standard error refused a write (a full disk, a file-size limit,
    an I/O error): one line and exit 2, like every output that cannot be written."""


class CheckedStream:
    """sys.stdout or sys.stderr while a command runs (`cli.main` puts them in place): a
    write or flush the operating system refuses raises StreamError naming the stream. A
    reader that went away stays BrokenPipeError, which is no error (`| head`)."""

    def __init__(self, stream: Any, name: str) -> None:
        self.stream = stream
        self.name = name
        self.failed = False

    def write(self, text: str) -> int:
        try:
            return int(self.stream.write(text))
        except BrokenPipeError:
            raise
        except OSError as error:
            raise self._failure(error) from None

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise
        except OSError as error:
            raise self._failure(error) from None

    def __getattr__(self, name: str) -> Any:  # isatty, fileno, encoding, ...
        return getattr(self.stream, name)

    def _failure(self, error: OSError) -> StreamError:
        self.failed = True
        return StreamError(f"cannot write to {self.name}: {write_failure_reason(error)}")

    def discard(self) -> None:
        """After a failure, point the stream's file at /dev/null: what its buffer still
        holds cannot be written, and the interpreter's flush at exit would fail again."""
        try:
            fileno = self.stream.fileno()
        except (OSError, ValueError, AttributeError):  # (io.UnsupportedOperation is both)
            return
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, fileno)
        finally:
            os.close(devnull)


def print_json(doc: Any) -> None:
    sys.stdout.write(json.dumps(doc, indent=None) + "\n")


def print_table(header: list[str], rows: list[list[object]]) -> None:
    """A plain text table: first column left-aligned, the others right-aligned."""
    cells = [header] + [[str(value) for value in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    for row in cells:
        print("  ".join(
            value.ljust(width) if i == 0 else value.rjust(width)
            for i, (value, width) in enumerate(zip(row, widths, strict=False))
        ).rstrip())


def add_output_arguments(parser: argparse.ArgumentParser) -> None:
    """-o FILE and --force, for commands that write one text file (see `write_output`)."""
    parser.add_argument("--output", "-o", default=None, metavar="FILE",
                        help="file to write (default: print to stdout)")
    parser.add_argument("--force", action="store_true",
                        help="overwrite FILE if it exists (default: refuse)")


def check_output(args: argparse.Namespace) -> None:
    """Refuse a bad --output before the work starts (see `atomicfile.check_output_path`),
    and the model file the command reads (`refuse_the_model`), even with --force."""
    if args.output is not None and args.output != "-":
        refuse_the_model(getattr(args, "problem", None), args.output)
        check_output_path(args.output, overwrite=args.force)


def refuse_the_model(problem: str | None, output: str) -> None:
    """Refuse an output that is the model file being read (`problem`, an N|MODEL
    argument), even with --force: a model is told by its text, not its suffix, so one may
    end in .png, .svg or .html, and --force would replace it with the drawing.

    Raises:
        InputError: naming the file and the fix.
    """
    source = model_path(problem) if problem is not None else None
    if source is None:
        return
    if not os.path.exists(source) and "#" in source:  # FILE#D: the first D diagonals of FILE
        source = source.rpartition("#")[0]
    try:
        same = os.path.samefile(source, output)
    except OSError:  # either is missing: they cannot be one file
        return
    if same:
        raise InputError(f"{output} is the model being read ({problem}); write the output to "
                         "another file")


def check_picture_file(args: argparse.Namespace) -> str:
    """Refuse, before the work, a picture --output that cannot be written, has no picture
    suffix, or is the model being read (every command that draws calls this); returns
    the image format."""
    from ..pictures.save import picture_format

    refuse_the_model(getattr(args, "problem", None), args.output)
    return picture_format(args.output, overwrite=args.force)


def write_output(args: argparse.Namespace, text: str, what: str) -> None:
    """Print `text`, or write it atomically to --output (refusing to overwrite without --force)."""
    if args.output is None or args.output == "-":
        sys.stdout.write(text)
        return

    write_text_atomic(args.output, text, overwrite=args.force)
    print(f"wrote {args.output} ({what})", file=sys.stderr)


def check_picture(spec: Spec, args: argparse.Namespace) -> None:
    """`solve --output` (and `--most-queens`): refuse --output before searching when the
    file cannot be written or the boards asked for cannot fit one picture (the count of a
    plain board is known in advance)."""
    from ..limits import known_solutions
    from ..pictures.board import MAX_BOARDS, MAX_DRAWN_N

    check_picture_file(args)
    if spec.n > MAX_DRAWN_N:
        raise InputError(f"a board of {spec.n}x{spec.n} cells is too large to draw (at most "
                         f"{MAX_DRAWN_N}); drop --output or use --format json")
    boards = known_solutions(spec, unique=args.unique) if args.all else args.limit
    if boards is not None and boards > MAX_BOARDS:
        what = f"all {boards:,} solutions" if args.all else f"{boards:,} boards"
        raise InputError(f"{what} of {spec.describe()} are too many boards for one picture "
                         f"(at most {MAX_BOARDS}); use --limit K with K <= {MAX_BOARDS}"
                         + ("" if args.unique else ", or --all --unique"))
