"""The counting routes, as one registered table: how one count runs once the plan
(`planning.plan`) has chosen it.

A backend only searches (`Backend.search`); a count is the engine's. Each row (a
`route.CountingRoute`, defined in the route's own module) says what the route applies to
(its `fit`: the boards, and the backends whose counts may take it), how the count is cut
into parts and dealt out to processes or Dask (its partition and task, through
`engine.count_parts`) or run whole, the memory of one counting process, its measured rate
and its label. The plan asks the route the `auto` policy or the caller names, then the
default routes in table order, and runs the first that serves (`run_count`):

- "split": explicit parts (a checkpoint, a depth, Dask, or a search over processes);
- "bitboard": the bitboard walk (`walk.py`), plain boards one class at a time;
- "join": the join of partial boards (`join.py`), named by the `auto` policy;
- "mirror": a plain board's first row halved (`search.py`);
- "enumerate": the backend's search, every solution met (`search.py`);
- "ganak": the CNF's models counted by Ganak (`ganak.py`), named by `--counter`.

Adding a route is one module (its task or run and its row) and one entry in `built_in` (or
`register` for a plug-in). No solver imports; the route modules load with the first count.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..errors import InputError
from ..result import Outcome
from .route import Count, CountingRoute, RouteName

__all__ = ["built_in", "counters", "counting_route", "counting_routes", "register", "run_count",
           "unregister"]


def built_in() -> tuple[CountingRoute, ...]:
    """The built-in rows; the plan asks the default ones in this order. Their modules load
    with the first count (a solve or a listing needs none of them)."""
    from . import ganak, join, search, walk

    return (search.SPLIT, walk.ROUTE, join.ROUTE, search.MIRROR, search.ENUMERATE, ganak.ROUTE)


_ROWS: list[CountingRoute] = []
_TABLE: Mapping[str, CountingRoute] = MappingProxyType({})


def counting_routes() -> Mapping[str, CountingRoute]:
    """name -> row, in the order the plan asks them."""
    global _TABLE
    if not _ROWS:
        _ROWS.extend(built_in())
        _TABLE = MappingProxyType({row.name: row for row in _ROWS})
    return _TABLE


def register(row: CountingRoute, *, before: str | None = None) -> None:
    """Add a counting route (a plug-in, or a test's); a default route is asked before the
    row named `before` (default: after all the others).

    Raises:
        InputError: the name is taken.
    """
    global _TABLE
    if row.name in counting_routes():
        raise InputError(f"a counting route named {row.name!r} exists already")
    at = next((i for i, r in enumerate(_ROWS) if r.name == before), len(_ROWS))
    _ROWS.insert(at, row)
    _TABLE = MappingProxyType({r.name: r for r in _ROWS})


def unregister(name: str) -> None:
    """Remove a route added with `register` (tests clean up with it)."""
    global _TABLE
    counting_routes()
    _ROWS[:] = [r for r in _ROWS if r.name != name]
    _TABLE = MappingProxyType({r.name: r for r in _ROWS})


def counting_route(name: str) -> CountingRoute:
    """The row named `name`.

    Raises:
        InputError: no such route, listing the known ones.
    """
    table = counting_routes()
    if name not in table:
        raise InputError(f"unknown counting route {name!r}; choose one of: {', '.join(table)}")
    return table[name]


def counters() -> dict[str, str]:
    """The routes a caller may name (`count --counter NAME`) and what each does."""
    return {name: row.counter for name, row in counting_routes().items()
            if row.counter is not None}


def run_count(route: RouteName, count: Count) -> Outcome:
    """Count on `route` as the plan decided (`count`)."""
    return counting_route(route).run(count)
