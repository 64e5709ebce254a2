"""`nqueens explain` and `solve --most-queens` through their plan, in process: a board they
cannot do within memory or range is one line and exit 2 in well under a second with the
estimate; the proof's files are checked before the work (and --force is honoured); a stop
keeps the documented record; the minimality lines say whose solutions they show."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from nqueens.explanations import oracles

from brute_force import brute_force_solutions
from optional import require

Run = Callable[..., Any]


def refused(run_cli: Run, *argv: str) -> str:
    """The one-line error of `nqueens ARGV`, which must come with exit 2 within a second."""
    started = time.perf_counter()
    result = run_cli(*argv)
    assert time.perf_counter() - started < 1.0
    assert result.code == 2 and result.out == ""
    lines = result.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("nqueens: error: ")
    assert "Traceback" not in result.err
    return lines[0]


@pytest.mark.usefixtures("memory_cap")
def test_explain_sat_oracle_on_400_is_refused_with_the_estimate(run_cli: Run) -> None:
    line = refused(run_cli, "explain", "400", "--oracle", "sat")  # main: 48 s, then OOM
    assert ("106,347,600 clauses" in line or "12.0 GB" in line) and "--oracle propagate" in line


@pytest.mark.usefixtures("memory_cap")
@pytest.mark.parametrize("backend", ["auto", "sat"])
def test_most_queens_on_400_is_refused_with_the_estimate(run_cli: Run, backend: str) -> None:
    line = refused(run_cli, "solve", "400", "--most-queens", "--backend", backend)
    assert ("clauses" in line or "GB" in line) and "--backend cpsat" in line


@pytest.mark.usefixtures("memory_cap")
@pytest.mark.parametrize("n", ["65536", "100000000"])
def test_explain_beyond_the_oracles_range_is_one_line(run_cli: Run, n: str) -> None:
    line = refused(run_cli, "explain", n)  # main: ValueError traceback, exit 1
    assert f"{n}x{n}" in line and ("GB" in line or "PB" in line)
    assert "explain a smaller board" in line


@pytest.mark.usefixtures("memory_cap")
def test_most_queens_cross_check_of_a_large_board_is_refused(run_cli: Run) -> None:
    line = refused(run_cli, "solve", "5000", "--most-queens", "--cross-check")
    assert "5000x5000" in line and "GB" in line and "smaller board" in line


def test_certify_proof_with_force_overwrites_and_without_is_refused_first(
        run_cli: Run, tmp_path: Path) -> None:
    require("dratify", "pip install '.[certify]'")
    proof = tmp_path / "why.drat"
    proof.write_text("old\n")
    # refused before the work: nothing on stdout, the file untouched
    line = refused(run_cli, "explain", "completion-8-unsat", "--certify", "--proof", str(proof))
    assert "already exists" in line and proof.read_text() == "old\n"
    result = run_cli("explain", "completion-8-unsat", "--certify", "--proof", str(proof),
                     "--force", "--format", "json")
    assert result.code == 0, result.err  # main: "already exists; use --force" with --force
    doc = json.loads(result.out)
    assert doc["certified"] is True and doc["proof"] == str(proof)
    assert proof.read_text() != "old\n"


def test_certify_of_a_board_beyond_certification_is_refused_before_the_work(
        run_cli: Run) -> None:
    require("dratify", "pip install '.[certify]'")
    line = refused(run_cli, "explain", "5000", "--fixed", "0,0", "--certify")
    assert "cannot be certified" in line and "drop --certify" in line


def _stop_after(monkeypatch: pytest.MonkeyPatch, checks: int) -> None:
    """The oracle stops the deadline after `checks` checks, as a Ctrl-C would then."""
    real = oracles.PropagateOracle.check
    seen = [0]

    def check(self: Any, active: Any, violate: Any = None) -> Any:
        seen[0] += 1
        if seen[0] > checks and self.deadline is not None:
            self.deadline.stop()
        return real(self, active, violate)

    monkeypatch.setattr(oracles.PropagateOracle, "check", check)


def test_json_stopped_in_the_first_check_is_the_documented_document(
        run_cli: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    _stop_after(monkeypatch, 0)
    result = run_cli("explain", "completion-8-unsat", "--oracle", "propagate",
                     "--format", "json")
    assert result.code == 3
    doc = json.loads(result.out)
    assert doc["satisfiable"] is None and doc["complete"] is False and doc["givens"] == 2


def test_certify_stopped_during_the_explanation_says_so(
        run_cli: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    require("dratify", "pip install '.[certify]'")
    _stop_after(monkeypatch, 2)  # the first checks say "no", then the stop
    result = run_cli("explain", "completion-8-unsat", "--oracle", "propagate", "--certify")
    assert result.code == 3
    assert "not certified (stopped before the certificate was made)" in result.out
    assert "certificate was made" in result.err


def test_the_minimality_lines_are_solutions_of_the_set_less_one(run_cli: Run) -> None:
    # explain 4 --fixed 0,0 1,2: "without (1, 2)" showed a placement, yet solve 4 --fixed
    # 0,0 has none: it solves the set less the given, not the instance
    result = run_cli("explain", "6", "--forbidden", "0,1", "0,2", "0,3", "0,4", "2,2", "4,5")
    assert result.code == 0, result.err
    assert ("minimal: the set less any one of them has a solution (checked; the other givens "
            "aside):") in result.out
    less = [line for line in result.out.splitlines() if line.startswith("  the set less ")]
    assert len(less) == 4
    core = {(0, 1), (0, 2), (0, 3), (0, 4)}
    for line in less:
        cell = tuple(json.loads(line.split("forbidden ")[1].split("]")[0] + "]"))
        columns = tuple(json.loads(line.split("columns ")[1]))
        assert columns in brute_force_solutions(6, (), tuple(sorted(core - {cell})))
    assert "without" not in "\n".join(less)


def test_most_queens_names_its_empty_columns(run_cli: Run) -> None:
    result = run_cli("solve", "completion-8-unsat", "--most-queens", "--format", "json")
    doc = json.loads(result.out)
    used = {c for _, c in doc["queens"]}
    assert doc["empty_columns"] == [c for c in range(8) if c not in used]
    assert len(doc["empty_columns"]) == 1
    text = run_cli("solve", "completion-8-unsat", "--most-queens").out
    assert f"column without a queen (0-based): {doc['empty_columns'][0]}" in text
