"""`verify --proof` reads DRAT as it is defined, a sequence of tokens in which a clause ends
at 0 and `d` starts a deletion, not one clause a line (issue 39, 13): a proof laid out
otherwise gets the same step count, the same checkers and the same verdict."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import CliResult

from nqueens.proofs.checkers import _steps

from optional import require

require("dratify", "pip install '.[certify]'")


def _relaid(text: str, per_line: int) -> str:
    """The proof's clauses `per_line` to a line (0: all on one line, as `tr '\\n' ' '`)."""
    clauses = [line for line in text.splitlines() if line.strip()]
    if per_line == 0:
        return " ".join(clauses) + " "
    return "\n".join(" ".join(clauses[i:i + per_line])
                     for i in range(0, len(clauses), per_line)) + "\n"


def test_steps_are_clauses_not_lines() -> None:
    assert _steps("1 2 0 d 1 2 0\n-1 0 -2 0\n") == ["1 2 0", "d 1 2 0", "-1 0", "-2 0"]
    assert _steps("c a comment\n1\n2 0\n0\n") == ["1 2 0", "0"]
    assert _steps("-2 0 -1 0 0 ") == ["-2 0", "-1 0", "0"]


def test_a_proof_on_one_line_is_certified(run_cli: Callable[..., CliResult],
                                          tmp_path: Path) -> None:
    proof = tmp_path / "q3.drat"
    assert run_cli("solve", "3", "--certify", "--proof", str(proof)).code == 1
    one = tmp_path / "q3one.drat"
    one.write_text(proof.read_text().replace("\n", " "))  # tr '\n' ' ' < q3.drat
    lines = [line for line in proof.read_text().splitlines() if line.strip()]
    got = run_cli("verify", "--proof", str(one), "--model", "3", "--format", "json")
    assert got.code == 0, got.out + got.err
    certificate = json.loads(got.out)["certificate"]
    assert certificate["certified"] is True and certificate["steps"] == len(lines) > 1
    assert all(run["ok"] for run in certificate["checkers"])
    assert "drup" in [run["checker"] for run in certificate["checkers"]]


@pytest.mark.parametrize("per_line", [0, 2, 7])
def test_a_count_proof_laid_out_otherwise_gets_the_same_steps_and_checkers(
        per_line: int, run_cli: Callable[..., CliResult], tmp_path: Path) -> None:
    proof = tmp_path / "q8.drat"
    assert run_cli("count", "8", "--certify", "--proof", str(proof)).code == 0
    listed = str(tmp_path / "q8.solutions.json")
    text = proof.read_text()
    assert re.search(r"^d ", text, re.MULTILINE)  # deletions too
    clauses = [line for line in text.splitlines() if line.strip()]
    relaid = tmp_path / "relaid.drat"
    relaid.write_text(_relaid(text, per_line))
    runs = []
    for path in (proof, relaid):
        got = run_cli("verify", "--proof", str(path), "--model", "8", "--solutions", listed,
                      "--format", "json")
        assert got.code == 0, got.out + got.err
        runs.append(json.loads(got.out)["certificate"])
    assert runs[0]["steps"] == runs[1]["steps"] == len(clauses)
    assert [r["checker"] for r in runs[0]["checkers"]] == [r["checker"] for r in runs[1]["checkers"]]
