"""`nqueens bench --quick` runs and writes its files (a smoke test; speed is not tested)."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path


def test_bench_quick_writes_table_and_files(tmp_path: Path) -> None:
    out = tmp_path / "bench"
    run = subprocess.run(
        [sys.executable, "-m", "nqueens", "bench", "--quick", "--only", "large n",
         "--output-dir", str(out)],
        capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert "construct" in run.stdout and "valid" in run.stdout
    with (out / "bench.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert rows and rows[0]["status"] == "ok" and float(rows[0]["median"]) > 0
    assert json.loads((out / "bench.json").read_text())["results"][0]["answer"] == "valid"
    assert (out / "bench.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_bench_rejects_an_unknown_workload(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "nqueens", "bench", "--quick", "--only", "nothing-like-this",
         "--output-dir", str(tmp_path)],
        capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 2 and "nqueens: error:" in run.stderr


def test_bench_cross_checks_answers() -> None:
    from nqueens.bench.run import Measurement, Subject, Workload, _compare

    ref = Subject("ref", lambda n: [], "reference")
    ours = Subject("ours", lambda n: [])
    group = [Measurement("g", "count", 8, "ref", "reference", [1.0], 1.0, "ok", "92"),
             Measurement("g", "count", 8, "ours", "nqueens", [0.5], 0.5, "ok", "91")]
    _compare(Workload("g", "count", (8,), (ref, ours)), group)
    assert group[1].status == "disagree"
    assert group[1].ratio == 0.5


def test_the_benchs_own_writes_fail_in_one_line(tmp_path: Path) -> None:
    """Under a file-size limit of 1 KiB the C reference's source cannot be written: one line
    naming the file and the limit, exit 2, no traceback, no results."""
    import resource

    def limit_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (1024, resource.getrlimit(
            resource.RLIMIT_FSIZE)[1]))

    out = tmp_path / "bench"
    run = subprocess.run(
        [sys.executable, "-m", "nqueens", "bench", "--quick", "--only", "large n",
         "--output-dir", str(out)],
        capture_output=True, text=True, timeout=120, preexec_fn=limit_files,
    )
    assert run.returncode == 2, run.stderr
    assert run.stderr.startswith("nqueens: error: ") and run.stderr.count("\n") == 1
    assert "file-size limit" in run.stderr and "Traceback" not in run.stderr
    assert list(out.iterdir()) == []
