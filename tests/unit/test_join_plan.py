"""What a count by the join will cost, before it starts (`counting.join.join_plan`): its
units (the formula against the units listed), its parts, the CPU time from a sample
measured here or carried on from smaller boards, the memory of each process, the wall
time on processes or Dask workers."""

from __future__ import annotations

import pytest

from nqueens.counting import halfboards as joins
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


def make_parts(spec, depth):
    from nqueens.counting.partition import make_partition

    return make_partition(spec, depth, "join").subproblems


def _record_parts(path, spec, depth, keys):
    """A checkpoint of a count by the join that finished the parts `keys` (each counted
    by the join itself, as a count would record it)."""
    from nqueens.counting.ledger import Ledger, identity
    from nqueens.counting.partition import make_partition

    parts = make_partition(spec, depth, "join")
    fields = identity(spec, route.PLAN_BACKEND, route.JOIN_OPTIONS, depth, len(parts), "join")
    with Ledger.open(path, fields, {sub.key for sub in parts.subproblems}) as ledger:
        for sub in parts.subproblems:
            if sub.key in keys:
                ledger.record(sub.key, joins.count(spec.n, *sub.join_part).total, 0.0)
    return parts


@needs_join
def test_the_plan_of_a_resume_is_that_of_the_parts_left(tmp_path):
    path = tmp_path / "c.ckpt"
    parts = _record_parts(path, Spec(13), 3, {sub.key for sub in make_parts(Spec(13), 3)[:24]})
    found = route.join_plan(Spec(13), jobs=2, split=Split(checkpoint=path), budget=0.05)
    assert (found.parts, found.depth, found.recorded) == (len(parts), 3, 24)
    assert found.part_seconds == pytest.approx(found.unit_seconds * found.units / 64)
    assert found.cpu == pytest.approx(40 * found.part_seconds
                                      + 2 * (found.table_seconds + route.PROCESS_START_SECONDS))
    assert found.wall == pytest.approx(found.table_seconds + route.PROCESS_START_SECONDS
                                       + 20 * found.part_seconds)
    # every part recorded: nothing left to pay
    _record_parts(path, Spec(13), 3, {sub.key for sub in parts.subproblems})
    done = route.join_plan(Spec(13), jobs=2, split=Split(checkpoint=path), budget=0.05)
    assert (done.recorded, done.cpu, done.wall) == (64, 0.0, 0.0)


@needs_join
def test_the_plan_refuses_a_checkpoint_the_count_would_refuse(tmp_path):
    from nqueens.counting.ledger import CheckpointError

    path = tmp_path / "c.ckpt"
    _record_parts(path, Spec(13), 3, {"j:0/64"})
    with pytest.raises(CheckpointError, match="split depth 3"):
        route.join_plan(Spec(13), split=Split(checkpoint=path, depth=2), budget=0.05)
    lines = path.read_text().splitlines()
    path.write_text("\n".join([*lines[:-1], lines[-1].replace('"crc": "', '"crc": "0')]) + "\n")
    with pytest.raises(CheckpointError, match="fails its checksum"):
        route.join_plan(Spec(13), split=Split(checkpoint=path), budget=0.05)


@needs_join
def test_beyond_the_sampled_sizes_the_time_is_carried_on(monkeypatch):
    """The growth per two sizes of the two largest boards sampled, raised to the steps left
    (fixed samples: the formula, not this machine's noise)."""
    monkeypatch.setattr(route, "SAMPLED_UP_TO_N", 12)
    times = {10: (0.001, 0.01), 12: (0.003, 0.02)}  # unit and table seconds by n
    asked = []

    def fixed(n, seconds=2.0, *, kernel=None, should_stop=None):
        asked.append((n, seconds))
        return joins.Sample(n, 100, *times[n], "portable")

    monkeypatch.setattr(joins, "sample", fixed)
    found = route.join_plan(Spec(16), jobs=1, budget=0.5)
    assert found.measured == 0 and found.basis == (10, 12)
    assert found.unit_seconds == pytest.approx(0.003 * 3.0 ** 2)
    assert found.table_seconds == pytest.approx(0.02 * 2.0 ** 2)
    assert sorted(asked) == [(10, 0.5 * route.CARRIED_SAMPLE_FACTOR), (12, 0.5 * route.CARRIED_SAMPLE_FACTOR)]


def test_the_plan_is_for_plain_boards():
    with pytest.raises(InputError, match="plain boards"):
        route.join_plan(Spec(12, fixed=((0, 1),)))
