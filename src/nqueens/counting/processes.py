"""How the local pool's worker processes start: from the fork server, without the caller's
main module.

A worker process is otherwise given the caller's main module and runs it again (as
`__mp_main__`) before its first task: a script without an `if __name__ == "__main__":`
guard would count again in every worker, and fail there (a process cannot start processes
while it starts), and a script read from standard input cannot be found at all. The tasks
live in this package, so a worker never needs the caller's main module: `WorkerContext`
launches workers whose preparation data leaves it out (`multiprocessing` takes that data
from `spawn.get_preparation_data`, so the main module is dropped from it while one of our
workers launches). The classes are module-level: a process object is pickled to the fork
server by reference. Imported only when a pool starts.
"""

from __future__ import annotations

import threading
from multiprocessing import context as contexts
from multiprocessing import popen_forkserver, popen_spawn_posix, spawn
from typing import Any

__all__ = ["SpawnedContext", "WorkerContext"]

_LAUNCH = threading.Lock()
_MAIN_KEYS = ("init_main_from_path", "init_main_from_name")


def _launch_without_main(launch: Any, process_obj: Any) -> None:
    """Launch a process (`launch`: a Popen's own `_launch`) with preparation data that
    leaves out the caller's main module."""
    with _LAUNCH:
        prepare = spawn.get_preparation_data

        def without_main(name: str) -> dict[str, Any]:
            data: dict[str, Any] = prepare(name)
            for key in _MAIN_KEYS:
                data.pop(key, None)
            return data

        spawn.get_preparation_data = without_main
        try:
            launch(process_obj)
        finally:
            spawn.get_preparation_data = prepare


class WorkerPopen(popen_forkserver.Popen):
    """The fork server's start of one process, without the caller's main module."""

    def _launch(self, process_obj: Any) -> None:
        _launch_without_main(super()._launch, process_obj)  # type: ignore[misc]  # untyped


class SpawnedPopen(popen_spawn_posix.Popen):
    """A fresh interpreter's start of one process, without the caller's main module: for a
    single child started under a time limit, which must not wait for the fork server to
    come up (the parent returns from `start` at once; the child imports on its own time)."""

    def _launch(self, process_obj: Any) -> None:
        _launch_without_main(super()._launch, process_obj)  # type: ignore[misc]  # untyped


class WorkerProcess(contexts.ForkServerProcess):
    @staticmethod
    def _Popen(process_obj: Any) -> Any:
        return WorkerPopen(process_obj)


class WorkerContext(contexts.ForkServerContext):
    """The fork server's context, whose processes are `WorkerProcess`es."""

    Process = WorkerProcess


class SpawnedProcess(contexts.SpawnProcess):
    @staticmethod
    def _Popen(process_obj: Any) -> Any:
        return SpawnedPopen(process_obj)


class SpawnedContext(contexts.SpawnContext):
    """The spawn context, whose processes are `SpawnedProcess`es."""

    Process = SpawnedProcess
