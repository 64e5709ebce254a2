"""Pictures: the tree and board commands write valid SVG / PNG files, refuse sizes they
cannot draw well, and leave no file behind when they refuse."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from nqueens.cli import main
from nqueens.pictures.tree import build_tree

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def svg_ids(path: Path) -> list[str]:
    """The ids in an SVG file (parsed as XML, so a corrupt file fails here)."""
    root = ElementTree.parse(path).getroot()
    assert root.tag.endswith("svg")
    return [el.get("id", "") for el in root.iter()]


def test_tree_svg_is_valid_xml(tmp_path: Path) -> None:
    target = tmp_path / "tree4.svg"
    assert main(["tree", "4", "--first", "--output", str(target)]) == 0
    ids = svg_ids(target)
    assert sum(i.startswith("pruned-") for i in ids) == 27 - 9  # FACTS.md walk to (k)
    assert sum(i.startswith("solution-") for i in ids) == 1
    assert target.stat().st_size > 1000
    assert not [p for p in tmp_path.iterdir() if p != target]  # no temporary left behind


def test_tree_png_has_the_png_signature(tmp_path: Path) -> None:
    target = tmp_path / "tree4.png"
    assert main(["tree", "4", "-o", str(target)]) == 0
    assert target.read_bytes()[:8] == PNG_SIGNATURE


def test_tree_structure_matches_the_walk() -> None:
    root = build_tree(4)
    assert [(c.row, c.col) for c in root.children] == [(1, 1), (1, 2), (1, 3), (1, 4)]

    def nodes(node: Any) -> Iterator[Any]:
        yield node
        for child in node.children:
            yield from nodes(child)

    every = list(nodes(root))
    assert len(every) == 61  # FACTS.md: nodes checked for n = 4
    assert sum(n.promising for n in every) == 17
    assert sum(n.solution for n in every) == 2
    assert [n.visit for n in every] == sorted(n.visit for n in every)  # preorder = visit order


@pytest.mark.parametrize("argv", [
    ["tree", "6"], ["tree", "9", "--large"], ["tree", "6", "--force"], ["tree", "4", "--first"],
])
def test_tree_refuses_what_it_cannot_draw(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / ("t.svg" if argv != ["tree", "4", "--first"] else "t.pdf")
    assert main([*argv, "--output", str(target)]) == 2
    assert capsys.readouterr().err.startswith("nqueens: error: ")
    assert list(tmp_path.iterdir()) == []


def test_a_tree_is_judged_by_its_size_not_its_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """completion-8-a1's whole tree has 1,786 nodes (counted by walking it here): more than
    the default but drawable with --large, although n = 8's plain tree (15,721) is not; a
    6-board whose fixed queen and forbidden cell cut its tree to 122 nodes draws as is."""
    target = tmp_path / "t.svg"
    assert main(["tree", "completion-8-a1", "-o", str(target)]) == 2
    assert capsys.readouterr().err == (
        "nqueens: error: the whole tree of completion-8-a1 (8-queens, 1 fixed) has 1,786 "
        "nodes, more than the 250 drawn by default; add --large to draw it (up to 4,000 "
        "nodes)\n")
    assert main(["tree", "8", "--large", "-o", str(target)]) == 2
    assert "the whole tree of 8-queens has more than 4,000 nodes (about" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
    assert main(["tree", "6", "--fixed", "0,1", "--forbidden", "2,2", "-o", str(target)]) == 0
    assert capsys.readouterr().err == f"wrote {target}: 122 nodes\n"
    assert sum(i.startswith("forbidden-") for i in svg_ids(target)) >= 1  # the forbidden cell


def test_board_svg_and_png(tmp_path: Path) -> None:
    svg = tmp_path / "board.svg"
    assert main(["solve", "6", "-b", "backtrack", "--output", str(svg)]) == 0
    assert sum(i.startswith("queen-") for i in svg_ids(svg)) == 6  # six queens drawn
    png = tmp_path / "unique.png"
    assert main(["solve", "8", "--all", "--unique", "-b", "backtrack", "-o", str(png)]) == 0
    assert png.read_bytes()[:8] == PNG_SIGNATURE


def test_board_refusals_write_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "10", "--all", "-b", "backtrack", "-o", str(tmp_path / "a.png")]) == 2
    assert "too many" in capsys.readouterr().err
    assert main(["solve", "8", "-o", str(tmp_path / "a.jpg")]) == 2
    assert main(["solve", "8", "-o", str(tmp_path / "missing" / "a.png")]) == 2
    assert list(tmp_path.iterdir()) == []


# --- geometry: the defects of issue 15, checked on the layout and the drawn figure ---------

from itertools import combinations  # noqa: E402

from nqueens import Spec  # noqa: E402
from nqueens.pictures import tree as tree_module  # noqa: E402
from nqueens.pictures.tree import BOX_H, BOX_W, tree_layout  # noqa: E402

from brute_force import brute_force_solutions  # noqa: E402


def _inside(point: tuple[float, float], box: tuple[float, float, float, float]) -> bool:
    """Strictly inside the box (x0, y0, x1, y1), with a small margin."""
    x, y = point
    eps = 1e-6
    return box[0] + eps < x < box[2] - eps and box[1] + eps < y < box[3] - eps


def _crosses(segment: tuple[tuple[float, float], tuple[float, float]],
             box: tuple[float, float, float, float]) -> bool:
    """Whether an axis-parallel segment passes through the box's interior."""
    (xa, ya), (xb, yb) = segment
    samples = [(xa + (xb - xa) * t / 20, ya + (yb - ya) * t / 20) for t in range(21)]
    return any(_inside(p, box) for p in samples)


@pytest.mark.parametrize(("n", "whole"), [(4, True), (4, False), (5, True), (6, False)])
def test_tree_layout_root_parents_and_no_crossings(n: int, whole: bool) -> None:
    layout = tree_layout(n, all_solutions=whole)
    panels = {box.panel for box in layout.boxes}
    for panel in panels:
        mine = [box for box in layout.boxes if box.panel == panel]
        assert any(box.visit == 0 for box in mine), f"panel {panel} has no root"
        drawn = {box.visit for box in mine}
        for box in mine:
            assert box.visit == 0 or box.parent in drawn, f"<{box.label}> has no parent drawn"
    real = [box.visit for box in layout.boxes if not box.repeat]
    assert len(real) == len(set(real))  # each node drawn once, the repeated path aside
    assert sorted({box.visit for box in layout.boxes}) == list(range(layout.checked))
    rects = [(b.x - BOX_W / 2, b.y - BOX_H / 2, b.x + BOX_W / 2, b.y + BOX_H / 2)
             for b in layout.boxes]
    for one, two in combinations(rects, 2):  # no two boxes overlap
        assert one[2] <= two[0] or two[2] <= one[0] or one[3] <= two[1] or two[3] <= one[1]
    for segment in layout.edges:  # no edge runs through a label's box
        assert not any(_crosses(segment, rect) for rect in rects)
    assert min(rect[1] for rect in rects) > layout.panel_tops[0]  # the title is above
    for top in layout.panel_tops:  # captions sit in their own band
        assert not any(rect[1] < top + tree_module.CAPTION_IN < rect[3] for rect in rects)


def test_tree_counts_match_the_book() -> None:
    layout = tree_layout(4, all_solutions=True)
    assert (layout.checked, layout.promising, layout.solutions) == (61, 17, 2)  # FACTS.md


def test_svg_keeps_text_as_text(tmp_path: Path) -> None:
    target = tmp_path / "tree.svg"
    assert main(["tree", "4", "--first", "-o", str(target)]) == 0
    root = ElementTree.parse(target).getroot()
    texts = ["".join(el.itertext()) for el in root.iter() if el.tag.endswith("}text")]
    assert "4,3" in texts and "root" in texts  # the labels, searchable


def _caption_and_board_boxes(spec: Spec, placements: list[tuple[int, ...]]) -> tuple[Any, ...]:
    from nqueens.drawing.figure import boards_figure

    figure = boards_figure(spec.n, placements, fixed=spec.fixed, forbidden=spec.forbidden)
    renderer = figure.canvas.get_renderer()
    axes = figure.axes[0]
    captions = [t.get_window_extent(renderer) for t in axes.texts
                if (t.get_gid() or "").startswith("caption-")]
    boards = [im.get_window_extent(renderer) for im in axes.images]
    queens = [(p.get_gid(), p.get_path().get_extents()) for p in axes.patches
              if (p.get_gid() or "").startswith("queen-")]
    return figure, captions, boards, queens


def _placements(n: int) -> list[tuple[int, ...]]:
    """Up to 40 valid placements: brute force for small n, else the backtracker, validated."""
    if n <= 8:
        return sorted(brute_force_solutions(n))[:40]
    import nqueens

    found = list(nqueens.solutions(n, backend="backtrack", limit=40))
    assert all(nqueens.validate(n, p) == [] for p in found)
    return found


@pytest.mark.parametrize("n", [7, 12])
def test_board_grid_captions_never_overlap_and_queens_stay_in_cells(n: int) -> None:
    placements = _placements(n)
    figure, captions, boards, queens = _caption_and_board_boxes(Spec(n), placements)
    assert len(captions) == len(placements) == len(boards)
    for one, two in combinations(captions + boards, 2):
        assert not one.overlaps(two)
    assert len(queens) == n * len(placements)
    extent = figure.axes[0].images[0].get_extent()
    side = (extent[1] - extent[0]) / n
    for gid, extents in queens:
        row, col, key = gid.split("-")[1:]
        board = int(key[1:])
        left, _, _, top = figure.axes[0].images[board].get_extent()  # (x0, x1, y1, y0)
        x0, y0 = left + int(col) * side, top + int(row) * side
        assert x0 <= extents.x0 and extents.x1 <= x0 + side
        assert y0 <= extents.y0 and extents.y1 <= y0 + side
    from nqueens.drawing.figure import pyplot

    pyplot().close(figure)


def test_fixed_and_forbidden_cells_are_marked(tmp_path: Path) -> None:
    model = tmp_path / "m.toml"
    model.write_text("n = 6\nfixed = [[0, 1]]\nforbidden = [[1, 1]]\n")
    svg = tmp_path / "m.svg"
    assert main(["solve", str(model), "-b", "backtrack", "-o", str(svg)]) == 0
    ids = svg_ids(svg)
    assert "fixed-0-1" in ids
    assert sum(i.startswith("queen-") for i in ids) == 6


def test_bench_plot_uses_log_axes_with_readable_ticks() -> None:
    from nqueens.bench.run import Measurement
    from nqueens.pictures.benchplot import bench_figure

    results = [Measurement("count", "count", n, subject, role, [], seconds, "ok", "")
               for subject, role, scale in (("ref", "reference", 0.01), ("ours", "nqueens", 0.3))
               for n, seconds in ((8, scale), (10, scale * 1.2), (12, scale * 1.7))]
    results += [Measurement("large", "one", n, "construct", "nqueens", [], 0.4, "ok", "")
                for n in (1000, 1_000_000)]
    figure = bench_figure(results)
    figure.canvas.draw()
    for axes in figure.axes[:2]:
        assert axes.get_xscale() == "log" and axes.get_yscale() == "log"
        labels = [t.get_text() for t in axes.get_xticklabels() if t.get_text()]
        assert all(label.replace(",", "").isdigit() for label in labels), labels
        ys = [t.get_text() for t in axes.get_yticklabels() if t.get_text()]
        assert ys and all(text.endswith(" s") and "10^" not in text for text in ys), ys
        legend = axes.get_legend()
        assert min(t.get_fontsize() for t in legend.get_texts()) >= 9
    assert [t.get_text() for t in figure.axes[0].get_xticklabels()] == ["8", "10", "12"]
    from nqueens.drawing.figure import pyplot

    pyplot().close(figure)
