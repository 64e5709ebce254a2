"""Every Python example of the docs runs and prints what it shows: the ```pycon blocks of
README.md and docs/**/*.md (doctests; the blocks of one page share their names) and the
doctests in the docstrings the API reference is generated from; ```python blocks run."""

from __future__ import annotations

import contextlib
import doctest
import io
from pathlib import Path

import pytest

import nqueens

from docs_examples import Block, blocks, page_id, pages

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
PAGES_WITH_EXAMPLES = [p for p in pages() if any(b.page == p for b in blocks("pycon"))]


def test_the_api_reference_has_examples() -> None:
    assert any(p.name == "api.md" for p in PAGES_WITH_EXAMPLES)


@pytest.mark.parametrize("page", PAGES_WITH_EXAMPLES, ids=page_id)
def test_pycon_examples_print_what_they_show(page: Path, tmp_path: Path) -> None:
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    parser = doctest.DocTestParser()
    names: dict[str, object] = {}
    with contextlib.chdir(tmp_path):  # an example may write a file
        for block in (b for b in blocks("pycon") if b.page == page):
            test = parser.get_doctest(block.body, names, block.id, str(page), block.line)
            runner.run(test, clear_globs=False)
            names = test.globs  # DocTest copies its globals: hand them to the next block
    assert runner.failures == 0, f"{page_id(page)}: {runner.failures} example(s) failed (printed above)"


def test_docstring_examples_of_the_api() -> None:
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    tests = [t for t in finder.find(nqueens) if t.examples]
    for name in ("api", "spec", "result", "validator"):
        tests += [t for t in finder.find(getattr(nqueens, name)) if t.examples]
    assert tests, "no docstring examples found"
    for test in tests:
        runner.run(test)
    assert runner.failures == 0


PYTHON_BLOCKS = blocks("python")


@pytest.mark.parametrize("block", PYTHON_BLOCKS, ids=lambda b: b.id)
def test_python_blocks_run(block: Block, tmp_path: Path) -> None:
    """A ```python block (the README's ten lines of API, say) runs without an error; what it
    prints is not shown on the page, so only that it runs is checked."""
    block.require_extras()
    code = compile(block.body, block.id, "exec")
    with contextlib.chdir(tmp_path), contextlib.redirect_stdout(io.StringIO()):
        exec(code, {"__name__": "__docs__"})
