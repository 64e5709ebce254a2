"""The `nqueens` command: each subcommand, format and exit code, and bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import nqueens
from nqueens.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_text_shows_board_and_columns(capsys: pytest.CaptureFixture[str], backend: str) -> None:
    code, out, err = run(capsys, "solve", "4", "--backend", backend, "--all")
    assert code == 0 and err == ""
    assert "columns (0-based) [1, 3, 0, 2]" in out
    assert ". Q . .\n. . . Q\nQ . . .\n. . Q ." in out
    assert "2 solutions, all of them" in out


def test_solve_json(capsys: pytest.CaptureFixture[str], backend: str) -> None:
    code, out, _ = run(capsys, "solve", "8", "-b", backend, "--limit", "3", "--format", "json")
    doc = json.loads(out)
    assert code == 0
    assert doc["n"] == 8 and doc["backend"] == backend and doc["status"] == "found"
    assert len(doc["solutions"]) == 3
    for placement in doc["solutions"]:
        assert nqueens.validate(8, placement) == []


def test_solve_one_based_display(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "4", "-b", "backtrack", "--one-based")
    assert code == 0 and "columns (1-based) [2, 4, 1, 3]" in out


def test_solve_unsatisfiable_exits_1(capsys: pytest.CaptureFixture[str], backend: str) -> None:
    code, out, _ = run(capsys, "solve", "3", "-b", backend, "--format", "json")
    doc = json.loads(out)
    assert code == 1 and doc["status"] == "complete" and doc["solutions"] == []


def test_solve_timeout_exits_3(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "13", "-b", "backtrack", "--all", "--timeout", "0.2", "--format", "json")
    doc = json.loads(out)
    assert code == 3 and doc["status"] == "timeout" and not doc["complete"]
    for placement in doc["solutions"]:
        assert nqueens.validate(13, placement) == []


def test_count_text_and_json(capsys: pytest.CaptureFixture[str], backend: str) -> None:
    code, out, _ = run(capsys, "count", "6", "-b", backend)
    assert code == 0 and "6-queens: 4 solutions" in out
    code, out, _ = run(capsys, "count", "3", "-b", backend, "--format", "json")
    doc = json.loads(out)
    assert code == 0  # a complete count of zero is still a success
    assert doc["count"] == 0 and doc["complete"] is True and doc["backend"] == backend


def test_count_sat_encoding_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "count", "7", "-b", "sat", "--encoding", "ladder", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["count"] == 40 and doc["stats"]["encoding"] == "ladder"


@pytest.mark.parametrize(
    ("text", "extra", "code", "expected"),
    [
        pytest.param("1 3 0 2", [], 0, "valid", id="list"),
        pytest.param("1,3,0,2", [], 0, "valid", id="commas"),
        pytest.param('{"columns": [2, 0, 3, 1]}', [], 0, "valid", id="json-object"),
        pytest.param("[2, 0, 3, 1]", [], 0, "valid", id="json-list"),
        pytest.param("2 4 1 3", ["--one-based"], 0, "valid", id="one-based"),
        pytest.param(". Q . .\n. . . Q\nQ . . .\n. . Q .\n", [], 0, "valid", id="board"),
        pytest.param("0 1 2 3", [], 1, "invalid: queens at (0, 0), (1, 1), (2, 2) and (3, 3) "
                     "share a diagonal: 6 attacking pairs", id="diagonal"),
        pytest.param("1 2 3 4", ["--one-based"], 1, "invalid: queens at (1, 1), (2, 2), (3, 3) "
                     "and (4, 4) share a diagonal: 6 attacking pairs", id="diagonal-one-based"),
        pytest.param("1 2 3 0", ["--one-based"], 1, "invalid: row 4: column 0 is off the board "
                     "(1..4)", id="off-board-one-based"),
        pytest.param("1 3 0", ["--n", "4"], 1, "invalid: expected 4 queens (one per row), got 3", id="wrong-length"),
        pytest.param("1 3 0 7", [], 1, "invalid: row 3: column 7 is off the board (0..3)", id="off-board"),
        pytest.param("Q Q . .\n. . . Q\nQ . . .\n. . Q .\n", [], 1, "share a row", id="board-same-row"),
    ],
)
def test_verify_forms(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    text: str, extra: list[str], code: int, expected: str,
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    got, out, err = run(capsys, "verify", *extra)
    assert got == code, err
    assert expected in out


def test_verify_reads_solve_json_from_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "solve", "6", "-b", "backtrack", "--all", "--format", "json")
    path = tmp_path / "solutions.json"
    main(["solve", "6", "-b", "backtrack", "--all", "--format", "json"])
    path.write_text(capsys.readouterr().out)
    code, out, _ = run(capsys, "verify", str(path))
    assert code == 0 and out.count(": valid") == 4
    assert "4 placements: 4 valid, 0 invalid" in out


@pytest.mark.parametrize(
    ("argv", "stdin", "message"),
    [
        pytest.param(["solve", "eight"], "", "N must be a positive integer", id="non-integer"),
        pytest.param(["solve", "-3"], "", "positive integer", id="negative"),
        pytest.param(["solve", "0"], "", "positive integer", id="zero"),
        pytest.param(["count", "8", "--backend", "cp-sat"], "", "invalid choice", id="bad-backend"),
        pytest.param(["solve", "8", "--limit", "0"], "", "--limit", id="bad-limit"),
        pytest.param(["solve", "8", "--timeout", "-1"], "", "--timeout", id="bad-timeout"),
        pytest.param(["count", "8", "--encoding", "ladder"], "", "--encoding applies to --backend sat",
                     id="encoding-wrong-backend"),
        pytest.param(["count", "8", "-b", "sat", "--encoding", "nope"], "", "invalid choice: 'nope'",
                     id="bad-encoding"),
        pytest.param(["verify"], "", "empty input", id="verify-empty"),
        pytest.param(["verify"], "hello world", "cannot read a placement", id="verify-garbled"),
        pytest.param(["verify"], "[1, 2", "not valid JSON", id="verify-broken-json"),
        pytest.param(["verify"], '["a", "b"]', "is not an integer", id="verify-strings"),
        pytest.param(["verify"], "Q .\n. . .\n", "must be square", id="verify-ragged-board"),
        pytest.param(["verify", "/nonexistent/file"], "", "cannot read /nonexistent/file", id="verify-missing-file"),
        pytest.param([], "", "required", id="no-command"),
        pytest.param(["frobnicate"], "", "invalid choice", id="unknown-command"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    argv: list[str], stdin: str, message: str,
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err and out == ""


@pytest.mark.system  # runs a subprocess: the quick lane leaves it out
def test_console_script_runs_as_a_module() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "nqueens", "count", "8", "--backend", "backtrack", "--format", "json"],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["count"] == 92
