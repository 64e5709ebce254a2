"""What the help and the reference tell a new user holds (issue 39, 18): `explain --help`
names only files that ship or that its examples make; `verify_proof` is in the API
reference and the README's list; certify.md gives `verify --proof` its real exit code; a
model on standard input (`-`) is read, and an empty one refused as such."""

from __future__ import annotations

import shlex
from collections.abc import Callable

import pytest
from conftest import CliResult

from nqueens.modeling.bundled import bundled_model

from paths import DOCS, README, REPO


def test_explain_help_names_only_files_that_exist_or_are_made(
        run_cli: Callable[..., CliResult]) -> None:
    text = run_cli("explain", "--help").out
    examples = text[text.index("examples:"):].splitlines()[1:]
    made: set[str] = set()
    for line in examples:
        for command in line.split(";"):
            words = shlex.split(command)
            if words[:2] == ["nqueens", "generate"]:
                made.add(words[words.index("-o") + 1])
            elif words[:2] == ["nqueens", "explain"]:
                model = words[2].rpartition("#")[0] or words[2]
                assert (model.isdigit() or bundled_model(model) is not None
                        or (REPO / model).is_file() or model in made), line


def test_verify_proof_is_in_the_api_reference_and_the_readme() -> None:
    assert "::: nqueens.verify_proof" in (DOCS / "reference" / "api.md").read_text()
    listed = README.read_text().split("The [API reference]", 1)[1].split("\n\n", 1)[0]
    assert "`verify_proof`" in listed


def test_certify_page_gives_verify_proof_its_exit_code(run_cli: Callable[..., CliResult]) -> None:
    page = (DOCS / "how-to" / "certify.md").read_text()
    said = " ".join(page.split("The exit code says what was shown:", 1)[1].split("\n\n")[0].split())
    assert said.startswith('`solve` exits 1 for a certified "no"')
    assert "`verify --proof` 0 for a proof that checks" in said


def _stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))


def test_a_model_is_read_from_standard_input_in_any_format(
        run_cli: Callable[..., CliResult], monkeypatch: pytest.MonkeyPatch) -> None:
    """`-` reads the model from standard input (issue 40): TOML, or a region puzzle's grid
    of letters (its three placements found by the brute force in test_posed_cli.py)."""
    _stdin(monkeypatch, b"n = 6\n")
    got = run_cli("count", "-")
    assert got.code == 0 and "4 solutions" in got.out, got.err  # OEIS A000170: 4 for n = 6
    _stdin(monkeypatch, b"AABBB\nACCBB\nACDDE\nAADEE\nAADEE\n")
    got = run_cli("count", "-")
    assert got.code == 0 and "3 solutions" in got.out, got.err


def test_an_empty_standard_input_is_refused_in_one_line(
        run_cli: Callable[..., CliResult], monkeypatch: pytest.MonkeyPatch) -> None:
    for command in ("explain", "solve", "count"):
        _stdin(monkeypatch, b"")
        got = run_cli(command, "-")
        assert got.code == 2 and got.err.count("\n") == 1, got.err
        assert "<stdin>" in got.err and "n = 8" in got.err
        assert "N must be a positive integer" not in got.err
