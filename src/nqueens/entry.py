"""The `nqueens` command as a process: it owns SIGINT and SIGTERM from its first moment.

A signal while modules still import (a large share of a short command's life) is one line
`nqueens: interrupted` and exit 3, like a signal during the work; SIGTERM is a Ctrl-C
until a command's guard takes over. Once the command has returned, a further signal (a
second Ctrl-C while output is flushed or a process pool shuts down at exit) ends the
process at once, with exit 3, one line and no temporary files of the pool left behind.
Only the standard library is imported here, and only what Python has imported already.
"""

from __future__ import annotations

import atexit
import os
import signal
import sys
from types import FrameType

from .interrupts import early_handler, unraisable

#: The exit code of a stopped command (`cli.common.EXIT_UNKNOWN`, not imported: it is slow).
EXIT_STOPPED = 3
_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def _leave(signum: int, frame: FrameType | None) -> None:
    """After the command: end the process now, without unwinding into exit handlers."""
    if "multiprocessing" in sys.modules:  # a pool ran: its files go with us
        from .counting.executors import remove_pool_files

        remove_pool_files()
    scratch = sys.modules.get("nqueens.proofs.scratch")
    if scratch is not None:  # a proof's temporary folder (no --proof given)
        scratch.remove_scratch()
    os.write(2, b"nqueens: interrupted\n")
    os._exit(EXIT_STOPPED)


def _caused_by_interrupt(error: BaseException) -> bool:
    """Whether `error` is a KeyboardInterrupt or was raised because of one: Python wraps
    one raised while a class body runs (`__set_name__`) or a module initialises."""
    seen: BaseException | None = error
    for _ in range(20):  # a chain, never a cycle: but bounded all the same
        if seen is None:
            return False
        if isinstance(seen, KeyboardInterrupt):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _ignore_signals() -> None:
    """The last exit handler: Python's finalization resets a handler written in Python to
    the default action (death by the signal), but leaves an ignored signal ignored. The
    command's code is decided by then, so a signal this late changes nothing."""
    for sig in _SIGNALS:
        signal.signal(sig, signal.SIG_IGN)


def seconds_since_process_start() -> float:
    """How long this process has run. Linux's /proc gives its start in clock ticks since
    boot, the clock CLOCK_BOOTTIME reads; elsewhere (or if /proc cannot be read) 0, the
    time limit then counting from `main`'s call, a few hundredths of a second later."""
    import time

    try:
        with open("/proc/self/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")  # field 22, starttime
        return max(0.0, time.clock_gettime(time.CLOCK_BOOTTIME) - started)
    except (OSError, ValueError, IndexError, AttributeError):
        return 0.0


def main() -> int:
    """Run the command line (`nqueens.cli.main`) as this process; returns the exit code.

    The command's `--timeout` counts from the process's start, which this function reads
    (from /proc, at no cost to speak of): here the process is the command, so starting Python and
    importing our modules count, as a user timing `nqueens ...` sees them. A host process
    that calls `nqueens.cli.main` itself (a test suite, a notebook) is no command: there
    the limit counts from that call."""
    import time

    started = time.monotonic() - seconds_since_process_start()
    atexit.register(_ignore_signals)  # registered first, so it runs last
    for sig in _SIGNALS:  # Python's own SIGINT handler raises too, but records nothing
        if signal.getsignal(sig) in (signal.SIG_DFL, signal.default_int_handler):
            signal.signal(sig, early_handler)
    sys.unraisablehook = unraisable
    try:
        from .cli import main as command

        return command(started=started)
    except BaseException as error:  # a stop's exception, however it is wrapped
        if not _caused_by_interrupt(error):
            raise
        # while the command's modules import, or between its own handling and here
        print("nqueens: interrupted", file=sys.stderr)
        return EXIT_STOPPED
    finally:
        for sig in _SIGNALS:
            signal.signal(sig, _leave)
