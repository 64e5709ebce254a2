"""A posed problem exported as DIMACS and as a CP-SAT model: each file, read back by its own
tool (PySAT's DIMACS reader, OR-Tools' text-format parser) and solved there, has exactly the
placements the independent brute force finds (tests/brute_force_posed.py), and the CP-SAT
model's objective proves the optimum it gives."""

from __future__ import annotations

from typing import Any

import pytest

from nqueens.errors import InputError
from nqueens.modeling.export import export_text

from brute_force_posed import solve as brute_solve
from posed_problems import spec_of

PROBLEMS: dict[str, dict[str, Any]] = {
    "non-touching rooks 4": {"n": 4, "rules": [{"family": "rows", "lo": 1, "hi": 1},
                                               {"family": "columns", "lo": 1, "hi": 1},
                                               {"family": "king", "lo": 0, "hi": 1}]},
    "two per row, column 4": {"n": 4, "rules": [{"family": "rows", "lo": 2, "hi": 2},
                                                {"family": "columns", "lo": 2, "hi": 2},
                                                {"family": "diagonals", "lo": 0, "hi": 1}]},
    "covered, at most 3": {"n": 4, "rules": [{"family": "coverage", "lo": 1, "hi": None}],
                           "queens": [0, 3], "forbidden": [[0, 0]]},
}
DOMINATION_4 = {"n": 4, "rules": [{"family": "coverage", "lo": 1, "hi": None}],
                "objective": "fewest"}


def _models(text: str, n: int) -> set[frozenset[tuple[int, int]]]:
    """Every placement of the DIMACS text: its models projected on the n*n cell variables."""
    from pysat.formula import CNF
    from pysat.solvers import Solver

    cnf = CNF(from_string=text)
    cells = range(1, n * n + 1)
    found = set()
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as sat:
        while sat.solve():
            model = set(sat.get_model())
            queens = frozenset(divmod(v - 1, n) for v in cells if v in model)
            found.add(queens)
            sat.add_clause([-v if v in model else v for v in cells])
    return found


@pytest.mark.parametrize("name", PROBLEMS)
@pytest.mark.parametrize("encoding", ["pairwise", "seqcounter", "totalizer"])
def test_the_dimacs_file_has_the_brute_forces_placements(name: str, encoding: str) -> None:
    problem = PROBLEMS[name]
    _, expected = brute_solve(problem)
    text = export_text(spec_of(problem), "dimacs", encoding)
    assert _models(text, problem["n"]) == expected


def _read(text: str) -> Any:
    """The CP-SAT model of a text-format proto, as OR-Tools parses it."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    model.proto.parse_text_format(text)
    return model


@pytest.mark.parametrize("name", PROBLEMS)
def test_the_cpsat_file_has_the_brute_forces_placements(name: str) -> None:
    from ortools.sat.python import cp_model

    problem = PROBLEMS[name]
    _, expected = brute_solve(problem)
    model = _read(export_text(spec_of(problem), "cpsat"))
    names = {i: var.name for i, var in enumerate(model.proto.variables)}
    found: set[frozenset[tuple[int, int]]] = set()

    class Collect(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            found.add(frozenset(tuple(map(int, names[i].split("_")[1:]))
                                for i in names if self.value(model.get_bool_var_from_proto_index(i))))

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    solver.solve(model, Collect())
    assert found == expected


def test_the_cpsat_file_states_the_objective_and_dimacs_refuses_it() -> None:
    from ortools.sat.python import cp_model

    optimum, _ = brute_solve(DOMINATION_4)
    spec = spec_of(DOMINATION_4)
    model = _read(export_text(spec, "cpsat"))
    solver = cp_model.CpSolver()
    assert solver.solve(model) == cp_model.OPTIMAL
    assert solver.objective_value == optimum == 2  # OEIS A075458(4)
    with pytest.raises(InputError, match="DIMACS states no objective"):
        export_text(spec, "dimacs")
