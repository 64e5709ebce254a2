"""Standard output or standard error that cannot be written (a full disk; Linux's /dev/full
refuses every write) is one line and exit 2, like every output that cannot be written,
and nothing is left for the interpreter's exit to fail on (issue 32, item 5: a traceback
and exit 1, "no solution"). A reader that goes away (`| head`) stays no error."""

from __future__ import annotations

import os
import sys

import pytest

from nqueens.cli import main

pytestmark = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")

FULL = ("nqueens: error: cannot write to standard output: no space left on the device; "
        "free some space or write elsewhere\n")


@pytest.mark.parametrize("argv", [
    ["solve", "8", "--all"],  # streamed solution by solution from the search
    ["solve", "8", "--all", "--format", "jsonl"],
    ["count", "8"],
    ["models"],
    ["trace", "4"],
], ids=" ".join)
def test_a_full_disk_on_stdout_is_one_line_and_exit_2(
        argv: list[str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    full = open("/dev/full", "w")  # noqa: SIM115 - closed below, as the interpreter's exit would
    monkeypatch.setattr(sys, "stdout", full)
    try:
        code = main(argv)
    finally:
        full.close()  # flushes what it holds: it must not fail again
    assert (code, capsys.readouterr().err) == (2, FULL)


@pytest.mark.parametrize(("argv", "expected"), [(["solve", "0"], 2), (["solve", "3"], 1)])
def test_a_full_disk_on_stderr_leaves_the_exit_code_to_say_it(
        argv: list[str], expected: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """An error line that cannot be written still exits with its code; a command that
    writes nothing to stderr is not troubled by it."""
    full = open("/dev/full", "w")  # noqa: SIM115 - closed below
    monkeypatch.setattr(sys, "stderr", full)
    try:
        assert main(argv) == expected
    finally:
        full.close()
