"""A cross-check's second count, planned from the first: another formalism, the quickest
of those, refused when the two counts could not both finish; and the comparison of the two.
"""

from __future__ import annotations

from dataclasses import replace

from ..backends import backend_info, backend_names, check
from ..counting.registry import counting_routes
from ..errors import CountMismatchError, InputError
from ..forecast import seconds_text
from ..result import Outcome
from .decision import SLOW_SECONDS, Plan, plan

__all__ = ["CROSS_CHECK_UNBOUNDED_SECONDS", "FORECAST_SLACK", "by_parts", "check_agreement",
           "cross_check_plan", "refuse_part_cross_check"]


#: Longest a cross-check's second count may be forecast to take without a time limit
#: (seconds): a longer one is refused, naming its forecast, until a limit gives it the time.
CROSS_CHECK_UNBOUNDED_SECONDS = 600.0


#: A forecast is rough (one machine's rates, a heavy-tailed tree estimate): a cross-check is
#: refused under a time limit only when its counts are forecast beyond this many times it.
FORECAST_SLACK = 2.0


def cross_check_plan(first: Plan, timeout: float | None = None) -> Plan:
    """The second count of `first.spec` for a cross-check: of the exhaustive backends whose
    model is in another formalism than the first count's (CP-SAT, CNF or the lines walked
    by a search), so that the two share no compiled model and no search code, the one
    forecast quickest (registry order where nothing is forecast). A cross-check that could
    not compare anything is refused with the forecasts: without a time limit, a second count
    forecast beyond CROSS_CHECK_UNBOUNDED_SECONDS; with one, counts forecast beyond
    FORECAST_SLACK times it.

    Raises:
        InputError: the first count is not one whole count (a split, the fundamental count,
            a route that counts only alone), no other backend can take the instance, or
            the counts cannot finish as said above.
    """
    route = counting_routes().get(first.counting_route or "")
    if route is not None and route.alone is not None:
        raise InputError(route.alone)
    if first.split is not None or first.unique:
        raise InputError("--cross-check compares two whole counts; drop --unique, --checkpoint, "
                         "--split-depth and --executor")
    formalism = backend_info(first.backend).formalism
    candidates: list[Plan] = []
    for name in backend_names(exhaustive_only=True):
        info = backend_info(name)
        if info.formalism == formalism:
            continue
        try:
            check(info, first.spec, {}, "count")
            candidates.append(plan(first.spec, "count", name, timeout=timeout, jobs=1))
        except InputError:
            continue
    if not candidates:
        raise InputError(f"no second backend can count {first.spec.describe()} independently "
                         f"of {first.backend}; drop --cross-check")
    second = min(candidates, key=lambda p: (p.forecast is None,
                                           p.forecast.seconds if p.forecast else 0.0))
    return _cross_check_in_time(first, second, timeout)


def _cross_check_in_time(first: Plan, second: Plan, timeout: float | None) -> Plan:
    """`second`, with a note when it is slow (and without the warning that a quicker
    route exists: that route is the first count's formalism); refused when the two counts
    cannot finish (see `cross_check_plan`)."""
    second = replace(second, warning=None)
    mine = first.forecast.seconds if first.forecast is not None else 0.0
    theirs = second.forecast.seconds if second.forecast is not None else None
    which = (f"the second count of {first.spec.describe()}, by {second.backend} (the quickest "
             f"backend of another formalism than {first.backend})")
    if theirs is None:
        return second
    if timeout is None and theirs > CROSS_CHECK_UNBOUNDED_SECONDS:
        raise InputError(f"--cross-check: {which}, is forecast at roughly "
                         f"{seconds_text(theirs)}; give it the time with a time limit "
                         "(--timeout S, timeout=S) of about that, or cross-check a smaller board")
    if timeout is not None and mine + theirs > FORECAST_SLACK * timeout:
        counts = (f"the first count, by {first.backend}, alone is forecast at roughly "
                  f"{seconds_text(mine)}" if mine > FORECAST_SLACK * timeout else
                  f"{which}, is forecast at roughly {seconds_text(theirs)}")
        raise InputError(f"--cross-check: {counts}, beyond the time limit of "
                         f"{seconds_text(timeout)}, so nothing would be compared; give a "
                         f"limit of about {seconds_text(mine + theirs)}, or drop --cross-check")
    if theirs > SLOW_SECONDS:
        note = f"{which}, is forecast at roughly {seconds_text(theirs)}"
        return replace(second, notes=(*second.notes, note))
    return second


def by_parts(first: Plan) -> bool:
    """Whether a cross-check of `first` counts its parts again: a count by the join, on a
    board the per-class walk checks within hours, is compared part by part (each class's
    solutions shared out over the join's parts), which names the part that differs."""
    from ..counting.join import CROSS_CHECK_MAX_N  # the join's kernel loads with a count

    return first.counting_route == "join" and first.spec.n <= CROSS_CHECK_MAX_N


def refuse_part_cross_check(first: Plan, timeout: float | None) -> None:
    """Refuse, before either count starts, a part-by-part cross-check (`by_parts`) that
    cannot compare anything: of the fundamental count (the walk compares totals), or whose
    two counts are forecast beyond FORECAST_SLACK times the time limit.

    Raises:
        InputError: naming the forecast and the fix.
    """
    from ..counting.join import CROSS_CHECK_RATE

    if first.unique:
        raise InputError("--cross-check compares totals; drop --unique")
    mine = first.forecast.seconds if first.forecast is not None else 0.0
    walk = CROSS_CHECK_RATE.seconds(first.spec.n)
    if timeout is not None and mine + walk > FORECAST_SLACK * timeout:
        counts = (f"the first count, by {first.backend}, alone is forecast at roughly "
                  f"{seconds_text(mine)}" if mine > FORECAST_SLACK * timeout else
                  "the per-class walk that checks each part of the count is forecast at "
                  f"roughly {seconds_text(walk)}")
        raise InputError(f"--cross-check: {counts}, beyond the time limit of "
                         f"{seconds_text(timeout)}, so nothing would be compared; give a "
                         f"limit of about {seconds_text(mine + walk)}, or drop --cross-check")


def check_agreement(first: Outcome, second: Outcome) -> None:
    """Raise CountMismatchError when both counts are complete and differ."""
    if first.complete and second.complete and first.count != second.count:
        raise CountMismatchError(
            f"the counts disagree: {first.backend} counted {first.count:,}, {second.backend} "
            f"counted {second.count:,}; at least one route is wrong, please report it",
            {first.backend: first.count, second.backend: second.count})
