"""Notebook display, in a real Jupyter kernel: a notebook built with nbformat is run by
nbclient, and its outputs must hold SVG / HTML boards with the right number of queens,
short text reprs, a matplotlib figure from `Outcome.show()` and the play widget.

The kernel is the "python3" kernel of this interpreter (ipykernel, in the `system` extra); it
inherits this process's environment, so it imports the same nqueens.
"""

from __future__ import annotations

import re

import pytest

from optional import require

nbformat = require("nbformat")
nbclient = require("nbclient")
require("ipykernel")
require("anywidget", "pip install '.[notebook]'")

#: One kernel runs these in order. The first cell is a user's first line, alone: nothing
#: before it may import the picture code (a first cell that touched `nqueens.Board` once
#: hid that `nqueens.solve(8)` displayed as text), and the second displays a Spec before
#: any picture class has been touched.
CELLS = [
    "import nqueens; nqueens.solve(8)",
    "nqueens.Spec(5, fixed=[(0, 0)])",
    "from nqueens.api import search\nnqueens.Board((1, 3, 0, 2))",
    "search(6, backend='backtrack')",
    "nqueens.Spec(5, fixed=[(0, 0)], forbidden=[(1, 2), (3, 3)])",
    "nqueens.validate(4, (0, 1, 3, 2))[0]",
    "nqueens.Trace(4)",
    "search(4, backend='backtrack').show()",
    "w = nqueens.play(8)\nw.queens = [[0, 0]]\nw",
]


@pytest.fixture(scope="module")
def outputs() -> list[dict[str, str]]:
    """Each cell's execute_result / display_data, merged into one mime-type -> data dict."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    client = nbclient.NotebookClient(notebook, timeout=60, kernel_name="python3")
    client.execute()
    merged = []
    for cell in notebook.cells:
        data: dict[str, str] = {}
        for output in cell.outputs:
            assert output.output_type != "error", "".join(output.get("traceback", []))
            data.update(output.get("data", {}))
        merged.append(data)
    return merged


def queens_in(markup: str) -> int:
    return len(re.findall(r'class="queen"', markup))


def test_the_first_line_shows_a_board(outputs: list[dict[str, str]]) -> None:
    assert "text/html" in outputs[0], f"shown as text only: {outputs[0]}"
    html = outputs[0]["text/html"]
    assert queens_in(html) == 8 and "count=1" in html  # one 8-queens solution, drawn


def test_a_spec_displays_before_any_picture_class_is_touched(outputs: list[dict[str, str]]) -> None:
    assert "image/svg+xml" in outputs[1], f"shown as text only: {outputs[1]}"
    svg = outputs[1]["image/svg+xml"]
    assert svg.count('class="fixed"') == 1 and queens_in(svg) == 1


def test_board_displays_as_svg(outputs: list[dict[str, str]]) -> None:
    svg = outputs[2]["image/svg+xml"]
    assert queens_in(svg) == 4
    assert outputs[2]["text/plain"] == "Board(1, 3, 0, 2)"


def test_outcome_displays_its_boards_and_a_short_text(outputs: list[dict[str, str]]) -> None:
    html = outputs[3]["text/html"]
    assert queens_in(html) == 4 * 6  # n = 6 has 4 solutions (OEIS A000170)
    text = outputs[3]["text/plain"]
    assert "count=4" in text and len(text) < 120 and "\n" not in text


def test_spec_shows_fixed_and_forbidden_cells(outputs: list[dict[str, str]]) -> None:
    svg = outputs[4]["image/svg+xml"]
    assert svg.count('class="fixed"') == 1 and svg.count('class="forbidden"') == 2
    assert queens_in(svg) == 1  # the fixed queen


def test_violation_displays_its_sentence(outputs: list[dict[str, str]]) -> None:
    assert "share a" in outputs[5]["text/html"]


def test_trace_displays_the_page(outputs: list[dict[str, str]]) -> None:
    html = outputs[6]["text/html"]
    assert html.startswith("<iframe") and "step by step" in html


def test_show_returns_a_figure(outputs: list[dict[str, str]]) -> None:
    assert "image/png" in outputs[7]
    assert "Figure" in outputs[7]["text/plain"]


def test_the_play_board_is_a_widget_with_a_picture_beside(outputs: list[dict[str, str]]) -> None:
    assert "model_id" in outputs[8]["application/vnd.jupyter.widget-view+json"]
    html = outputs[8]["text/html"]  # for where no widget runs: the position drawn
    assert queens_in(html) == 1 and html.count('class="attacked"') == 21
