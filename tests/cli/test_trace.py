"""The textbook walk for n = 4 against FACTS.md steps (a) to (k), event by event."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from nqueens import Spec, find_violations
from nqueens.cli import main
from nqueens.textbook.trace import steps, walk

from known_counts import A000170, TEXTBOOK_NODES_CHECKED, TEXTBOOK_PROMISING_NODES

# FACTS.md, "The step trace for n = 4": per step, (kind, row, col, verdict, queen, line).
# "check" rows: verdict True = promising; a nonpromising one names the queen and the line.
BOOK_STEPS = [
    [("check", 1, 1, True, None, None)],
    [("check", 2, 1, False, 1, "column"), ("check", 2, 2, False, 1, "left diagonal"),
     ("check", 2, 3, True, None, None)],
    [("check", 3, 1, False, 1, "column"), ("check", 3, 2, False, 2, "right diagonal"),
     ("check", 3, 3, False, 2, "column"), ("check", 3, 4, False, 2, "left diagonal")],
    [("backtrack", 1, 1, None, None, None), ("check", 2, 4, True, None, None)],
    [("check", 3, 1, False, 1, "column"), ("check", 3, 2, True, None, None)],
    [("check", 4, 1, False, 1, "column"), ("check", 4, 2, False, 3, "column"),
     ("check", 4, 3, False, 3, "left diagonal"), ("check", 4, 4, False, 2, "column")],
    [("backtrack", 2, 4, None, None, None), ("check", 3, 3, False, 2, "right diagonal"),
     ("check", 3, 4, False, 2, "column")],
    [("backtrack", 0, 0, None, None, None), ("check", 1, 2, True, None, None)],
    [("check", 2, 1, False, 1, "right diagonal"), ("check", 2, 2, False, 1, "column"),
     ("check", 2, 3, False, 1, "left diagonal"), ("check", 2, 4, True, None, None)],
    [("check", 3, 1, True, None, None)],
    [("check", 4, 1, False, 3, "column"), ("check", 4, 2, False, 1, "column"),
     ("check", 4, 3, True, None, None), ("solution", (2, 4, 1, 3))],
]


def as_tuple(event: Any) -> tuple[Any, ...]:
    if event.kind == "solution":
        return ("solution", event.columns)
    if event.kind == "backtrack":
        return ("backtrack", event.row, event.col, None, None, None)
    reason = event.reason
    return ("check", event.row, event.col, event.promising,
            reason.queen if reason else None, reason.line if reason else None)


def test_n4_walk_follows_the_book_step_by_step() -> None:
    got = [[as_tuple(e) for e in group] for group in steps(list(walk(4)))]
    assert len(got) == len(BOOK_STEPS)
    for label, (mine, book) in zip("abcdefghijk", zip(got, BOOK_STEPS, strict=True), strict=False):
        assert mine == book, f"step ({label})"


def test_n4_text_reads_like_the_book(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["trace", "4"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "(a) <1,1> is promising"
    assert out[2] == "    <2,2> is nonpromising: queen 1 is on the left diagonal"
    assert "(h) backtrack to the root" in out
    assert "    solution: columns (2, 4, 1, 3)" in out


@pytest.mark.parametrize("n", sorted(TEXTBOOK_NODES_CHECKED))
def test_whole_walk_reproduces_the_table(n: int) -> None:
    events = list(walk(n, all_solutions=True))
    checks = [e for e in events if e.kind == "check"]
    assert len(checks) + 1 == TEXTBOOK_NODES_CHECKED[n]
    assert sum(e.promising for e in checks) + 1 == TEXTBOOK_PROMISING_NODES[n]


@pytest.mark.parametrize("n", range(1, 8))
def test_whole_walk_finds_every_solution(n: int) -> None:
    found = [e.columns for e in walk(n, all_solutions=True) if e.kind == "solution"]
    assert len(found) == A000170[n]
    for columns in found:
        assert find_violations(Spec(n), [c - 1 for c in columns]) == []


@pytest.mark.system  # runs a subprocess: the quick lane leaves it out
def test_json_events_zero_based() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "nqueens", "trace", "4", "--zero-based", "--format", "json"],
        capture_output=True, text=True, check=True,
    )
    doc = json.loads(done.stdout)
    first, second = doc["events"][0], doc["events"][1]
    assert first == {"step": "a", "event": "check", "row": 0, "col": 0, "promising": True}
    assert second["reason"] == {"queen": 0, "line": "column"}
    assert doc["events"][-1] == {"step": "k", "event": "solution", "columns": [1, 3, 0, 2]}
    backtracks = [e for e in doc["events"] if e["event"] == "backtrack"]
    assert backtracks[-1]["to"] is None  # back to the root


@pytest.mark.parametrize("argv", [["trace", "11", "--all"], ["trace", "40"]])
def test_absurd_sizes_are_refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("nqueens: error: ") and "nqueens " in err


def test_trace_and_tree_take_a_model_of_a_plain_board(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from nqueens.cli import main

    assert main(["trace", "4", "--format", "json"]) == 0
    by_size = capsys.readouterr().out
    model = tmp_path / "four.toml"
    model.write_text("n = 4\n")
    assert main(["trace", str(model), "--format", "json"]) == 0
    assert capsys.readouterr().out == by_size
    assert main(["tree", "queens-8", "--first", "--output", str(tmp_path / "t.svg")]) == 2
    assert main(["tree", str(model), "--first", "--output", str(tmp_path / "t.svg")]) == 0
    assert (tmp_path / "t.svg").read_text().count("<text") > 0


@pytest.mark.parametrize("command", ["trace", "tree"])
def test_textbook_walk_refuses_another_variant(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    from nqueens.cli import main

    argv = [command, "torus-5"] + (["--output", "x.svg"] if command == "tree" else [])
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "checks the queens' lines" in err
