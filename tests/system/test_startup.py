"""A small find on the backtracker imports only what it runs: not the other commands'
modules, not the counting engine and its process pools, not tempfile (every such import
is start-up time paid by each small solve, measured whole-process)."""

from __future__ import annotations

import json
import subprocess
import sys

from optional import require

# what the interpreter loaded before nqueens (site hooks, .pth files) is not ours to count
CODE = """
import contextlib, io, json, sys
before = set(sys.modules)
from nqueens.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    code = main(["solve", "8", "--fixed", "0,0", "--forbidden", "1,2"])
print(json.dumps([code, sorted(set(sys.modules) - before)]))
"""

NOT_NEEDED = ("nqueens.cli.trace", "nqueens.cli.bench", "nqueens.cli.model", "nqueens.bench",
              "nqueens.pictures.page", "nqueens.counting.engine", "nqueens.counting.executors",
              "nqueens.counting.ledger", "concurrent.futures", "tempfile", "ortools", "pysat")


def test_a_small_find_imports_only_what_it_runs() -> None:
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True,
                         check=True, timeout=60)
    code, loaded = json.loads(out.stdout)
    assert code == 0
    assert "nqueens.cli.solve" in loaded and "nqueens.backends.propagate" in loaded
    assert [m for m in loaded if m.split(".")[0] in NOT_NEEDED or m in NOT_NEEDED
            or any(m.startswith(f"{name}.") for name in NOT_NEEDED)] == []


PLAY = """
import json, sys
import nqueens
w = nqueens.play(8)
w.click(0, 0)
w.complete(backend="backtrack")
print(json.dumps([w.queens[0], sorted(m for m in sys.modules if m.split(".")[0] in ("ortools", "pysat"))]))
"""


def test_the_play_board_imports_no_solver_it_does_not_run() -> None:
    """The widget's module, its propagation and a completion by the backtracker load
    neither OR-Tools nor PySAT (they load when their backend runs)."""
    require("anywidget", "pip install '.[notebook]'")
    out = subprocess.run([sys.executable, "-c", PLAY], capture_output=True, text=True,
                         check=True, timeout=60)
    assert json.loads(out.stdout) == [[0, 0], []]
