"""Which counts start worker processes, decided by the plan: a count on one process starts
no pool and no fork server, checkpointed or not; a count whose workers fail exits 3 with one
line (the library raises a WorkerError, the command reports it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nqueens.cli import main
from nqueens.errors import WorkerDiedError

from known_counts import A000170


@pytest.fixture
def fork_server_starts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The fork server's starts during the test (none really happens)."""
    from nqueens.counting import executors

    started: list[str] = []
    monkeypatch.setattr(executors, "start_fork_server", lambda: started.append("started"))
    return started


@pytest.mark.parametrize("extra", [[], ["--checkpoint"], ["--split-depth", "2"]])
def test_a_one_process_count_starts_no_fork_server(
        extra: list[str], tmp_path: Path, fork_server_starts: list[str],
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32, item 18: a one-process --checkpoint count was taken for a Dask run (the
    Dask grace, a fork server started for nothing)."""
    if extra == ["--checkpoint"]:
        extra = ["--checkpoint", str(tmp_path / "c.ckpt")]
    assert main(["count", "10", "--backend", "backtrack", "--jobs", "1", *extra]) == 0
    assert capsys.readouterr().out.startswith(f"10-queens: {A000170[10]} solutions")
    assert fork_server_starts == []


def test_workers_that_die_end_the_count_with_one_line(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    from nqueens.counting import engine

    def died(*args: Any, **kwargs: Any) -> Any:
        raise WorkerDiedError("a worker process died (killed, or out of memory?); the count "
                              "is incomplete")

    monkeypatch.setattr(engine, "count_parts", died)
    path = tmp_path / "c.ckpt"
    assert main(["count", "12", "--backend", "backtrack", "--checkpoint", str(path)]) == 3
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("nqueens: error: a worker process died") and "incomplete" in err
