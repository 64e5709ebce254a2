"""The CPMpy bridge in process: `cpmpy_model` solved by CPMpy's OR-Tools backend reaches the
independent answers (OEIS A000170 for the n-queens problem, the brute force of
tests/brute_force_posed.py for posed problems), every solution passing the shared
validator; the script `cpmpy_script` writes is the same model, run here in process (the
subprocess runs and the other solvers are tests/system/test_cpmpy_solvers.py)."""

from __future__ import annotations

import ast
import io
import sys
from contextlib import redirect_stdout
from typing import Any

import pytest

from nqueens.errors import InputError, SpecError
from nqueens.exit_codes import ExitCode
from nqueens.modeling.cpmpy_bridge import cpmpy_model, cpmpy_script
from nqueens.spec import Rule, Spec
from nqueens.validator import find_cell_violations

from brute_force_posed import solve as brute_solve
from known_counts import A000170
from optional import require
from posed_problems import spec_of

cp = require("cpmpy", "pip install cpmpy")

Cell = tuple[int, int]

_REGIONS_5 = [[0, 0, 1, 1, 1],
              [0, 2, 2, 1, 1],
              [0, 2, 3, 3, 4],
              [0, 0, 3, 4, 4],
              [0, 0, 3, 4, 4]]

#: Posed problems as plain dicts, the brute force's input (its own meaning of every family).
CASES: dict[str, dict[str, Any]] = {
    "region puzzle 5": {"n": 5, "regions": _REGIONS_5, "rules": [
        {"family": "rows", "lo": 1, "hi": 1}, {"family": "columns", "lo": 1, "hi": 1},
        {"family": "regions", "lo": 1, "hi": 1}, {"family": "king", "lo": 0, "hi": 1}]},
    "two per line, none touching 4": {"n": 4, "rules": [
        {"family": "rows", "lo": 2, "hi": 2}, {"family": "columns", "lo": 2, "hi": 2},
        {"family": "king", "lo": 0, "hi": 1}]},
    "domination 4": {"n": 4, "rules": [{"family": "coverage", "lo": 1}], "objective": "fewest"},
    "most kings 4, a forbidden cell": {"n": 4, "objective": "most", "forbidden": [[0, 0]],
                                       "rules": [{"family": "king", "lo": 0, "hi": 1}]},
    "knights dominating 4": {"n": 4, "objective": "fewest", "rules": [
        {"family": "coverage", "lo": 1, "attack": "knight"}]},
    "own lines 4": {"n": 4, "forbidden": [[1, 1]], "rules": [
        {"family": "rows", "lo": 1, "hi": 2},
        {"family": "cells", "lo": 1, "hi": 1,
         "cells": [[[0, 0], [1, 1], [2, 2], [3, 3]], [[0, 3], [1, 2], [2, 1], [3, 0]]]},
        {"family": "columns", "lo": 0, "hi": 1}]},
    # the corners (0, 2) and (2, 0) lie on no line (a diagonal of one cell says nothing):
    # free cells, each doubling the count
    "diagonals alone 3, a fixed queen": {"n": 3, "fixed": [[1, 1]], "rules": [
        {"family": "diagonals", "lo": 0, "hi": 1}]},
    "torus rows 4": {"n": 4, "queens": [0, 5], "rules": [
        {"family": "rows", "lo": 1, "hi": 2}, {"family": "wrapped-diagonals", "lo": 0, "hi": 1},
        {"family": "wrapped-anti-diagonals", "lo": 0, "hi": 1}]},
    "no solution 4": {"n": 4, "fixed": [[0, 0]], "rules": [
        {"family": "rows", "lo": 1, "hi": 1}, {"family": "columns", "lo": 1, "hi": 1},
        {"family": "king", "lo": 0, "hi": 1}, {"family": "diagonals", "lo": 0, "hi": 1},
        {"family": "anti-diagonals", "lo": 0, "hi": 1}]},
}


def cells_of(q: Any) -> tuple[Cell, ...]:
    """The queens of the current solution, as plain-int (row, col) cells."""
    values = q.value()
    return tuple((r, c) for r in range(len(values)) for c in range(len(values)) if values[r][c])


def every_solution(model: Any, q: Any) -> list[tuple[Cell, ...]]:
    seen: list[tuple[Cell, ...]] = []
    count = model.solveAll(solver="ortools", display=lambda: seen.append(cells_of(q)))
    assert count == len(seen)
    return seen


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_the_n_queens_model_has_the_known_count(n: int) -> None:
    spec = Spec(n)
    model, q = cpmpy_model(spec)
    assert q.shape == (n, n)
    seen = every_solution(model, q)
    assert len(seen) == len(set(seen)) == A000170[n]
    for cells in seen:
        assert find_cell_violations(spec, cells) == [], cells


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_posed_model_has_the_brute_forces_placements(case: str) -> None:
    problem = CASES[case]
    spec = spec_of(problem)
    optimum, expected = brute_solve(problem)
    model, q = cpmpy_model(spec)
    found = model.solve(solver="ortools")
    assert found == bool(expected)
    if spec.objective is not None and found:
        assert model.objective_value() == optimum
        assert len(cells_of(q)) == optimum
        # the optimal placements: the constraints with the optimum fixed, no objective
        model = cp.Model(model.constraints + [cp.sum(q) == optimum])
    seen = every_solution(model, q)
    for cells in seen:
        assert find_cell_violations(spec, cells) == [], cells
    assert {frozenset(cells) for cells in seen} == expected
    assert len(seen) == len(expected)


def test_a_cell_on_no_line_is_counted_both_ways() -> None:
    """Without the constraint naming every cell, CPMpy would enumerate only the cells its
    lines mention: 1 placement here instead of 2 ** 3."""
    spec = spec_of({"n": 2, "rules": [{"family": "cells", "lo": 1, "hi": 1,
                                        "cells": [[[0, 0]]]}]})
    model, q = cpmpy_model(spec)
    assert len(every_solution(model, q)) == 8 == len(brute_solve(
        {"n": 2, "rules": [{"family": "cells", "lo": 1, "hi": 1, "cells": [[[0, 0]]]}]})[1])
    assert _run_script(cpmpy_script(spec), "--all")[1]["solutions"] == "8"


def test_the_givens_and_the_variant_are_in_the_model() -> None:
    """8 superqueens have no solution (OEIS A051223). The 4 solutions of 6-queens (OEIS
    A000170) are [1, 3, 5, 0, 2, 4] and its three images under the square's symmetries,
    [2, 5, 1, 4, 0, 3], [3, 0, 4, 1, 5, 2], [4, 2, 0, 5, 3, 1]: a queen fixed on (0, 1)
    keeps the first, the forbidden cell (1, 3) then leaves none."""
    model, q = cpmpy_model(Spec(8, variant="superqueens"))
    assert not model.solve(solver="ortools")
    assert model.status().exitstatus.name == "UNSATISFIABLE"
    spec = Spec(6, fixed=((0, 1),))
    model, q = cpmpy_model(spec)
    assert every_solution(model, q) == [((0, 1), (1, 3), (2, 5), (3, 0), (4, 2), (5, 4))]
    assert find_cell_violations(spec, ((0, 1), (1, 3), (2, 5), (3, 0), (4, 2), (5, 4))) == []
    model, q = cpmpy_model(Spec(6, fixed=((0, 1),), forbidden=((1, 3),)))
    assert every_solution(model, q) == []
    model, q = cpmpy_model(Spec(6, forbidden=((1, 3),)))
    assert len(every_solution(model, q)) == 3


def test_most_and_fewest_are_the_objectives() -> None:
    """At most one queen per row, column and diagonal, the most: n (a solution exists for
    n = 5); coverage of the 4x4 board by queens, the fewest: 2 (OEIS A075458)."""
    queens_lines = [{"family": family, "lo": 0, "hi": 1}
                    for family in ("rows", "columns", "diagonals", "anti-diagonals")]
    model, _ = cpmpy_model(spec_of({"n": 5, "objective": "most", "rules": queens_lines}))
    assert model.solve(solver="ortools") and model.objective_value() == 5
    model, _ = cpmpy_model(spec_of({"n": 4, "objective": "fewest",
                                    "rules": [{"family": "coverage", "lo": 1}]}))
    assert model.solve(solver="ortools") and model.objective_value() == 2


def test_without_cpmpy_the_model_is_refused_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "cpmpy", None)  # import cpmpy now raises ImportError
    with pytest.raises(InputError) as refused:
        cpmpy_model(Spec(4))
    message = str(refused.value)
    assert "pip install cpmpy" in message and "\n" not in message
    assert refused.value.exit_code == ExitCode.USAGE and int(ExitCode.USAGE) == 2
    assert cpmpy_script(Spec(4)).startswith("# nqueens: 4-queens\n")  # no cpmpy to write it


def _run_script(text: str, *argv: str) -> tuple[int, dict[str, str]]:
    """Run a written script's main in process; its exit code and its "key: value" lines."""
    namespace: dict[str, Any] = {"__name__": "cpmpy_script"}
    exec(compile(text, "cpmpy_script.py", "exec"), namespace)
    out = io.StringIO()
    with redirect_stdout(out):
        code = namespace["main"](list(argv))
    lines = out.getvalue().splitlines()
    fields = dict(line.split(": ", 1) for line in lines)
    assert list(fields) == [line.split(":", 1)[0] for line in lines]  # one line per key
    return code, fields


def _parse_cells(text: str) -> tuple[Cell, ...]:
    return tuple(ast.literal_eval(f"[{text.replace(') (', '), (')}]")) if text else ()


def test_the_script_states_the_spec_and_prints_one_solution_and_the_count() -> None:
    problem = CASES["domination 4"]
    spec = spec_of(problem)
    optimum, expected = brute_solve(problem)
    text = cpmpy_script(spec)
    assert text.splitlines()[0] == f"# nqueens: {spec.describe()}"
    assert "nqueens" not in "".join(line for line in text.splitlines() if not line.startswith("#"))
    code, fields = _run_script(text, "ortools", "--all")
    assert code == 0
    assert list(fields) == ["status", "optimum", "queens", "cells", "solutions"]
    cells = _parse_cells(fields["cells"])
    assert fields["status"] == "optimal"
    assert int(fields["optimum"]) == int(fields["queens"]) == len(cells) == optimum
    assert find_cell_violations(spec, cells) == [] and frozenset(cells) in expected
    assert int(fields["solutions"]) == len(expected)

    code, fields = _run_script(cpmpy_script(Spec(6)), "--all")  # ortools by default
    assert code == 0 and list(fields) == ["status", "queens", "cells", "solutions"]
    assert fields["status"] == "satisfiable" and int(fields["solutions"]) == A000170[6]
    assert find_cell_violations(Spec(6), _parse_cells(fields["cells"])) == []

    code, fields = _run_script(cpmpy_script(Spec(3)), "--all")
    assert code == 0 and fields == {"status": "unsatisfiable", "solutions": "0"}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_script_counts_the_brute_forces_placements(case: str) -> None:
    """The script's model is the spec's: its count (of the optimal placements, with an
    objective), optimum and one solution are the brute force's."""
    problem = CASES[case]
    spec = spec_of(problem)
    optimum, expected = brute_solve(problem)
    code, fields = _run_script(cpmpy_script(spec), "ortools", "--all")
    assert code == 0 and int(fields["solutions"]) == len(expected)
    if not expected:
        assert fields["status"] == "unsatisfiable"
        return
    cells = _parse_cells(fields["cells"])
    assert frozenset(cells) in expected and find_cell_violations(spec, cells) == []
    assert fields.get("optimum") == (None if optimum is None else str(optimum))


def test_the_script_refuses_an_unknown_solver_and_one_without_objectives(
        capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown solver is a usage error naming the installed ones; PySAT takes no
    objective: exit 2, naming the solver, nothing on stdout."""
    with pytest.raises(SystemExit) as refused:
        _run_script(cpmpy_script(Spec(4)), "no-such-solver")
    assert refused.value.code == 2
    err = capsys.readouterr().err
    assert "solver 'no-such-solver' is unknown or not installed" in err and "ortools" in err
    code, fields = _run_script(cpmpy_script(spec_of(CASES["domination 4"])), "pysat")
    assert code == 2 and fields == {}
    assert capsys.readouterr().err.startswith("pysat: ")


@pytest.mark.parametrize(("line", "refusal"), [
    (((0, -1),), "cells line 0: cell (0, -1) is off the 2x2 board"),
    (((0, 2),), "cells line 0: cell (0, 2) is off the 2x2 board"),
    (((1, 1), (2, 0)), "cells line 0: cell (2, 0) is off the 2x2 board"),
    (((0, 0), (0, 0)), "cells line 0 lists a cell twice")], ids=["negative", "column", "row", "twice"])
def test_a_listed_line_off_the_board_or_with_a_cell_twice_is_refused(
        line: tuple[Cell, ...], refusal: str) -> None:
    """The spec refuses them, so no compiler or export meets them: numpy would read (0, -1)
    as (0, 1) and a sum would count a repeated cell twice, silently another problem."""
    with pytest.raises(SpecError) as refused:
        Spec(2, rules=(Rule("cells", 1, 1, cells=(line,)),))
    assert str(refused.value).startswith(refusal), refused.value


def test_the_scripts_data_are_literals_and_a_name_stays_in_its_comment() -> None:
    """The data (N, LINES, FIXED, FORBIDDEN, OBJECTIVE) are Python literals; a line break in
    a spec's name cannot end the header comment and become code."""
    spec = Spec(5, fixed=((0, 0),), forbidden=((4, 4),), name="x\nimport os  # \r\x0bz")
    tree = ast.parse(cpmpy_script(spec))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)
                for alias in node.names}
    assert imported == {"argparse", "sys", "cpmpy", "NotSupportedError"}
    data = {target.id: ast.literal_eval(node.value) for node in tree.body
            if isinstance(node, ast.Assign) for target in node.targets if isinstance(target, ast.Name)}
    assert data["N"] == 5 and data["FIXED"] == [(0, 0)] and data["FORBIDDEN"] == [(4, 4)]
    assert data["OBJECTIVE"] is None
    assert data["LINES"] == [(line.lo, line.hi, list(line.cells)) for line in spec.lines]
