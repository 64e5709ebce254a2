"""The join of partial boards as a whole command on processes: `count N` with auto on a
process pool, and a checkpointed join interrupted with SIGINT that keeps its finished
parts and resumes to the exact OEIS total."""

from __future__ import annotations

import json
import signal
from pathlib import Path

from cli_process import line_count, run, start, wait_for
from known_counts import A000170


def test_count_on_two_processes_joins_to_the_total() -> None:
    done = run("count", "16", "--jobs", "2", "--format", "json")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["count"] == A000170[16] and doc["complete"] is True
    assert doc["stats"]["plan"] == "join" and doc["stats"]["executor"] == "local"
    assert "join of partial boards" in doc["route"]


def test_interrupted_join_resumes_to_the_exact_total(tmp_path: Path) -> None:
    path = tmp_path / "join.ckpt"
    args = ["count", "17", "--jobs", "2", "--checkpoint", str(path), "--split-depth", "4",
            "--format", "json"]
    out_file, err_file = tmp_path / "out", tmp_path / "err"
    with out_file.open("w") as out_handle, err_file.open("w") as err_handle:
        process = start(*args, stdout=out_handle, stderr=err_handle)
    wait_for(lambda: line_count(path) >= 6, timeout=60, what="five recorded parts")
    assert process.poll() is None, "the count finished before the signal: make it larger"
    process.send_signal(signal.SIGINT)
    process.wait(timeout=60)
    err = err_file.read_text()
    assert process.returncode == 3, err
    doc = json.loads(out_file.read_text())
    recorded = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    assert 5 <= len(recorded) < 256 and all(r["key"].startswith("j:") for r in recorded)
    assert doc["complete"] is False
    assert doc["count"] >= sum(r["count"] for r in recorded) == doc["stats"]["recorded"]

    resumed = run(*args, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    assert f"{len(recorded)} of 256 subproblems already counted" in resumed.stderr
    doc = json.loads(resumed.stdout)
    assert doc["complete"] is True and doc["count"] == A000170[17]
