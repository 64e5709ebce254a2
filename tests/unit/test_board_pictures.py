"""Board pictures a reader can read (`drawing.figure.boards_figure`, what `solve -o`,
`explain -o` and `solve --most-queens -o` save): every single board carries its row and
column numbers as SVG text, the rows and columns left without a queen are banded and their
numbers highlighted, an excluded diagonal is a line across the board and each crossed cell
gets one cross, and the legend names the colours as `drawing.style` does."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ElementTree
from typing import Any

import pytest

from nqueens.drawing import style
from nqueens.drawing.figure import boards_figure

from brute_force import brute_force_solutions

SVG = "{http://www.w3.org/2000/svg}"


def svg_root(figure: Any) -> ElementTree.Element:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg")
    return ElementTree.fromstring(buffer.getvalue())


def texts_by_id(root: ElementTree.Element, prefix: str) -> dict[str, str]:
    """The text inside each group whose id starts with `prefix`, by id."""
    return {g.get("id", ""): "".join(g.itertext()).strip() for g in root.iter(f"{SVG}g")
            if g.get("id", "").startswith(prefix)}


def ids(root: ElementTree.Element) -> list[str]:
    return [el.get("id", "") for el in root.iter() if el.get("id")]


def heading(figure: Any) -> str:
    return " ".join(t.get_text() for t in figure.axes[0].texts
                    if (t.get_gid() or "").startswith("heading-"))


@pytest.mark.parametrize("n", [8, 28])
def test_a_board_carries_its_row_and_column_numbers(n: int) -> None:
    root = svg_root(boards_figure(n, [[]]))
    for kind in ("row", "col"):
        labels = texts_by_id(root, f"{kind}-label-")
        assert labels == {f"{kind}-label-{i}": str(i) for i in range(n)}  # 0-based, every one
    one = svg_root(boards_figure(n, [[]], one_based=True))
    assert texts_by_id(one, "row-label-")[f"row-label-{n - 1}"] == str(n)


def test_the_legend_says_how_lines_are_numbered_and_names_the_colours() -> None:
    figure = boards_figure(8, [[]], fixed=[(0, 0)], forbidden=[(3, 3)])
    words = heading(figure)
    assert "numbered from 0" in words
    assert f"{style.NAMES[style.FORBIDDEN]} cross" in words and "vermillion" in words
    assert not re.search(r"\bred\b", words)
    assert "numbered from 1" in heading(boards_figure(8, [[]], one_based=True))
    grid = heading(boards_figure(6, [list(p) for p in sorted(brute_force_solutions(6))]))
    assert "0-based" in grid


def test_a_large_board_numbers_every_few_lines() -> None:
    root = svg_root(boards_figure(200, [[]]))
    rows = texts_by_id(root, "row-label-")
    assert "row-label-0" in rows and 10 <= len(rows) <= 50
    assert all(text == key.rsplit("-", 1)[1] for key, text in rows.items())


def test_rows_and_columns_without_a_queen_are_banded_and_highlighted() -> None:
    solution = sorted(brute_force_solutions(8))[3]
    queens = [(r, c) for r, c in enumerate(solution) if r not in (2, 5)]  # two rows emptied
    empty_rows = {2, 5}
    empty_cols = {solution[2], solution[5]}
    figure = boards_figure(8, [[]], queens=queens, mark_empty=True)
    root = svg_root(figure)
    drawn = ids(root)
    assert {int(i.rsplit("-", 1)[1]) for i in drawn if i.startswith("empty-row-")} == empty_rows
    assert {int(i.rsplit("-", 1)[1]) for i in drawn if i.startswith("empty-col-")} == empty_cols
    bold = {t.get_gid() for t in figure.axes[0].texts if t.get_fontweight() == "bold"}
    assert bold == ({f"row-label-{r}" for r in empty_rows} | {f"col-label-{c}" for c in empty_cols})
    assert "yellow band" in heading(figure)
    full = svg_root(boards_figure(8, [[]], queens=list(enumerate(solution)), mark_empty=True))
    assert not [i for i in ids(full) if i.startswith("empty-")]
    assert not [i for i in ids(svg_root(boards_figure(8, [[]], queens=queens)))
                if i.startswith("empty-")]  # only when asked (an explanation's queens are givens)


def diagonal(n: int, *, total: int | None = None, difference: int | None = None) -> tuple[
        tuple[int, int], ...]:
    return tuple((r, c) for r in range(n) for c in range(n)
                 if (total is not None and r + c == total)
                 or (difference is not None and r - c == difference))


def test_excluded_diagonals_are_lines_and_each_cell_gets_one_cross() -> None:
    n = 8
    rising, falling = diagonal(n, total=6), diagonal(n, difference=0)
    assert set(rising) & set(falling) == {(3, 3)}
    forbidden = [*rising, *falling]  # as an explanation lists its givens' cells: (3, 3) twice
    figure = boards_figure(n, [[]], forbidden=forbidden, diagonals=[rising, falling])
    root = svg_root(figure)
    crosses = [i for i in ids(root) if i.startswith("forbidden-")]
    assert sorted(crosses) == sorted(f"forbidden-{r}-{c}-b0" for r, c in set(forbidden))
    lines = {line.get_gid(): line for line in figure.axes[0].lines
             if (line.get_gid() or "").startswith("diagonal-")}
    assert set(lines) == {"diagonal-sum-6", "diagonal-difference-0"}
    assert lines["diagonal-sum-6"].get_linestyle() != lines["diagonal-difference-0"].get_linestyle()
    assert lines["diagonal-sum-6"].get_color() != lines["diagonal-difference-0"].get_color()
    # each line runs through the centre of every cell of its diagonal, edge to edge
    corners = {(round(x, 6), round(y, 6)) for x, y in (
        (x, y) for line in lines.values() for x, y in zip(line.get_xdata(), line.get_ydata(), strict=True))}
    for gid, cells in (("diagonal-sum-6", rising), ("diagonal-difference-0", falling)):
        (xa, xb), (ya, yb) = lines[gid].get_xdata(), lines[gid].get_ydata()
        unit = abs(xb - xa) / len(cells)
        assert abs(abs(yb - ya) - len(cells) * unit) < 1e-9
        x0, y0 = min(xa, xb) - min(c for _, c in cells) * unit, min(ya, yb) - min(r for r, _ in cells) * unit
        for r, c in cells:
            cx, cy = x0 + (c + 0.5) * unit, y0 + (r + 0.5) * unit
            assert abs((xb - xa) * (cy - ya) - (yb - ya) * (cx - xa)) < 1e-9, (gid, r, c)
    assert len(corners) == 4
    words = heading(figure)
    assert f"solid {style.NAMES[style.SUM_DIAGONAL]} line" in words
    assert f"dashed {style.NAMES[style.DIFFERENCE_DIAGONAL]} line" in words


@pytest.mark.parametrize("n", [8, 28])
def test_a_notebook_board_numbers_its_rows_and_columns(n: int) -> None:
    from nqueens.drawing.svg import board_svg

    root = ElementTree.fromstring(board_svg(n, forbidden=[(1, 2), (1, 2), (3, 0)]))
    for kind in ("row", "col"):
        numbers = [int(t.text or "") for t in root.iter(f"{SVG}text")
                   if t.get("class") == f"{kind}-number"]
        assert numbers[0] == 0 and numbers == sorted(set(numbers))
        step = numbers[1] - numbers[0]
        assert numbers == list(range(0, n, step)) and step <= 2
    crosses = [(p.get("data-row"), p.get("data-col")) for p in root.iter(f"{SVG}path")
               if p.get("class") == "forbidden"]
    assert sorted(crosses) == [("1", "2"), ("3", "0")]  # one cross a cell


def test_each_board_of_a_grid_is_numbered() -> None:
    solutions = [list(p) for p in sorted(brute_force_solutions(6))]
    root = svg_root(boards_figure(6, solutions))
    for board in range(len(solutions)):
        for kind in ("row", "col"):
            labels = {k: v for k, v in texts_by_id(root, f"{kind}-label-").items()
                      if k.endswith(f"-b{board}")}
            assert labels == {f"{kind}-label-{i}-b{board}": str(i) for i in range(6)}
