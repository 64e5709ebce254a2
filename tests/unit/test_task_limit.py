"""The time limit a count's tasks get (`counting.tasks.TaskLimit`): one picklable value
beside the backend's options, the same for a task inline, in a pool's worker or on a
cluster, never inside the options."""

from __future__ import annotations

import pickle
import time
from typing import Any

import pytest

from nqueens.counting.engine import run
from nqueens.counting.executors import open_executor
from nqueens.counting.partition import make_partition
from nqueens.counting.tasks import NO_LIMIT, TaskLimit, task_deadline
from nqueens.result import Deadline
from nqueens.spec import Spec

OPTIONS = {"order": "textbook"}


def looking_task(base: Spec, sub: Any, backend: str, options: dict[str, Any], limit: TaskLimit,
                 deadline: Deadline | None = None) -> tuple[int, float, dict[str, int]]:
    """Counts nothing; says in its extras what it was given (a pool's worker cannot
    append to the test's lists)."""
    with task_deadline(limit, deadline) as stop:
        bounded = stop.at is not None
    return 0, 0.0, {"foreign_options": len(options.keys() - OPTIONS.keys()),
                    "limits": int(isinstance(limit, TaskLimit)), "bounded": int(bounded)}


@pytest.mark.parametrize("executor", ["inline", "local"])
def test_a_task_gets_the_backend_options_alone_and_the_limit_apart(executor: str) -> None:
    spec = Spec(6)
    with open_executor(executor, jobs=2) as workers:  # type: ignore[arg-type]
        found = run(spec, make_partition(spec, 1), workers=workers, task=looking_task,
                    options=dict(OPTIONS), deadline=Deadline(60.0))
    assert found.complete and found.subproblems == 6
    assert found.extras == {"foreign_options": 0, "limits": 6, "bounded": 6}


def test_a_limit_survives_pickling() -> None:
    limit = TaskLimit.of(Deadline(5.0), cluster=True, stop_key="nqueens-stop-x")
    assert pickle.loads(pickle.dumps(limit)) == limit
    assert pickle.loads(pickle.dumps(NO_LIMIT)) == NO_LIMIT == TaskLimit()


def test_a_limit_here_is_monotonic_time_and_on_a_cluster_wall_time() -> None:
    deadline = Deadline(5.0)
    here = TaskLimit.of(deadline)
    assert here == TaskLimit(at=deadline.at) and here.monotonic() == deadline.at
    there = TaskLimit.of(deadline, cluster=True, stop_key="nqueens-stop-x")
    assert there.at is None and there.stop_key == "nqueens-stop-x" and there.wall is not None
    assert abs(there.wall - (time.time() + 5.0)) < 0.5
    at = there.monotonic()
    assert at is not None and deadline.at is not None and abs(at - deadline.at) < 0.5
    assert TaskLimit.of(Deadline(None), cluster=True).monotonic() is None


def test_a_task_inline_takes_the_callers_own_deadline() -> None:
    deadline = Deadline(None)
    with task_deadline(TaskLimit(at=time.monotonic() - 1), deadline) as got:
        assert got is deadline and not got.expired()
    with task_deadline(TaskLimit(at=time.monotonic() - 1), None) as own:
        assert own.expired()
