"""`nqueens bench` refuses, before any work, what it would ignore or overwrite: a suite's
options without --suite, the speed grid's with it, generation options for a set that is
read, a subject named twice, and the files of an earlier run without --force (all of a
run's files or none)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

RunCli = Callable[..., Any]  # the run_cli fixture (tests/conftest.py)

GENERATED = ["--suite", "blocked", "--n", "6", "--range", "8", "--seeds", "1..1"]


@pytest.mark.parametrize(("argv", "message"), [
    (["--subjects", "auto"], "--subjects applies to a hard-instance suite only"),
    (["--n", "20"], "--n applies to a hard-instance suite only"),
    (["--min-free", "2"], "--min-free applies to a hard-instance suite only"),
    ([*GENERATED, "--quick"], "--quick applies to the speed grid, not to --suite"),
    ([*GENERATED, "--only", "count"], "--only applies to the speed grid"),
    ([*GENERATED, "--delta", "3"], "--delta does not apply here: --suite blocked generates"),
    (["--suite", "completion", "--delta", "2", "--range", "8", "--n", "8"],
     "--n does not apply here: --suite completion generates with --delta"),
    (["--suite", "asp", "--range", "1..2"], "--range does not apply here: the set is read"),
    ([*GENERATED, "--subjects", "auto,sat,auto"], "auto named more than once"),
    (["--suite", "domination", "--range", "4..6", "--seeds", "1..2"],
     "--seeds does not apply here: --suite domination generates with --range"),
    (["--suite", "regions", "--range", "6", "--n", "6"],
     "--n does not apply here: --suite regions generates with --range, --seeds"),
    (["--suite", "regions"], "--suite regions without DIR needs --range"),
    (["--suite", "domination", "--range", "60..70"], "n must be 1..64"),
])
def test_an_option_the_run_would_ignore_is_refused(
        run_cli: RunCli, tmp_path: Path, argv: list[str], message: str) -> None:
    out = tmp_path / "out"
    result = run_cli("bench", *argv, "--output-dir", str(out))
    assert result.code == 2 and result.out == "" and result.err.count("\n") == 1
    assert message in result.err
    assert not out.exists() or list(out.iterdir()) == []


def test_an_external_solver_that_is_absent_is_refused_in_one_line(
        run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """ACE and Choco need Java: without it on PATH, one line naming the install, exit 2,
    before any instance is made."""
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    out = tmp_path / "out"
    result = run_cli("bench", "--suite", "domination", "--range", "4", "--subjects", "auto,ace",
                     "--output-dir", str(out))
    assert result.code == 2 and result.out == "" and result.err.count("\n") == 1
    assert "apt-get install default-jre-headless" in result.err
    assert not (out / "hard-domination-instances").exists()


@pytest.mark.parametrize(("argv", "earlier"), [
    (["--quick", "--only", "large n"], "bench.png"),
    (GENERATED, "hard-blocked.json"),
    (GENERATED, "hard-blocked-instances/blocked-6-8-k4-s1.param"),
])
def test_an_earlier_runs_file_is_refused_before_any_work(
        run_cli: RunCli, tmp_path: Path, argv: list[str], earlier: str) -> None:
    out = tmp_path / "out"
    (out / earlier).parent.mkdir(parents=True)
    (out / earlier).write_text("an earlier run\n")
    result = run_cli("bench", *argv, "--output-dir", str(out))
    assert result.code == 2 and result.out == ""
    assert result.err == (f"nqueens: error: {out / earlier}: already exists, from an earlier "
                          "run; use --force to replace that run's files, or give another "
                          "--output-dir\n")
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert files == [earlier] and (out / earlier).read_text() == "an earlier run\n"


def test_force_lets_an_earlier_run_be_replaced_whole(tmp_path: Path) -> None:
    from nqueens.bench.suite_report import result_files, write_results
    from nqueens.bench.suite_runs import Run
    from nqueens.bench.suites import Suite
    from nqueens.cli.bench import _check_files

    paths = result_files("blocked", tmp_path)
    for path in paths:
        path.write_text("an earlier run\n")
    _check_files(paths, force=True)  # no refusal
    runs = [Run("i", 6, 8.0, "backtrack", 0.2, 0.1, "unsat", answer="unsat")]
    meta = {"parameter": "blocked squares", "run_timeout": 10.0, "title": "t"}
    written = write_results(Suite("blocked", [], "here"), runs, 10.0, tmp_path, meta,
                            overwrite=True)
    assert written == paths and all(p.read_bytes() != b"an earlier run\n" for p in paths)
    assert paths[2].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_stopped_suite_keeps_and_reports_the_runs_it_finished(
        run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Ctrl-C (SIGTERM is one too) in the third run: the two finished runs are written,
    the files say the set was stopped, one line says so, exit 3 (it wrote nothing)."""
    import json

    from nqueens.bench import suite_runs

    calls: list[str] = []

    def run_one(subject: Any, inst: Any, limit: float, work: Path) -> Any:
        calls.append(inst.name)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return suite_runs.Run(inst.name, inst.spec.n, 8.0, subject.label, 0.2, 0.1, "sat",
                        answer="sat", published=inst.published)

    monkeypatch.setattr(suite_runs, "run_one", run_one)
    out = tmp_path / "out"
    argv = ["--suite", "blocked", "--n", "6", "--range", "8", "--seeds", "1..4",
            "--subjects", "auto"]
    result = run_cli("bench", *argv, "--output-dir", str(out))
    assert result.code == 3, result.err
    assert result.err.splitlines()[-1] == (
        "nqueens: interrupted: the bench stopped after 2 finished runs; the files hold those runs (run it "
        "again with --force for the whole set)")
    doc = json.loads((out / "hard-blocked.json").read_text())
    assert doc["meta"]["stopped"] is True
    assert [run["instance"] for run in doc["runs"]] == calls[:2]


def test_a_stopped_grid_keeps_the_measurements_it_finished(
        run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The speed grid alike: the finished measurements are written (none: no file)."""
    import json

    from nqueens.bench import run as bench_run

    calls: list[int] = []

    def measure(subject: Any, workload: Any, n: int, *args: Any) -> Any:
        calls.append(n)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return bench_run.Measurement(workload.group, workload.task, n, subject.label,
                                     subject.role, [0.25], 0.25, "ok", "placed",
                                     cpu_runs=[0.2], cpu_median=0.2)

    monkeypatch.setattr(bench_run, "build_c_counter", lambda *args: None)  # no compiler run
    monkeypatch.setattr(bench_run, "measure", measure)
    out = tmp_path / "out"
    result = run_cli("bench", "--quick", "--only", "find one: sat", "--output-dir", str(out))
    assert result.code == 3
    assert result.err.splitlines()[-1] == (
        "nqueens: interrupted: the bench stopped after 1 finished measurement; the files hold that "
        "measurement (run it again with --force for the whole set)")
    doc = json.loads((out / "bench.json").read_text())
    assert doc["meta"]["stopped"] is True and [r["n"] for r in doc["results"]] == calls[:1]

    calls.clear()
    calls.append(0)  # the next call is the second: stopped before any measurement
    again = run_cli("bench", "--quick", "--only", "find one: sat", "--output-dir",
                    str(tmp_path / "b"))
    assert (again.code, again.out) == (3, "")
    assert again.err.splitlines()[-1] == (
        "nqueens: interrupted: the bench stopped after 0 finished measurements; nothing was written")
    assert list((tmp_path / "b").iterdir()) == []
