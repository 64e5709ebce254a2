"""The board pictures the commands save: `solve --most-queens -o` on a 28-board of the ASP
benchmark numbers every row and column and bands the ones without a queen; `explain -o` on
an excluded-diagonals file draws the diagonals of its set as lines, one cross a cell.
(The drawing itself: tests/unit/test_board_pictures.py.)"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Any

ASP_28 = Path(__file__).parents[2] / "benchmarks/asp-blocked-28/blockedqueens.28.1449787798.param"
SVG = "{http://www.w3.org/2000/svg}"


def texts_by_id(root: ElementTree.Element, prefix: str) -> dict[str, str]:
    """The text inside each group whose id starts with `prefix`, by id."""
    return {g.get("id", ""): "".join(g.itertext()).strip() for g in root.iter(f"{SVG}g")
            if g.get("id", "").startswith(prefix)}


def ids(root: ElementTree.Element) -> list[str]:
    return [el.get("id", "") for el in root.iter() if el.get("id")]


def test_most_queens_on_28_numbers_and_bands_its_picture(run_cli: Any, tmp_path: Path) -> None:
    target = tmp_path / "most.svg"
    r = run_cli("solve", str(ASP_28), "--most-queens", "-o", str(target))
    assert r.code == 1, r.err  # no solution; the most queens that fit are drawn
    root = ElementTree.parse(target).getroot()
    assert texts_by_id(root, "row-label-") == {f"row-label-{i}": str(i) for i in range(28)}
    assert texts_by_id(root, "col-label-") == {f"col-label-{i}": str(i) for i in range(28)}
    queens = [tuple(map(int, i.split("-")[1:3])) for i in ids(root) if i.startswith("queen-")]
    assert len(queens) == 27 and len({r for r, _ in queens}) == 27  # the drawing's queens
    drawn = ids(root)
    assert {int(i.rsplit("-", 1)[1]) for i in drawn if i.startswith("empty-row-")} == (
        set(range(28)) - {r for r, _ in queens})
    assert {int(i.rsplit("-", 1)[1]) for i in drawn if i.startswith("empty-col-")} == (
        set(range(28)) - {c for _, c in queens})
    missing_row = (set(range(28)) - {r for r, _ in queens}).pop()
    assert f"row {missing_row}" in r.out or f"{missing_row}" in r.out.splitlines()[1]


def test_explain_draws_its_excluded_diagonals(run_cli: Any, tmp_path: Path) -> None:
    model = tmp_path / "d8.param"
    model.write_text("n = 8\nnumdiags = 8\n"
                     "diags = [[7, 1], [7, 0], [6, 1], [8, 1], [6, 0], [8, 0], [5, 1], [9, 0]]\n")
    target = tmp_path / "why.svg"
    r = run_cli("explain", str(model), "-o", str(target))
    assert r.code == 0, r.err
    root = ElementTree.parse(target).getroot()
    drawn = ids(root)
    # the set the text names, as (kind, key) of each diagonal: "r + c = 6", "r - c = 1"
    named = {("sum" if sign == "+" else "difference", int(value))
             for sign, value in re.findall(r"excluded diagonal r ([+-]) c = (-?\d+)", r.out)}
    lines = {(i.split("-")[1], int(i.split("-", 2)[2])) for i in drawn if i.startswith("diagonal-")}
    assert named and lines == named
    crosses = [i for i in drawn if i.startswith("forbidden-")]
    assert len(crosses) == len(set(crosses))
    assert "vermillion cross" in "".join(root.itertext())
