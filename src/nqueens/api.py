"""The Python API: solve, solutions, count and validate on a Spec or a bare board size.

Backends push solutions through a callback; `solutions()` turns that into a generator by
running the search in a worker thread behind a small bounded queue, so solutions stream
as they are found and closing the generator stops the search.
"""

from __future__ import annotations

import queue
import threading
from dataclasses import replace
from collections.abc import Callable, Iterator
from typing import Any

from .backends import DEFAULT_BACKEND, get_backend
from .backends.base import Backend
from .routes import Route, choose, job_of
from .errors import InputError
from .limits import check_exhaustive, check_search
from .result import Deadline, Outcome
from .spec import Placement, Spec, as_spec
from .validate import Violation, find_violations

__all__ = ["count", "search", "solutions", "solve", "validate"]

#: The backend name that picks the fastest correct route per job (`routes.py`).
AUTO = "auto"


def _check_limit(limit: int | None) -> None:
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise InputError(f"limit must be a positive integer or None, got {limit!r}")


def _check_timeout(timeout: float | None) -> None:
    if timeout is not None and (
        isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0
    ):
        raise InputError(f"timeout must be a positive number of seconds or None, got {timeout!r}")


def _check_callbacks(on_solution: Any, deadline: Any) -> None:
    if on_solution is not None and not callable(on_solution):
        raise InputError(f"on_solution must be a function of one placement, got {on_solution!r}")
    if deadline is not None and not isinstance(deadline, Deadline):
        raise InputError(f"deadline must be a nqueens.result.Deadline, got {deadline!r}")


def _reject(options: dict[str, Any], names: tuple[str, ...], where: str, instead: str) -> None:
    for name in names:
        if name in options:
            raise InputError(f"{where}() takes no {name!r}; {instead}")


def _route(
    spec: Spec, backend: str, options: dict[str, Any], job: str, limit: int | None
) -> tuple[str, dict[str, Any], Route | None]:
    """Resolve `backend="auto"` through the policy table (`routes.py`): the backend to run,
    its options (the route's, then the caller's) and the route; others pass through."""
    if backend != AUTO:
        return backend, options, None
    route = choose(spec, job, limit)
    return route.backend, {**route.options, **options}, route


def refuse_unworkable(
    spec: Spec, backend: str, options: dict[str, Any], *, whole: bool = False,
    bounded: bool = False,
) -> None:
    """Refuse, before any work or announcement, what cannot succeed: an unknown backend or
    option, a model beyond memory or the backend's size limit, a CNF too large to build, and
    with `whole` (every solution wanted) an unbounded count beyond any known count (see
    `limits.check_exhaustive`). Imports the backend's module (it is about to run anyway).

    Raises:
        InputError, SizeLimitError, UnknownBackendError: naming the problem and the fix.
    """
    import importlib

    from .backends import backend_info
    from .limits import refuse_oversized

    if whole:
        check_exhaustive(spec, bounded=bounded)
    info = backend_info(backend)
    max_n = getattr(importlib.import_module(info.module), "MAX_N", None)
    if max_n is not None:
        refuse_oversized(spec, backend, max_n)
    _engine(spec, backend, options)


def _engine(spec: Spec, backend: str, options: dict[str, Any]) -> Backend:
    """The backend instance, after refusing sizes it cannot build (see `limits`)."""
    engine = get_backend(backend, **options)
    check_search(spec, backend, getattr(engine, "encoding", None))
    return engine


def search(
    spec_or_n: Spec | int,
    *,
    backend: str = DEFAULT_BACKEND,
    limit: int | None = None,
    timeout: float | None = None,
    on_solution: Callable[[Placement], Any] | None = None,
    collect: bool = True,
    deadline: Deadline | None = None,
    **options: Any,
) -> Outcome:
    """Run one search and return its Outcome, with the solutions collected if `collect`.

    `options` go to the backend's constructor (e.g. `encoding="ladder"` for `sat`). A
    `deadline` (instead of `timeout`) lets the caller stop the search from outside, e.g.
    on a signal; the time limit starts before the backend is imported and compiled.

    `backend="auto"` (the default) runs the route `routes.choose` picks for this job
    (count, enumerate or find); `outcome.backend` is the backend that ran and
    `outcome.route` the table row that chose it. A non-exhaustive route that finds nothing
    hands the rest of the time to its exhaustive fallback, so "no solution" stays a proof.
    """
    spec = as_spec(spec_or_n)
    _check_limit(limit)
    _check_timeout(timeout)
    _check_callbacks(on_solution, deadline)
    if limit is None:
        check_exhaustive(spec, bounded=timeout is not None or (deadline is not None and deadline.at is not None))
    if deadline is None:
        deadline = Deadline(timeout)
    wants_solutions = collect or on_solution is not None
    backend, options, route = _route(spec, backend, options, job_of(limit, wants_solutions), limit)
    engine = _engine(spec, backend, options)
    found: list[Placement] = []

    def sink(placement: Placement) -> bool | None:
        if collect:
            found.append(placement)
        return None if on_solution is None else on_solution(placement)

    outcome = engine.search(
        spec, sink if wants_solutions else None, limit=limit, deadline=deadline
    )
    if route is not None and route.fallback is not None and outcome.count == 0 \
            and not deadline.expired():
        fallback, fallback_options = route.fallback
        route = replace(route, backend=fallback, options=fallback_options,
                         why=f"{route.backend} found none; {fallback} searched exhaustively")
        outcome = _engine(spec, fallback, fallback_options).search(
            spec, sink if wants_solutions else None, limit=limit, deadline=deadline
        )
    if route is not None:
        outcome = replace(outcome, route=route)
    if found:
        outcome = replace(outcome, solutions=tuple(found))
    return outcome


def solve(
    spec_or_n: Spec | int,
    *,
    backend: str = DEFAULT_BACKEND,
    timeout: float | None = None,
    **options: Any,
) -> Outcome:
    """Find one solution. `outcome.solution` is the placement, or None when the search
    proved there is none (`outcome.unsatisfiable`) or ran out of time (status TIMEOUT)."""
    _reject(options, ("limit", "collect"), "solve", "use solutions(..., limit=K) for several")
    _reject(options, ("all",), "solve",
            "for every solution iterate nqueens.solutions(N), or call nqueens.count(N) for "
            "their number")
    return search(spec_or_n, backend=backend, limit=1, timeout=timeout, **options)


def count(
    spec_or_n: Spec | int,
    *,
    backend: str = DEFAULT_BACKEND,
    timeout: float | None = None,
    on_solution: Callable[[Placement], Any] | None = None,
    **options: Any,
) -> Outcome:
    """Count all solutions; `outcome.count` is exact when `outcome.complete`. With
    `on_solution`, each placement is also passed to it (return False to stop)."""
    _reject(options, ("limit", "collect"), "count", "use solutions(..., limit=K) to stop early")
    _reject(options, ("all",), "count", "count always counts every solution; drop all=")
    return search(
        spec_or_n, backend=backend, timeout=timeout, on_solution=on_solution, collect=False,
        **options,
    )


_DONE = object()


def solutions(
    spec_or_n: Spec | int,
    *,
    backend: str = DEFAULT_BACKEND,
    limit: int | None = None,
    timeout: float | None = None,
    **options: Any,
) -> Iterator[Placement]:
    """Yield solutions one by one as the backend finds them (at most `limit`)."""
    spec = as_spec(spec_or_n)
    _check_limit(limit)
    _check_timeout(timeout)
    deadline = Deadline(timeout)
    _reject(options, ("on_solution", "collect", "deadline"), "solutions",
            "iterate the generator, and close it to stop")
    _reject(options, ("all",), "solutions", "solutions() yields every solution unless limit=K")
    backend, options, _ = _route(spec, backend, options, job_of(limit, True), limit)
    engine = _engine(spec, backend, options)
    channel: queue.Queue[Any] = queue.Queue(maxsize=64)
    stop = threading.Event()

    def put(item: Any) -> bool:
        while not stop.is_set():
            try:
                channel.put(item, timeout=0.05)
                return True
            except queue.Full:
                continue
        return False

    def produce() -> None:
        try:
            engine.search(
                spec, lambda p: put(p) and not stop.is_set(), limit=limit,
                deadline=deadline,
            )
        except BaseException as error:  # re-raised in the consumer's thread
            put(error)
        put(_DONE)

    worker = threading.Thread(target=produce, name="nqueens-search", daemon=True)
    worker.start()
    try:
        while True:
            item = channel.get()
            if item is _DONE:
                return
            if isinstance(item, BaseException):
                raise item
            yield item
    finally:
        stop.set()
        worker.join()


def validate(spec_or_n: Spec | int, placement: Any) -> list[Violation]:
    """Every rule `placement` breaks (empty list: it is a solution). Never raises on a
    malformed placement; see `validate.find_violations`."""
    return find_violations(as_spec(spec_or_n), placement)
