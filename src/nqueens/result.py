"""What a search reports back: a status and the solutions or count it reached. No solver imports."""

from __future__ import annotations

import enum
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import InputError
from .limits import MAX_TIMEOUT
from .spec import Spec

__all__ = ["Deadline", "Outcome", "SolutionSink", "Status"]

#: Called by a backend for every solution it finds; returning False asks it to stop.
#: One solution: a variant's is its `Placement` (the column of each row's queen); a posed
#: problem's is its queens' (row, col) cells, sorted (rows need not hold one queen each).
Solution = tuple[Any, ...]
SolutionSink = Callable[[Solution], "bool | None"]


class Status(enum.Enum):
    """How a search ended."""

    COMPLETE = "complete"  # the whole search space was explored: the count is exact
    FOUND = "found"  # found what was asked: the requested number of solutions (JSON "found")
    LIMIT_REACHED = "found"  # noqa: PIE796 - an alias of FOUND on purpose, kept for existing code
    TIMEOUT = "timeout"  # the time limit ran out first: the count is a lower bound
    INTERRUPTED = "interrupted"  # stopped by the caller or a signal: a lower bound
    # a local search used up its own budget (min-conflicts' steps, the genetic search's
    # generations) before it found what was asked: it proves nothing
    CAPPED = "capped"


@dataclass(frozen=True)
class Outcome:
    """The result of a search.

    Attributes:
        status: how the search ended.
        count: solutions found (exact only when `status` is COMPLETE); with `unique`, the
            fundamental solutions (one per class of solutions that are rotations or
            reflections of each other), as `nqueens count --unique` counts them.
        total: with `unique`, every solution the search met (`count` is then the
            fundamental ones); None otherwise.
        solutions: the placements collected, in the order found (empty when only counting);
            with `unique`, one per class: the smallest of its images, in the order the
            classes were first met.
        elapsed: wall-clock seconds of the search.
        backend: the backend's registry name.
        stats: backend-specific figures (nodes checked, clauses, ...).
        rule: with `backend="auto"`, the `policy.Rule` that chose `backend`; None when
            the caller named the backend.
        certificate: with `certify`, the `certificates.Certificate` of the answer (None
            when none was asked for).
        optimum: for a spec with an objective, the queens of the best placement found
            (proved optimal when `status` is COMPLETE); its solutions are optimal ones.
        bound: for a spec with an objective, the best value any placement could reach, as
            proved (equal to `optimum` once proved; None: nothing proved).
    """

    status: Status
    count: int
    solutions: tuple[Solution, ...] = ()
    elapsed: float = 0.0
    backend: str = ""
    stats: Mapping[str, int | float | str] = field(default_factory=dict)
    rule: Any = None  # a policy.Rule (not imported here: result.py stays at the base)
    certificate: Any = None  # a certificates.Certificate (likewise)
    total: int | None = None
    optimum: int | None = None
    bound: int | None = None

    @property
    def complete(self) -> bool:
        return self.status is Status.COMPLETE

    @property
    def solution(self) -> Solution | None:
        """The first solution found, or None."""
        return self.solutions[0] if self.solutions else None

    @property
    def unsatisfiable(self) -> bool:
        """True when the search proved there is no solution."""
        return self.complete and self.count == 0

    def as_json(self, spec: Spec, **extra: Any) -> dict[str, Any]:
        """The JSON document of this outcome of a search of `spec`, as `nqueens solve` and
        `count --format json` print it (the schema: docs/reference/json-output.md); the
        `extra` keys a command adds (`solutions`, `symmetries`, ...) go before `stats`,
        which comes last.

        `count` is always what was asked for and, where solutions are listed, how many are
        listed: with unique the fundamental solutions, and `total` beside it every
        solution the search met. `route` says why `auto` chose the backend (null when the
        caller named it); `fixed` and `forbidden` are the board's cells, so that `verify`
        can check a placement against the board it was found on. A certified answer adds
        `certified` (true or false), `proof` (the proof file of a "no", null for a
        solution) and `certificate` (what was checked, by which checkers)."""
        doc: dict[str, Any] = {
            "n": spec.n,
            "variant": spec.variant,
            "backend": self.backend,
            "route": self.rule.reason() if self.rule is not None else None,
            "status": self.status.value,
            "count": self.count,
            "complete": self.complete,
            "elapsed": round(self.elapsed, 6),
        }
        if self.total is not None:
            doc["total"] = self.total
        if spec.name:
            doc["name"] = spec.name
        if spec.fixed:
            doc["fixed"] = [list(cell) for cell in spec.fixed]
        if spec.forbidden:
            doc["forbidden"] = [list(cell) for cell in spec.forbidden]
        if spec.is_open:
            doc.update(spec.posed_json())
            if spec.objective is not None:
                doc["optimum"] = self.optimum
                doc["bound"] = self.bound
        certificate = self.certificate
        if certificate is not None:  # only when certifying was asked for
            doc["certified"] = certificate.certified
            doc["proof"] = certificate.proof
            doc["certificate"] = certificate.as_json()
        doc.update(extra)
        doc["stats"] = dict(self.stats)
        return doc

    def __repr__(self) -> str:
        """One line (status, count, how many solutions kept), never every placement;
        notebooks show boards (`_repr_html_`)."""
        found = len(self.solutions)
        parts = [self.status.value, f"count={self.count}"]
        if self.total is not None:
            parts.append(f"total={self.total}")
        if found:
            parts.append(f"{found} solution{'s' if found != 1 else ''} kept")
        if self.backend:
            parts.append(f"backend={self.backend!r}")
        parts.append(f"{self.elapsed:.3f} s")
        return f"Outcome({', '.join(parts)})"

    # The displays live on the class, so that a notebook's first line shows boards; they
    # draw with `nqueens.drawing` (below the core), loaded at the first display.
    def _repr_html_(self) -> str:
        """The summary line and the first solutions as small SVG boards."""
        from .drawing.svg import boards_html

        return boards_html(repr(self), self.solutions)

    def show(self, limit: int | None = None) -> Any:
        """A matplotlib figure of the first `limit` solutions (as many as a notebook shows
        when None), for `savefig`.

        Raises:
            InputError: the outcome holds no solution (a count keeps none).
        """
        from .drawing.figure import boards_figure, pyplot
        from .drawing.svg import SHOWN

        if not self.solutions:
            raise InputError("this outcome holds no solution to show (a count keeps none, "
                             "and a search that found none has none)")
        shown = self.solutions[:SHOWN if limit is None else limit]
        figure = boards_figure(len(shown[0]), shown, title=repr(self))
        pyplot().close(figure)  # displayed once, as the value returned, not again by pyplot
        return figure


class Deadline:
    """A point in time after which searches should stop; `None` seconds means never.

    `stop()` makes it expire at once (the CLI calls it on SIGINT/SIGTERM) and runs the
    hooks that searches blocked inside a solver registered with `on_stop` (e.g. PySAT's
    `interrupt`, CP-SAT's `stop_search`), so a stop reaches every backend promptly.
    """

    __slots__ = ("_hooks", "at", "stopped")

    def __init__(self, seconds: float | None) -> None:
        # infinity is no limit, as `limits.time_limit` reads a timeout
        self.at = None if seconds is None or seconds == float("inf") else time.monotonic() + seconds
        self.stopped = False
        self._hooks: list[Callable[[], object]] = []

    def remaining(self) -> float | None:
        """Seconds left (None: no limit), at most MAX_TIMEOUT: a longer wait handed to a
        timer or a lock would overflow it."""
        if self.stopped:
            return 0.0
        return None if self.at is None else min(max(0.0, self.at - time.monotonic()), MAX_TIMEOUT)

    def expired(self) -> bool:
        return self.stopped or (self.at is not None and time.monotonic() >= self.at)

    def stop(self) -> None:
        """Expire now and run every registered hook (safe to call from a signal handler)."""
        self.stopped = True
        for hook in list(self._hooks):
            hook()

    def on_stop(self, hook: Callable[[], object]) -> Callable[[], None]:
        """Call `hook` when `stop()` is called (at once if it already was); returns a
        function that unregisters it."""
        self._hooks.append(hook)
        if self.stopped:
            hook()

        def remove() -> None:
            if hook in self._hooks:
                self._hooks.remove(hook)

        return remove
