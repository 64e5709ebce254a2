"""MkDocs hooks: what the site generates when it is built, so nothing generated is committed.

Three registries, so that a new generated page part, picture or notebook is one line:
- SNIPPETS: a marker line `<!-- generated: NAME -->` in a page is replaced by NAME's Markdown
  (the CLI reference from the argparse parser, the performance page from committed results,
  the `auto` policy's table from its code, the limits page from the constants, the exit
  codes from their table).
- PICTURES: a path in the built site -> a function that writes that file. They are drawn by
  the package's own commands, exactly as a reader would draw them, and added to the site as
  files, so links to them are checked by the strict build like any other.
- NOTEBOOKS: a page of the site -> the .ipynb in docs/ it is made from: the notebook is run
  by a real kernel at every build and its cells and outputs become the page (docgen/notebooks).
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent
if str(DOCS) not in sys.path:  # the generators beside this file (docs/docgen/)
    sys.path.insert(0, str(DOCS))

from nqueens import policy  # noqa: E402 - the auto table, written from the code

from docgen import cli_reference, exit_codes, limits, notebooks, performance  # noqa: E402 - needs the path set above

MARKER = re.compile(r"^<!-- generated: ([\w-]+) -->$", re.MULTILINE)


def nqueens_command(*argv: str, exit_code: int = 0) -> Callable[[Path], None]:
    """A picture drawn by `nqueens ARGV --output PATH` (what a reader would type), which
    exits with `exit_code` (1 for `solve --most-queens` of a "no")."""

    def draw(path: Path) -> None:
        from nqueens.cli import main

        quiet = io.StringIO()
        with contextlib.redirect_stdout(quiet), contextlib.redirect_stderr(quiet):
            code = main([*argv, "--output", str(path)])
        if code != exit_code:
            raise RuntimeError(f"nqueens {' '.join(argv)} --output {path.name} exited {code}: "
                               f"{quiet.getvalue().strip()}")

    return draw


SNIPPETS: dict[str, Callable[[], str]] = {
    "cli-reference": cli_reference.reference_markdown,
    "performance": performance.page_markdown,
    "auto-policy": policy.table_markdown,
    "limits": limits.limits_markdown,
    "exit-codes": exit_codes.exit_codes_markdown,
}

#: The worked example of "when the answer is no" (docs/how-to/hard-instances.md).
ASP_NO = str(DOCS.parent / "benchmarks" / "asp-blocked-28" / "blockedqueens.28.1449788117.param")

PICTURES: dict[str, Callable[[Path], None]] = {
    "images/completion-8.svg": nqueens_command(
        "solve", "8", "--fixed", "0,0", "--forbidden", "1,2", "--backend", "backtrack"),
    "images/queens-6-all.svg": nqueens_command("solve", "6", "--all", "--backend", "backtrack"),
    "images/tree-4-first.svg": nqueens_command("tree", "4", "--first"),
    "images/tree-4.svg": nqueens_command("tree", "4"),
    "pages/trace-4.html": nqueens_command("trace", "4", "--all"),
    "pages/play-8.html": nqueens_command("play", "8"),
    "images/explain-asp-28.png": nqueens_command("explain", ASP_NO),
    "images/most-queens-asp-28.png": nqueens_command(
        "solve", ASP_NO, "--most-queens", "--backend", "sat", exit_code=1),
}

NOTEBOOKS: dict[str, str] = {
    "tutorials/play.md": "tutorials/play.ipynb",
}


def hardness_plot(results: str) -> Callable[[Path], None]:
    """The hardness plot of a committed `bench --suite` result file (docs/benchmarks/)."""

    def draw(path: Path) -> None:
        from nqueens.pictures.hardness import plot_hardness_file

        plot_hardness_file(DOCS / "benchmarks" / results, path.with_suffix(".png"))

    return draw


PICTURES["benchmarks/hard-asp.png"] = hardness_plot("hard-2026-11-25/hard-asp.json")
PICTURES["benchmarks/hard-diagonals.png"] = hardness_plot("hard-2026-11-25/hard-diagonals.json")
if performance.runs():  # the plot of the newest committed bench run
    PICTURES["benchmarks/bench.png"] = performance.draw_latest


def on_files(files: Any, config: Any) -> Any:
    """Draw every registered picture and run every notebook, adding them to the site."""
    from mkdocs.structure.files import File

    with tempfile.TemporaryDirectory(prefix="nqueens-docs-") as scratch:
        for uri, draw in PICTURES.items():
            target = Path(scratch) / uri.replace("/", "__")
            draw(target)
            files.append(File.generated(config, uri, content=target.read_bytes()))
    for page, source in NOTEBOOKS.items():
        notebook = notebooks.run(DOCS / source)
        files.append(File.generated(config, page, content=notebooks.markdown(notebook, Path(source).name)))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Replace each `<!-- generated: NAME -->` line by what SNIPPETS[NAME] writes."""

    def generate(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in SNIPPETS:
            raise KeyError(f"{page.file.src_uri}: no generator named {name!r}; "
                           f"known: {', '.join(sorted(SNIPPETS))}")
        return SNIPPETS[name]()

    return MARKER.sub(generate, markdown)
