"""Pictures: the tree and board commands write valid SVG / PNG files, refuse sizes they
cannot draw well, and leave no file behind when they refuse."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path

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

    def nodes(node):  # type: ignore[no-untyped-def]
        yield node
        for child in node.children:
            yield from nodes(child)

    every = list(nodes(root))
    assert len(every) == 61  # FACTS.md: nodes checked for n = 4
    assert sum(n.promising for n in every) == 17
    assert sum(n.solution for n in every) == 2
    assert [n.visit for n in every] == sorted(n.visit for n in every)  # preorder = visit order


@pytest.mark.parametrize("argv", [
    ["tree", "6"], ["tree", "9", "--force"], ["tree", "4", "--first"],
])
def test_tree_refuses_what_it_cannot_draw(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / ("t.svg" if argv != ["tree", "4", "--first"] else "t.pdf")
    assert main([*argv, "--output", str(target)]) == 2
    assert capsys.readouterr().err.startswith("nqueens: error: ")
    assert list(tmp_path.iterdir()) == []


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
