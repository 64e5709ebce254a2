"""Notebook display, in a real Jupyter kernel: a notebook built with nbformat is run by
nbclient, and its outputs must hold SVG / HTML boards with the right number of queens,
short text reprs, and a matplotlib figure from `Outcome.show()`.

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

CELLS = [
    "import nqueens\nfrom nqueens.api import search\nnqueens.Board((1, 3, 0, 2))",
    "search(6, backend='backtrack')",
    "nqueens.Spec(5, fixed=[(0, 0)], forbidden=[(1, 2), (3, 3)])",
    "nqueens.validate(4, (0, 1, 3, 2))[0]",
    "nqueens.Trace(4)",
    "search(4, backend='backtrack').show()",
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


def test_board_displays_as_svg(outputs: list[dict[str, str]]) -> None:
    svg = outputs[0]["image/svg+xml"]
    assert queens_in(svg) == 4
    assert outputs[0]["text/plain"] == "Board(1, 3, 0, 2)"


def test_outcome_displays_its_boards_and_a_short_text(outputs: list[dict[str, str]]) -> None:
    html = outputs[1]["text/html"]
    assert queens_in(html) == 4 * 6  # n = 6 has 4 solutions (OEIS A000170)
    text = outputs[1]["text/plain"]
    assert "count=4" in text and len(text) < 120 and "\n" not in text


def test_spec_shows_fixed_and_forbidden_cells(outputs: list[dict[str, str]]) -> None:
    svg = outputs[2]["image/svg+xml"]
    assert svg.count('class="fixed"') == 1 and svg.count('class="forbidden"') == 2
    assert queens_in(svg) == 1  # the fixed queen


def test_violation_displays_its_sentence(outputs: list[dict[str, str]]) -> None:
    assert "share a" in outputs[3]["text/html"]


def test_trace_displays_the_page(outputs: list[dict[str, str]]) -> None:
    html = outputs[4]["text/html"]
    assert html.startswith("<iframe") and "step by step" in html


def test_show_returns_a_figure(outputs: list[dict[str, str]]) -> None:
    assert "image/png" in outputs[5]
    assert "Figure" in outputs[5]["text/plain"]
