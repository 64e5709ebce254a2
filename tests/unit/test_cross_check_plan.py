"""The plan of a cross-check decides, before either count starts, how the second count is
made and what cannot compare anything: the API and the command line ask the same functions."""

from __future__ import annotations

import pytest

from nqueens.errors import InputError
from nqueens.planning import by_parts, cross_check_plan, plan, refuse_part_cross_check


def test_a_count_by_the_join_is_checked_part_by_part() -> None:
    first = plan(16, "count")
    assert first.counting_route == "join"
    assert by_parts(first)
    refuse_part_cross_check(first, None)  # no limit: nothing to refuse
    assert not by_parts(plan(8, "count", "cpsat"))


def test_parts_beyond_the_limit_are_refused_with_the_forecast() -> None:
    with pytest.raises(InputError, match=r"per-class walk that checks each part .* forecast"):
        refuse_part_cross_check(plan(16, "count"), 0.5)


def test_the_second_count_is_in_another_formalism() -> None:
    first = plan(8, "count", "cpsat")
    second = cross_check_plan(first)
    assert second.backend != "cpsat" and second.job == "count"
    with pytest.raises(InputError, match="compares two whole counts"):
        cross_check_plan(plan(8, "count", "backtrack", unique=True))
