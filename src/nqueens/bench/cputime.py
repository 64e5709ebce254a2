"""The CPU time of a whole command: its own and that of every process it started. A process
pool's workers are not always waited for by the command, so their time never reaches its
resource usage; /proc (Linux) is read every 0.2 s for the command and the processes below
it, and the larger of the two figures is taken."""

from __future__ import annotations

import contextlib
import os
import resource
import subprocess
import time
from typing import NamedTuple

__all__ = ["Timed", "run_timed"]


class Timed(NamedTuple):
    returncode: int
    stdout: str
    stderr: str
    wall: float
    cpu: float


def _tree_ticks(root: int, seen: dict[int, int]) -> None:
    """Note in `seen` the CPU ticks (user + system) so far of `root` and every process
    below it."""
    parents: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rpartition(")")[2].split()
        except OSError:  # gone meanwhile
            continue
        parents[int(entry)] = int(fields[1])
        ticks[int(entry)] = int(fields[11]) + int(fields[12])
    tree = {root}
    while below := {pid for pid, parent in parents.items() if parent in tree} - tree:
        tree |= below
    for pid in tree & ticks.keys():
        seen[pid] = max(seen.get(pid, 0), ticks[pid])


def run_timed(command: list[str], timeout: float | None = None,
              env: dict[str, str] | None = None) -> Timed:
    """Run `command` to its end and time it: wall seconds, and CPU seconds of it and every
    process it started.

    Raises:
        subprocess.TimeoutExpired: it ran past `timeout` seconds (it is killed first).
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    seen: dict[int, int] = {}
    proc = os.path.isdir("/proc")
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          env=env) as process:
        try:
            while process.poll() is None:
                if proc:
                    _tree_ticks(process.pid, seen)
                if timeout is not None and time.perf_counter() - started > timeout:
                    raise subprocess.TimeoutExpired(command, timeout)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(0.2)  # returns as soon as it ends: the wall time is exact
        except BaseException:
            process.kill()
            raise
        out, err = process.communicate()
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = max((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime),
              sum(seen.values()) / os.sysconf("SC_CLK_TCK") if seen else 0.0)
    return Timed(process.returncode, out, err, wall, cpu)
