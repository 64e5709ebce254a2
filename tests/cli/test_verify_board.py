"""`verify` judges a placement on the board it is told about: the `n`, variant and fixed and
forbidden cells a JSON document carries, --n/--model, and --fixed/--forbidden like `solve`."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import CliResult


def _verify(monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., CliResult], text: str,
            *argv: str) -> CliResult:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    return run_cli("verify", *argv)


def test_a_document_for_a_larger_board_is_not_valid(
    monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., CliResult],
) -> None:
    got = _verify(monkeypatch, run_cli, '{"n": 8, "solutions": [[1, 3, 0, 2]]}')
    assert got.code == 1 and "expected 8 queens (one per row), got 4" in got.out


def test_a_document_for_another_board_than_n_names_is_refused(
    monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., CliResult],
) -> None:
    got = _verify(monkeypatch, run_cli, '{"n": 8, "solutions": [[1, 3, 0, 2]]}', "--n", "4")
    assert got.code == 2 and got.out == ""
    assert "the document is for 8-queens but --n names 4-queens" in got.err


def test_the_cells_solve_records_are_checked(
    tmp_path: Path, run_cli: Callable[..., CliResult],
) -> None:
    solved = run_cli("solve", "6", "--fixed", "0,1", "-b", "backtrack", "--format", "json")
    doc = json.loads(solved.out)
    assert doc["fixed"] == [[0, 1]] and "forbidden" not in doc
    path = tmp_path / "s.json"
    path.write_text(solved.out)
    assert run_cli("verify", str(path)).code == 0
    # the same placement on a board whose fixed queen stands elsewhere is not a solution
    doc["fixed"] = [[0, 2]]
    path.write_text(json.dumps(doc))
    got = run_cli("verify", str(path))
    assert got.code == 1 and "cell (0, 2) must hold a queen (fixed) but is empty" in got.out
    doc.pop("fixed")
    doc["forbidden"] = [[0, 1]]
    path.write_text(json.dumps(doc))
    got = run_cli("verify", str(path))
    assert got.code == 1 and "queen at (0, 1) stands on a forbidden cell" in got.out


def test_verify_takes_fixed_and_forbidden_like_solve(
    monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., CliResult],
) -> None:
    placement = "1 3 5 0 2 4"  # a 6-queens solution with a queen at (0, 1)
    assert _verify(monkeypatch, run_cli, placement, "--fixed", "0,1").code == 0
    got = _verify(monkeypatch, run_cli, placement, "--fixed", "0,2")
    assert got.code == 1 and "(0, 2) must hold a queen" in got.out
    got = _verify(monkeypatch, run_cli, placement, "--forbidden", "1,3")
    assert got.code == 1 and "(1, 3) stands on a forbidden cell" in got.out
    got = _verify(monkeypatch, run_cli, placement, "--forbidden", "9,9")
    assert got.code == 2 and "off the 6x6 board" in got.err


def test_a_jsonl_stream_carries_its_board(
    monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., CliResult],
) -> None:
    stream = run_cli("solve", "6", "--forbidden", "0,0", "--all", "-b", "backtrack",
                     "--format", "jsonl").out
    summary = json.loads(stream.splitlines()[-1])
    assert summary["forbidden"] == [[0, 0]] and summary["count"] == 4  # A000170(6)
    edited = stream.replace('"forbidden": [[0, 0]]', '"forbidden": [[0, 1]]')
    got = _verify(monkeypatch, run_cli, edited)
    assert got.code == 1 and "4 placements: 3 valid, 1 invalid" in got.out  # one has (0, 1)


def test_json_verdicts_give_the_placement_as_a_list(
    monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., CliResult],
) -> None:
    got = _verify(monkeypatch, run_cli, "1 3 0 2", "--format", "json")
    assert got.code == 0
    assert json.loads(got.out) == [{"placement": [1, 3, 0, 2], "valid": True, "violations": []}]


@pytest.mark.parametrize("doc", [
    '{"n": 0, "columns": [0]}', '{"n": "8", "columns": [0]}', '{"n": 1e400, "columns": [0]}',
    '{"n": 4, "fixed": 3, "columns": [1, 3, 0, 2]}', '{"n": 4, "variant": "x", "columns": [1]}',
])
def test_a_bad_board_in_a_document_is_one_line(
    monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., CliResult], doc: str,
) -> None:
    got = _verify(monkeypatch, run_cli, doc)
    assert got.code == 2 and got.out == "" and got.err.count("\n") == 1
    assert got.err.startswith("nqueens: error: the document")


# --- several placements: one per line, and the text `solve` prints ------------------------

def test_each_line_of_columns_is_one_placement(
    monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., CliResult],
) -> None:
    for extra in ((), ("--n", "4")):
        got = _verify(monkeypatch, run_cli, "1 3 0 2\n2 0 3 1\n", *extra)
        assert got.code == 0 and got.out == ("[1, 3, 0, 2]: valid\n[2, 0, 3, 1]: valid\n"
                                             "2 placements: 2 valid, 0 invalid\n")
    # a column per line (every line one number) is one placement, a column per row
    assert _verify(monkeypatch, run_cli, "1\n3\n0\n2\n").out == "valid\n"


def test_the_text_solve_prints_is_read_in_the_base_it_states(
    monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., CliResult],
) -> None:
    from brute_force import brute_force_solutions

    for base in ((), ("--one-based",)):
        text = run_cli("solve", "6", "--all", "-b", "backtrack", *base).out
        got = _verify(monkeypatch, run_cli, text, "--format", "json")
        assert got.code == 0, got.err
        read = {tuple(entry["placement"]) for entry in json.loads(got.out)}
        assert read == brute_force_solutions(6) and all(e["valid"] for e in json.loads(got.out))
    # the board it names: a forbidden cell (x) is checked, a placement on it is refused
    text = run_cli("solve", "6", "--forbidden", "0,1", "--all", "-b", "backtrack").out
    assert "[2, 5, 1, 4, 0, 3]" in text
    got = _verify(monkeypatch, run_cli, text.replace("[2, 5, 1, 4, 0, 3]", "[1, 3, 5, 0, 2, 4]"))
    assert got.code == 1
    assert "[1, 3, 5, 0, 2, 4]: invalid: queen at (0, 1) stands on a forbidden cell" in got.out


def test_one_based_reads_typed_columns_only_and_json_stays_zero_based(
    monkeypatch: pytest.MonkeyPatch, run_cli: Callable[..., CliResult],
) -> None:
    """--one-based means what it means for `solve`: the columns a person types or reads;
    JSON, in and out, is 0-based as everywhere."""
    got = _verify(monkeypatch, run_cli, "2 4 1 3", "--one-based", "--format", "json")
    assert json.loads(got.out) == [{"placement": [1, 3, 0, 2], "valid": True, "violations": []}]
    assert _verify(monkeypatch, run_cli, "[1, 3, 0, 2]", "--one-based").out == "valid\n"
    bad = json.loads(_verify(monkeypatch, run_cli, "1 1", "--one-based", "--format", "json").out)
    assert bad[0]["violations"][0]["cells"] == [[0, 0], [1, 0]]
    assert bad[0]["violations"][0]["message"].startswith("queens at (1, 1) and (2, 1)")
