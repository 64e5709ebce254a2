"""The Dask executor: the run loop's subproblem tasks on a Dask distributed cluster.

`dask_executor()` connects to a scheduler (or starts a private loopback LocalCluster) and
yields a `concurrent.futures.Executor` (`Client.get_executor()`), so the run loop hands out
the same tasks, with the same ledger records and progress, as on the local process pool. Faults:
the scheduler reruns the tasks of a worker that dies (up to its `allowed-failures`,
default 3); a task that raises is retried `retries` times; a task that still fails comes
back as `TaskFailedError` naming its subproblem, never as a silently missing count.

Dask is an optional dependency: it is imported only inside `dask_executor()`.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from contextlib import ExitStack, contextmanager, suppress
from typing import Any

from ..errors import QueensError, WorkerError
from ..wording import install_hint
from . import DEFAULT_CONNECT_TIMEOUT  # seconds for the scheduler, then a first worker
from .partition import Subproblem

#: Reruns of a task that raised (lost workers are counted by the scheduler instead).
DEFAULT_RETRIES = 2

INSTALL_HINT = f"install it with {install_hint('dask')}"


class ClusterError(QueensError):
    """Dask is missing, or the scheduler cannot be reached or has no workers."""


class TaskFailedError(WorkerError):
    """A subproblem's task failed on every attempt; the count is incomplete (the input was
    fine, the computation was not: the CLI exits 3)."""

    def __init__(self, key: str, cause: BaseException) -> None:
        self.key = key
        self.cause = cause
        reason = str(cause).split(". ")[0] or type(cause).__name__
        super().__init__(f"subproblem {key or '(whole board)'} failed on every attempt: "
                         f"{type(cause).__name__}: {reason}; the count is incomplete")


class SubproblemExecutor(Executor):
    """A concurrent.futures Executor over a Dask client that names each task after the
    subproblem among its arguments and turns a task's final failure into
    `TaskFailedError` with that subproblem's key.

    Attributes:
        slots: worker threads in the cluster when it was connected (for task sizing).
    """

    def __init__(self, client: Any, *, retries: int = DEFAULT_RETRIES, slots: int = 1,
                 on_cancel: Callable[[], None] | None = None) -> None:
        # pure=False: every submission is a fresh task, never a cached result of an earlier run
        self._inner = client.get_executor(retries=retries, pure=False)
        self._client = client
        self.slots = slots
        self._on_cancel = on_cancel
        self._keys: dict[Future[Any], str] = {}
        #: The name of the Dask Event that tells running tasks to stop (`stop_tasks`).
        self.stop_name = f"nqueens-stop-{uuid.uuid4().hex}"

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if kwargs:
            raise TypeError("SubproblemExecutor passes positional arguments only")
        sub = next((arg for arg in args if isinstance(arg, Subproblem)), None)
        label = sub.key if sub is not None else ""
        task_key = f"nqueens-{label or 'root'}-{uuid.uuid4().hex[:12]}"
        outer = _relabel(self._inner.submit(fn, *args, key=task_key), label)
        self._keys[outer] = task_key
        outer.add_done_callback(lambda done: self._keys.pop(done, None))
        return outer

    def stop_tasks(self) -> None:
        """Tell the running tasks to return their partial counts (`watch_cluster_stop`)."""
        from distributed import Event

        with suppress(Exception):  # a cluster going away: its tasks are lost anyway
            Event(self.stop_name, client=self._client).set()

    def cancel_queued(self, futures: list[Future[Any]]) -> list[Future[Any]]:
        """Cancel the tasks among `futures` that no worker is processing; returns them."""
        try:
            processing = {key for keys in self._client.processing().values() for key in keys}
        except Exception:  # no answer: keep them all, the stop's grace bounds the wait
            return []
        queued = [f for f in futures if self._keys.get(f) not in processing]
        for future in queued:
            future.cancel()
        return queued

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if cancel_futures and self._on_cancel is not None:
            self._on_cancel()
        self._inner.shutdown(wait=wait and not cancel_futures)


def _relabel(inner: Future[Any], label: str) -> Future[Any]:
    """A future that mirrors `inner` but raises TaskFailedError(label, ...) on failure;
    cancelling it cancels the Dask task."""
    outer: Future[Any] = Future()

    def relay(done: Future[Any]) -> None:
        if done.cancelled():
            if outer.cancel():
                outer.set_running_or_notify_cancel()  # wakes concurrent.futures.wait()
        elif (error := done.exception()) is not None:
            outer.set_exception(TaskFailedError(label, error))
        else:
            outer.set_result(done.result())

    inner.add_done_callback(relay)
    outer.add_done_callback(lambda f: inner.cancel() if f.cancelled() else None)
    return outer


@contextmanager
def dask_executor(
    scheduler: str | None = None,
    *,
    workers: int | None = None,
    connect_timeout: float = DEFAULT_CONNECT_TIMEOUT,
    retries: int = DEFAULT_RETRIES,
    check_stop: Callable[[], None] | None = None,
    prepare_workers: Callable[[], None] | None = None,
) -> Iterator[SubproblemExecutor]:
    """A Dask-backed executor for the run loop, closed (with its client) on exit.

    Args:
        scheduler: the scheduler's address, e.g. "tcp://10.0.0.5:8786". None: the address
            in Dask's configuration (DASK_SCHEDULER_ADDRESS), else a private LocalCluster
            on loopback with `workers` single-threaded worker processes.
        workers: worker processes of the private LocalCluster (the executors module
            passes all cores by default).
        connect_timeout: seconds to reach the scheduler and then to see a worker.
        retries: reruns of a task that raised before it counts as failed.
        check_stop: called after Dask has imported (seconds); it raises to stop before a
            private cluster starts (seconds more) that nothing would use.
        prepare_workers: called before a private cluster's workers start (the executors
            module passes its fork server's start: the workers come from it).

    Raises:
        ClusterError: Dask is not installed; the scheduler is unreachable or has no workers.
    """
    try:
        import dask
        from distributed import Client, LocalCluster
    except ImportError as error:
        raise ClusterError(
            f"--executor dask needs Dask distributed, which cannot be imported ({error}); "
            f"{INSTALL_HINT}"
        ) from None
    address = scheduler or dask.config.get("scheduler-address", None)
    if check_stop is not None:
        check_stop()
    with ExitStack() as stack:
        quiet = _Muted(("distributed", "tornado"))
        stack.callback(quiet.restore)  # runs last
        if address:
            client = stack.enter_context(_connect(Client, address, connect_timeout))
        else:
            # its worker processes come from our fork server, which ignores SIGINT and
            # SIGTERM (`start_fork_server`) and passes that on: a Ctrl-C to the process
            # group while they import would kill each with a traceback ("Nanny failed to
            # start"); the nanny stops them through its queue, or kills them
            if prepare_workers is not None:
                prepare_workers()
            stack.enter_context(dask.config.set(
                {"distributed.worker.multiprocessing-method": "forkserver"}))
            cluster = stack.enter_context(LocalCluster(
                n_workers=workers or 1, threads_per_worker=1, processes=True,
                host="127.0.0.1", dashboard_address=":0",  # any free port: 8787 may be taken
                # its workers' own logs: a stop cancels their tasks, which they would report
                # as warnings and tracebacks; failures reach us through the futures
                silence_logs=logging.CRITICAL,
            ))
            client = stack.enter_context(Client(cluster, set_as_default=False))
            address = cluster.scheduler_address
        try:
            client.wait_for_workers(1, timeout=connect_timeout)
        except (TimeoutError, OSError):
            raise ClusterError(
                f"the Dask scheduler at {address} has no workers after {connect_timeout:g} s; "
                f"start some with: dask worker {address}"
            ) from None
        slots = sum(w.get("nthreads", 1) for w in client.scheduler_info()["workers"].values())
        # cancelling the tasks (a timeout, Ctrl-C) makes the client and scheduler log dozens
        # of lines and tracebacks about futures they can no longer gather: the stop is ours
        # and is reported, so they are muted from then until the executor is closed
        executor = SubproblemExecutor(client, retries=retries, slots=max(1, slots),
                                      on_cancel=quiet.mute)
        try:
            yield executor
        finally:
            executor.shutdown(wait=False)


@contextmanager
def _connect(client_class: Any, address: str, timeout: float) -> Iterator[Any]:
    """A client of the scheduler at `address`; a clear ClusterError if it cannot be reached."""
    _check_address(address)
    try:
        # the client logs each failed attempt before raising; the error below says it once
        with _quiet("distributed"):
            client = client_class(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError, TypeError) as error:
        raise ClusterError(
            f"cannot reach a Dask scheduler at {address!r} within {timeout:g} s ({error}); "
            "check --scheduler, or start one with: dask scheduler"
        ) from None
    try:
        yield client
    finally:
        client.close()


def _check_address(address: str) -> None:
    """Refuse a malformed address up front: a Client that fails on one leaves a half-built
    object whose clean-up prints a traceback at exit."""
    from distributed.comm.addressing import parse_address, parse_host_port
    from distributed.comm.registry import get_backend

    try:
        scheme, location = parse_address(address, strict=False)
        get_backend(scheme)
        if scheme in ("tcp", "tls", "ws", "wss"):
            _, port = parse_host_port(location)
            if not 0 < int(port) < 65536:
                raise ValueError(f"port {port} is out of range 1..65535")
    except (ValueError, TypeError) as error:
        raise ClusterError(
            f"scheduler address {address!r} is not a Dask address ({error}); "
            "write it as tcp://HOST:PORT, e.g. tcp://10.0.0.5:8786"
        ) from None


def watch_cluster_stop(name: str, deadline: Any, poll: float = 0.2) -> Callable[[], None]:
    """In a task on a Dask worker: stop `deadline` once the Dask Event `name` is set (the
    client's `stop_tasks`), so the task returns its partial count. Returns the function
    that ends the watch when the task ends."""
    import threading

    from distributed import Event

    event = Event(name)  # built here: it finds the worker's client from the task's thread
    done = threading.Event()

    def watch() -> None:
        while not done.is_set() and not deadline.expired():
            try:
                if event.wait(timeout=poll):
                    deadline.stop()
                    return
            except Exception:  # the scheduler went away: the deadline still holds
                return

    threading.Thread(target=watch, name="nqueens-cluster-stop", daemon=True).start()
    return done.set


class _Muted:
    """Loggers set to CRITICAL by `mute()` and put back as they were by `restore()`."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.loggers = [logging.getLogger(name) for name in names]
        self.levels = [logger.level for logger in self.loggers]

    def mute(self) -> None:
        for logger in self.loggers:
            logger.setLevel(logging.CRITICAL)

    def restore(self) -> None:
        for logger, level in zip(self.loggers, self.levels, strict=True):
            logger.setLevel(level)


@contextmanager
def _quiet(*logger_names: str) -> Iterator[None]:
    """The loggers muted for the block (`_Muted`)."""
    muted = _Muted(logger_names)
    muted.mute()
    try:
        yield
    finally:
        muted.restore()
