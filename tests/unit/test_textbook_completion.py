"""The textbook's walk on completion boards: fixed queens pre-placed (their row's only
child), forbidden cells pruned at once, every other child checked against the queens above
it and the fixed queens below. Its solutions are brute force's; its verdicts are checked
cell by cell with the attack rule written out here; trace, tree and the page take it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import CliResult

from nqueens import Spec
from nqueens.pictures.page import page_data
from nqueens.pictures.tree import build_tree, node_kind, preorder
from nqueens.textbook.trace import walk

from brute_force import attacks, brute_force_solutions

BOARDS = [
    Spec(5, fixed=((1, 2),), forbidden=((0, 0),)),
    Spec(6, fixed=((0, 1),)),
    Spec(6, forbidden=((0, 1), (2, 3), (5, 5))),
    Spec(7, fixed=((3, 0), (0, 2)), forbidden=((1, 4), (6, 6))),
    Spec(8, fixed=((0, 0),)),  # completion-8-a1: 4 solutions
    Spec(8, fixed=((0, 0), (7, 6))),  # compatible, yet no solution
]


@pytest.mark.parametrize("spec", BOARDS, ids=[s.describe() for s in BOARDS])
def test_the_whole_walk_finds_exactly_brute_forces_solutions(spec: Spec) -> None:
    found = [tuple(c - 1 for c in e.columns) for e in walk(spec, all_solutions=True)
             if e.kind == "solution"]
    assert len(found) == len(set(found))
    assert set(found) == brute_force_solutions(spec.n, spec.fixed, spec.forbidden)


@pytest.mark.parametrize("spec", BOARDS, ids=[s.describe() for s in BOARDS])
def test_each_verdict_follows_from_the_board(spec: Spec) -> None:
    fixed = dict(spec.fixed)
    forbidden = set(spec.forbidden)
    path: list[int] = []  # 0-based columns of rows 0.. on the current branch
    for event in walk(spec, all_solutions=True):
        if event.kind != "check":
            continue
        row, col = event.row - 1, event.col - 1
        del path[row:]
        if row in fixed:  # the fixed queen is its row's only child, pre-placed
            assert event.fixed and event.promising and col == fixed[row]
        else:
            queens = list(enumerate(path)) + [(r, c) for r, c in fixed.items() if r > row]
            attacked = any(attacks(r, c, row, col) for r, c in queens)
            assert event.promising == (not attacked and (row, col) not in forbidden)
            if (row, col) in forbidden:
                assert event.reason is not None and event.reason.line == "forbidden"
        if event.promising:
            path.append(col)


def test_a_plain_board_walks_as_the_book_does() -> None:
    assert list(walk(Spec(6), all_solutions=True)) == list(walk(6, all_solutions=True))
    events = list(walk(4))
    assert sum(e.kind == "check" for e in events) == 26  # the book's figure: 27 with the root


def test_the_tree_and_the_page_mark_fixed_and_forbidden_nodes() -> None:
    spec = Spec(5, fixed=((1, 2),), forbidden=((0, 0),))
    kinds = {node_kind(node) for node, _ in preorder(build_tree(spec))}
    assert {"fixed", "forbidden"} <= kinds
    data = page_data(spec, all_solutions=True)
    assert data["fixed"] == [[2, 3]] and data["forbidden"] == [[1, 1]]
    assert any(e.get("x") for e in data["events"])  # a forbidden child, marked
    assert {node[5] for node in data["nodes"]} >= {"fixed", "forbidden"}


def test_trace_tree_and_page_take_a_completion_model(
    tmp_path: Path, run_cli: Callable[..., CliResult],
) -> None:
    got = run_cli("trace", "completion-8-a1", "--all")
    assert got.code == 0 and got.out.startswith("(a) <1,1> holds a fixed queen (pre-placed)")
    assert "4 solutions" in got.out  # completion-8-a1: 4 solutions
    doc = json.loads(run_cli("trace", "5", "--fixed", "1,2", "--forbidden", "0,0",
                             "--format", "json").out)
    assert doc["events"][0]["reason"] == {"queen": None, "line": "forbidden"}
    assert {"step": "b", "event": "check", "row": 1, "col": 2, "promising": True,
            "fixed": True} in doc["events"]
    svg = tmp_path / "t.svg"
    assert run_cli("tree", "5", "--fixed", "1,2", "--forbidden", "0,0", "-o", str(svg)).code == 0
    text = svg.read_text()
    assert 'id="fixed-' in text and 'id="forbidden-' in text
    assert "fixed queen" in text and "forbidden cell" in text  # the legend names both
    page = tmp_path / "t.html"
    assert run_cli("trace", "completion-8-a1", "-o", str(page)).code == 0
    payload = re.search(r"const D = (\{.*?\});\n", page.read_text(), re.S)
    assert payload is not None and json.loads(payload.group(1))["fixed"] == [[1, 1]]


def test_the_notebook_trace_takes_a_completion_board() -> None:
    import nqueens

    spec = Spec(5, fixed=((1, 2),), forbidden=((0, 0),))
    trace = nqueens.Trace(spec, all_solutions=True)
    assert trace.events() == list(walk(spec, all_solutions=True))
    assert "holds a fixed queen" in trace.text() and "5-queens, 1 fixed" in repr(trace)
    with pytest.raises(nqueens.QueensError, match="checks the queens' lines"):
        nqueens.Trace(Spec(5, "torus"))
