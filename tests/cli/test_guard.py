"""The guard around a command's search (`cli.guard`), in process: signals that arrive
together are one stop and the search's own result is reported (issue 32, item 7: `timeout
-s INT` signals the process and its group at once, and the count was dropped as after a
second Ctrl-C); a report the guard makes for a search that did not return states the time
the search ran (it said 0.000 s)."""

from __future__ import annotations

import json
import os
import signal
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from nqueens.cli import guard as guard_module
from nqueens.cli.guard import Guard
from nqueens.planning import Plan


class _Seen:
    """How many signals the guard has handled and how often it has looked at the search,
    so that the search can wait for the guard instead of sleeping."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.counts = {"_on_signal": 0, "_tick": 0}
        self.changed = threading.Condition()
        for name in self.counts:
            monkeypatch.setattr(Guard, name, self._counted(name, getattr(Guard, name)))

    def _counted(self, name: str, real: Callable[..., None]) -> Callable[..., None]:
        def counted(guard: Guard, *args: Any) -> None:
            real(guard, *args)
            with self.changed:
                self.counts[name] += 1
                self.changed.notify_all()
        return counted

    def wait(self, name: str, at_least: int) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: self.counts[name] >= at_least, timeout=10)


@pytest.mark.parametrize("same_stop", [None, 0.0], ids=["together", "apart"])
def test_signals_that_arrive_together_are_one_stop(
        same_stop: float | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two SIGINTs handled one after the other at once leave the search to return its
    result; with no window for "together" (SAME_STOP = 0) the second one abandons it."""
    if same_stop is not None:
        monkeypatch.setattr(guard_module, "SAME_STOP", same_stop, raising=False)
    seen = _Seen(monkeypatch)
    abandoned: list[str] = []

    def abandon(guard: Guard, report: Callable[[], Any]) -> None:
        abandoned.append("abandoned")
        raise _Exited(3)

    monkeypatch.setattr(Guard, "_abandon", abandon)

    def search() -> str:
        for handled in (1, 2):  # the same stop twice: to the process, then to its group
            os.kill(os.getpid(), signal.SIGINT)
            seen.wait("_on_signal", handled)
        seen.wait("_tick", seen.counts["_tick"] + 2)  # the guard has looked since
        return "the search's own result"

    guard = Guard(None, grace=60)
    if same_stop is None:
        assert guard.run(search, lambda: None) == "the search's own result"
        assert abandoned == [] and guard.signal_name == "SIGINT"
    else:
        with pytest.raises(_Exited):
            guard.run(search, lambda: None)
        assert abandoned == ["abandoned"]


class _Exited(BaseException):
    """os._exit, which the guard calls after its report, raised instead in this process."""


@pytest.fixture
def held_search(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A count whose search ignores the stop (Ctrl-C sent from inside it) until the test
    ends; the guard's exit raises instead of ending the test process."""
    release = threading.Event()

    def run(self: Plan, deadline: Any, **kwargs: Any) -> Any:
        os.kill(os.getpid(), signal.SIGINT)
        release.wait(30)
        raise RuntimeError("released")

    def leave(code: int) -> None:
        raise _Exited(code)

    monkeypatch.setattr(Plan, "run", run)
    monkeypatch.setattr(guard_module.os, "_exit", leave)
    monkeypatch.setattr("nqueens.counting.executors.remove_pool_files", lambda: None)
    monkeypatch.setitem(Guard.__init__.__kwdefaults__, "grace", 0.05)
    yield
    release.set()


@pytest.mark.usefixtures("held_search")
def test_a_report_the_guard_makes_states_the_time_the_search_ran(
        capsys: pytest.CaptureFixture[str]) -> None:
    from nqueens.cli import main

    with pytest.raises(_Exited):
        main(["count", "8", "--backend", "backtrack", "--format", "json"])
    out, err = capsys.readouterr()
    doc = json.loads(out)
    assert doc["status"] == "interrupted" and doc["complete"] is False
    assert doc["elapsed"] >= 0.05  # at least the grace it waited after the stop
    assert err.endswith("exiting without waiting for the search\n")


def test_a_time_limit_counts_from_the_start_of_the_command(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`--timeout S` is S seconds of the whole command, imports and model reading included:
    the guard's deadline is what is left of S since the command began (issue 39, 5), not
    since the start of a process that called `cli.main` hours later (a test suite)."""
    import time

    from nqueens.cli import common

    common.begin_command(time.monotonic() - 1.5)  # a command that began 1.5 s ago
    try:
        remaining = Guard(2.0).deadline.remaining()
        assert remaining is not None and 0.4 < remaining <= 0.5
        assert Guard(1.0).deadline.expired()  # used up before the search: stops at once
        assert Guard(None).deadline.remaining() is None
    finally:
        common.end_command()
    remaining = Guard(2.0).deadline.remaining()  # outside a command: from its creation
    assert remaining is not None and 1.9 < remaining <= 2.0


def test_the_command_in_a_long_running_process_gets_its_whole_limit(
        monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., Any]) -> None:
    """A host process that has run for longer than the limit (a test suite, a notebook)
    still gives the command its time: make this process look 100 s old to the clock /proc's
    start time is read against, and a count of 8 still finishes within its 30 s."""
    import time

    real = time.clock_gettime

    def older(clock: int) -> float:
        return real(clock) + (100.0 if clock == time.CLOCK_BOOTTIME else 0.0)

    monkeypatch.setattr(time, "clock_gettime", older)
    got = run_cli("count", "8", "--backend", "backtrack", "--timeout", "30")
    assert got.code == 0, got.err
    assert got.out.startswith("8-queens: 92 solutions")


def test_the_console_script_counts_from_its_process_start() -> None:
    """A real process is the command: starting Python counts (as a user timing it sees)."""
    import subprocess
    import sys

    probe = ("import time; time.sleep(0.3); "
             "from nqueens.entry import seconds_since_process_start as s; print(s())")
    ran = float(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                               check=True, timeout=60).stdout)
    assert 0.3 <= ran < 60
