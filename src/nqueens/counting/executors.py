"""Where the run loop's tasks run: inline, a local process pool, or a Dask cluster.

All three are one small interface, `Workers` (a `concurrent.futures.Executor` or None for
inline, the number of tasks that run at once, and `abort()` for a stop), opened with
`open_executor`. The local pool's workers come from a fork server started signal-safe
(`start_fork_server`), never import the caller's main module (a script without a main
guard, or one read from standard input, still counts on processes), ignore SIGINT/SIGTERM
sent to the whole process group (the parent decides when to stop, and keeps what
finished) and exit when the parent dies. Dask is imported only for the "dask" executor
(`cluster.py`).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, InvalidStateError
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from ..result import Deadline
from .route import EXECUTORS, ExecutorName

_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def default_jobs() -> int:
    """The cores this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


@dataclass
class Workers:
    """An open executor, named `name` (EXECUTORS); `executor` None means inline (in the
    calling thread)."""

    name: ExecutorName
    slots: int
    executor: Executor | None = None
    aborted: bool = field(default=False)
    #: Tells the running tasks to return what they counted so far (`request_stop`).
    stop_tasks: Callable[[], None] | None = None
    #: The name of a cluster's stop event, which its tasks watch (`tasks.TaskLimit`).
    stop_key: str | None = None
    #: A local pool's: a new pool in place of a broken one (a worker died).
    renew: Callable[[], Executor] | None = None

    def restart(self) -> None:
        """Replace a local pool that broke (one of its workers died) by a new one; its
        other workers are ended first."""
        if self.renew is None:
            raise RuntimeError(f"the {self.name} executor cannot be restarted")
        if self.executor is not None:
            _kill_pool(self.executor)
        self.executor = self.renew()

    def request_stop(self) -> None:
        """Ask the running tasks to stop and return their partial counts (the run loop
        then collects them before `abort`); safe to call more than once, or from a
        signal handler."""
        if self.stop_tasks is not None:
            self.stop_tasks()

    def cancel_queued(self, futures: dict[Future[Any], Any]) -> None:
        """Cancel, and drop from `futures`, the tasks that have not started."""
        queued = [f for f in futures if f.cancel()] if self.name == "local" else (
            getattr(self.executor, "cancel_queued", lambda fs: [])(list(futures)))
        for future in queued:
            futures.pop(future, None)

    def abort(self) -> None:
        """Stop now: drop queued tasks and end running ones (what they were counting is
        not recorded, so a resumed run counts it again)."""
        self.aborted = True
        if self.name == "local" and self.executor is not None:
            _kill_pool(self.executor)
        elif self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)


class ExecutorStopped(Exception):
    """A stop came while the executor was opening (`open_executor`'s `should_stop`)."""


@contextmanager
def open_executor(
    name: ExecutorName = "local",
    *,
    jobs: int | None = None,
    scheduler: str | None = None,
    connect_timeout: float | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Iterator[Workers]:
    """Open the executor `name` (EXECUTORS); shut it down on exit.

    Args:
        jobs: local: worker processes (default: all cores; 1 runs inline). dask: workers
            of a private loopback cluster when there is no `scheduler`.
        scheduler, connect_timeout: for "dask" (see `cluster.dask_executor`).
        should_stop: for "dask": checked before a cluster starts.

    Raises:
        ValueError: an unknown name.
        ExecutorStopped: `should_stop` said so before a cluster started.
        cluster.ClusterError: Dask missing or its scheduler unreachable.
    """
    if name not in EXECUTORS:
        raise ValueError(f"executor must be one of {EXECUTORS}, got {name!r}")
    if name == "dask":
        from . import DEFAULT_CONNECT_TIMEOUT
        from .cluster import dask_executor

        def check_stop() -> None:
            if should_stop is not None and should_stop():
                raise ExecutorStopped

        with dask_executor(scheduler, workers=default_jobs() if jobs is None else jobs,
                           connect_timeout=connect_timeout or DEFAULT_CONNECT_TIMEOUT,
                           check_stop=check_stop, prepare_workers=start_fork_server) as cluster:
            yield Workers("dask", cluster.slots, cluster, stop_tasks=cluster.stop_tasks,
                          stop_key=cluster.stop_name)
        return
    jobs = default_jobs() if jobs is None else jobs
    if name == "inline" or jobs <= 1:
        yield Workers(name, 1, None)
        return
    from concurrent.futures import ProcessPoolExecutor

    from .processes import WorkerContext

    start_fork_server()
    context = WorkerContext()
    stop = context.Event()

    def pool() -> Executor:
        return ProcessPoolExecutor(max_workers=jobs, initializer=init_worker,
                                   initargs=(os.getpid(), stop), mp_context=context)

    workers = Workers("local", jobs, pool(), stop_tasks=stop.set, renew=pool)
    try:
        yield workers
    except BaseException:
        workers.abort()
        raise
    finally:
        if not workers.aborted and workers.executor is not None:
            workers.executor.shutdown(wait=True)


def start_fork_server() -> None:
    """Start the process pools' fork server now, from the main thread, with SIGINT and
    SIGTERM blocked while it starts: a signal to the process group landing while its
    interpreter is still starting would kill it with a traceback on our stderr. The
    server inherits the blocked mask across fork and exec, so it never takes them (nor do
    its workers, which also ignore both; see `init_worker`); this process keeps one that
    arrives meanwhile pending and takes it once the server runs. Ignoring the signals
    instead (SIG_IGN) would discard a pending one: a Ctrl-C the count ran through.
    Elsewhere than the main thread, or when already running, it just makes sure the
    server runs."""
    from multiprocessing import forkserver, resource_tracker

    _check_temporary_directory()
    _quiet_resource_tracker()
    # the server preloads nothing: were it to import the caller's main module (as Python
    # 3.12 on does with the default preload), a script without a main guard would run again
    forkserver.set_forkserver_preload([])
    if threading.current_thread() is not threading.main_thread():
        forkserver.ensure_running()
        return
    # The fork server starts the resource tracker first if it is not running, and the
    # tracker's start unblocks SIGINT and SIGTERM when done (it blocks them around its own
    # spawn), which would end the window below early. So the tracker starts first; it
    # protects its own start.
    resource_tracker.ensure_running()
    signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)
    try:
        forkserver.ensure_running()
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _SIGNALS)


def _check_temporary_directory() -> None:
    """Refuse, before any worker starts, a process pool that cannot work: its fork server
    listens on a socket in a temporary directory (`pymp-*`).

    Raises:
        InputError: no usable temporary directory, saying how to give one.
    """
    import tempfile

    from ..errors import InputError

    try:
        tempfile.gettempdir()
    except OSError:  # FileNotFoundError: none of TMPDIR, /tmp, ... can be written
        raise InputError(
            "worker processes need a writable temporary directory, and none of $TMPDIR, "
            "/tmp, /var/tmp or the current directory can be written; set TMPDIR to a "
            "writable directory, or count with --jobs 1"
        ) from None


#: Passed to the resource tracker's interpreter (it takes our -W options when it starts).
_TRACKER_QUIET = "ignore:resource_tracker:UserWarning"


def _quiet_resource_tracker() -> None:
    """Keep multiprocessing's resource tracker from printing "There appear to be N leaked
    semaphore objects" when a stopped command exits at once (`cli.guard`'s backstop, a
    second Ctrl-C): it still unlinks them, which is all that exit needs. Its interpreter
    gets our warning options when it starts, so this must run before the first pool."""
    if _TRACKER_QUIET not in sys.warnoptions:
        sys.warnoptions.append(_TRACKER_QUIET)


def remove_pool_files() -> None:
    """Remove multiprocessing's `pymp-*` directory (the fork server's socket), as its exit
    handler would: a process that leaves through `os._exit` (a second Ctrl-C) skips it."""
    multiprocessing = sys.modules.get("multiprocessing")
    if multiprocessing is None:  # no pool ever started
        return
    tempdir = multiprocessing.current_process()._config.get("tempdir")
    if tempdir:
        import shutil

        shutil.rmtree(tempdir, ignore_errors=True)


def _kill_pool(pool: Any) -> None:
    # Python 3.11's pool manager thread may then try to fail futures we just cancelled and
    # print an InvalidStateError traceback; the stop is deliberate, so keep stderr clean.
    threading.excepthook = _quiet_cancelled_futures
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.kill()  # workers ignore SIGTERM (see init_worker)
    for process in processes:
        process.join(timeout=1.0)


def _quiet_cancelled_futures(args: threading.ExceptHookArgs) -> None:
    if args.exc_value is None:  # (no exception object: the thread module's own report)
        threading.__excepthook__(args)
    elif not isinstance(args.exc_value, InvalidStateError):
        sys.__excepthook__(args.exc_type, args.exc_value, args.exc_traceback)


#: In a worker process: the pool's stop event, set by the parent on a stop (`init_worker`).
_stop_event: Any = None
#: In a worker process: the deadlines of the tasks running now (`worker_deadline`).
_running: list[Deadline] = []


def worker_deadline(at: float | None) -> Deadline:
    """A task's deadline expiring at monotonic time `at` (None: never) or, in a pool's
    worker, when the parent sets the pool's stop event: the task then returns its
    partial count instead of being killed with it. `release` it when the task ends."""
    deadline = Deadline(None)
    deadline.at = at
    if _stop_event is not None:
        _running.append(deadline)
        if _stop_event.is_set():
            deadline.stop()
    return deadline


def release(deadline: Deadline) -> None:
    """The task holding `deadline` ended (see `worker_deadline`)."""
    if deadline in _running:
        _running.remove(deadline)


def _watch_stop(event: Any) -> None:
    event.wait()
    for deadline in list(_running):
        deadline.stop()  # runs the solver's hooks (PySAT interrupt, CP-SAT stop_search)


def init_worker(parent_pid: int, stop: Any = None) -> None:
    """Initializer for worker processes. The parent decides when to stop, so Ctrl-C or
    SIGTERM sent to the whole process group must not kill workers mid-task; they are
    ignored and blocked (a solver that installs its own handler in the worker never sees
    them). The parent's `stop` event instead makes running tasks return their partial
    counts (`worker_deadline`). A worker whose parent died (SIGKILL, crash) exits instead of
    waiting forever."""
    global _stop_event
    if stop is not None:
        _stop_event = stop
        threading.Thread(target=_watch_stop, args=(stop,), name="nqueens-stop-watch",
                         daemon=True).start()
    for sig in _SIGNALS:
        signal.signal(sig, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)

    def watch() -> None:
        while _alive(parent_pid):
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="nqueens-parent-watch", daemon=True).start()


def _alive(pid: int) -> bool:
    """Whether process `pid` still runs (a zombie, killed but not yet reaped, does not)."""
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, PermissionError):  # gone, or the pid now belongs to another user
        return False
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as handle:
            return handle.read().rpartition(")")[2].split()[0] not in ("Z", "X")
    except (OSError, IndexError):  # no /proc (not Linux): trust os.kill
        return True
