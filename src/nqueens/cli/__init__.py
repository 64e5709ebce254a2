"""The `nqueens` command: argparse subcommands, one module each (listed in COMMANDS).

`main(argv)` returns the exit code. Library exceptions become one line on stderr
("nqueens: error: ...") with exit 2; nothing here prints a traceback for bad input.
"""

from __future__ import annotations

import argparse
import importlib
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from types import FrameType
from typing import Any, NoReturn

from ..errors import CertificateError, CountMismatchError, QueensError
from .common import EXIT_CODES_HELP, EXIT_MISMATCH, EXIT_UNCERTIFIED, EXIT_UNKNOWN, EXIT_USAGE

#: Subcommand modules in `nqueens.cli`; each has `register(subparsers)`.
COMMANDS = (
    "solve", "count", "verify", "trace", "stats", "estimate", "tree",
    "model", "models", "describe", "export", "encodings", "bench",
)


class _Parser(argparse.ArgumentParser):
    """argparse, but usage errors are one line on stderr with a pointer to --help."""

    def error(self, message: str) -> NoReturn:
        # one prefix for every error, whichever parser or library raised it
        self.exit(EXIT_USAGE, f"nqueens: error: {one_line(message)} (see '{self.prog} --help')\n")


def one_line(message: str) -> str:
    """The message with control characters (e.g. a newline inside a bad argument) escaped,
    so an error is always exactly one line on stderr."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in message)


def build_parser() -> argparse.ArgumentParser:
    from .. import __version__

    parser = _Parser(
        prog="nqueens",
        description="Solve, count and verify n-queens instances with CP-SAT, SAT or a backtracker.",
        epilog=EXIT_CODES_HELP + "\n\nexamples:\n  nqueens solve 8\n  nqueens count 10 --backend sat",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"nqueens {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    subparsers.required = True
    for name in COMMANDS:
        importlib.import_module(f"{__name__}.{name}").register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit code. A Ctrl-C at any point, even
    while a module (or a solver library) is still importing, is one line and exit 3."""
    previous = _term_as_interrupt()
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print("nqueens: interrupted", file=sys.stderr)
        return EXIT_UNKNOWN
    finally:
        guard = sys.modules.get(f"{__name__}.guard")
        if guard is not None:
            guard.restore_deferred()
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


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
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    try:
        return int(args.handler(args))
    except CertificateError as error:
        print(f"nqueens: error: {one_line(str(error))}", file=sys.stderr)
        return EXIT_UNCERTIFIED
    except CountMismatchError as error:
        print(f"nqueens: error: {one_line(str(error))}", file=sys.stderr)
        return EXIT_MISMATCH
    except QueensError as error:
        print(f"nqueens: error: {one_line(str(error))}", file=sys.stderr)
        return EXIT_USAGE
    except ImportError as error:
        if _interrupted_import(error):  # a Ctrl-C inside a solver library's initialisation
            print("nqueens: interrupted", file=sys.stderr)
            return EXIT_UNKNOWN
        raise
    except BrokenPipeError:
        # the reader went away (e.g. `| head`); silence the flush at exit too
        sys.stderr.close()
        return 0


def _interrupted_import(error: ImportError) -> bool:
    """Whether an ImportError was caused by a KeyboardInterrupt (OR-Tools reports a Ctrl-C
    during its import as "initialization failed")."""
    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, KeyboardInterrupt):
            return True
        seen = seen.__cause__ or seen.__context__
    return "initialization failed" in str(error)
