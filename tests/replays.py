"""A proof's replay that a stop cuts short, for tests of what a stopped certificate says and
leaves behind: the checkers' child process is replaced by a wait for the deadline."""

from __future__ import annotations

import time

import pytest

from nqueens.result import Deadline


def replays_wait_for_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every replay takes the stoppable route and returns nothing once the deadline passes,
    as the checkers' child does when a time limit kills it."""
    import nqueens.proofs.checkers as checkers

    def until_stopped(_checkers: object, _formula: object, _proof_file: object,
                      deadline: Deadline) -> None:
        while not deadline.expired():
            time.sleep(0.01)

    monkeypatch.setattr(checkers, "_run_checkers_stoppable", until_stopped)
    monkeypatch.setattr(checkers, "IN_PROCESS_SECONDS", -1.0)  # the stoppable route
