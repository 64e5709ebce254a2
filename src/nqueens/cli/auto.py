"""What the commands need of the `auto` policy: the route for a job, and one line on stderr
before a job that is likely to be slow on the chosen route (with the faster route, if one
exists). The policy itself is `routes.py`, the estimate `forecast.py`."""

from __future__ import annotations

import sys
from typing import Any

from ..forecast import Forecast, amount_text, forecast, seconds_text
from ..routes import Route, choose
from ..spec import Spec

#: A job forecast to take longer than this (seconds) is announced before it starts.
SLOW_SECONDS = 5.0

_VERBS = {"count": "counting", "enumerate": "listing every solution of", "find": "finding a solution of"}


def resolve(backend: str, spec: Spec, job: str, limit: int | None = None) -> Route | None:
    """The route `auto` takes for this job, or None when the user named a backend."""
    return choose(spec, job, limit) if backend == "auto" else None


def _how(route: Route) -> str:
    """How a user asks for this route explicitly."""
    if route.options.get("order") == "first-fail":
        return "the default route (backtrack, first-fail order)"
    return f"--backend {route.backend}"


def slow_warning(
    spec: Spec, backend: str, job: str, options: dict[str, Any] | None = None,
    limit: int | None = None, timeout: float | None = None,
) -> str | None:
    """The warning line for a job forecast to take more than SLOW_SECONDS, else None.

    A --timeout of SLOW_SECONDS or less already bounds a count or an enumeration (the user
    asked for a lower bound): no warning then. A find is still warned about, since a
    faster route would find a solution instead of none."""
    expected = forecast(spec, backend, job, options)
    if expected is None or expected.seconds <= SLOW_SECONDS:
        return None
    if timeout is not None and timeout <= SLOW_SECONDS and job != "find":
        return None
    text = f"{_VERBS[job]} {spec.describe()} with {backend}: {_amount(expected)}" \
           f"roughly {seconds_text(expected.seconds)} at this backend's rate"
    if timeout is not None and timeout < expected.seconds:
        text += f" (--timeout stops it after {seconds_text(timeout)})"
    best = choose(spec, job, limit)
    if (best.backend, best.options) != (backend, dict(options or {})):
        quicker = forecast(spec, best.backend, job, best.options)
        if quicker is not None and quicker.seconds < expected.seconds / 2:
            took = seconds_text(quicker.seconds)
            text += f"; {_how(best)} takes {'' if took.startswith('under') else 'about '}{took}"
    return text


def _amount(expected: Forecast) -> str:
    if expected.solutions is not None:
        return f"about {amount_text(expected.solutions)} solutions, "
    if expected.nodes is not None:
        return f"a search tree of about {amount_text(expected.nodes)} nodes, "
    return ""


def warn_before(
    spec: Spec, backend: str, job: str, options: dict[str, Any] | None = None,
    limit: int | None = None, timeout: float | None = None,
) -> None:
    """Print the slow-work warning on stderr (never stdout), once, before the job starts."""
    text = slow_warning(spec, backend, job, options, limit, timeout)
    if text is not None:
        print(f"nqueens: warning: {text}", file=sys.stderr, flush=True)
