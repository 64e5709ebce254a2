"""The docs' notebooks (docs/docgen/notebooks.py): committed clean, each made into a page of
the nav, and their outputs turned into Markdown as a notebook without widgets shows them.
Running them is the docs build's work (a real kernel, in CI's strict build)."""

from __future__ import annotations

import re
import tomllib

from docgen import notebooks
from optional import require
from paths import DOCS, REPO

nbformat = require("nbformat", "pip install '.[docs]'")


def _hooks_notebooks() -> dict[str, str]:
    text = (DOCS / "hooks.py").read_text()
    block = re.search(r"NOTEBOOKS: dict\[str, str\] = \{(.*?)\}", text, re.S)
    assert block is not None
    return dict(re.findall(r'"([^"]+)": "([^"]+)"', block.group(1)))


def test_every_notebook_is_committed_without_outputs_and_is_in_the_nav() -> None:
    nav = (REPO / "mkdocs.yml").read_text()
    found = _hooks_notebooks()
    assert found
    for page, source in found.items():
        notebook = nbformat.read(DOCS / source, as_version=4)
        nbformat.validate(notebook)
        code = [cell for cell in notebook.cells if cell.cell_type == "code"]
        assert code and all(not cell.outputs and cell.execution_count is None for cell in code), source
        assert notebook.metadata["kernelspec"]["name"] == "python3"
        assert f": {page}\n" in nav, f"{page} is not in mkdocs.yml's nav"
        assert not (DOCS / page).exists(), f"{page} is generated from {source}; do not commit it"


def test_outputs_become_markdown_as_a_static_notebook_shows_them() -> None:
    new = nbformat.v4
    notebook = new.new_notebook(cells=[
        new.new_markdown_cell("# Title\n\n[download](%NOTEBOOK%)"),
        new.new_code_cell("w", outputs=[new.new_output(
            "display_data", data={"application/vnd.jupyter.widget-view+json": {"model_id": "1"},
                                  "text/html": "<div>board</div>\n\n<p>after a blank</p>",
                                  "text/plain": "play(8)"})]),
        new.new_code_cell("print(1)", outputs=[new.new_output("stream", name="stdout", text="1\n")]),
        new.new_code_cell("figure", outputs=[new.new_output(
            "execute_result", data={"image/png": "iVBOR\n", "text/plain": "<Figure>"},
            execution_count=1)]),
        new.new_code_cell("3", outputs=[new.new_output(
            "execute_result", data={"text/plain": "3"}, execution_count=2)]),
        new.new_code_cell("   "),
    ])
    page = notebooks.markdown(notebook, "x.ipynb")
    blocks = page.split("\n\n")
    assert blocks[:2] == ["# Title", "[download](x.ipynb)"]
    assert blocks[2] == "```python\nw\n```"
    assert "<div>board</div>\n<p>after a blank</p>" in blocks[3] and "play(8)" not in page
    assert blocks[5] == "```text\n1\n```"
    assert 'src="data:image/png;base64,iVBOR"' in blocks[7]
    assert blocks[9] == "```text\n3\n```\n" and len(blocks) == 10


def test_the_docs_build_can_run_the_notebooks() -> None:
    """The docs extra brings the kernel and the widget the notebooks need."""
    with (REPO / "pyproject.toml").open("rb") as handle:
        docs = tomllib.load(handle)["project"]["optional-dependencies"]["docs"]
    names = {re.split(r"[<>=\[]", requirement)[0] for requirement in docs}
    assert {"nbclient", "nbformat", "ipykernel", "anywidget"} <= names
