"""The console examples of README.md and the docs site print what they show (in process).

Blocks that need a shell (pipes, redirections, other programs) run in
tests/system/test_docs_console_shell.py; see tests/docs_examples.py for the conventions.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from docs_examples import (
    Block,
    blocks,
    fenced_blocks,
    json_pattern,
    json_shows,
    mismatch,
    pages,
    run_in_process,
    shows,
    shows_json_output,
)

IN_PROCESS = [b for b in blocks("console") if b.quick]


def test_the_pages_have_console_examples() -> None:
    assert len(IN_PROCESS) >= 10, "the console blocks were not found (a changed fence?)"


@pytest.mark.parametrize("block", IN_PROCESS, ids=lambda b: b.id)
def test_console_block_prints_what_it_shows(block: Block, tmp_path: Path) -> None:
    block.require_extras()
    assert block.commands, f"{block.id}: a console block without a `$ ` line"
    for command in block.commands:
        got = run_in_process(command, tmp_path)
        assert shows(command.expected, got), mismatch(block, command, got)


def test_every_json_output_shown_is_run() -> None:
    """A command's JSON output on a page is in a ```console block, so that it is run and
    compared; a ```text block (not run) would drift, as counting-at-scale's did."""
    unrun = [b.id for page in pages() for b in fenced_blocks(page)
             if b.lang not in ("console", "pycon") and shows_json_output(b)]
    assert unrun == []


def test_json_lines_are_compared_as_json() -> None:
    """What `...` and the times leave out, and what they do not."""
    shown = ('{"n": 15, "route": "count, plain board, ...", "count": ..., "elapsed": 0.5, '
             '"stats": {"jobs": 2, "task_mean_s": 0.1, ...}}')
    printed = ('{"n": 15, "route": "count, plain board, n >= 13: join", "count": 7, '
               '"elapsed": 1.25, "stats": {"jobs": 2, "task_mean_s": 0.7, "tasks": 4}}')
    assert shows(shown, printed)
    assert shows(shown, printed.replace(', "tasks": 4', ""))  # an elided member may be absent
    assert shows('{"a": 1, ...}\n', '{"a": 1, "b": "x..."}\n')
    for wrong in (printed.replace('"n": 15', '"n": 16'),        # a value
                  printed.replace('"jobs": 2', '"jobs": "2"'),  # a type
                  printed.replace('"n": 15, ', ""),             # a member shown
                  printed.replace('"elapsed": 1.25', '"elapsed": null')):  # a time not a number
        assert not shows(shown, wrong), wrong
    assert not shows('{"a": 1}', '{"a": 1, "b": 2}')  # no `...`: no other member
    assert not shows('{"a": 1}', 'a: 1')
    assert json_pattern("nqueens: 8 ...") is None and json_shows([1, 2], [1, 2])
