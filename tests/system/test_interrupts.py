"""Ctrl-C (SIGINT) and SIGTERM stop `solve --all` and `count` cleanly: every solution found
is printed, the count is reported as a lower bound, exit 3. JSON lines stream as found, and
a run killed outright (SIGKILL) leaves whole, valid lines only."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from nqueens import Spec, find_violations

from cli_process import line_count, run, start, wait_for, wait_until_guarded


def _solutions(lines: list[str], n: int) -> list[list[int]]:
    records = [json.loads(line) for line in lines]
    columns = [r["columns"] for r in records if r["type"] == "solution"]
    for placement in columns:
        assert find_violations(Spec(n), placement) == []
    assert len(set(map(tuple, columns))) == len(columns)
    return columns


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_signal_during_enumeration_keeps_every_solution(backend: str, sig: signal.Signals) -> None:
    with start("solve", "14", "--all", "--format", "jsonl", "--backend", backend) as process:
        assert process.stdout is not None and process.stderr is not None
        first = process.stdout.readline()  # streamed: arrives while the search still runs
        assert process.poll() is None
        process.send_signal(sig)
        # read on through the same buffered file: communicate() would skip lines it holds
        rest = process.stdout.read()
        err = process.stderr.read()
        assert process.wait(timeout=30) == 3, err
    lines = [first, *rest.splitlines()]
    summary = json.loads(lines[-1])
    assert summary["type"] == "summary"
    assert summary["status"] == "interrupted" and summary["complete"] is False
    assert summary["count"] == len(_solutions(lines[:-1], 14)) >= 1
    assert f"interrupted by {sig.name}" in err and "Traceback" not in err


def test_sigint_during_count_reports_a_lower_bound() -> None:
    process = start("count", "20", "--backend", "backtrack", "--jobs", "1", "--format", "json")
    wait_until_guarded(process.pid)
    time.sleep(1.5)  # let it count a little (the first 20-queens solutions take ~0.2 s)
    assert process.poll() is None
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 3, err
    doc = json.loads(out)
    assert doc["status"] == "interrupted" and doc["complete"] is False
    assert doc["count"] > 0  # the backtracker finds 20-queens solutions within a second
    assert "lower bound" in err


def test_jsonl_cut_by_sigkill_holds_whole_valid_lines(tmp_path: Path) -> None:
    out = tmp_path / "solutions.jsonl"
    with out.open("w") as handle:
        process = start("solve", "13", "--all", "--format", "jsonl", "--backend", "backtrack",
                        stdout=handle, stderr=subprocess.DEVNULL)
        wait_for(lambda: line_count(out) >= 200, what="200 streamed solutions")
        process.kill()
        process.wait(timeout=30)
    assert process.returncode == -signal.SIGKILL
    text = out.read_text()
    assert text.endswith("\n")
    lines = text.splitlines()
    assert len(_solutions(lines, 13)) == len(lines) < 73712  # killed mid-run, no summary line
    checked = run("verify", str(out))  # the cut file is still valid input for verify
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.count(": valid\n") == len(lines)



# A command whose search ignores the stop while a process pool is open: the guard must leave
# at once on the second signal, and nothing of multiprocessing's may follow its line.
_STUCK_WITH_A_POOL = """
import os, signal, sys, threading, time
from nqueens.cli.guard import Guard
from nqueens.counting.executors import open_executor, start_fork_server

start_fork_server()
guard = Guard(None)

def work():
    with open_executor("local", jobs=2) as workers:
        workers.executor.submit(time.sleep, 0.01).result()  # the pool is up
        print("ready", flush=True)
        time.sleep(30)  # a search that does not notice the stop

def signal_twice():
    sys.stdin.readline()  # the test says when
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(0.2)  # handled one by one: Python keeps one pending flag per signal
    os.kill(os.getpid(), signal.SIGINT)

threading.Thread(target=signal_twice, daemon=True).start()
guard.run(work, lambda: print("partial result", flush=True))
"""


def test_second_signal_exits_at_once_without_multiprocessing_noise() -> None:
    """The second Ctrl-C leaves without waiting (exit 3, one line saying so), and Python's
    resource tracker, which unlinks the pool's semaphores, prints no "leaked" warning."""
    process = subprocess.Popen([sys.executable, "-c", _STUCK_WITH_A_POOL], text=True,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stdin is not None
    assert process.stdout.readline() == "ready\n"
    started = time.monotonic()
    process.stdin.write("go\n")
    process.stdin.flush()
    out, err = process.communicate(timeout=30)
    assert process.returncode == 3, err
    assert time.monotonic() - started < 10  # not the 30 s the work would take
    assert out == "partial result\n"
    assert "a second signal; exiting without waiting for the search" in err
    assert "leaked" not in err and "Traceback" not in err and "Warning" not in err
