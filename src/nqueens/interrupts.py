"""The signals that reach the `nqueens` command before a command's guard takes over.

Until then a SIGINT or SIGTERM raises KeyboardInterrupt (`nqueens.entry`), which ends the
command with one line and exit 3. Python swallows an exception raised inside a weakref
callback or a `__del__` (printing "Exception ignored in ..." and a traceback), and a
Ctrl-C landing in one while modules import would be lost, the command running to its
end. So `unraisable` sends such a signal again, quietly, to be raised where it can stop
the command, and each signal is recorded here: the guard (`cli.guard`) stops the work at
once when it finds one it never saw. Standard library only: it is imported before
anything else of the command.
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType

_received: list[str] = []
_RESEND_AFTER = 0.01  # seconds: out of the callback that swallowed the interrupt


def early_handler(signum: int, frame: FrameType | None) -> None:
    """Record the signal, then interrupt whatever runs (an import, as a rule)."""
    _received.append(signal.Signals(signum).name)
    raise KeyboardInterrupt


def received() -> str | None:
    """The name of the first signal `early_handler` took, if any."""
    return _received[0] if _received else None


def unraisable(args: sys.UnraisableHookArgs) -> None:
    """`sys.unraisablehook` for the command: a KeyboardInterrupt Python could not raise
    (a weakref callback's) is sent again; anything else is reported as Python would."""
    if isinstance(args.exc_value, KeyboardInterrupt) and _received:
        import threading

        # from another thread a moment later: raised now, it would land in this hook
        resend = threading.Timer(_RESEND_AFTER, os.kill,
                                 (os.getpid(), signal.Signals[_received[-1]]))
        resend.daemon = True
        resend.start()
        return
    sys.__unraisablehook__(args)
