"""Progress bars for long commands, on stderr and only when a person is watching.

tqdm draws the bar (done of total, rate, ETA). It is shown only when stderr is a terminal
and the environment is not CI, so pipes, files and CI logs stay clean; stdout is never
touched. `NQUEENS_PROGRESS=0` turns it off, `=1` forces it on.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tqdm import tqdm

from ..forecast import Forecast, seconds_text
from ..spec import Placement, Spec


def wanted(stream: Any = None) -> bool:
    """Whether to draw a bar on `stream` (default: stderr)."""
    setting = os.environ.get("NQUEENS_PROGRESS")
    if setting in ("0", "1"):
        return setting == "1"
    stream = sys.stderr if stream is None else stream
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and not os.environ.get("CI")


class _Silent:
    """What `bar` gives when nobody watches: tqdm's interface, doing nothing, so a command
    whose bar is off (pipes, CI, most runs) does not import tqdm at all (~30 ms)."""

    disable = True

    def __init__(self, total: int | None = None, initial: int = 0, unit: str = "") -> None:
        self.total, self.n, self.unit = total, initial, unit

    def update(self, k: int = 1) -> None:
        self.n += k

    def reset(self, total: int | None = None) -> None:
        self.total, self.n = total, 0

    def set_postfix(self, *args: Any, **kwargs: Any) -> None:
        pass

    def set_postfix_str(self, *args: Any, **kwargs: Any) -> None:
        pass

    def refresh(self) -> None:
        pass

    def close(self) -> None:
        pass


def bar(*, total: int | None = None, initial: int = 0, unit: str, desc: str,
        enabled: bool | None = None) -> tqdm | _Silent:
    """A tqdm bar on stderr; a silent stand-in unless `wanted()`."""
    if not (wanted() if enabled is None else enabled):
        return _Silent(total, initial, unit)
    from tqdm import tqdm

    return tqdm(
        total=total, initial=initial, unit=unit, desc=desc, file=sys.stderr,
        disable=not (wanted() if enabled is None else enabled), leave=False,
        dynamic_ncols=True, smoothing=0.1,
    )


class CountProgress:
    """The bar of a long count or enumeration, with solutions so far, rate and ETA.

    Fed either by the counting engine's run loop, `subproblems(done, total, solutions,
    elapsed)` (the ETA is tqdm's, from the finished share of subproblems), or by the
    solutions themselves, `solution(placement)` (the ETA from the expected number of
    solutions, known for plain boards, else from the forecast seconds). Silent unless
    `wanted()`. Use as a context manager, or call `close()`.
    """

    def __init__(self, spec: Spec, expected: Forecast | None = None,
                 enabled: bool | None = None) -> None:
        self.expected = expected
        self.started = time.monotonic()
        self.solutions = 0
        self._split = False
        self._stop: threading.Event | None = None
        total = expected.solutions if expected is not None else None
        self.bar = bar(total=total, unit=" solutions", desc=spec.describe(), enabled=enabled)

    @property
    def enabled(self) -> bool:
        return not self.bar.disable

    def solution(self, placement: Placement) -> None:
        """Count one solution (the `on_solution` of a non-split route)."""
        self.solutions += 1
        self.bar.update(1)
        if self.bar.total is None and self.expected is not None and self.solutions % 4096 == 0:
            left = self.expected.seconds - (time.monotonic() - self.started)
            self.bar.set_postfix_str(f"about {seconds_text(max(left, 0.0))} left", refresh=False)

    def subproblems(self, done: int, total: int, solutions: int, elapsed: float) -> None:
        """The engine's callback: `done` of `total` subproblems, `solutions` so far."""
        if not self._split:  # the bar now counts subproblems; the solutions go in the postfix
            self._split = True
            self.bar.unit = " subproblems"
            self.bar.reset(total=total)
        self.solutions = solutions
        rate = solutions / elapsed if elapsed > 0 else 0.0
        self.bar.update(done - self.bar.n)
        self.bar.set_postfix_str(f"solutions={solutions:,} ({rate:,.0f}/s)")  # redraws

    def start_clock(self) -> None:
        """For a route that reports nothing until it ends (a kernel or mirrored count in
        one process): redraw the time left by the forecast twice a second."""
        if not self.enabled or self.expected is None:
            return
        stop = self._stop = threading.Event()
        expected = self.expected

        def tick() -> None:
            while not stop.wait(0.5):
                left = expected.seconds - (time.monotonic() - self.started)
                self.bar.set_postfix_str(
                    f"about {seconds_text(max(left, 0.0))} left by the forecast", refresh=True)

        threading.Thread(target=tick, name="nqueens-progress", daemon=True).start()

    def close(self) -> None:
        if self._stop is not None:
            self._stop.set()
        self.bar.close()

    def __enter__(self) -> CountProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
