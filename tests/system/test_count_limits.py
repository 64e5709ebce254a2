"""A count and its plan end within about a second of their limit, and what cannot fit is
refused at once (issue 38, items 1-2, and issue 39, item 15): `count --plan` samples under
the command's one deadline, a board whose join fits no process is refused before any
sample, and a count by the join stopped in its first second says what it did."""

from __future__ import annotations

import json
import time

import pytest

from nqueens.counting import halfboards
from nqueens.counting.join import join_processes

from cli_process import run
from known_counts import A000170_LARGE

pytestmark = [pytest.mark.system,
              pytest.mark.skipif(not halfboards.join_available(), reason="compiled join not built")]

#: Seconds allowed past the limit: interpreter start-up and a loaded machine (the sample's
#: C loops poll the deadline every few milliseconds).
MARGIN = 2.0


def test_the_plan_of_a_large_count_stops_at_its_limit() -> None:
    """Before: `count 22 --plan --timeout 2` built its 2 GB tables for about a minute."""
    started = time.perf_counter()
    done = run("count", "22", "--plan", "--timeout", "1", timeout=60)
    elapsed = time.perf_counter() - started
    assert elapsed < 1 + MARGIN, (elapsed, done.stderr)
    assert done.returncode == 3, done.stderr
    assert "Traceback" not in done.stderr
    assert "  CPU: not measured: the time limit ran out" in done.stdout
    assert "  memory: about 2.1 GB each process" in done.stdout
    assert done.stderr.startswith("nqueens: the time limit ran out while the plan sampled")


@pytest.mark.skipif(join_processes(26, 1) > 0, reason="this machine holds a 26-board's join")
def test_a_plan_that_fits_no_process_is_refused_at_once() -> None:
    """Before: "memory 139 GB, fit 0", then a wall time on 2 processes."""
    started = time.perf_counter()
    done = run("count", "26", "--plan", timeout=60)
    elapsed = time.perf_counter() - started
    assert done.returncode == 2 and done.stdout == ""
    [line] = done.stderr.splitlines()
    assert line.startswith("nqueens: error: a count of the 26-board by the join of partial "
                           "boards needs about ") and "--executor dask" in line
    assert elapsed < 1 + MARGIN  # start-up, then nothing but arithmetic


def test_a_join_count_stopped_at_once_says_what_it_did() -> None:
    """Before: `count 20 --timeout 1` said "0 solutions" and nothing else; then "0
    solutions (at least ...)", its process still building the 20-board's tables (1.3 s
    here). They are listed as the units need them: the first second counts a lower bound
    (issue 39, item 15)."""
    started = time.perf_counter()
    done = run("count", "20", "--timeout", "1", timeout=60)
    assert time.perf_counter() - started < 1 + MARGIN + 1  # and the workers' stop
    assert done.returncode == 3, done.stderr
    [line] = [text for text in done.stderr.splitlines() if "the join stopped" in text]
    assert " of 4 parts finished and 1 cut short, " in line and "quarter tables were " in line
    count = int(done.stdout.split(": ")[1].split()[0])
    units = int(line.split(" cut short, ")[1].split()[0].replace(",", ""))
    assert 0 < count <= A000170_LARGE[20] and units > 0
    assert "(at least; search stopped: timeout)" in done.stdout


def test_a_short_limit_counts_on_this_process_at_once() -> None:
    """A limit shorter than a pool takes to start counts on this process, which counts
    from its first moment: a lower bound above 0 within a second at n = 18."""
    done = run("count", "18", "--timeout", "1", "--format", "json", timeout=60)
    assert done.returncode == 3, done.stderr
    doc = json.loads(done.stdout)
    assert doc["stats"]["slots"] == 1 and doc["count"] > 0
    assert doc["stats"]["tables_built"] == 1 and doc["stats"]["units_counted"] > 0
