"""What a count by the join will cost, before it starts (`counting.join.join_plan`): its
units (the formula against the units listed), its parts, the CPU time from a sample
measured here or carried on from smaller boards, the memory of each process, the wall
time on processes or Dask workers."""

from __future__ import annotations

import pytest

from nqueens import joins
from nqueens.counting import join as route
from nqueens.counting.route import Split
from nqueens.errors import InputError
from nqueens.spec import Spec

needs_join = pytest.mark.skipif(not joins.join_available(), reason="compiled join not built")


@pytest.mark.parametrize("n", range(1, 17))
def test_the_unit_count_is_the_units_listed(n):
    assert joins.unit_count(n) == sum(1 for _ in joins.units(n))


@needs_join
def test_a_sample_times_units_spread_over_the_board():
    found = joins.sample(13, 0.05)
    assert 16 <= found.units <= joins.unit_count(13)
    assert found.unit_seconds > 0 and found.table_seconds >= 0
    assert found.kernel == joins.chosen_kernel()


@needs_join
def test_the_plan_of_a_count_on_processes():
    found = route.join_plan(Spec(14), jobs=2, budget=0.05)
    assert (found.units, found.parts, found.depth) == (joins.unit_count(14), 64, 3)
    assert found.measured > 0 and found.basis == (14,)
    assert found.memory == route.join_bytes(14) and found.executor == "local"
    assert found.processes == 2 and found.fit == 2
    work = found.unit_seconds * found.units
    assert found.cpu == pytest.approx(work + 2 * (found.table_seconds + route.PROCESS_START_SECONDS))
    # 32 rounds of two parts at once: half the work, after one process's start
    assert found.wall == pytest.approx(found.table_seconds + route.PROCESS_START_SECONDS + work / 2)


@needs_join
def test_the_plan_on_a_cluster_and_with_a_checkpoint(tmp_path):
    found = route.join_plan(Spec(13), jobs=16, split=Split(executor="dask", depth=4), budget=0.05)
    assert (found.executor, found.processes, found.fit, found.parts) == ("dask", 16, None, 256)
    found = route.join_plan(Spec(13), jobs=1, split=Split(checkpoint=tmp_path / "c"), budget=0.05)
    assert found.executor == "inline" and found.parts >= 64  # a checkpoint's parts
    assert found.wall == pytest.approx(found.cpu)


@needs_join
def test_beyond_the_sampled_sizes_the_time_is_carried_on(monkeypatch):
    monkeypatch.setattr(route, "SAMPLED_UP_TO_N", 12)
    found = route.join_plan(Spec(16), jobs=1, budget=0.05)
    assert found.measured == 0 and found.basis == (10, 12)
    near, far = joins.sample(12, 0.05), joins.sample(10, 0.05)
    growth = near.unit_seconds / far.unit_seconds
    assert found.unit_seconds == pytest.approx(near.unit_seconds * growth ** 2, rel=0.6)


def test_the_plan_is_for_plain_boards():
    with pytest.raises(InputError, match="plain boards"):
        route.join_plan(Spec(12, fixed=((0, 1),)))
