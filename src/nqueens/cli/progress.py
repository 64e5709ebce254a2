"""Progress bars for long commands, on stderr and only when a person is watching.

tqdm draws the bar (done of total, rate, ETA). It is shown only when stderr is a terminal
and the environment is not CI, so pipes, files and CI logs stay clean; stdout is never
touched. `NQUEENS_PROGRESS=0` turns it off, `=1` forces it on.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from tqdm import tqdm


def wanted(stream: Any = None) -> bool:
    """Whether to draw a bar on `stream` (default: stderr)."""
    setting = os.environ.get("NQUEENS_PROGRESS")
    if setting in ("0", "1"):
        return setting == "1"
    stream = sys.stderr if stream is None else stream
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and not os.environ.get("CI")


def bar(*, total: int | None = None, initial: int = 0, unit: str, desc: str,
        enabled: bool | None = None) -> tqdm:
    """A tqdm bar on stderr; a disabled (silent, no-op) one unless `wanted()`."""
    return tqdm(
        total=total, initial=initial, unit=unit, desc=desc, file=sys.stderr,
        disable=not (wanted() if enabled is None else enabled), leave=False,
        dynamic_ncols=True, smoothing=0.1,
    )
