"""A count on worker processes from a plain script: with or without an `if __name__ ==
"__main__":` guard, from a file or from standard input (issue 32, item 2: the workers ran
the caller's script again, or looked for a file named <stdin>, and the pool broke)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from known_counts import A000170

COUNT = 'import nqueens\nprint(nqueens.count(13, jobs=2).count)\n'
GUARDED = ('import nqueens\nif __name__ == "__main__":\n'
           '    print(nqueens.count(13, jobs=2).count)\n')


def _run_script(source: str, how: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """`source` run as a user runs a script: from a file, or read from standard input."""
    script = tmp_path / "script.py"
    script.write_text(source)
    argv = [sys.executable, str(script)] if how == "file" else [sys.executable, "-"]
    return subprocess.run(argv, input=source if how == "stdin" else None, capture_output=True,
                          text=True, timeout=60, cwd=tmp_path)


@pytest.mark.parametrize(("source", "how"), [(COUNT, "file"), (COUNT, "stdin"), (GUARDED, "file")],
                         ids=["unguarded-file", "unguarded-stdin", "guarded-file"])
def test_a_script_counts_on_worker_processes(source: str, how: str, tmp_path: Path) -> None:
    done = _run_script(source, how, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"{A000170[13]}\n" and done.stderr == ""


GANAK = ('import nqueens\n'
         'print(nqueens.count(6, backend="sat", counter="ganak", timeout=30).count)\n')


@pytest.mark.parametrize("how", ["file", "stdin"])
def test_a_script_counts_by_ganak_under_a_time_limit(how: str, tmp_path: Path) -> None:
    """Ganak counts in a child process under a time limit (it cannot be interrupted): that
    child is spawned without the caller's main module, as the pool's workers start (issue
    39, item 3: it ran the unguarded script again and failed with a RuntimeError)."""
    from optional import require

    require("pyganak", "pip install '.[count]'")
    done = _run_script(GANAK, how, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"{A000170[6]}\n" and done.stderr == ""
