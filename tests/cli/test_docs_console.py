"""The console examples of README.md and the docs site print what they show (in process).

Blocks that need a shell (pipes, redirections, other programs) run in
tests/system/test_docs_console_shell.py; see tests/docs_examples.py for the conventions.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from docs_examples import Block, blocks, mismatch, normalise, run_in_process

IN_PROCESS = [b for b in blocks("console") if b.quick]


def test_the_pages_have_console_examples() -> None:
    assert len(IN_PROCESS) >= 10, "the console blocks were not found (a changed fence?)"


@pytest.mark.parametrize("block", IN_PROCESS, ids=lambda b: b.id)
def test_console_block_prints_what_it_shows(block: Block, tmp_path: Path) -> None:
    block.require_extras()
    assert block.commands, f"{block.id}: a console block without a `$ ` line"
    for command in block.commands:
        got = run_in_process(command, tmp_path)
        assert normalise(got) == normalise(command.expected), mismatch(block, command, got)
