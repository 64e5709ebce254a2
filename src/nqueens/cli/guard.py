"""Running a command's search under `--timeout` and SIGINT/SIGTERM without losing work.

The search runs in a worker thread while the main thread waits on an event, so the time
limit and signals are noticed at once even while the worker sits in a solver's C code.
Both stop the shared `Deadline`, which every backend polls and whose hooks interrupt
PySAT and CP-SAT; the search then returns its partial result the normal way. Only if it
has not returned `GRACE` seconds later (e.g. still compiling a huge model, or a second
Ctrl-C) does the command report what it knows, end the worker processes it started and
exit with code 3 at once. Signals that arrive together (`timeout -s INT` signals the
process and then its group; a terminal's Ctrl-C reaches the group) are one stop: only a
signal `SAME_STOP` seconds or more after the first is a second one. Output written under
`output_lock` is never cut mid-record.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from types import FrameType
from typing import Any, TypeVar

from ..interrupts import received
from ..result import Deadline, Outcome, Status
from .common import EXIT_UNKNOWN, seconds_since_command_start

T = TypeVar("T")

#: Seconds a stopped search gets to return its partial result before the command exits anyway.
GRACE = 0.3
#: Seconds after the first signal within which another is the same stop, not a second
#: one: a signal sent to the process and to its group lands twice within milliseconds,
#: a person's second Ctrl-C comes later.
SAME_STOP = 0.1
_POLL = 0.02
_SIGNALS = (signal.SIGINT, signal.SIGTERM)
#: Handlers to put back once the command has reported (`restore_deferred`): after a signal
#: the guard's own stay installed, so that a second Ctrl-C landing between the search's
#: return and its report neither kills the process nor cuts the output.
_DEFERRED: list[dict[int, Any]] = []


def stop_cause(guard: Guard) -> str:
    """What stopped a command: "interrupted by SIGINT" or "the time limit ran out"."""
    if guard.signal_name is not None:
        return f"interrupted by {guard.signal_name}"
    return "the time limit ran out"


def stopped_replay(guard: Guard, proof: str | None, problem: str, *extra: str) -> str:
    """The line a command ends with when a stop comes while the checkers replay the proof
    of an answer its search has already found: the answer stands, uncertified, and the
    proof is kept for `verify --proof` (`extra`: further options it needs)."""
    scratch = sys.modules.get("nqueens.proofs.scratch")
    temporary = proof is not None and scratch is not None and scratch.in_scratch(proof)
    later = (f"; the proof is kept: replay it later with `nqueens verify --proof {proof} "
             f"--model {problem}{''.join(' ' + word for word in extra)}`"
             if proof and not temporary else "")
    return f"{stop_cause(guard)} before the proof was replayed: the answer is not certified{later}"


def restore_deferred() -> None:
    """Put back the signal handlers a signalled `Guard.run` left in place (`cli.main`
    calls this after the command)."""
    while _DEFERRED:
        Guard._restore_handlers(_DEFERRED.pop())


class Guard:
    """The time limit and signal handling of one command run.

    Attributes:
        deadline: pass it to the search (`api.search(..., deadline=guard.deadline)`).
        signal_name: "SIGINT" or "SIGTERM" once one arrived, else None.
        output_lock: hold it while writing one record (a solution, a summary).
    """

    def __init__(self, timeout: float | None, *, grace: float = GRACE) -> None:
        since_start = seconds_since_command_start() if timeout is not None else 0.0
        self.deadline = Deadline(None if timeout is None else max(0.0, timeout - since_start))
        self.started = time.perf_counter()  # for a report the abandoned search cannot give
        self.grace = grace
        self.signal_name: str | None = None
        self.output_lock = threading.RLock()
        self._stopping_since: float | None = None
        self._signalled_at: float | None = None

    @property
    def interrupted(self) -> bool:
        return self.signal_name is not None

    def should_stop(self) -> bool:
        """True once the time limit passed or a signal arrived."""
        return self.deadline.expired()

    def elapsed(self) -> float:
        """Seconds since the command's work began (what a report the search could not give
        states as its time)."""
        return time.perf_counter() - self.started

    def stopped_status(self) -> Status:
        """How to describe a search this guard cut short."""
        return Status.INTERRUPTED if self.interrupted else Status.TIMEOUT

    def settle(self, outcome: Outcome) -> Outcome:
        """The outcome with status INTERRUPTED when a signal (not the clock) cut it short."""
        if self.interrupted and outcome.status is Status.TIMEOUT:
            return replace(outcome, status=Status.INTERRUPTED)
        return outcome

    def run(self, work: Callable[[], T], abandon: Callable[[], str | None]) -> T:
        """Run `work()` in a worker thread and return its result (or raise its error).

        `abandon()` is called, under `output_lock`, only if the work does not return within
        the grace period after a stop; it should print the partial result, and may return
        the line that says why the command exits now (default: the search did not return).
        The process then exits with code 3.
        """
        values: list[T] = []
        errors: list[BaseException] = []
        done = threading.Event()

        def target() -> None:
            try:
                values.append(work())
            except BaseException as error:  # handed to the main thread below
                errors.append(error)
            finally:
                done.set()

        previous = self._install_handlers()
        early = received()
        if early is not None and previous and not self.interrupted:
            # a signal before this guard whose KeyboardInterrupt Python swallowed
            self._on_signal(signal.Signals[early], None)
        try:
            threading.Thread(target=target, name="nqueens-work", daemon=True).start()
            while not done.wait(_POLL):
                self._tick(abandon)
        finally:
            if self.interrupted:  # a second signal must not kill us before the report
                _DEFERRED.append(previous)
            else:
                self._restore_handlers(previous)
        if errors:
            raise errors[0]
        return values[0]

    def _tick(self, abandon: Callable[[], str | None]) -> None:
        now = time.monotonic()
        if self._stopping_since is None and self.deadline.expired():
            self._stopping_since = now
            self.deadline.stop()
        if self._stopping_since is not None and now - self._stopping_since >= self.grace:
            self._abandon(abandon)

    def _abandon(self, abandon: Callable[[], str | None]) -> None:
        got_lock = self.output_lock.acquire(timeout=1.0)
        try:
            said = abandon() if got_lock else None
            why = ("a second signal" if self._stopping_since == float("-inf")
                   else f"the solver did not return within {self.grace} s of the stop")
            print(f"nqueens: {said or why + '; exiting without waiting for the search'}",
                  file=sys.stderr)
            sys.stdout.flush()
            sys.stderr.flush()
        except Exception:  # e.g. a closed pipe; we are leaving anyway
            pass
        multiprocessing = sys.modules.get("multiprocessing")  # no pool was ever started without it
        for child in multiprocessing.active_children() if multiprocessing else ():
            child.kill()  # pool workers ignore SIGTERM
        if multiprocessing is not None:
            from ..counting.executors import remove_pool_files

            remove_pool_files()  # what the exit handlers os._exit skips would remove
        scratch = sys.modules.get("nqueens.proofs.scratch")
        if scratch is not None:
            scratch.remove_scratch()  # a proof's temporary folder (no --proof given)
        os._exit(EXIT_UNKNOWN)  # the resource tracker unlinks the pools' semaphores

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        now = time.monotonic()
        if self._signalled_at is not None:
            if now - self._signalled_at >= SAME_STOP:  # a second signal: stop waiting
                self._stopping_since = float("-inf")
            return
        self._signalled_at = now
        self.signal_name = signal.Signals(signum).name
        self._stopping_since = now
        self.deadline.stop()

    def _install_handlers(self) -> dict[int, Any]:
        if threading.current_thread() is not threading.main_thread():
            return {}
        return {sig: signal.signal(sig, self._on_signal) for sig in _SIGNALS}

    @staticmethod
    def _restore_handlers(previous: dict[int, Any]) -> None:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
