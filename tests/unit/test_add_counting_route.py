"""Adding a counting route is one module and one row: a brute-force route written here (its
task counts the permutations of one part, the rows partition deals the parts out) is
planned, run, checkpointed, named on the command line and refused once gone, without
touching another module."""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import nqueens
from nqueens.cli import main
from nqueens.counting import registry as routes
from nqueens.counting.route import Ask, Count, CountingRoute, Fit, Split
from nqueens.counting.tasks import TaskLimit, task_deadline
from nqueens.limits import BASE_BYTES
from nqueens.result import Deadline, Outcome
from nqueens.spec import Spec
from nqueens.validator import find_violations

from known_counts import A000170

LARGEST = 8  # 8! permutations per board: about a second through the validator


def brute_task(base: Spec, sub: Any, backend: str, options: dict[str, Any], limit: TaskLimit,
               deadline: Deadline | None = None) -> tuple[int, float, dict[str, int]]:
    """Every completion of the part's prefix that the validator accepts, until the time
    limit (`limit` in a worker process, the caller's `deadline` inline): then a lower bound."""
    started = time.perf_counter()
    prefix = tuple(sub.prefix)
    rest = [c for c in range(base.n) if c not in prefix]
    found = 0
    with task_deadline(limit, deadline) as stop:
        for tail in itertools.permutations(rest):
            if stop.expired():
                return found, time.perf_counter() - started, {"unfinished": 1}
            found += not find_violations(base, prefix + tail)
    return found, time.perf_counter() - started, {}


def fit(ask: Ask) -> Fit | None:
    if ask.spec.n > LARGEST:
        raise nqueens.InputError(f"the brute force counts boards up to n = {LARGEST}")
    return Fit("brute", ask.jobs or 1, ask.split)


def run(count: Count) -> Outcome:
    from nqueens.counting.engine import count_parts

    split = count.split or Split("inline", depth=1)
    return count_parts(count.spec, backend=count.backend, options=count.options,
                       task=brute_task, partition="rows", jobs=count.jobs, split=split,
                       deadline=count.deadline, on_progress=count.on_progress,
                       on_resume=count.on_resume)


ROW = CountingRoute("brute", "brute force over permutations", fit, run, default=False,
                    partition=lambda spec: "rows", task=brute_task,
                    memory=lambda n: BASE_BYTES, own_pace=True,
                    counter="every permutation through the validator (a test's)")


@pytest.fixture
def brute() -> Iterator[None]:
    routes.register(ROW)
    yield
    routes.unregister("brute")


@pytest.mark.usefixtures("brute")
def test_a_registered_route_is_planned_and_counts() -> None:
    chosen = nqueens.plan(7, "count", "backtrack", counter="brute")
    assert chosen.counting_route == "brute" and chosen.memory == BASE_BYTES and chosen.forecast is None
    for n in range(4, 7):
        outcome = nqueens.count(n, backend="backtrack", counter="brute")
        assert outcome.complete and outcome.count == A000170[n]
        assert outcome.stats["plan"] == "rows" and outcome.stats["depth"] == 1


@pytest.mark.usefixtures("brute")
def test_a_registered_route_keeps_a_checkpoint(tmp_path: Path) -> None:
    path = tmp_path / "b.ckpt"
    outcome = nqueens.count(6, counter="brute", split=Split(checkpoint=path, depth=2), jobs=1)
    assert outcome.complete and outcome.count == A000170[6]
    records = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    assert sum(r["count"] for r in records) == A000170[6] and len(records) > 6


@pytest.mark.usefixtures("brute")
def test_a_registered_route_is_named_on_the_command_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["count", "6", "--counter", "brute"]) == 0
    assert capsys.readouterr().out.startswith("6-queens: 4 solutions")
    assert main(["count", "9", "--counter", "brute"]) == 2
    assert "up to n = 8" in capsys.readouterr().err


def test_an_unregistered_route_is_refused() -> None:
    with pytest.raises(nqueens.InputError, match="choose one of: ganak"):
        nqueens.count(6, counter="brute")


@pytest.mark.usefixtures("brute")
def test_a_registered_route_is_stopped_by_the_time_limit() -> None:
    outcome = nqueens.count(8, counter="brute", timeout=0.2)
    assert not outcome.complete and 0 <= outcome.count <= A000170[8]
