"""Counting on a Dask cluster: the same totals as a local count on every backend, a worker
killed mid-run loses nothing, failures are reported with their subproblem, and a missing
Dask or unreachable scheduler is one clear line with exit 2.

One LocalCluster (2 single-threaded worker processes, loopback, no dashboard) serves the
whole module. Sizes per backend keep the module fast on 2 cores: backtrack n = 10, 11, 12;
sat and cpsat n = 10, 11 (n = 12 takes 10 s and more there).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

from nqueens.api import count
from nqueens.cli import main
from nqueens.counting.cluster import SubproblemExecutor, TaskFailedError, dask_executor
from nqueens.counting.engine import Progress, count_parts, run
from nqueens.counting.executors import open_executor
from nqueens.counting.partition import (
    TASKS_PER_SLOT,
    Partition,
    Subproblem,
    choose_depth,
    make_partition,
    prefixes,
)
from nqueens.counting.route import Split
from nqueens.counting.search import natural_partition, solver_task, task_for
from nqueens.result import Deadline
from nqueens.spec import Spec

from known_counts import A000170
from optional import require

distributed = require("distributed", "pip install '.[dask]'")

SIZES = {"backtrack": (10, 11, 12), "sat": (10, 11), "cpsat": (10, 11), "permutation": (10, 11)}

#: A completion instance: two pre-placed queens and two forbidden cells.
COMPLETION = Spec(10, fixed=((1, 2), (4, 7)), forbidden=((3, 0), (9, 9)))



@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A loopback LocalCluster; a task whose worker dies twice is failed (allowed-failures 1)."""
    import dask

    # Workers are spawned processes: they import the installed nqueens, as the tests do
    # (the checkout's src/ holds no compiled extensions after a non-editable install).
    with dask.config.set({"distributed.scheduler.allowed-failures": 1}):
        local = distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
            dashboard_address=":0",  # 8787 may be taken
        )
    try:
        yield local
    finally:
        local.close(timeout=30)


@pytest.fixture(scope="module")
def client(cluster: Any) -> Iterator[Any]:
    with distributed.Client(cluster, set_as_default=False) as dask_client:
        dask_client.wait_for_workers(2, timeout=60)
        yield dask_client


def split_count(spec: Spec, backend: str, **kwargs: Any) -> Any:
    """A count by parts with the backend's fastest exact task, cut as that task cuts it."""
    task = task_for(spec, backend)
    return count_parts(spec, task=task, partition=natural_partition(spec, task), backend=backend,
                       **kwargs)


def on_cluster(spec: Spec, cluster: Any, backend: str, depth: int | None = None,
               **kwargs: Any) -> Any:
    return split_count(
        spec, backend, split=Split("dask", depth=depth, scheduler=cluster.scheduler_address),
        **kwargs
    )


@pytest.mark.parametrize("n", [10, 11, 12])
def test_counts_on_cluster_match_oeis(backend: str, n: int, cluster: Any, client: Any) -> None:
    if n not in SIZES[backend]:
        pytest.skip(f"{backend} at n={n} is too slow for the test suite (see the module docstring)")
    outcome = on_cluster(Spec(n), cluster, backend)
    assert outcome.complete
    assert outcome.count == A000170[n]
    assert outcome.stats["slots"] == 2
    assert outcome.stats["tasks"] == outcome.stats["tasks_finished"] >= 2 * TASKS_PER_SLOT


def test_completion_on_cluster_matches_local(backend: str, cluster: Any, client: Any) -> None:
    local = count(COMPLETION, backend=backend)
    assert local.complete and local.count > 0
    outcome = on_cluster(COMPLETION, cluster, backend, depth=3)
    assert outcome.complete
    assert outcome.count == local.count


def test_local_executor_matches_oeis() -> None:
    outcome = split_count(Spec(10), "backtrack", jobs=2, split=Split("local"))
    assert outcome.count == A000170[10]
    assert outcome.stats["executor"] == "local"


def test_depth_aims_for_ten_tasks_per_slot() -> None:
    spec = Spec(12)
    assert choose_depth(spec, slots=1) == 0
    depth = choose_depth(spec, slots=4)
    assert len(prefixes(spec, depth)) >= 4 * TASKS_PER_SLOT > len(prefixes(spec, depth - 1))


def test_cli_reports_tasks_and_times(cluster: Any, client: Any, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    code = main(["count", "9", "-b", "backtrack", "--scheduler", cluster.scheduler_address,
                 "--split-depth", "2", "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0
    assert doc["count"] == A000170[9] and doc["complete"]
    stats = doc["stats"]
    # a plain board on the bitboard route keeps the symmetry-class cut on the cluster too
    assert stats["executor"] == "dask" and stats["plan"] == "classes"
    assert stats["tasks"] == len(make_partition(Spec(9), 2, "classes"))
    assert 0 < stats["task_mean_s"] <= stats["task_max_s"]


def test_count_moves_between_local_and_cluster(cluster: Any, client: Any) -> None:
    """What a checkpoint relies on: the run loop records the same entries on either
    executor, so a run started inline finishes on the cluster by skipping what is recorded."""
    spec = Spec(11)
    plan = make_partition(spec, 2)
    recorded: dict[str, int] = {}

    class Recorder:  # the ledger's interface, in memory
        done = recorded
        canonical: ClassVar[dict[str, int]] = {}
        path: ClassVar[Path] = Path("in-memory")  # named by a count that gives up

        def record(self, key: str, value: int, seconds: float,
                   canonical: int | None = None) -> None:
            assert key not in recorded
            recorded[key] = value

    head = Partition(plan.kind, plan.depth, plan.subproblems[: len(plan) // 3])
    with open_executor("inline") as workers:
        # Recorder is the ledger's interface without a file: not a Ledger, on purpose
        first = run(spec, head, workers=workers, task=solver_task, ledger=Recorder())  # type: ignore[arg-type]
    with open_executor("dask", scheduler=cluster.scheduler_address) as workers:
        assert workers.slots == 2
        rest = run(spec, plan, workers=workers, task=solver_task, ledger=Recorder())  # type: ignore[arg-type]
    assert first.complete and rest.complete
    assert set(recorded) == {sub.key for sub in plan.subproblems}
    assert first.total == sum(recorded[sub.key] for sub in head.subproblems)
    assert rest.total == sum(recorded.values()) == A000170[11]


def test_worker_killed_mid_run_loses_nothing(cluster: Any, client: Any) -> None:
    spec = Spec(12)
    subs = make_partition(spec, 1, "classes").subproblems  # a plain board's split on the bitboard route
    pids_before = set(client.run(os.getpid).values())
    seen: list[str] = []
    killed: list[int] = []

    def kill_once(progress: Progress) -> None:
        seen.append(progress.key)
        if not killed:
            # a single-threaded worker with a task assigned dies in the middle of it
            victim, tasks = max(client.processing().items(), key=lambda item: len(item[1]))
            assert tasks, "no worker was running a task"
            pid = client.run(os.getpid, workers=[victim])[victim]
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    outcome = on_cluster(spec, cluster, "backtrack", depth=1, on_progress=kill_once)
    assert killed and killed[0] in pids_before
    assert outcome.complete and outcome.count == A000170[12]
    assert sorted(seen) == sorted(sub.key for sub in subs)  # each subproblem once
    # the nanny restarts the victim; the count may end before the scheduler saw it die,
    # so wait until the live workers are two again and the victim is not among them
    import time

    limit = time.monotonic() + 60
    while True:
        pids = client.run(os.getpid, on_error="ignore")
        if len(pids) == 2 and killed[0] not in pids.values():
            break
        assert time.monotonic() < limit, f"the victim was not replaced: {pids}"
        time.sleep(0.2)


def test_task_that_keeps_failing_is_reported_with_its_key(cluster: Any, client: Any) -> None:
    sub = Subproblem((3, 0))
    with dask_executor(cluster.scheduler_address, retries=1) as executor:
        future = executor.submit(lambda spec, s: 1 // 0, Spec(6), sub)
        with pytest.raises(TaskFailedError, match=r"subproblem 3\.0 failed.*ZeroDivisionError"):
            future.result(timeout=60)


def test_task_whose_worker_keeps_dying_is_reported(cluster: Any, client: Any) -> None:
    sub = Subproblem((1, 4))
    executor = SubproblemExecutor(client, retries=0)
    future = executor.submit(lambda spec, s: os._exit(1), Spec(6), sub)
    with pytest.raises(TaskFailedError, match=r"subproblem 1\.4 failed.*KilledWorker"):
        future.result(timeout=120)
    client.wait_for_workers(2, timeout=60)


def test_cli_exits_3_naming_the_failed_subproblem(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from nqueens.counting import engine

    def fail(*args: Any, **kwargs: Any) -> Any:
        raise TaskFailedError("2.5", RuntimeError("worker ran out of memory"))

    monkeypatch.setattr(engine, "count_parts", fail)
    assert main(["count", "8", "--executor", "dask"]) == 3
    err = capsys.readouterr().err
    assert err.startswith("nqueens: error: subproblem 2.5 failed") and "incomplete" in err


def test_missing_dask_exits_2_with_install_hint(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` now fails
    assert main(["count", "8", "--executor", "dask"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("nqueens: error: ")
    assert "pip install 'nqueens[dask]'" in captured.err and "Traceback" not in captured.err


def test_unreachable_scheduler_exits_2_quickly() -> None:
    env = dict(os.environ)
    run = subprocess.run(
        [sys.executable, "-m", "nqueens", "count", "8", "--executor", "dask",
         "--scheduler", "tcp://127.0.0.1:1", "--connect-timeout", "1"],
        capture_output=True, text=True, env=env, timeout=60,
    )
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr.startswith("nqueens: error: cannot reach a Dask scheduler at 'tcp://127.0.0.1:1'")
    assert "Traceback" not in run.stderr and len(run.stderr.splitlines()) == 1


@pytest.mark.parametrize(
    "address", ["notanaddress", "foo://127.0.0.1:8786", "tcp://127.0.0.1:99999", "tcp://host:port"]
)
def test_malformed_scheduler_address_exits_2(address: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["count", "6", "--scheduler", address]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"nqueens: error: scheduler address {address!r} is not a Dask address")
    assert "tcp://HOST:PORT" in err and len(err.splitlines()) == 1


def test_checkpointed_count_moves_between_local_and_cluster(
    tmp_path: Path, cluster: Any, client: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """A checkpoint started locally is finished on the cluster (and vice versa) to the exact
    total: both executors record the same subproblems in the same file."""
    import json

    checkpoint = tmp_path / "n10.ckpt"
    common = ["count", "10", "-b", "backtrack", "--split-depth", "2",
              "--checkpoint", str(checkpoint), "--format", "json"]
    assert main([*common, "--jobs", "1"]) == 0
    local = json.loads(capsys.readouterr().out)
    lines = checkpoint.read_text().splitlines()
    assert local["count"] == A000170[10] and len(lines) > 10
    checkpoint.write_text("\n".join(lines[: len(lines) // 2]) + "\n")  # keep half the records
    assert main([*common, "--scheduler", cluster.scheduler_address]) == 0
    resumed = json.loads(capsys.readouterr().out)
    assert resumed["count"] == A000170[10] and resumed["complete"]
    assert len(checkpoint.read_text().splitlines()) == len(lines)


def _ledger(path: Path) -> dict[str, int]:
    import json

    return {r["key"]: r["count"] for r in map(json.loads, path.read_text().splitlines()[1:])}


@pytest.mark.parametrize(("spec", "backend", "expected"), [
    pytest.param(Spec(10), "backtrack", A000170[10], id="n10"),
    pytest.param(Spec(11), "backtrack", A000170[11], id="n11"),
    pytest.param(COMPLETION, "sat", None, id="completion-sat"),
])
def test_every_executor_gives_the_same_total_and_records(
    tmp_path: Path, cluster: Any, client: Any, spec: Spec, backend: str, expected: int | None
) -> None:
    if expected is None:  # the completion model: the brute-force reference is too slow at n=10
        expected = count(spec, backend="backtrack").count
        assert expected == count(spec, backend="cpsat").count > 0
    ledgers = {}
    for executor, jobs in (("inline", None), ("local", 2), ("dask", None)):
        path = tmp_path / f"{executor}.ckpt"
        outcome = split_count(spec, backend, jobs=jobs, split=Split(
            executor, depth=2, checkpoint=path, scheduler=cluster.scheduler_address))
        assert outcome.complete and outcome.count == expected, executor
        assert outcome.stats["executor"] == executor
        ledgers[executor] = _ledger(path)
    assert ledgers["inline"] == ledgers["local"] == ledgers["dask"]
    assert sum(ledgers["inline"].values()) == expected


def test_a_count_started_on_one_executor_resumes_on_another(
    tmp_path: Path, cluster: Any, client: Any
) -> None:
    """dask -> inline -> local, each run stopped after a third of the subproblems."""
    spec, path = Spec(11), tmp_path / "c.ckpt"
    plan_size = len(make_partition(spec, 2, "classes"))  # a plain board's split on the bitboard route
    stops = iter((plan_size // 3, 2 * plan_size // 3))
    for executor in ("dask", "inline", "local"):
        deadline = Deadline(None)
        stop_at = next(stops, None)

        def stop_early(progress: Progress, stop_at: int | None = stop_at,
                       deadline: Deadline = deadline) -> None:
            if stop_at is not None and progress.done >= stop_at:
                deadline.stop()

        outcome = split_count(spec, "backtrack", jobs=2, split=Split(
            executor, depth=2, checkpoint=path, scheduler=cluster.scheduler_address),
                              deadline=deadline, on_progress=stop_early)
        recorded = _ledger(path)
        assert outcome.count == sum(recorded.values())  # what the ledger holds, no more
        assert outcome.complete == (stop_at is None)
    assert len(recorded) == plan_size and outcome.count == A000170[11]
    lines = path.read_text().splitlines()[1:]
    assert len(lines) == plan_size  # each subproblem recorded once across the three runs


def test_time_limit_reaches_the_cluster_tasks(cluster: Any, client: Any) -> None:
    """Tasks on the cluster stop at the limit too (wall-clock time), so the workers are
    free right after a timed-out count; without it each 20-queens task ran for minutes."""
    import time

    started = time.monotonic()
    outcome = split_count(Spec(20), "backtrack", deadline=Deadline(1.0),
                          split=Split("dask", depth=1, scheduler=cluster.scheduler_address))
    assert not outcome.complete and time.monotonic() - started < 15
    freed = time.monotonic()
    assert client.submit(sum, [1, 2], pure=False).result(timeout=30) == 3
    assert time.monotonic() - freed < 5  # no worker still walking a 20-queens subproblem


def test_timed_out_count_on_a_private_cluster_ends_quietly() -> None:
    """A stop cancels the cluster's tasks and closes it: exit 3 with the lower bound, and no
    Dask log lines or tracebacks about the futures it could no longer gather (there were
    dozens), no resource-tracker warning, no backstop exit."""
    env = dict(os.environ)
    done = subprocess.run(
        [sys.executable, "-m", "nqueens", "count", "20", "--executor", "dask", "--jobs", "2",
         "--timeout", "2", "--format", "json"],
        capture_output=True, text=True, env=env, timeout=120,
    )
    assert done.returncode == 3, done.stderr
    doc = json.loads(done.stdout)
    assert doc["status"] == "timeout" and doc["complete"] is False
    assert done.stderr.splitlines() == [line for line in done.stderr.splitlines()
                                        if line.startswith("nqueens: warning: ")]


@pytest.mark.parametrize("delay", [0.8, 2.0, 3.5])
def test_ctrl_c_while_a_private_cluster_starts_is_one_line(delay: float) -> None:
    """Issue 24.9: a Ctrl-C to the process group while the private cluster's workers start
    (they import Dask then) is exit 3 and one line, with no worker tracebacks and no
    "Nanny failed to start"; the report says how long the command ran. The count (n = 19,
    about a minute of work) outlasts the latest Ctrl-C."""
    env = dict(os.environ)
    process = subprocess.Popen(
        [sys.executable, "-m", "nqueens", "count", "19", "--executor", "dask", "--jobs", "2",
         "--format", "json"],
        text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
        start_new_session=True)
    import time

    time.sleep(delay)
    os.killpg(process.pid, signal.SIGINT)
    try:
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 3, err
    assert "Traceback" not in err and "Nanny" not in err, err
    lines = [line for line in err.splitlines() if not line.startswith("nqueens: warning: ")]
    assert len(lines) == 1 and lines[0].startswith("nqueens: interrupted"), err
    doc = json.loads(out)
    assert doc["status"] == "interrupted" and doc["elapsed"] > delay / 2
    assert doc["stats"]["executor"] == "dask"


def test_join_parts_on_the_cluster_sum_to_the_total(cluster: Any, client: Any) -> None:
    from nqueens.counting.join import join_task

    outcome = count_parts(Spec(13), backend="backtrack", partition="join", task=join_task,
                          split=Split("dask", depth=2, scheduler=cluster.scheduler_address))
    assert outcome.complete and outcome.count == A000170[13]
    assert outcome.stats["plan"] == "join" and outcome.stats["tasks"] == 16


def test_cli_counts_by_the_join_on_the_cluster(cluster: Any, client: Any,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["count", "14", "--scheduler", cluster.scheduler_address, "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and doc["count"] == A000170[14] and doc["complete"]
    assert doc["stats"]["executor"] == "dask" and doc["stats"]["plan"] == "join"
