"""The `nqueens` command: argparse subcommands, one module each (listed in COMMANDS).

`main(argv)` returns the exit code. Library exceptions become one line on stderr
("nqueens: error: ...") with the exit code their class carries (the table:
`nqueens.exit_codes`); nothing here prints a traceback for bad input. So
does an output the command cannot write, standard output or standard error included (a
full disk: `CheckedStream`).
"""

from __future__ import annotations

import argparse
import importlib
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from types import FrameType
from typing import TYPE_CHECKING, Any, NoReturn

from ..atomicfile import command_outputs, remove_written
from ..errors import InputError, QueensError
from ..exit_codes import help_text
from .common import EXIT_UNKNOWN, EXIT_USAGE, CheckedStream, begin_command, end_command

if TYPE_CHECKING:
    from pathlib import Path

#: Subcommand modules in `nqueens.cli`; each has `register(subparsers)`.
COMMANDS = (
    "solve", "count", "verify", "explain", "trace", "stats", "estimate", "tree", "play",
    "model", "models", "describe", "export", "encodings", "generate", "bench",
)


class _Parser(argparse.ArgumentParser):
    """argparse, but usage errors are one line on stderr with a pointer to --help; the top
    parser keeps its subcommands' parsers in `commands` (an error names their --help)."""

    commands: dict[str, argparse.ArgumentParser] = {}  # noqa: RUF012 - replaced, never mutated

    def error(self, message: str) -> NoReturn:
        # one prefix for every error, whichever parser or library raised it
        self.exit(EXIT_USAGE, f"nqueens: error: {one_line(message)} (see '{self.prog} --help')\n")


class _TopParser(_Parser):
    """The `nqueens` parser, whose epilog (the exit-code table, wrapped by textwrap) is
    written only when the help is shown: every other run would build it for nothing."""

    def format_help(self) -> str:
        if self.epilog is None:
            self.epilog = (help_text() + "\n\nexamples:\n  nqueens solve 8\n"
                           "  nqueens count 10 --backend sat")
        return super().format_help()


#: An error line echoes the user's input; a word longer than this is cut in the middle, and
#: a line longer than MAX_ERROR_LINE keeps its start (the problem) and its end (the fix).
MAX_ECHOED_WORD = 80
MAX_ERROR_LINE = 400


def one_line(message: str) -> str:
    """The message with control characters (e.g. a newline inside a bad argument) escaped,
    so an error is always exactly one line on stderr, and cut to a readable length (an
    echoed input of a million characters is shown by its ends and its size)."""
    text = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in message)
    if len(text) <= MAX_ERROR_LINE:
        return text
    words = [word if len(word) <= MAX_ECHOED_WORD
             else f"{word[:40]}...[{len(word):,} characters]...{word[-20:]}"
             for word in text.split(" ")]
    text = " ".join(words)
    if len(text) > MAX_ERROR_LINE:
        text = f"{text[:240]} ... {text[-150:]}"
    return text


def build_parser(*only: str) -> argparse.ArgumentParser:
    """The command line's parser, with every command, or only the commands in `only`: a
    command line that names its command needs only that command's module, and importing
    the other twelve would cost every small solve a good part of its start-up."""
    from .. import __version__

    parser = _TopParser(
        prog="nqueens",
        description="Solve, count and verify n-queens instances with CP-SAT, SAT or a backtracker.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"nqueens {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    subparsers.required = True
    for name in only or COMMANDS:
        importlib.import_module(f"{__name__}.{name}").register(subparsers)
    parser.commands = dict(subparsers.choices)
    return parser


def main(argv: Sequence[str] | None = None, *, started: float | None = None) -> int:
    """Run the command line; returns the process exit code. A Ctrl-C at any point, even
    while a module (or a solver library) is still importing, is one line and exit 3.

    A `--timeout` counts from this call, or from `started` (a time.monotonic() reading:
    the console script passes its process's start)."""
    begin_command(started)
    previous = _term_as_interrupt()
    streams = (CheckedStream(sys.stdout, "standard output"),
               CheckedStream(sys.stderr, "standard error"))
    sys.stdout, sys.stderr = streams
    try:
        return _main(argv)
    except KeyboardInterrupt:
        _tell("nqueens: interrupted")
        return EXIT_UNKNOWN
    finally:
        end_command()
        guard = sys.modules.get(f"{__name__}.guard")
        if guard is not None:
            guard.restore_deferred()
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
        sys.stdout, sys.stderr = streams[0].stream, streams[1].stream
        for stream in streams:
            if stream.failed:
                stream.discard()


def _tell(line: str) -> None:
    """One line on stderr; a stderr that cannot take it (a full disk) leaves the exit
    code alone to say what happened."""
    try:
        print(line, file=sys.stderr)
        sys.stderr.flush()
    except (InputError, OSError):  # (StreamError, or the stream itself outside main)
        pass


def _raise_interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _term_as_interrupt() -> Callable[[int, FrameType | None], Any] | int | None:
    """Until a command's Guard takes over, SIGTERM is a Ctrl-C: one line and exit 3 rather
    than death by the signal. Returns the handler to restore (None when not changed)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    previous = signal.getsignal(signal.SIGTERM)
    if previous is not signal.SIG_DFL:  # ignored, or someone else's handler: leave it
        return None
    signal.signal(signal.SIGTERM, _raise_interrupt)
    return previous


def _main(argv: Sequence[str] | None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    # the named command's parser alone; the top-level help and a wrong command get them all
    parser = build_parser(*words[:1]) if words and words[0] in COMMANDS else build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:  # the subcommand's own parser says it, pointing to its own --help
            _subparser(parser, args.command).error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as exit_:
        return int(exit_.code or 0)
    try:
        with command_outputs() as written:
            code = int(args.handler(args))
            sys.stdout.flush()  # a full disk is found here, not by the interpreter's exit
        return code
    except QueensError as error:
        return _refused(error, written)
    except ImportError as error:
        if _interrupted_import(error):  # a Ctrl-C inside a solver library's initialisation
            _tell("nqueens: interrupted")
            return EXIT_UNKNOWN
        raise
    except MemoryError:
        # the estimates refuse what cannot fit before it starts; this is the safety net for
        # an estimate that was too low, so that even then the user gets one line
        _tell("nqueens: error: ran out of memory; give a smaller board, or run where more "
              "memory is available")
        return EXIT_USAGE
    except BrokenPipeError:
        # the reader went away (e.g. `| head`); silence the flush at exit too
        sys.stderr.close()
        return 0
    except Exception as error:
        if _interrupted_in_native_code(error):
            _tell("nqueens: interrupted")
            return EXIT_UNKNOWN
        raise


def _refused(error: QueensError, written: list[Path]) -> int:
    """One line for an error of ours, and its exit code; a command that ends in exit 2
    (bad input, or an output that cannot be written) leaves no file it wrote."""
    _tell(f"nqueens: error: {one_line(str(error))}")
    code = int(error.exit_code)
    if code == EXIT_USAGE:
        remove_written(written)
    return code


def _interrupted_in_native_code(error: Exception) -> bool:
    """Whether a solver library's C code caught the Ctrl-C itself and raised its own error
    (PySAT's cardinality encoder: "pycard.error: Caught keyboard interrupt"), or an error
    was raised because of a KeyboardInterrupt (a class body's `__set_name__`)."""
    if "keyboard interrupt" in str(error).lower() and type(error).__module__ != __name__:
        return True
    seen: BaseException | None = error.__cause__ or error.__context__
    while seen is not None:
        if isinstance(seen, KeyboardInterrupt):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _subparser(parser: argparse.ArgumentParser, command: str) -> argparse.ArgumentParser:
    """The parser of subcommand `command` (for its own usage line and --help)."""
    commands = parser.commands if isinstance(parser, _Parser) else {}
    return commands.get(command, parser)


def _interrupted_import(error: ImportError) -> bool:
    """Whether an ImportError was caused by a KeyboardInterrupt (OR-Tools reports a Ctrl-C
    during its import as "initialization failed")."""
    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, KeyboardInterrupt):
            return True
        seen = seen.__cause__ or seen.__context__
    return "initialization failed" in str(error)
