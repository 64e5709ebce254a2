"""An error a command raises ends the run with the exit code its class carries (the table:
`nqueens.exit_codes`), as one line on stderr."""

from __future__ import annotations

import argparse
from collections.abc import Callable

import pytest
from conftest import CliResult

from nqueens import errors
from nqueens.cli import models as models_command
from nqueens.counting.cluster import ClusterError, TaskFailedError


@pytest.mark.parametrize(("error", "code"), [
    (errors.SpecError("bad spec"), 2),
    (errors.InputError("bad input"), 2),
    (errors.SizeLimitError("too large"), 2),
    (ClusterError("no scheduler"), 2),
    (errors.WorkerDiedError("a worker died"), 3),
    (TaskFailedError("0,1", RuntimeError("lost")), 3),
    (errors.CertificateError("the proof does not check"), 4),
    (errors.CountMismatchError("the counts differ", {"a": 1, "b": 2}), 5),
])
def test_an_error_exits_with_its_code(run_cli: Callable[..., CliResult],
                                      monkeypatch: pytest.MonkeyPatch,
                                      error: errors.QueensError, code: int) -> None:
    def fail(args: argparse.Namespace) -> int:
        raise error

    monkeypatch.setattr(models_command, "run", fail)
    r = run_cli("models")
    assert (r.code, r.out) == (code, "")
    assert r.err == f"nqueens: error: {error}\n"
