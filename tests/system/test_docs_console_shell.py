"""The console examples that need a shell (pipes, redirections, echo, printf) print what
they show, run by bash with `nqueens` on the PATH (see tests/docs_examples.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from docs_examples import Block, blocks, mismatch, normalise, run_in_shell, shell_path

IN_SHELL = [b for b in blocks("console") if not b.quick]


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
@pytest.mark.parametrize("block", IN_SHELL, ids=lambda b: b.id)
def test_shell_console_block_prints_what_it_shows(block: Block, tmp_path: Path) -> None:
    path = shell_path(tmp_path)
    for command in block.commands:
        got = run_in_shell(command, tmp_path, path)
        assert normalise(got) == normalise(command.expected), mismatch(block, command, got)
