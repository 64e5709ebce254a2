"""`nqueens explain` and `nqueens solve --most-queens` from the command line, in process:
every set reported is held to brute force (tests/brute_force.py), every model format is
read with its givens, and bad input is one line and exit 2."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

import nqueens

from brute_force import attacks, brute_force_most_queens, brute_force_solutions

Run = Callable[..., Any]
Cells = tuple[tuple[int, int], ...]


def split(core: list[dict[str, Any]]) -> tuple[Cells, Cells]:
    fixed = tuple(tuple(cell) for g in core if g["kind"] == "fixed" for cell in g["cells"])
    forbidden = tuple(sorted({tuple(cell) for g in core if g["kind"] != "fixed"
                              for cell in g["cells"]}))
    return fixed, forbidden  # type: ignore[return-value]


def check_core(n: int, doc: dict[str, Any]) -> None:
    """The set has no solution; each removal's solution solves the set without that given."""
    core = doc["core"]
    assert core and doc["minimal"] and not brute_force_solutions(n, *split(core))
    assert [r["given"] for r in doc["removals"]] == core
    for removal in doc["removals"]:
        rest = [g for g in core if g != removal["given"]]
        assert tuple(removal["solution"]) in brute_force_solutions(n, *split(rest))


def cell_flags(fixed: Cells, forbidden: Cells) -> list[str]:
    flags = [word for cell in fixed for word in ("--fixed", f"{cell[0]},{cell[1]}")]
    return flags + [word for cell in forbidden for word in ("--forbidden", f"{cell[0]},{cell[1]}")]


def random_board(rng: random.Random, n: int) -> tuple[Cells, Cells]:
    fixed: list[tuple[int, int]] = []
    for _ in range(rng.randint(0, 2)):
        r, c = rng.randrange(n), rng.randrange(n)
        if all(not attacks(r, c, r2, c2) and (r, c) != (r2, c2) for r2, c2 in fixed):
            fixed.append((r, c))
    free = [(r, c) for r in range(n) for c in range(n) if (r, c) not in fixed]
    return tuple(fixed), tuple(rng.sample(free, rng.randint(2, 6)))


def test_explain_json_holds_to_brute_force(run_cli: Run) -> None:
    rng = random.Random(30)
    seen = 0
    while seen < 6:
        n = rng.choice((5, 6))
        fixed, forbidden = random_board(rng, n)
        if brute_force_solutions(n, fixed, forbidden):
            continue
        seen += 1
        result = run_cli("explain", str(n), *cell_flags(fixed, forbidden), "--format", "json",
                         "--repair")
        assert result.code == 0, result.err
        doc = json.loads(result.out)
        assert doc["satisfiable"] is False and doc["complete"] is True
        assert all(g["cells"] and all(0 <= x < n for cell in g["cells"] for x in cell)
                   for g in doc["core"])
        check_core(n, doc)
        removed = doc["repair"]["removed"]
        kept = [g for g in (*({"kind": "fixed", "cells": [list(c)]} for c in fixed),
                            *({"kind": "forbidden", "cells": [list(c)]} for c in forbidden))
                if {"kind": g["kind"], "cells": g["cells"]} not in
                [{"kind": r["kind"], "cells": r["cells"]} for r in removed]]
        assert tuple(doc["repair"]["solution"]) in brute_force_solutions(n, *split(kept))


def test_smallest_equals_an_exhaustive_search(run_cli: Run) -> None:
    fixed, forbidden = ((0, 0),), ((1, 3), (2, 4), (3, 1), (4, 2), (2, 1), (3, 3))
    assert not brute_force_solutions(6, fixed, forbidden)
    result = run_cli("explain", "6", *cell_flags(fixed, forbidden), "--smallest", "-f", "json")
    doc = json.loads(result.out)
    cells = [("f", c) for c in fixed] + [("x", c) for c in forbidden]
    fewest = next(k for k in range(1, len(cells) + 1) for subset in combinations(cells, k)
                  if not brute_force_solutions(6, tuple(c for t, c in subset if t == "f"),
                                               tuple(c for t, c in subset if t == "x")))
    assert result.code == 0 and doc["smallest"] and len(doc["core"]) == fewest
    check_core(6, doc)


def test_text_shows_the_set_the_board_and_each_removal(run_cli: Run) -> None:
    result = run_cli("explain", "completion-8-unsat")
    assert result.code == 0 and result.err == ""
    lines = result.out.splitlines()
    assert lines[0] == ("completion-8-unsat: no solution; a minimal set of 2 of its 2 givens "
                        "has none on its own:")
    assert lines[3] == "Q . . . . . . ." and lines[4] == ". . Q . . . . ."
    assert ("minimal: the set less any one of them has a solution (checked; the other givens "
            "aside):") in lines
    without = [line for line in lines if line.startswith("  the set less fixed")]
    assert len(without) == 2
    for line, queen in zip(without, ((0, 0), (1, 2)), strict=True):
        columns = tuple(json.loads(line.split("columns ")[1]))
        other = (1, 2) if queen == (0, 0) else (0, 0)
        assert columns in brute_force_solutions(8, (other,))


def test_a_satisfiable_model_gets_its_solution(run_cli: Run) -> None:
    result = run_cli("explain", "completion-8-a1", "--format", "json")
    doc = json.loads(result.out)
    assert result.code == 0 and doc["satisfiable"] is True and "core" not in doc
    assert nqueens.validate(nqueens.Spec(8, fixed=[(0, 0)]), tuple(doc["solution"])) == []
    text = run_cli("explain", "6")
    assert text.code == 0 and "it has a solution, so there is nothing to explain" in text.out


@pytest.mark.parametrize("n", [2, 3])
def test_no_solution_even_without_givens(run_cli: Run, n: int) -> None:
    result = run_cli("explain", str(n))
    assert result.code == 0
    assert result.out == (f"{n}-queens: no solution even without givens: the queens rules leave "
                          f"none on a {n}x{n} board, so no given is to blame\n")
    doc = json.loads(run_cli("explain", str(n), "-f", "json").out)
    assert doc["board_unsatisfiable"] and doc["core"] == []


def test_every_model_format_keeps_its_givens(run_cli: Run, tmp_path: Path) -> None:
    files = {  # 5x5: row 0 keeps (0, 2) only, whose two solutions need (1, 0) or (1, 4)
        "b.param": "letting n = 5\nletting blocks = [[1, 1],\n[1, 2],\n[1, 4],\n[1, 5],\n"
                   "[2, 1],\n[2, 5],\n]\n",
        "b.lp": "num(1). num(2). num(3). num(4). num(5). block(1,1). block(1,2). block(1,4). block(1,5). block(2,1). "
                "block(2,5).\n",
        "b.toml": "n = 5\nforbidden = [[0, 0], [0, 1], [0, 3], [0, 4], [1, 0], [1, 4]]\n",
    }
    forbidden = ((0, 0), (0, 1), (0, 3), (0, 4), (1, 0), (1, 4))
    assert not brute_force_solutions(5, (), forbidden)
    for name, text in files.items():
        (tmp_path / name).write_text(text)
        result = run_cli("explain", str(tmp_path / name), "-f", "json")
        assert result.code == 0, (name, result.err)
        doc = json.loads(result.out)
        assert doc["givens"] == 6, name
        check_core(5, doc)
    diags = tmp_path / "d.param"
    diags.write_text("n = 7\nnumdiags = 5\ndiags = [[1, 0], [4, 1], [9, 0], [8, 0], [0, 1]]\n")
    doc = json.loads(run_cli("explain", f"{diags}#4", "-f", "json").out)
    assert doc["givens"] == 4 and all(g["kind"] == "diagonal" for g in doc["core"])
    check_core(7, doc)


def test_the_picture_marks_the_set(run_cli: Run, tmp_path: Path) -> None:
    picture = tmp_path / "why.svg"
    result = run_cli("explain", "completion-8-unsat", "--output", str(picture))
    assert result.code == 0 and picture.is_file()
    svg = picture.read_text()
    assert "completion-8-unsat: 2 of 2 givens, no solution (minimal set)" in svg
    assert 'id="fixed-0-0"' in svg and 'id="fixed-1-2"' in svg


@pytest.mark.parametrize("backend", ["cpsat", "sat"])
def test_most_queens_equals_brute_force(run_cli: Run, backend: str) -> None:
    rng = random.Random(7 if backend == "sat" else 8)
    for _ in range(4):
        n = rng.randint(4, 7)
        fixed, forbidden = random_board(rng, n)
        result = run_cli("solve", str(n), *cell_flags(fixed, forbidden), "--most-queens",
                         "--backend", backend, "-f", "json")
        doc = json.loads(result.out)
        best = brute_force_most_queens(n, fixed, forbidden)
        assert doc["most_queens"] == best == len(doc["queens"]) and doc["optimal"]
        queens = [tuple(cell) for cell in doc["queens"]]
        assert set(fixed) <= set(queens) and not set(forbidden) & set(queens)
        assert not any(attacks(*a, *b) for a, b in combinations(queens, 2))
        assert result.code == (0 if best == n else 1) and doc["satisfiable"] is (best == n)


def test_most_queens_cross_checked_and_as_text(run_cli: Run) -> None:
    result = run_cli("solve", "completion-8-unsat", "--most-queens", "--cross-check")
    assert result.code == 1
    assert result.out.startswith("completion-8-unsat: no solution; at most 7 of 8 queens fit "
                                 "(proved optimal)\nrow without a queen (0-based): ")
    assert result.out.rstrip().endswith("(agree)]")
    assert brute_force_most_queens(8, ((0, 0), (1, 2))) == 7
    full = run_cli("solve", "8", "--most-queens")
    assert full.code == 0 and full.out.startswith("8-queens: all 8 queens fit: the instance has "
                                                  "a solution")


@pytest.mark.parametrize(("argv", "words"), [
    (("explain", "nosuch.lp"), "no such model file"),
    (("explain", "8", "--proof", "p.drat"), "add --certify"),
    (("explain", "8", "--output", "x.gif"), "must end in .svg or .png"),
    (("explain", "8", "--fixed", "9,9"), "off the 8x8 board"),
    (("solve", "8", "--most-queens", "--all"), "--all does not apply to --most-queens"),
    (("solve", "8", "--most-queens", "--backend", "backtrack"), "use --backend cpsat, sat"),
    (("solve", "8", "--cross-check"), "add --most-queens"),
    (("solve", "8", "--most-queens", "--cross-check", "--backend", "sat"), "drop --backend"),
])
def test_bad_input_is_one_line_and_exit_2(run_cli: Run, argv: tuple[str, ...], words: str) -> None:
    result = run_cli(*argv)
    assert result.code == 2 and result.out == ""
    assert result.err.count("\n") == 1 and words in result.err, result.err


def test_the_api_answers_as_the_command_does() -> None:
    why = nqueens.explain("completion-8-unsat", repair=True)
    assert [g.source for g in why.core] == ["fixed [0, 0]", "fixed [1, 2]"] and why.minimal
    assert why.repair is not None and len(why.repair.removed) == 1
    assert nqueens.most_queens("completion-8-unsat", cross_check=True).count == 7
    with pytest.raises(nqueens.InputError, match="backend"):
        nqueens.most_queens(8, backend="backtrack")
