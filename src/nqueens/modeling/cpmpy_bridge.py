"""A spec as a CPMpy model, in process (`cpmpy_model`) or as a standalone script
(`cpmpy_script`, the export format `cpmpy`).

CPMpy is a modeling library in front of many solvers (OR-Tools, the SAT solvers of PySAT,
Exact, RC2, ...): one model, handed to any of them. Stating a spec there lets anyone hold
our answers to solvers we do not compile for, and lets a user carry a posed problem into
CPMpy to add constraints of their own. The model is the spec's lines as they are, nothing
compiled: a Boolean per cell, every line as `lo <= sum <= hi`, fixed cells true, forbidden
cells false, the objective on the number of queens. So the bridge works for every spec,
the n-queens problem, its variants and any posed problem alike.

One constraint is added that no line needs: `sum(q) >= 0`, true of every board. CPMpy's
`solveAll` enumerates the variables its constraints mention, so a cell that no line holds
(a corner under a diagonals rule alone, a cell outside every listed line) would be left out
and counted once instead of twice; naming every cell keeps the count the spec's.

cpmpy is not a dependency: `cpmpy_model` imports it when called (no solver library loads at
import time) and refuses in one line, naming the install, when it is missing. The script is
plain text, written without cpmpy; running it needs cpmpy and nothing of nqueens.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..errors import InputError
from ..spec import Spec

__all__ = ["INSTALL", "cpmpy_model", "cpmpy_script"]

#: What to install for `cpmpy_model` and for running the script.
INSTALL = "pip install cpmpy"


def _cpmpy() -> Any:
    """The cpmpy module, imported at the first use. cpmpy carries no type information; an
    import by name types it Any (as the project types its other untyped libraries) with no
    mypy exception, whether or not cpmpy is installed where mypy runs."""
    try:
        return importlib.import_module("cpmpy")
    except ImportError:
        raise InputError(f"the CPMpy model needs the cpmpy package, which is not installed; "
                         f"{INSTALL}") from None


def cpmpy_model(spec: Spec) -> tuple[Any, Any]:
    """The spec as a CPMpy model: (model, q), q the n x n array of cell Booleans
    (`cp.boolvar(shape=(n, n), name="q")`, q[r, c] true: a queen on row r, column c, 0-based).

    Every line of `spec.lines` is `lo <= sum <= hi` (an equality when lo == hi), fixed cells
    are true, forbidden ones false, and the objective ("fewest" / "most") minimises or
    maximises the number of queens. `model.solveAll()` counts the spec's placements (for an
    objective: add `cp.sum(q) == optimum` to a model without it and count that).

    Raises:
        InputError: cpmpy is not installed (the message says what to install).
    """
    cp = _cpmpy()
    q = cp.boolvar(shape=(spec.n, spec.n), name="q")
    model = cp.Model(cp.sum(q) >= 0)  # names every cell; see the module's docstring
    for line in spec.lines:
        on = cp.sum([q[r, c] for r, c in line.cells])
        model += (on == line.lo) if line.lo == line.hi else [on >= line.lo, on <= line.hi]
    model += [q[r, c] for r, c in spec.fixed]
    model += [~q[r, c] for r, c in spec.forbidden]
    if spec.objective == "fewest":
        model.minimize(cp.sum(q))
    elif spec.objective == "most":
        model.maximize(cp.sum(q))
    return model, q


_HEADER = """\
# A CPMpy model of this specification, written by nqueens (`nqueens export --to cpmpy`); it
# needs CPMpy (pip install cpmpy; written for CPMpy 1.1) and nothing of nqueens.
#
# Run:  python THIS_SCRIPT.py [SOLVER] [--all] [--time-limit S]
#   SOLVER  a CPMpy solver: ortools (the default), pysat, exact, rc2, ... (the installed ones:
#           python -c "import cpmpy; print(cpmpy.SolverLookup.supported())")
#   --all   also count every solution (with an objective: every optimal one)
#   --time-limit S  give the solver S seconds (each solve, the count's too)
#
# Output, one "key: value" line each, in this order:
#   status: satisfiable | unsatisfiable | optimal | feasible | unknown
#           (feasible: a placement whose optimality the solver did not prove)
#   optimum: K        with an objective, when the solver proved its placement optimal
#   queens: K         when a placement was found: its number of queens
#   cells: (r, c) ... that placement's queens, 0-based (row, column), row by row
#   solutions: N      with --all: the number of solutions (optimal ones with an objective)
# Exit status 0 with an answer (unsatisfiable is one), 1 when the solver gave none (or, with
# --all, stopped before the count was complete), 2 when the solver is unknown or cannot solve
# this model (pysat takes no objective: use rc2).
"""

_IMPORTS = """\
import argparse
import sys

try:
    import cpmpy as cp
    from cpmpy.exceptions import NotSupportedError
except ImportError:
    sys.exit("this script needs CPMpy: pip install cpmpy")
"""

_MODEL = '''\
def build_model():
    """A Boolean per cell, every line's bounds, the givens and the objective."""
    q = cp.boolvar(shape=(N, N), name="q")  # q[r, c]: a queen on row r, column c
    # true of every board: names every cell, so that --all counts a cell no line holds twice
    model = cp.Model(cp.sum(q) >= 0)
    for lo, hi, cells in LINES:
        on = cp.sum([q[r, c] for r, c in cells])
        model += (on == lo) if lo == hi else [on >= lo, on <= hi]
    model += [q[r, c] for r, c in FIXED]
    model += [~q[r, c] for r, c in FORBIDDEN]
    if OBJECTIVE == "fewest":
        model.minimize(cp.sum(q))
    elif OBJECTIVE == "most":
        model.maximize(cp.sum(q))
    return model, q


def main(argv):
    parser = argparse.ArgumentParser(description="Solve the model with a CPMpy solver.")
    parser.add_argument("solver", nargs="?", default="ortools", help="a CPMpy solver name")
    parser.add_argument("--all", action="store_true", help="count every (optimal) solution")
    parser.add_argument("--time-limit", type=float, default=None, metavar="S",
                        help="seconds the solver may take (each solve)")
    args = parser.parse_args(argv)
    if args.time_limit is not None and not args.time_limit > 0:
        parser.error(f"--time-limit must be a positive number of seconds, got {args.time_limit}")
    limit = {} if args.time_limit is None else {"time_limit": args.time_limit}
    if args.solver not in cp.SolverLookup.supported():  # the installed ones, "pysat:glucose4" too
        parser.error(f"solver {args.solver!r} is unknown or not installed; choose one of: "
                     + ", ".join(cp.SolverLookup.supported(subsolvers=False)))
    model, q = build_model()
    try:
        found = model.solve(solver=args.solver, **limit)
        exit_status = model.status().exitstatus.name
        if not found:
            print("status:", "unsatisfiable" if exit_status == "UNSATISFIABLE" else "unknown")
            if args.all and exit_status == "UNSATISFIABLE":
                print("solutions: 0")
            return 0 if exit_status == "UNSATISFIABLE" else 1
        cells = [(r, c) for r in range(N) for c in range(N) if q[r, c].value()]
        if OBJECTIVE is None:
            print("status: satisfiable")
        else:
            print("status:", "optimal" if exit_status == "OPTIMAL" else "feasible")
            if exit_status == "OPTIMAL":
                print("optimum:", len(cells))
        print("queens:", len(cells))
        print("cells:", " ".join(f"({r}, {c})" for r, c in cells))
        if args.all:  # the optimal ones: the constraints with the optimum fixed, no objective
            fixed_optimum = [] if OBJECTIVE is None else [cp.sum(q) == len(cells)]
            counting = cp.Model(model.constraints + fixed_optimum)
            total = counting.solveAll(solver=args.solver, **limit)
            if counting.status().exitstatus.name not in ("OPTIMAL", "UNSATISFIABLE"):
                print(f"solutions: at least {total} (stopped by the time limit)")
                return 1
            print("solutions:", total)
    except NotSupportedError as error:
        print(f"{args.solver}: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
'''


def _comment(text: str) -> str:
    """Text safe inside a `#` comment: a line break in a spec's name would end the comment
    and make the rest of the name code."""
    return "".join(ch if ch.isprintable() else " " for ch in text)


def _cells(cells: tuple[tuple[int, int], ...]) -> str:
    return "[" + ", ".join(f"({r}, {c})" for r, c in cells) + "]"


def cpmpy_script(spec: Spec) -> str:
    """A standalone Python script (the `cpmpy` export): the spec's data as Python literals
    (N; LINES, each (lo, hi, cells) with its kind in a comment; FIXED, FORBIDDEN,
    OBJECTIVE), then the model of `cpmpy_model` and a command line that solves it with the
    CPMpy solver it names (default ortools), printing the status, the number of queens and
    one solution's 0-based cells (the optimum with an objective); `--all` counts every
    (optimal) solution. The header says how to run it and documents the output. Written
    without cpmpy.
    """
    name = f" ({_comment(spec.name)})" if spec.name else ""
    objective = "None" if spec.objective is None else repr(spec.objective)
    out = [
        f"# nqueens: {spec.describe()}{name}",
        _HEADER,
        _IMPORTS,
        f"N = {spec.n}",
        "# every line holds at least lo and at most hi queens: (lo, hi, [(row, col), ...]), 0-based",
        "LINES = [",
        *(f"    ({line.lo}, {line.hi}, {_cells(line.cells)}),  # {_comment(line.kind)}"
          for line in spec.lines),
        "]",
        f"FIXED = {_cells(spec.fixed)}  # cells that hold a queen",
        f"FORBIDDEN = {_cells(spec.forbidden)}  # cells that stay empty",
        f'OBJECTIVE = {objective}  # "fewest" or "most" queens; None: any placement',
        "",
        "",
        _MODEL,
    ]
    return "\n".join(out)
