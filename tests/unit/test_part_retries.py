"""A part whose task fails is run again (`counting.engine`, here inline): a passing fault
costs nothing but the rerun, a part that fails every time ends the count naming it, and
nqueens' own errors (which say what is wrong) are not run again."""

from __future__ import annotations

from typing import Any

import pytest

from nqueens.counting.cluster import TaskFailedError
from nqueens.counting.engine import LOCAL_ATTEMPTS, count_parts
from nqueens.counting.route import Split
from nqueens.errors import InputError
from nqueens.spec import Spec


def _task(fails: dict[str, int], error: Exception) -> Any:
    calls: dict[str, int] = {}

    def task(base: Any, sub: Any, backend: str, options: Any, limit: Any,
             deadline: Any = None) -> tuple[int, float]:
        calls[sub.key] = calls.get(sub.key, 0) + 1
        if calls[sub.key] <= fails.get(sub.key, 0):
            raise error
        return 1, 0.0

    task.calls = calls  # type: ignore[attr-defined]
    return task


def _count(task: Any) -> Any:
    return count_parts(Spec(8), task=task, partition="rows", jobs=1, split=Split(depth=1))


def test_a_part_that_failed_once_is_run_again():
    task = _task({"3": LOCAL_ATTEMPTS - 1}, RuntimeError("a passing fault"))
    found = _count(task)
    assert found.complete and found.count == 8
    assert task.calls["3"] == LOCAL_ATTEMPTS and task.calls["4"] == 1


def test_a_part_that_fails_every_time_ends_the_count_naming_it():
    task = _task({"3": LOCAL_ATTEMPTS}, MemoryError())
    with pytest.raises(TaskFailedError, match="subproblem 3 failed on every attempt: MemoryError"):
        _count(task)
    assert task.calls["3"] == LOCAL_ATTEMPTS


def test_nqueens_own_errors_are_not_run_again():
    task = _task({"0": 1}, InputError("NQUEENS_JOIN_KERNEL='x' is not a join kernel"))
    with pytest.raises(InputError, match="not a join kernel"):
        _count(task)
    assert task.calls == {"0": 1}
