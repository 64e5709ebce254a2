"""The counting engine seen from outside: no solver library is imported for a backtrack
count or solve, a split count stops near its time limit (planning included) without
leaked-semaphore warnings, a timed-out count claims no fundamental count, and the plan's
weights cover the board for every depth."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from nqueens import api
from nqueens.counting.partition import choose_depth, make_partition
from nqueens.result import Deadline, Status
from nqueens.spec import Spec

from cli_process import run
from known_counts import A000170, A002562


@pytest.fixture(scope="module")
def startup() -> float:
    """Wall time of a command that does nothing: interpreter start and package import."""
    started = time.perf_counter()
    assert run("--version").returncode == 0
    return time.perf_counter() - started


_PROBE = """
import sys
from nqueens.cli import main
code = main(sys.argv[1:])
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("ortools", "pysat"))
print("SOLVERS", ",".join(loaded), "CODE", code, file=sys.stderr)
"""


@pytest.mark.parametrize("command", [["count", "8", "--backend", "backtrack"],
                                     ["solve", "8", "--backend", "backtrack"],
                                     ["count", "10", "--backend", "backtrack", "--jobs", "2",
                                      "--split-depth", "2"]])
def test_backtrack_imports_no_solver_library(command: list[str]) -> None:
    done = subprocess.run([sys.executable, "-c", _PROBE, *command], capture_output=True,
                          text=True, env=os.environ, timeout=60, check=False)
    assert "SOLVERS  CODE 0" in done.stderr, done.stderr
    assert f"{command[1]}-queens: " in done.stdout


def test_split_count_stops_near_the_limit_with_a_huge_plan(startup: float) -> None:
    """n = 100 at depth 3 is ~900,000 subproblems: listing them alone outlasts the limit."""
    started = time.perf_counter()
    done = run("count", "100", "-b", "backtrack", "--split-depth", "3", "--timeout", "1",
               "--format", "json")
    elapsed = time.perf_counter() - started
    assert done.returncode == 3
    assert "leaked" not in done.stderr and "Traceback" not in done.stderr
    assert json.loads(done.stdout)["status"] == "timeout"
    assert elapsed < 1 + startup + 1.5


@pytest.mark.parametrize("jobs", [1, 2])
def test_timed_out_count_reports_no_fundamental_count(jobs: int) -> None:
    outcome = api.search(Spec(18), backend="backtrack", collect=False, jobs=jobs,
                         deadline=Deadline(0.2))
    assert outcome.status is Status.TIMEOUT and outcome.count < 666090624  # A000170(18)
    assert "unique" not in outcome.stats


@pytest.mark.parametrize("kind", ["rows", "mirror"])
@pytest.mark.parametrize("depth", [1, 2, 3])
def test_plan_weights_cover_the_board(kind: str, depth: int) -> None:
    from nqueens import api

    spec = Spec(9)
    plan = make_partition(spec, depth, kind)
    total = sum(s.weight * api.count(s.spec(spec), backend="backtrack").count
                for s in plan.subproblems)
    assert total == A000170[9]


def test_one_depth_chooser() -> None:
    spec = Spec(12)
    assert choose_depth(spec) == 0 and choose_depth(spec, kind="mirror") == 1
    depth = choose_depth(spec, at_least=64)
    assert len(make_partition(spec, depth)) >= 64 > len(make_partition(spec, depth - 1))
    assert choose_depth(spec, requested=3) == 3


def test_split_run_reports_task_statistics_everywhere() -> None:
    done = run("count", "10", "-b", "backtrack", "--split-depth", "2", "--jobs", "1",
               "--format", "json")
    stats = json.loads(done.stdout)["stats"]
    # a plain board on the bitboard route splits by symmetry classes (issue 13), so the
    # tasks are the class plan's subproblems at that depth
    assert stats["plan"] == "classes"
    assert stats["tasks"] == stats["tasks_finished"] == len(make_partition(Spec(10), 2, "classes"))
    assert stats["depth"] == 2 and stats["slots"] == 1 and stats["executor"] == "local"
    assert 0 <= stats["task_mean_s"] <= stats["task_max_s"]
    assert stats["unique"] == A002562[10]
