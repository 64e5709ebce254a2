"""The signals that reach the `nqueens` command before a command's guard takes over.

Until then a SIGINT or SIGTERM raises KeyboardInterrupt (`nqueens.entry`), which ends the
command with one line and exit 3. Python swallows an exception raised inside a weakref
callback or a `__del__` (printing "Exception ignored in ..."), and a Ctrl-C landing in
one while modules import would be lost, the command running to its end; so each such
signal is also recorded here, and the guard (`cli.guard`) stops the work at once when it
finds one. Standard library only: it is imported before anything else of the command.
"""

from __future__ import annotations

import signal
from types import FrameType

_received: list[str] = []


def early_handler(signum: int, frame: FrameType | None) -> None:
    """Record the signal, then interrupt whatever runs (an import, as a rule)."""
    _received.append(signal.Signals(signum).name)
    raise KeyboardInterrupt


def received() -> str | None:
    """The name of the first signal `early_handler` took, if any."""
    return _received[0] if _received else None
