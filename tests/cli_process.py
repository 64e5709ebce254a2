"""Running the real `nqueens` command in a subprocess, as users and scripts do.

`sys.executable -m nqueens` with the environment passed through, so the tests work from a
source checkout (PYTHONPATH=src) and after `pip install .` alike.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "nqueens", *args]


def run(*args: str, timeout: float = 60, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    kwargs.setdefault("env", os.environ)
    return subprocess.run(command(*args), capture_output=True, text=True,
                          timeout=timeout, check=False, **kwargs)


def start(*args: str, **kwargs: Any) -> subprocess.Popen[str]:
    kwargs.setdefault("stdout", subprocess.PIPE)
    kwargs.setdefault("stderr", subprocess.PIPE)
    kwargs.setdefault("env", os.environ)
    return subprocess.Popen(command(*args), text=True, **kwargs)


def wait_for(predicate: Any, timeout: float = 30, what: str = "condition") -> None:
    """Poll `predicate()` until true; fail the test (not hang) after `timeout` seconds."""
    limit = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > limit:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def line_count(path: Path) -> int:
    return path.read_text().count("\n") if path.exists() else 0


def wait_until_guarded(pid: int, timeout: float = 30) -> None:
    """Wait until the command's signal handlers are installed (its search is running), so a
    signal sent next tests the handling rather than interpreter start-up. Python catches
    SIGTERM only through our handler, so on Linux its bit in SigCgt says exactly that."""
    status = Path(f"/proc/{pid}/status")
    if not status.exists():  # no /proc: give start-up a generous moment instead
        time.sleep(3)
        return

    def caught() -> bool:
        for line in status.read_text().splitlines():
            if line.startswith("SigCgt:"):
                return bool(int(line.split()[1], 16) >> (15 - 1) & 1)
        return False

    wait_for(caught, timeout, what="the signal handlers")


def interrupted_once_waiting(script: str, *args: str, env: dict[str, str] | None = None,
                             while_waiting: Any = None,
                             timeout: float = 60) -> tuple[int, str, str]:
    """Run `python -c script ARGS`, a command made to hang where a test wants a stop: once
    it says "waiting" on stderr, call `while_waiting()` (what the test checks mid-way), send
    SIGINT, and return (code, stdout, stderr); the child is killed if it outlives the test."""
    import signal

    child = subprocess.Popen([sys.executable, "-c", script, *args], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env or os.environ)
    try:
        assert child.stderr is not None
        assert child.stderr.readline() == "waiting\n"
        if while_waiting is not None:
            while_waiting()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=timeout)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    return child.returncode, out, err
