"""No command writes its output over the model file it reads, not even with --force: a
model is told by its text, not its suffix, so `small.png` can be a model (issue 39, 1)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import CliResult

from optional import require

#: A completion of the 4-board (a queen given at row 0, column 1) saved under a picture's name.
MODEL = "n = 4\nfixed = [[0, 1]]\n"


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize(("name", "argv"), [
    ("small.png", ["solve", "small.png", "-o", "small.png", "--force"]),
    ("small.svg", ["solve", "small.svg", "-o", "./small.svg", "--force"]),
    ("small.png", ["solve", "small.png", "--most-queens", "-o", "small.png", "--force"]),
    ("small.png", ["explain", "small.png", "-o", "small.png", "--force"]),
    ("small.svg", ["tree", "small.svg", "-o", "small.svg", "--force"]),
    ("small.html", ["tree", "small.html", "-o", "small.html", "--force"]),
    ("small.html", ["trace", "small.html", "-o", "small.html", "--force"]),
    ("small.toml", ["model", "small.toml", "-o", "small.toml", "--force"]),
])
def test_the_model_read_is_never_written_over(name: str, argv: list[str], here: Path,
                                              run_cli: Callable[..., CliResult]) -> None:
    if argv[0] != "trace" and argv[0] != "model":
        require("matplotlib")
    model = here / name
    model.write_text(MODEL)
    got = run_cli(*argv)
    assert got.code == 2, got.err
    assert got.err.startswith("nqueens: error: ") and got.err.count("\n") == 1, got.err
    assert "is the model being read" in got.err and "Traceback" not in got.err
    assert model.read_text() == MODEL
    assert sorted(p.name for p in here.iterdir()) == [name]


def test_a_symbolic_link_to_the_model_is_the_model(here: Path,
                                                   run_cli: Callable[..., CliResult]) -> None:
    require("matplotlib")
    (here / "small.png").write_text(MODEL)
    (here / "link.png").symlink_to(here / "small.png")
    got = run_cli("solve", "small.png", "-o", "link.png", "--force")
    assert got.code == 2 and "is the model being read" in got.err
    assert (here / "small.png").read_text() == MODEL


def test_another_file_is_still_written(here: Path, run_cli: Callable[..., CliResult]) -> None:
    require("matplotlib")
    (here / "small.png").write_text(MODEL)
    got = run_cli("solve", "small.png", "-o", "board.png")
    assert got.code == 0, got.err
    assert (here / "board.png").read_bytes().startswith(b"\x89PNG")
    assert (here / "small.png").read_text() == MODEL
