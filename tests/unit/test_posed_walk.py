"""The textbook's walk on a posed problem whose every row holds one queen (`trace`, `tree`):
row by row as in the book, a child pruned when a line through it would hold too many queens
or a line ending at its row too few. Its solutions are the independent brute force's
(tests/brute_force_posed.py), every one valid; its step-through page colours the regions;
other posed problems, and a page of too long a walk, are refused in one line."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from nqueens.errors import InputError
from nqueens.planning import spec_of
from nqueens.textbook.trace import event_text, walk
from nqueens.validator import find_violations

from brute_force_posed import solve as brute_solve
from posed_problems import spec_of as posed_spec

PROBLEMS: dict[str, dict[str, Any]] = {
    "non-touching rooks 6": {"n": 6, "rules": [{"family": "rows", "lo": 1, "hi": 1},
                                               {"family": "columns", "lo": 1, "hi": 1},
                                               {"family": "king", "lo": 0, "hi": 1}]},
    "at most two per diagonal 5": {"n": 5, "rules": [{"family": "rows", "lo": 1, "hi": 1},
                                                     {"family": "columns", "lo": 1, "hi": 1},
                                                     {"family": "diagonals", "lo": 0, "hi": 2}]},
    "with givens": {"n": 6, "rules": [{"family": "rows", "lo": 1, "hi": 1},
                                      {"family": "columns", "lo": 1, "hi": 1},
                                      {"family": "king", "lo": 0, "hi": 1}],
                    "fixed": [[1, 3]], "forbidden": [[0, 0], [4, 4]]},
}


@pytest.mark.parametrize("name", PROBLEMS)
def test_the_walks_solutions_are_the_brute_forces(name: str) -> None:
    problem = PROBLEMS[name]
    _, placements = brute_solve(problem)
    spec = posed_spec(problem)
    events = list(walk(spec, all_solutions=True))
    found = [tuple(c - 1 for c in e.columns) for e in events if e.kind == "solution"]
    assert len(found) == len(set(found)) == len(placements) > 0
    assert {frozenset(enumerate(columns)) for columns in found} == placements
    for columns in found:
        assert find_violations(spec, columns) == []
    for event in events:
        assert event_text(event)  # every event has its sentence


def test_a_region_puzzle_walks_to_its_one_solution() -> None:
    puzzle = spec_of("regions-6")
    (problem,) = [e for e in walk(puzzle, all_solutions=True) if e.kind == "solution"]
    assert find_violations(puzzle, [c - 1 for c in problem.columns]) == []
    texts = {event_text(e) for e in walk(puzzle)}
    assert any("a region ends at this row without a queen" in t for t in texts)
    assert any("touches it" in t for t in texts)
    stuck = replace(puzzle, fixed=((0, 0),))
    assert not [e for e in walk(stuck, all_solutions=True) if e.kind == "solution"]


def test_what_the_walk_does_not_take_is_refused(run_cli: Any, tmp_path: Path) -> None:
    with pytest.raises(InputError, match="its rows do not each hold one queen"):
        list(walk(spec_of("starbattle-10")))
    page = run_cli("trace", "regions-12", "-o", str(tmp_path / "page.html"))
    assert page.code == 2 and len(page.err.splitlines()) == 1
    assert "more than 20,000 events" in page.err  # 62,098 to its solution
    assert not (tmp_path / "page.html").exists()
    page = run_cli("trace", "starbattle-10", "-o", str(tmp_path / "page.html"))
    assert page.code == 2 and "its rows do not each hold one queen" in page.err
    assert not (tmp_path / "page.html").exists()
    traced = run_cli("trace", "regions-6")
    assert traced.code == 0 and traced.out.endswith("1 solution\n"), traced.err


def test_stats_and_estimate_count_the_walks_tree(run_cli: Any) -> None:
    """`stats` counts the tree the walk walks (root included) and finds the brute force's
    solutions; Knuth's estimate of the same tree lands near the exact figure."""
    import json

    from nqueens.textbook.estimate import estimate_nodes

    spec = posed_spec(PROBLEMS["non-touching rooks 6"])
    events = list(walk(spec, all_solutions=True))
    checked = 1 + sum(e.kind == "check" for e in events)
    from nqueens.textbook.treestats import tree_stats

    row = tree_stats(6, spec)
    assert row.nodes_checked == checked
    assert row.solutions == len(brute_solve(PROBLEMS["non-touching rooks 6"])[1]) == 90
    guess = estimate_nodes(spec, 4000, seed=3)
    assert abs(guess.mean - checked) < 5 * guess.stderr
    shown = run_cli("stats", "regions-6", "--format", "json")
    assert shown.code == 0 and json.loads(shown.out)["rows"][0]["solutions"] == 1
    estimated = run_cli("estimate", "regions-6", "--seed", "1", "--format", "json")
    doc = json.loads(estimated.out)
    puzzle_checks = sum(e.kind == "check" for e in walk(spec_of("regions-6"), all_solutions=True))
    assert estimated.code == 0 and doc["exact"] == puzzle_checks + 1  # the root too
    refused = run_cli("stats", "starbattle-10")
    assert refused.code == 2 and "its rows do not each hold one queen" in refused.err


def test_a_fixed_queen_the_walk_prunes_reads_and_draws_as_pruned() -> None:
    """A posed walk can prune a fixed queen (a line ending at its row left short): its
    sentence says why, and the tree draws it pruned, not as a pre-placed queen."""
    from nqueens.pictures.tree import build_tree, node_kind, preorder

    spec = posed_spec({"n": 4, "rules": [{"family": "rows", "lo": 1, "hi": 1},
                                         {"family": "cells", "lo": 1, "hi": 1,
                                          "cells": [[[0, 1], [1, 0]]]}],
                       "fixed": [[1, 2]]})
    pruned = [e for e in walk(spec, all_solutions=True)
              if e.kind == "check" and e.fixed and not e.promising]
    assert pruned and all("is nonpromising" in event_text(e) for e in pruned)
    kinds = {node_kind(node) for node, _ in preorder(build_tree(spec))
             if node.fixed and not node.promising}
    assert kinds == {"pruned"}


def test_the_step_through_page_colours_a_region_puzzle(run_cli: Any, tmp_path: Path) -> None:
    """The page of regions-6: the walk's events are the text trace's, the cells in their
    regions' colours (the play board's) with the region letter in each cell's title, and a
    line that ends short of its queen blames no queen."""
    import json
    import re

    from nqueens.pictures.page import page_data

    page = tmp_path / "page.html"
    assert run_cli("trace", "regions-6", "-o", str(page)).code == 0
    data = json.loads(re.search(r"const D = (\{.*?\});\n", page.read_text()).group(1))  # type: ignore[union-attr]
    spec = spec_of("regions-6")
    assert data == json.loads(json.dumps(page_data(spec, False)))
    grid = [label for row in spec.regions for label in row]
    assert data["regions"]["name"] == ["ABCDEF"[label] for label in grid]
    colour = dict(zip(grid, data["regions"]["colour"], strict=True))  # one a region, and
    assert data["regions"]["colour"] == [colour[label] for label in grid]
    assert len(set(colour.values())) == 6  # each its own
    said = run_cli("trace", "regions-6").out.splitlines()[:-1]
    assert [event["t"] for event in data["events"]] == [re.sub(r"^ *(\(\w+\))? *", "", line)
                                                      for line in said]
    short = [event for event in data["events"] if "ends at this row" in event["t"]]
    assert short and not any("a" in event for event in short)


def test_stats_shows_no_column_bound_where_columns_may_repeat(run_cli: Any,
                                                               tmp_path: Path) -> None:
    """The textbook's column bound and n! count boards of one queen a column; one queen a
    row with none touching lets columns repeat (2,642 solutions on the 6-board, more than
    6! = 720, by the count of column sequences below), so neither is shown as a bound."""
    import itertools
    import json

    model = tmp_path / "kings.toml"
    model.write_text('n = 6\n[[rules]]\nfamily = "rows"\nexactly = 1\n'
                     '[[rules]]\nfamily = "king"\n')
    apart = sum(all(abs(a - b) >= 2 for a, b in itertools.pairwise(columns))
                for columns in itertools.product(range(6), repeat=6))
    row = json.loads(run_cli("stats", str(model), "--format", "json").out)["rows"][0]
    assert row["solutions"] == apart == 2642
    assert row["promising_bound"] is None and row["algorithm2"] is None
    text = run_cli("stats", str(model)).out.splitlines()[1].split()
    assert text[-6:-2] == ["55,987", "-", "-", f"{row['nodes_checked']:,}"]
    csv = run_cli("stats", str(model), "--format", "csv").out.splitlines()
    assert csv[1].split(",")[1:4] == ["55987", "", ""]
    # a region puzzle keeps its columns apart: the bounds hold, and are shown
    puzzle = json.loads(run_cli("stats", "regions-6", "--format", "json").out)["rows"][0]
    assert puzzle["promising_nodes"] <= puzzle["promising_bound"]
    assert puzzle["solutions"] <= puzzle["algorithm2"]
