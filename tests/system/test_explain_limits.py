"""`nqueens explain` on a large board in a real process: --timeout and SIGINT stop its very
first check (is the instance solvable?) within about a second, exit 3, with the documented
record (main: `explain 16384 --timeout 2` still ran at 25 s; `explain 32768` ignored SIGINT
for minutes)."""

from __future__ import annotations

import json
import signal
import time
from pathlib import Path

import pytest

from cli_process import run, start, wait_for, wait_until_guarded

pytestmark = pytest.mark.system

#: A board whose first check takes the propagating search tens of seconds.
LARGE = "16384"


def test_timeout_stops_the_first_check_of_a_large_board() -> None:
    started = time.monotonic()
    result = run("explain", LARGE, "--fixed", "0,0", "--timeout", "1", "--format", "json",
                 timeout=30)
    took = time.monotonic() - started
    assert result.returncode == 3, result.err
    assert took < 3.5, took
    doc = json.loads(result.stdout)
    assert doc["satisfiable"] is None and doc["complete"] is False and doc["n"] == 16384


def test_sigint_stops_the_first_check_of_a_large_board() -> None:
    process = start("explain", LARGE)
    wait_until_guarded(process.pid)
    wait_for(lambda: _resident_mb(process.pid) > 150, 30,
             what="the search's board (268 MB) in memory")  # the check has begun
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    took = time.monotonic() - sent
    assert process.returncode == 3, err
    assert took < 2.0, took
    assert "stopped before it was known whether it has a solution" in out
    assert "interrupted by SIGINT" in err and "Traceback" not in err


def _resident_mb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) // 1024
    return 0
