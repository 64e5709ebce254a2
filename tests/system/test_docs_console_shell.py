"""The console examples left out of the quick lane print what they show: lines that need a
shell (pipes, redirections, echo, printf) run by bash with `nqueens` on the PATH, the slow
plain `nqueens` lines (pictures, OR-Tools, worker processes) in process, where matplotlib and
OR-Tools are imported once for all of them (see tests/docs_examples.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from docs_examples import Block, blocks, mismatch, run_in_process, run_in_shell, shell_path, shows

IN_SHELL = [b for b in blocks("console") if not b.quick]


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
@pytest.mark.parametrize("block", IN_SHELL, ids=lambda b: b.id)
def test_shell_console_block_prints_what_it_shows(block: Block, tmp_path: Path) -> None:
    block.require_extras()
    path = shell_path(tmp_path)
    for command in block.commands:
        in_shell = command.needs_shell
        got = run_in_shell(command, tmp_path, path) if in_shell else run_in_process(command, tmp_path)
        assert shows(command.expected, got), mismatch(block, command, got)
