"""The docs' notebooks: each is run by a real Jupyter kernel (nbclient) when the site is
built, and its cells and outputs become a Markdown page, so what the site shows is what the
notebook prints today. The .ipynb is committed without outputs and published beside the
page, for download.

Outputs are shown as a notebook shows them where no widget runs: HTML (boards, outcomes, the
play widget's picture of its position), SVG, PNG, else text. A cell that fails fails the
build (nbclient raises), as a console example that prints something else fails the tests.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

#: Seconds a cell may take before the build fails.
CELL_TIMEOUT = 120

#: The mime types shown, best first; a widget's view needs its front end, which a static
#: page does not have (the widget gives a picture of itself as HTML beside it).
SHOWN = ("text/html", "image/svg+xml", "image/png", "text/plain")

OUTPUT = ('<div class="nb-output" style="margin:-0.4em 0 1.4em;padding:0.3em 0.8em;'
          'border-left:3px solid #9fa8da;overflow-x:auto">{}</div>')


def run(path: Path) -> Any:
    """The notebook at `path`, executed in a fresh python3 kernel started in its folder."""
    import nbclient
    import nbformat

    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(notebook, timeout=CELL_TIMEOUT, kernel_name="python3",
                                     resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    return notebook


def _fenced(text: str, language: str) -> str:
    fence = "````" if "```" in text else "```"
    return f"{fence}{language}\n{text.rstrip()}\n{fence}"


def _output(output: Any) -> str:
    kind = output.get("output_type")
    if kind == "stream":
        return _fenced(output.get("text", ""), "text")
    if kind == "error":  # not reached under nbclient's defaults: it raises first
        raise RuntimeError("a notebook cell failed: " + "\n".join(output.get("traceback", [])))
    data = output.get("data", {})
    for mime in SHOWN:
        if mime not in data:
            continue
        value = data[mime]
        if mime in ("text/html", "image/svg+xml"):
            return OUTPUT.format(value.replace("\n\n", "\n"))  # a blank line ends an HTML block
        if mime == "image/png":
            return OUTPUT.format(f'<img alt="output" src="data:image/png;base64,{value.strip()}">')
        return _fenced(value, "text")
    return ""


def markdown(notebook: Any, source: str) -> str:
    """The notebook as a Markdown page: Markdown cells as they are, code cells fenced as
    Python, each followed by its outputs; `source` (the .ipynb's name) linked for download."""
    parts = []
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            parts.append(cell.source.replace("%NOTEBOOK%", html.escape(source)))
        elif cell.cell_type == "code" and cell.source.strip():
            parts.append(_fenced(cell.source, "python"))
            parts.extend(text for text in map(_output, cell.get("outputs", [])) if text)
    return "\n\n".join(parts) + "\n"
