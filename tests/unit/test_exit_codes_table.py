"""The exit codes are one table in the code (`nqueens.exit_codes`): the CLI's EXIT_*
constants are its members, each error carries its code, and the three places a user reads
the codes agree with it: `nqueens --help` and the docs page (docs/reference/exit-codes.md)
are written from it, README's "Exit codes" is held to it here, word for word."""

from __future__ import annotations

import re

import pytest

from nqueens import errors, exit_codes
from nqueens.cli import build_parser
from nqueens.cli import common as cli_common
from nqueens.exit_codes import EXIT_CODES, ExitCode, ExitCodeRow

from docgen import exit_codes as exit_codes_page  # docs/docgen/, the generator the docs build runs
from paths import DOCS, README

#: What each exception exits with: the contract, written out independently of the classes.
EXPECTED = {
    "QueensError": 2, "SpecError": 2, "ModelFileError": 2, "UnknownBackendError": 2,
    "InputError": 2, "CheckpointError": 2, "SizeLimitError": 2, "CertificateError": 4,
    "WorkerError": 3, "WorkerDiedError": 3, "CountMismatchError": 5,
}
#: A table row of Markdown: `| code | meaning |` (and, on the docs page, `| errors |`).
ROW = re.compile(r"^\| (\d+) \| (.*) \|$")


def _errors_module_classes() -> dict[str, type[errors.QueensError]]:
    return {name: value for name, value in vars(errors).items()
            if isinstance(value, type) and issubclass(value, errors.QueensError)}


def test_one_row_per_code_in_order() -> None:
    assert [row.code for row in EXIT_CODES] == list(ExitCode)
    assert [int(code) for code in ExitCode] == [0, 1, 2, 3, 4, 5]
    assert all(row.meaning.strip() == row.meaning and "|" not in row.meaning for row in EXIT_CODES)


def test_every_cli_exit_constant_is_a_code_of_the_table() -> None:
    constants = {name: value for name, value in vars(cli_common).items() if name.startswith("EXIT_")}
    assert constants == {f"EXIT_{code.name}": code for code in ExitCode}
    assert all(type(value) is ExitCode for value in constants.values())


def test_each_error_carries_its_code() -> None:
    classes = _errors_module_classes()
    assert {name: int(error.exit_code) for name, error in classes.items()} == EXPECTED
    for code in ExitCode:
        assert {e.__name__ for e in errors.errors_exiting_with(code)} == {
            name for name, value in EXPECTED.items() if value == code}


def _readme_rows() -> list[tuple[int, str]]:
    section = README.read_text().split("\n## Exit codes\n", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    assert lines[:2] == ["| code | meaning |", "|---|---|"], lines[:2]
    rows = []
    for line in lines[2:]:
        match = ROW.match(line)
        assert match, f"README's exit-code table has a row that is not `| code | meaning |`: {line}"
        rows.append((int(match.group(1)), match.group(2)))
    return rows


def test_readme_table_is_the_code_table_word_for_word() -> None:
    rows = _readme_rows()
    codes = [code for code, _ in rows]
    assert sorted(codes) == codes and len(set(codes)) == len(codes), codes
    assert set(codes) == {int(c) for c in ExitCode}, (
        f"missing: {sorted({int(c) for c in ExitCode} - set(codes))}, "
        f"extra: {sorted(set(codes) - {int(c) for c in ExitCode})}")
    for (code, meaning), row in zip(rows, EXIT_CODES, strict=True):
        assert meaning == row.meaning, f"README's exit {code} differs from nqueens/exit_codes.py"


def _words(text: str) -> str:
    return " ".join(text.split())


def test_help_shows_every_code_with_its_meaning() -> None:
    shown = build_parser("models").format_help()
    section = shown.split("\nexit codes:\n", 1)[1].split("\n\n", 1)[0]
    entries = re.split(r"^  (\d)  ", section, flags=re.MULTILINE)[1:]
    codes, meanings = entries[0::2], entries[1::2]
    assert [int(code) for code in codes] == [int(code) for code in ExitCode]
    for meaning, row in zip(meanings, EXIT_CODES, strict=True):
        assert _words(meaning) == _words(exit_codes.plain(row.meaning))
    assert all(len(line) <= 80 for line in section.splitlines())


def test_the_docs_page_is_this_generator() -> None:
    import hooks  # docs/hooks.py: what `mkdocs build` runs

    assert hooks.SNIPPETS["exit-codes"] is exit_codes_page.exit_codes_markdown
    page = (DOCS / "reference" / "exit-codes.md").read_text()
    section = page.split("## Exit codes\n", 1)[1].split("\n## ", 1)[0]
    assert [m.group(1) for m in hooks.MARKER.finditer(page)] == ["exit-codes"]
    assert hooks.MARKER.search(section), "the generated table is not in the Exit codes section"
    assert not [line for line in section.splitlines() if ROW.match(line)], \
        "the page holds a written table beside the generated one"


def test_the_generated_table_has_each_code_its_meaning_and_its_errors() -> None:
    lines = exit_codes_page.exit_codes_markdown().splitlines()
    assert lines[1] == "|---|---|---|"
    assert len(lines) == 2 + len(ExitCode)
    for line, row in zip(lines[2:], EXIT_CODES, strict=True):
        code, meaning, raised = line.strip("| ").split(" | ")
        assert (int(code), meaning) == (row.code, row.meaning)
        names = {name.strip("`") for name in raised.split(", ")} - {"-"}
        assert names == {name for name, value in EXPECTED.items() if value == row.code}


def test_a_changed_meaning_changes_help_and_page(monkeypatch: pytest.MonkeyPatch) -> None:
    changed = (*EXIT_CODES[:5], ExitCodeRow(ExitCode.MISMATCH, "two counts drifted apart"))
    monkeypatch.setattr(exit_codes, "EXIT_CODES", changed)
    assert "| 5 | two counts drifted apart | `CountMismatchError` |" in \
        exit_codes_page.exit_codes_markdown()
    assert "  5  two counts drifted apart" in build_parser("models").format_help()


def test_the_exceptions_table_names_every_error() -> None:
    page = (DOCS / "reference" / "exit-codes.md").read_text()
    section = page.split("## Exceptions (Python API)", 1)[1]
    for name in _errors_module_classes():
        if name != "QueensError":
            assert f"`{name}`" in section, f"{name} is missing from the exceptions table"
