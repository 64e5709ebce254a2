"""The files of a certified answer: a full disk while the proof is written is one line and
exit 2 with no file left (issue 39, 2); a run that ends in exit 2 leaves none of its files
(39, 12); the temporary folder of a proof (no --proof given) stays only when the
certificate names its files (39, 14)."""

from __future__ import annotations

import errno
import io
import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import CliResult

import nqueens
from nqueens.cli import main

from optional import require
from replays import replays_wait_for_the_deadline

require("dratify", "pip install '.[certify]'")


@pytest.fixture
def private_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A temporary directory of the test's own (where `nqueens-proof-*` folders go), and
    the working directory beside it."""
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.setenv("TMPDIR", str(scratch))
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    monkeypatch.chdir(work)
    return scratch


def left(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def _disk_full(*args: Any, **kwargs: Any) -> Any:
    """The search's proof writer on a full disk: some of the proof, then ENOSPC."""
    proof = args[4]
    proof.write(b"-1 -2 0\n")
    proof.flush()
    raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize("argv", [
    ["solve", "3", "--certify", "--proof", "q.drat"],
    ["solve", "completion-8-unsat", "--certify", "--proof", "q.drat"],
    ["count", "6", "--certify", "--proof", "q.drat"],
    ["count", "6", "--certify"],
    ["explain", "completion-8-unsat", "--certify", "--proof", "q.drat"],
])
def test_a_full_disk_while_the_proof_is_written_is_one_line(
        argv: list[str], private_tmp: Path, monkeypatch: pytest.MonkeyPatch,
        run_cli: Callable[..., CliResult]) -> None:
    import nqueens.backends.proving as search_log

    monkeypatch.setattr(search_log, "proving_search", _disk_full)
    got = run_cli(*argv)
    assert got.code == 2, got.err
    assert got.err.startswith("nqueens: error: ") and got.err.count("\n") == 1, got.err
    assert "no space left on the device" in got.err and "Traceback" not in got.err
    assert left(Path.cwd()) == [] and left(private_tmp) == []


def test_a_temporary_folder_that_cannot_be_made_is_one_line(
        private_tmp: Path, monkeypatch: pytest.MonkeyPatch,
        run_cli: Callable[..., CliResult]) -> None:
    def full(*args: Any, **kwargs: Any) -> str:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(tempfile, "mkdtemp", full)
    got = run_cli("solve", "3", "--certify")
    assert got.code == 2 and got.err.count("\n") == 1, got.err
    assert "cannot make a temporary folder" in got.err and "TMPDIR" in got.err


class _FullStream(io.StringIO):
    """A standard output on a full disk."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_standard_output_leaves_no_proof_cnf_or_list(
        private_tmp: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdout", _FullStream())
    code = main(["count", "8", "--certify", "--format", "json", "--proof", "q.drat"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert err == ("nqueens: error: cannot write to standard output: no space left on the "
                   "device; free some space or write elsewhere\n")
    assert left(Path.cwd()) == []


def test_the_same_run_on_a_writable_output_keeps_its_files(
        private_tmp: Path, run_cli: Callable[..., CliResult]) -> None:
    got = run_cli("count", "8", "--certify", "--format", "json", "--proof", "q.drat")
    assert got.code == 0, got.err
    assert json.loads(got.out)["certified"] is True
    assert left(Path.cwd()) == ["q.cnf", "q.drat", "q.solutions.json"]


def test_a_certified_solution_leaves_no_temporary_folder(private_tmp: Path) -> None:
    outcome = nqueens.solve(8, certify=True)
    assert outcome.count == 1 and outcome.certificate is not None
    assert outcome.certificate.certified and outcome.certificate.proof is None
    assert left(private_tmp) == []


def test_a_certified_no_keeps_the_folder_its_certificate_names(private_tmp: Path) -> None:
    outcome = nqueens.solve(3, certify=True)
    certificate = outcome.certificate
    assert certificate is not None and certificate.certified and certificate.proof is not None
    folder = Path(certificate.proof).parent
    assert folder.parent == private_tmp and folder.name.startswith("nqueens-proof-")
    assert left(folder) == ["instance.cnf", "proof.drat"]
    assert left(private_tmp) == [folder.name]


def test_a_stopped_certified_count_leaves_no_temporary_folder(private_tmp: Path) -> None:
    outcome = nqueens.count(10, certify=True, timeout=1e-9)
    assert not outcome.complete
    assert outcome.certificate is None or not outcome.certificate.certified
    assert left(private_tmp) == []


def test_an_error_in_a_certified_run_leaves_no_temporary_folder(
        private_tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import nqueens.backends.proving as search_log

    monkeypatch.setattr(search_log, "proving_search", _disk_full)
    with pytest.raises(nqueens.InputError, match="no space left"):
        nqueens.count(6, certify=True)
    assert left(private_tmp) == []


def test_a_replay_stopped_by_the_time_limit_leaves_no_temporary_folder(
        private_tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    replays_wait_for_the_deadline(monkeypatch)  # a replay the time limit cuts short
    with pytest.raises(nqueens.CertificateError) as refused:
        nqueens.solve(3, certify=True, timeout=0.3)
    certificate = refused.value.certificate
    assert certificate is not None and not certificate.certified
    assert certificate.reason.startswith("stopped before")
    assert "nqueens-proof-" not in str(refused.value)  # names no file that is gone
    assert certificate.proof is None and certificate.cnf is None
    assert left(private_tmp) == []
