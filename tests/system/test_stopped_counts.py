"""A stopped count keeps what every worker counted (issue 24, item 2): tasks running when
the time limit, Ctrl-C or SIGTERM comes return their partial counts, and the lower bound
printed includes them, on a process pool and on Dask. The sizes are chosen so that no
task can finish before the stop: before the fix every such count was 0."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from pathlib import Path

import pytest

from nqueens.counting.engine import count_parts
from nqueens.counting.route import Split
from nqueens.counting.search import solver_task
from nqueens.counting.walk import bitboard_task
from nqueens.result import Deadline, Status
from nqueens.spec import Spec

from cli_process import start

#: 19-queens: the first class starts take seconds each, far beyond the stops below.
BIG = Spec(19)


def _stopped_after(seconds: float) -> Deadline:
    """A deadline with no time limit that a timer stops, as the CLI's Ctrl-C handler does."""
    deadline = Deadline(None)
    timer = threading.Timer(seconds, deadline.stop)
    timer.daemon = True
    timer.start()
    return deadline


@pytest.mark.parametrize("stop", ["signal", "time limit"])
def test_pool_keeps_the_running_tasks_partial_counts(stop: str) -> None:
    deadline = _stopped_after(1.0) if stop == "signal" else Deadline(1.0)
    started = time.monotonic()
    found = count_parts(BIG, backend="backtrack", jobs=2, partition="classes",
                        task=bitboard_task, deadline=deadline)
    assert found.status is Status.TIMEOUT
    assert found.stats["tasks_finished"] == 0  # so all of the count is partial counts
    assert found.count > 0
    assert time.monotonic() - started < 10


def test_checkpointed_count_reports_partial_counts_it_cannot_record(tmp_path: Path) -> None:
    """The lower bound includes the stopped tasks' counts; the checkpoint keeps only
    finished subproblems (a resume cannot continue a task halfway), and says how much."""
    path = tmp_path / "c.ckpt"
    found = count_parts(BIG, backend="backtrack", jobs=2, partition="classes",
                        task=bitboard_task, deadline=Deadline(1.0), split=Split(checkpoint=path))
    assert found.status is Status.TIMEOUT and found.stats["tasks_finished"] == 0
    assert found.count > 0 and found.stats["recorded"] == 0
    assert len(path.read_text().splitlines()) == 1  # the header, no record


def test_pool_of_solver_tasks_keeps_their_partial_counts() -> None:
    """A solver backend's task stops through its deadline's hooks and returns its count."""
    found = count_parts(Spec(16), backend="permutation", jobs=2, split=Split(depth=1),
                        task=solver_task, deadline=_stopped_after(1.0))
    assert found.status is Status.TIMEOUT and found.count > 0


def test_ctrl_c_to_the_process_group_keeps_the_workers_counts() -> None:
    process = start("count", "19", "--format", "json", start_new_session=True)
    time.sleep(2.5)  # start-up, then about a second and a half of counting
    os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 3, err
    assert "Traceback" not in err
    doc = json.loads(out)
    assert doc["status"] == "interrupted" and doc["count"] > 0, doc


def test_dask_keeps_the_running_tasks_partial_counts() -> None:
    from optional import require

    require("distributed", "pip install '.[dask]'")
    started = time.monotonic()
    found = count_parts(BIG, backend="backtrack", jobs=2, partition="classes",
                        task=bitboard_task, deadline=Deadline(8.0), split=Split("dask"))
    assert found.status is Status.TIMEOUT
    assert found.count > 0, found.stats
    assert time.monotonic() - started < 30
