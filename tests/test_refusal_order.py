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
