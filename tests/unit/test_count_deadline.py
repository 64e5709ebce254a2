"""The plan of a count as a public call (`nqueens.plan_count`), under the caller's one
deadline, and a stopped count by the join saying what it did."""

from __future__ import annotations

import json
import time

import pytest

import nqueens
from nqueens.counting import halfboards
from nqueens.counting import join as route
from nqueens.errors import InputError, SizeLimitError
from nqueens.result import Deadline

from known_counts import A000170_LARGE

pytestmark = pytest.mark.skipif(not halfboards.join_available(), reason="compiled join not built")


def test_the_plan_is_a_public_call_whose_record_serialises_itself(monkeypatch):
    monkeypatch.setattr(route, "SAMPLE_SECONDS", 0.05)
    assert "plan_count" in nqueens.__all__
    found = nqueens.plan_count(13, jobs=2)
    assert isinstance(found, route.JoinPlan) and found.complete
    assert (found.units, found.parts, found.processes, found.asked) == (halfboards.unit_count(13), 64, 2, 2)
    assert found.cpu is not None and found.cpu > 0
    doc = json.loads(json.dumps(found.as_json()))
    assert doc["units"] == found.units and doc["basis"] == [13] and doc["complete"] is True


def test_the_plan_obeys_a_stopped_deadline_at_once():
    """Stopped before it starts, the 22-board's sample builds no table (before: a minute
    and 2 GB whatever the limit)."""
    deadline = Deadline(None)
    deadline.stop()
    started = time.perf_counter()
    found = nqueens.plan_count(22, deadline=deadline)
    assert time.perf_counter() - started < 1.0
    assert not found.complete and found.unit_seconds is None and found.cpu is None
    assert found.memory == route.join_bytes(22) and found.parts >= 4


def test_a_plan_no_process_fits_is_refused_before_any_sample(monkeypatch):
    monkeypatch.setattr(route, "join_processes", lambda n, wanted: 0)
    monkeypatch.setattr(halfboards, "sample", lambda *a, **k: pytest.fail("sampled"))
    with pytest.raises(SizeLimitError, match="more than this machine's"):
        nqueens.plan_count(20)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"jobs": 0}, "jobs must be a positive integer"),
    ({"split": "dask"}, "split must be a nqueens.Split"),
    ({"deadline": 5}, "deadline must be"),
])
def test_bad_arguments_are_refused(kwargs, message):
    with pytest.raises(InputError, match=message):
        nqueens.plan_count(13, **kwargs)


def test_a_stopped_join_count_says_what_it_did():
    """Stopped at once: no part finished, the tables not built, and the stats say so."""
    deadline = Deadline(None)
    deadline.stop()
    found = nqueens.search(16, jobs=1, collect=False, deadline=deadline)
    assert not found.complete and found.stats["tasks_finished"] == 0
    assert {"tasks_stopped", "units_counted", "tables_built"} <= found.stats.keys()


def test_a_join_count_stopped_in_its_first_second_counts_a_lower_bound():
    """In a process whose tables are another board's (a fresh one has none), `count(20,
    timeout=1)` counted 0: the 20-board's quarter tables took 1.3 s here before any unit.
    Their blocks are listed as units need them, so the first second counts (issue 39,
    item 15)."""
    halfboards.count(4)  # this process's tables are the 4-board's
    found = nqueens.count(20, timeout=1)
    assert not found.complete and found.stats["slots"] == 1
    assert 0 < found.count <= A000170_LARGE[20] and found.stats["units_counted"] > 0
    assert found.stats["tasks_stopped"] == 1 and found.stats["tables_built"] == 1
