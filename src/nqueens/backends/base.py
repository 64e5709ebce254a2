"""The small interface every backend implements. No solver imports."""

from __future__ import annotations

from typing import Any, BinaryIO, ClassVar, Protocol

from ..result import Deadline, Outcome, SolutionSink, Status
from ..spec import Spec


class Backend(Protocol):
    """A way of solving a Spec.

    `search` pushes each solution to `on_solution` (which may return False to stop) and
    stops by itself after `limit` solutions or at `deadline`. With `on_solution=None` the
    caller only wants the count, and a backend may take a faster counting route.
    """

    #: The registry name; what it can do (summary, exhaustive, options) is registry data.
    name: ClassVar[str]

    def search(
        self,
        spec: Spec,
        on_solution: SolutionSink | None = None,
        *,
        limit: int | None = None,
        deadline: Deadline | None = None,
    ) -> Outcome: ...


class ProvingBackend(Backend, Protocol):
    """A backend whose search writes a DRAT proof of its own tree (its registry row says
    `search_proof`): `search_proving` is `search` with the proof written to `proof`, which
    ends with the empty clause when the search was exhausted. A solution the search goes on
    past counts as refuted by its blocking clause, so an exhausted enumeration's proof is
    about the CNF with one blocking clause per solution it met."""

    def search_proving(
        self,
        spec: Spec,
        on_solution: SolutionSink | None = None,
        *,
        limit: int | None = None,
        deadline: Deadline | None = None,
        proof: BinaryIO,
    ) -> Outcome: ...


class Emitter:
    """Counts solutions, forwards them to the sink and decides when to stop.

    Every backend funnels its solutions through one of these, so limits, caller stops and
    the final status are handled in one place. It is also the last guard on what reaches
    the caller: nothing is delivered once `limit` solutions were, or after a stop (a
    solver with parallel workers may call back again before its stop takes effect), and
    while a limit bounds the delivery no placement is delivered twice in one search.
    Unlimited enumerations keep no such memory: every backend enumerates with a single
    worker, which never repeats a solution, and a set of millions of placements would cost
    gigabytes.
    """

    __slots__ = ("_seen", "count", "limit", "sink", "stopped", "stopped_by_caller")

    def __init__(self, sink: SolutionSink | None, limit: int | None) -> None:
        self.sink = sink
        self.limit = limit
        self.count = 0
        self.stopped_by_caller = False
        self.stopped = False
        self._seen: set[tuple[Any, ...]] | None = set() if limit is not None else None

    def emit(self, placement: tuple[Any, ...]) -> bool:
        """Record one solution; returns False when the search must stop now."""
        if self.stopped:
            return False
        if self._seen is not None:
            if placement in self._seen:
                return True
            self._seen.add(placement)
        self.count += 1
        if self.sink is not None and self.sink(placement) is False:
            self.stopped_by_caller = self.stopped = True
            return False
        if self.limit is not None and self.count >= self.limit:
            self.stopped = True
            return False
        return True

    def status(self, exhausted: bool, timed_out: bool, capped: bool = False) -> Status:
        """The final status given whether the search space was exhausted, the deadline
        passed, or (a local search) its own step or generation budget ran out."""
        if exhausted:
            return Status.COMPLETE
        if self.stopped_by_caller:
            return Status.INTERRUPTED
        if self.limit is not None and self.count >= self.limit:
            return Status.LIMIT_REACHED
        if capped:
            return Status.CAPPED
        return Status.TIMEOUT if timed_out else Status.INTERRUPTED
