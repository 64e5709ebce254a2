"""Output paths, fuzz-style: every command that writes a file refuses a trailing slash, an
unreadable directory and an over-long name in one line (exit 2, nothing written, no
traceback); pictures and pages refuse to overwrite without --force (its one meaning); the
bench writes its three files all or none."""

from __future__ import annotations

import errno
import os
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import CliResult

LONG = "a" * 300

#: (argv before the path, a file name the command takes); the path is appended.
WRITERS = [
    (["solve", "6", "-o"], "o.png"),
    (["solve", "6", "-o"], "o.svg"),
    (["tree", "4", "--first", "-o"], "t.png"),
    (["tree", "4", "-o"], "t.html"),
    (["trace", "4", "-o"], "t.html"),
    (["trace", "5", "--all", "-o"], "t.html"),
    (["play", "6", "-o"], "p.html"),
    (["export", "6", "--to", "dimacs", "-o"], "e.cnf"),
    (["model", "6", "--fixed", "0,1", "-o"], "m.toml"),
    (["count", "6", "-b", "backtrack", "--checkpoint"], "c.ckpt"),
]
IDS = [" ".join(argv[:2]) + " " + name for argv, name in WRITERS]
#: The commands that write pictures and pages.
PAGES = ("solve", "tree", "play")


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _refused(got: CliResult, here: Path, before: set[str]) -> str:
    assert got.code == 2, got.err
    assert got.out == "" and "Traceback" not in got.err
    assert got.err.count("\n") == 1 and got.err.startswith("nqueens: error: "), got.err
    assert {p.name for p in here.rglob("*")} == before  # nothing written, no temporary
    return got.err


@pytest.mark.parametrize(("argv", "name"), WRITERS, ids=IDS)
def test_a_trailing_slash_is_refused(argv: list[str], name: str, here: Path,
                                     run_cli: Callable[..., CliResult]) -> None:
    err = _refused(run_cli(*argv, name + "/"), here, set())
    assert "names a directory" in err


@pytest.mark.parametrize(("argv", "name"), WRITERS, ids=IDS)
def test_an_over_long_name_is_one_line(argv: list[str], name: str, here: Path,
                                       run_cli: Callable[..., CliResult]) -> None:
    for path in (LONG + name, f"{LONG}/{name}"):
        err = _refused(run_cli(*argv, path), here, set())
        assert "too long" in err or "File name too long" in err


@pytest.mark.parametrize(("argv", "name"), WRITERS, ids=IDS)
def test_an_unreadable_directory_is_one_line(argv: list[str], name: str, here: Path,
                                             monkeypatch: pytest.MonkeyPatch,
                                             run_cli: Callable[..., CliResult]) -> None:
    locked = here / "noaccess"
    locked.mkdir()
    locked.chmod(0)
    try:
        if os.access(locked, os.X_OK):  # root reads anything: the system says no instead
            real_stat = os.stat

            def stat(path: Any, *args: Any, **kwargs: Any) -> Any:
                if str(os.fspath(path)).startswith("noaccess/"):
                    raise PermissionError(errno.EACCES, "Permission denied", str(path))
                return real_stat(path, *args, **kwargs)

            monkeypatch.setattr(os, "stat", stat)
        err = _refused(run_cli(*argv, f"noaccess/{name}"), here, {"noaccess"})
        assert "ermission denied" in err
    finally:
        locked.chmod(0o755)


@pytest.mark.parametrize(("argv", "name"), [w for w in WRITERS if w[0][0] in PAGES],
                         ids=[i for i, w in zip(IDS, WRITERS, strict=True) if w[0][0] in PAGES])
def test_pictures_and_pages_keep_an_existing_file_without_force(
    argv: list[str], name: str, here: Path, run_cli: Callable[..., CliResult],
) -> None:
    (here / name).write_text("keep me\n")
    err = _refused(run_cli(*argv, name), here, {name})
    assert "already exists; use --force" in err and (here / name).read_text() == "keep me\n"
    got = run_cli(*argv, name, "--force")
    assert got.code == 0, got.err
    assert (here / name).read_bytes() != b"keep me\n"


def test_tree_force_means_overwrite_only(here: Path, run_cli: Callable[..., CliResult]) -> None:
    err = _refused(run_cli("tree", "6", "-o", "t.svg", "--force"), here, set())
    assert "add --large to draw it (up to" in err and "--force only allows overwriting" in err


def test_the_bench_writes_all_its_files_or_none(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from nqueens import atomicfile
    from nqueens.bench.run import Measurement, write_outputs
    from nqueens.errors import InputError

    results = [Measurement("g", "count", 8, "ref", "reference", [0.1], 0.1, "ok", "92")]
    real_replace = os.replace

    def disk_full_on_json(source: str, target: Any) -> None:
        if str(target).endswith("bench.json"):
            raise OSError(errno.ENOSPC, "No space left on device")
        real_replace(source, target)

    monkeypatch.setattr(atomicfile.os, "replace", disk_full_on_json)
    with pytest.raises(InputError, match=r"bench\.json: no space left on the device"):
        write_outputs(results, tmp_path / "out", {})
    assert list((tmp_path / "out").iterdir()) == []  # bench.csv of this run removed too
    monkeypatch.undo()
    written = write_outputs(results, tmp_path / "out", {})
    assert [p.name for p in written] == ["bench.csv", "bench.json", "bench.png"]


@pytest.mark.parametrize("statuses", [[], ["timeout"], ["timeout", "ok"]])
def test_the_bench_plot_of_a_thin_run_warns_nothing(statuses: list[str]) -> None:
    from nqueens.bench.run import Measurement
    from nqueens.pictures.benchplot import bench_png

    results = [Measurement("g", "count", 8 + i, "ref", "reference", [], 0.1 if s == "ok" else None,
                           s, "") for i, s in enumerate(statuses)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert bench_png(results)[:4] == b"\x89PNG"


def test_bench_old_spellings_still_work(run_cli: Callable[..., CliResult]) -> None:
    got = run_cli("bench", "--quick", "--limit", "5", "--run-timeout", "5")
    assert got.code == 2 and "give --run-timeout only" in got.err
