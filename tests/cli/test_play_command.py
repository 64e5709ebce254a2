"""`nqueens play N|MODEL -o page.html`: the play page of any board the other commands take
(a size, a bundled model, a model file of any format, cells from the command line), written
as every writer writes, never over the model it reads; the docs site's play page is this
command's. The page itself is tested by tests/unit/test_play_page.py and, in a browser, by
tests/system/test_play_board.py."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import CliResult

from nqueens.playing.page import play_page_html
from nqueens.spec import Spec


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def givens(page: Path) -> dict[str, object]:
    """The board size and the givens the page starts from (its `D`)."""
    found = re.search(r"const D = (\{.*?\});", page.read_text())
    assert found is not None
    data: dict[str, object] = json.loads(found.group(1))
    return data


@pytest.mark.parametrize(("model", "argv", "expected"), [
    # a CSPLib param file (its `init` 0-based) with a cell added from the command line
    ("m.param", ["--forbidden", "1,2"], {"n": 8, "given": [[0, 0]], "given_forbidden": [[1, 2]]}),
    # the first diagonal of an excluded-diagonals file: its cells are forbidden
    ("m.diags#1", ["--fixed", "5,5"],
     {"n": 6, "given": [[5, 5]], "given_forbidden": [[0, 3], [1, 2], [2, 1], [3, 0]]}),
])
def test_a_model_file_and_the_cells_given_are_the_pages_givens(
    model: str, argv: list[str], expected: dict[str, object], here: Path,
    run_cli: Callable[..., CliResult],
) -> None:
    (here / "m.param").write_text("letting n = 8\nletting init = [[0, 0]]\n")
    (here / "m.diags").write_text("n = 6\ndiags = [[3, 1], [2, 0]]\n")
    got = run_cli("play", model, *argv, "-o", "page.html")
    assert got.code == 0, got.err
    assert got.out == "" and got.err.startswith("wrote page.html (play page: ")
    assert givens(here / "page.html") == expected


def test_the_docs_site_draws_its_play_page_with_this_command(
    here: Path, run_cli: Callable[..., CliResult],
) -> None:
    import hooks  # docs/hooks.py: what `mkdocs build` runs

    hooks.PICTURES["pages/play-8.html"](here / "site.html")
    assert run_cli("play", "8", "-o", "cli.html").code == 0
    assert (here / "site.html").read_text() == (here / "cli.html").read_text() == play_page_html(8)


def refused(got: CliResult, here: Path, before: set[str]) -> str:
    assert got.code == 2 and got.out == "", got.err
    assert got.err.count("\n") == 1 and got.err.startswith("nqueens: error: ")
    assert "Traceback" not in got.err
    assert {p.name for p in here.iterdir()} == before  # nothing written
    return got.err


@pytest.mark.parametrize(("argv", "words"), [
    (["8", "-o", "page.txt"], "must end in .html"),
    (["41", "-o", "p.html"], "too large to play on (at most 40x40); give a smaller board"),
    (["torus-6", "-o", "p.html"], "other rules (use a queens board)"),
    (["8", "--fixed", "0,0", "1,1", "-o", "p.html"], "attack each other"),
    (["8", "--forbidden", "8,0", "-o", "p.html"], "--forbidden 8,0 is off the 8x8 board"),
    (["nosuch.toml", "-o", "p.html"], "nosuch.toml"),
    (["0", "-o", "p.html"], "positive integer board size"),
    (["8"], "the following arguments are required: --output/-o"),
])
def test_bad_input_is_one_line_and_writes_nothing(
    argv: list[str], words: str, here: Path, run_cli: Callable[..., CliResult],
) -> None:
    assert words in refused(run_cli("play", *argv), here, set())


@pytest.mark.parametrize("problem", ["m.html", "m.html#1"])
def test_the_model_read_is_never_written_over(problem: str, here: Path,
                                              run_cli: Callable[..., CliResult]) -> None:
    # a model is told by its text, not its name: these excluded diagonals end in .html
    model = here / "m.html"
    model.write_text("n = 6\ndiags = [[3, 1], [2, 0]]\n")
    (here / "link.html").symlink_to(model)
    for output in ("m.html", "./m.html", "link.html"):
        err = refused(run_cli("play", problem, "-o", output, "--force"), here,
                      {"m.html", "link.html"})
        assert "is the model being read" in err
    assert model.read_text() == "n = 6\ndiags = [[3, 1], [2, 0]]\n"


def test_the_help_shows_examples(run_cli: Callable[..., CliResult]) -> None:
    text = run_cli("play", "--help").out
    assert "nqueens play 8 -o play.html" in text and "--fixed" in text and "--force" in text


def test_the_page_is_the_spec_the_other_commands_read(here: Path,
                                                      run_cli: Callable[..., CliResult]) -> None:
    assert run_cli("play", "completion-8-a1", "--forbidden", "7,7", "-o", "a1.html").code == 0
    base = Spec(8, fixed=[(0, 0)], forbidden=[(7, 7)], name="completion-8-a1")
    assert (here / "a1.html").read_text() == play_page_html(base)
