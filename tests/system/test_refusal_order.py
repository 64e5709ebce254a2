"""Work that cannot succeed is refused before anything is announced: one line on stderr,
no slow-work warning first; and the signal-safe start of the process pools' server leaves
the command's own signal handlers in place."""

from __future__ import annotations

import signal

import pytest

from nqueens.cli import main
from nqueens.forecast import amount_text


@pytest.mark.parametrize("argv", [
    ["count", "28"],
    ["solve", "30", "--all", "--format", "jsonl"],
    ["solve", "900", "--backend", "cpsat", "--fixed", "0,0"],
])
def test_refusal_is_the_only_line(capsys: pytest.CaptureFixture[str], argv: list[str],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from nqueens import limits

    monkeypatch.setattr(limits, "machine_memory", lambda: 1 << 30)  # 1 GiB: cpsat 900 cannot fit
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("nqueens: error: ")
    assert "warning" not in err


def test_huge_amounts_read_as_powers_of_ten() -> None:
    assert amount_text(14_772_512) == "14.8 million"
    assert amount_text(2.5e12) == "2.5 trillion"
    assert amount_text(1.33e22) == "1.3e+22"


def test_fork_server_start_keeps_the_signal_handlers() -> None:
    from nqueens.counting.executors import start_fork_server

    def handler(signum: int, frame: object) -> None:
        pass

    previous = signal.signal(signal.SIGTERM, handler)
    try:
        start_fork_server()
        assert signal.getsignal(signal.SIGTERM) is handler
    finally:
        signal.signal(signal.SIGTERM, previous)


@pytest.mark.parametrize("argv", [
    ["count", "30", "--backend", "sat", "--variant", "torus", "--timeout", "0.5"],  # no solution: one long solve
    ["solve", "150", "--backend", "sat", "--fixed", "0,0", "1,2", "--timeout", "1"],
])
def test_a_long_sat_solve_stops_at_the_time_limit(argv: list[str]) -> None:
    """PySAT keeps the GIL inside a CaDiCaL solve, so nothing (timer, signal, the guard) could
    run until it returned: `count 30 -b sat --variant torus --timeout 0.05` ran for minutes and
    ignored SIGTERM. Budgeted solves check the deadline between budgets."""
    import subprocess
    import sys
    import time

    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "nqueens", *argv], capture_output=True,
                          text=True, timeout=30)
    assert time.monotonic() - started < 8
    assert done.returncode in (0, 3), done.stderr
    assert "Traceback" not in done.stderr
