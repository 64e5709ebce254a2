"""Progress bars appear on stderr only when it is a terminal, never in pipes or CI, and
never touch stdout."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import struct
import subprocess
import sys
import termios

import pytest

from cli_process import run
from known_counts import A000170

COUNT = ["count", "10", "--backend", "backtrack", "--split-depth", "2", "--format", "json"]


def _env(**changes: str | None) -> dict[str, str]:
    env = dict(os.environ)
    for key, value in changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def test_silent_in_a_pipe() -> None:
    done = run(*COUNT, env=_env(NQUEENS_PROGRESS=None))
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout)["count"] == A000170[10]


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
@pytest.mark.parametrize(("ci", "expect_bar"), [(None, True), ("true", False)],
                         ids=["terminal", "terminal-in-CI"])
def test_bar_on_a_terminal_only_outside_ci(ci: str | None, expect_bar: bool) -> None:
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "nqueens", *COUNT], stdout=subprocess.PIPE, stderr=follower,
            env=_env(NQUEENS_PROGRESS=None, CI=ci), text=True,
        )
        os.close(follower)
        out, _ = process.communicate(timeout=60)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal closed with the process
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(leader)
    terminal = b"".join(chunks).decode(errors="replace")
    assert process.returncode == 0
    assert json.loads(out)["count"] == A000170[10]  # stdout carries the result only
    assert ("subproblems" in terminal) is expect_bar
    if expect_bar:
        assert "/" in terminal and "solutions=" in terminal  # done of total, solutions so far


def test_forced_bar_for_enumeration_leaves_stdout_clean() -> None:
    done = run("solve", "8", "--all", "--format", "jsonl", "--backend", "backtrack",
               env=_env(NQUEENS_PROGRESS="1"))
    assert done.returncode == 0
    assert "solutions" in done.stderr
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert records[-1]["count"] == A000170[8] == len(records) - 1
