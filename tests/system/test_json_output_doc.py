"""docs/reference/json-output.md, the JSON documents' schema, prints what it shows: every
```console block's `$ command` lines run in bash (with jq) and their output compared."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from docs_examples import CERTIFIES
from optional import require
from paths import REPO

PAGE = REPO / "docs" / "reference" / "json-output.md"


def _examples() -> list[tuple[str, str]]:
    examples: list[tuple[str, str]] = []
    inside = False
    for line in PAGE.read_text().splitlines():
        if line.startswith("```"):
            inside = line == "```console"
            continue
        if inside and line.startswith("$ "):
            examples.append((line[2:], ""))
        elif inside and examples:
            command, shown = examples[-1]
            examples[-1] = (command, shown + line + "\n")
    return examples


@pytest.mark.skipif(shutil.which("jq") is None, reason="the examples select fields with jq")
@pytest.mark.parametrize(("command", "shown"), _examples(), ids=[c for c, _ in _examples()])
def test_the_json_page_prints_what_it_shows(command: str, shown: str, tmp_path: Path) -> None:
    if CERTIFIES.search(command):  # a certified answer needs the checker (the extra)
        require("dratify", "pip install '.[certify]'")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    launcher = bin_dir / "nqueens"  # the package under test, whatever is on PATH
    launcher.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m nqueens "$@"\n')
    launcher.chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=60, check=False)
    assert done.stdout == shown, done.stderr
