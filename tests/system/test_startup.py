"""A small find on the backtracker imports only what it runs: not the other commands'
modules, not the counting engine and its process pools, not tempfile (every such import
is start-up time paid by each small solve, measured whole-process). A notebook's first
boards and the play board load nothing heavy either."""

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
heavy = lambda: sorted({m.split(".")[0] for m in sys.modules} & {"matplotlib", "ortools", "pysat"})
import nqueens
shown = [nqueens.solve(8)._repr_html_().count('class="queen"'),
         nqueens.Spec(5, fixed=[(0, 0)])._repr_svg_().count('class="queen"'), heavy()]
w = nqueens.play(8)
w.click(0, 0)
w.complete(backend="backtrack")
print(json.dumps([shown, w.queens[0], heavy()]))
"""


def test_the_first_displays_and_the_play_board_import_nothing_heavy() -> None:
    """A notebook's first line displays its boards with no matplotlib (the SVG is written by
    hand), and the widget's module, its propagation and a completion by the backtracker load
    neither OR-Tools nor PySAT (they load when their backend runs)."""
    require("anywidget", "pip install '.[notebook]'")
    out = subprocess.run([sys.executable, "-c", PLAY], capture_output=True, text=True,
                         check=True, timeout=60)
    assert json.loads(out.stdout) == [[8, 1, []], [0, 0], []]


EXPLAIN = """
import contextlib, io, json, sys
from nqueens.cli import main
heavy = lambda: sorted({m.split(".")[0] for m in sys.modules} & {"matplotlib", "ortools", "pysat"})
with contextlib.redirect_stdout(io.StringIO()):
    codes = [main(["explain", "completion-8-unsat"])]
    seen = [heavy()]
    codes.append(main(["solve", "completion-8-unsat", "--most-queens", "--backend", "sat"]))
    seen.append(heavy())
print(json.dumps([codes, seen]))
"""


def test_explain_and_most_queens_import_only_the_solver_they_run() -> None:
    out = subprocess.run([sys.executable, "-c", EXPLAIN], capture_output=True, text=True,
                         check=True, timeout=60)
    codes, seen = json.loads(out.stdout)
    assert codes == [0, 1]
    assert seen == [[], ["pysat"]]  # the propagating search explains; RC2 counts queens
