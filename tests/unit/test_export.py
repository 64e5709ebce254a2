"""Exports, read back by tools other than the backend that made them: the DIMACS by pycosat
(PicoSAT, not the sat backend's CaDiCaL) through a parser written here, the CP-SAT text by
protobuf's own text_format parser, the MiniZinc model by the minizinc binary when present."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from nqueens.cli import main
from nqueens.modeling.export import cpsat_text, dimacs_text, minizinc_text
from nqueens.modeling.modelfile import read_model
from nqueens.spec import Spec
from nqueens.validator import find_violations

from optional import missing, require
from paths import MODELS as MODELS_DIR

pycosat = require("pycosat", "pip install '.[test]'")

MODELS = ["queens-8", "completion-8-a1", "completion-8-unsat", "completion-6-corner",
          "completion-16-hard", "forbidden-8-center", "torus-6", "torus-7", "superqueens-10",
          "rooks-6"]


def _parse_dimacs(text: str) -> tuple[int, list[list[int]], list[int], dict[int, tuple[int, int]]]:
    """(variables, clauses, projection, cell map) of a DIMACS file, checking the header."""
    header = re.search(r"^p cnf (\d+) (\d+)$", text, re.M)
    assert header is not None
    clauses = [
        [int(lit) for lit in line.split()[:-1]]
        for line in text.splitlines()
        if line and not line.startswith(("c", "p"))
    ]
    assert all(line.split()[-1] == "0" for line in text.splitlines()
               if line and not line.startswith(("c", "p")))
    assert len(clauses) == int(header.group(2))
    show = re.findall(r"^c p show ((?:\d+ )*)0$", text, re.M)
    assert len(show) == 1
    cells = {int(v): (int(r), int(c))
             for v, r, c in re.findall(r"^c cell (\d+) = row (\d+) col (\d+)$", text, re.M)}
    return int(header.group(1)), clauses, [int(v) for v in show[0].split()], cells


def _decode(n: int, model: list[int], cells: dict[int, tuple[int, int]]) -> tuple[int, ...]:
    queens = sorted(cells[lit] for lit in model if lit > 0 and lit in cells)
    assert [r for r, _ in queens] == list(range(n)), "one queen per row"
    return tuple(c for _, c in queens)


@pytest.mark.parametrize("encoding", ["pairwise", "seqcounter", "ladder", "totalizer"])
@pytest.mark.parametrize("name", MODELS)
def test_dimacs_solved_by_an_independent_solver(name: str, encoding: str) -> None:
    model = read_model(MODELS_DIR / f"{name}.toml")
    spec, expected = model.spec, model.expected
    assert expected is not None
    variables, clauses, projection, cells = _parse_dimacs(dimacs_text(spec, encoding))
    n = spec.n
    assert projection == list(range(1, n * n + 1))
    assert sorted(cells.values()) == [(r, c) for r in range(n) for c in range(n)]
    assert max(abs(lit) for clause in clauses for lit in clause) <= variables
    answer = pycosat.solve(clauses, vars=variables)
    assert (answer != "UNSAT") == expected.satisfiable
    if answer != "UNSAT":
        assert find_violations(spec, _decode(n, answer, cells)) == []


@pytest.mark.parametrize(("name", "count"), [("queens-8", 92), ("torus-7", 28),
                                             ("completion-8-a1", 4)])
def test_pairwise_dimacs_model_count(name: str, count: int) -> None:
    """With no auxiliary variables, every model is a placement: pycosat's own enumeration
    (which blocks whole models) must find exactly the recorded count, all valid."""
    model = read_model(MODELS_DIR / f"{name}.toml")
    assert model.expected is not None and model.expected.count == count
    variables, clauses, _, cells = _parse_dimacs(dimacs_text(model.spec, "pairwise"))
    placements = {_decode(model.spec.n, m, cells)
                  for m in pycosat.itersolve(clauses, vars=variables)}
    assert len(placements) == count
    assert all(find_violations(model.spec, p) == [] for p in placements)


def test_dimacs_header_lines_come_in_counter_order() -> None:
    lines = dimacs_text(Spec(4), "seqcounter").splitlines()
    assert lines[0] == "c t pmc"
    assert lines[1].startswith("p cnf ")
    assert lines.index("c p show " + " ".join(map(str, range(1, 17))) + " 0") > 1


@pytest.mark.parametrize("name", ["queens-8", "completion-8-unsat", "superqueens-10",
                                  "forbidden-8-diagonals"])
def test_cpsat_text_parses_back_and_solves(name: str) -> None:
    from google.protobuf import text_format
    from ortools.sat import cp_model_pb2
    from ortools.sat.python import cp_model

    model = read_model(MODELS_DIR / f"{name}.toml")
    spec = model.spec
    proto = text_format.Parse(cpsat_text(spec), cp_model_pb2.CpModelProto())
    names = [v.name for v in proto.variables]
    assert names == [f"q_{r}_{c}" for r in range(spec.n) for c in range(spec.n)]
    cp = cp_model.CpModel()
    cp.proto.parse_text_format(text_format.MessageToString(proto))
    solver = cp_model.CpSolver()
    status = solver.solve(cp)
    assert model.expected is not None
    if not model.expected.satisfiable:
        assert status == cp_model.INFEASIBLE
        return
    assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    values = solver.response_proto.solution
    placement = tuple(
        next(c for c in range(spec.n) if values[names.index(f"q_{r}_{c}")])
        for r in range(spec.n)
    )
    assert find_violations(spec, placement) == []


def test_minizinc_text_structure() -> None:
    spec = Spec(5, "torus", fixed=((0, 0),), forbidden=((4, 4),))
    text = minizinc_text(spec)
    assert "n = 5;" in text
    assert f"n_lines = {5 + 5 + 5 + 5};" in text  # rows, columns, 5 + 5 wrapped diagonals
    assert "fixed_cells = {0};" in text and "forbidden_cells = {24};" in text
    assert "solve satisfy;" in text
    sets = re.findall(r"^  \{([\d, ]*)\},  % (\S+)$", text, re.M)
    assert len(sets) == 20
    # the wrapped diagonal through (0, 0) runs (1, 1), ..., (4, 4)
    assert ("0, 6, 12, 18, 24", "diagonal") in sets


MINIZINC = shutil.which("minizinc")


@pytest.mark.parametrize(("name", "count"), [("torus-5", 10), ("completion-8-a1", 4),
                                             ("completion-6-corner", 0)])
def test_minizinc_model_runs(tmp_path: Path, name: str, count: int) -> None:
    if MINIZINC is None:
        missing("needs the minizinc binary with Gecode (Debian: apt-get install minizinc)")
    model = read_model(MODELS_DIR / f"{name}.toml")
    path = tmp_path / f"{name}.mzn"
    path.write_text(minizinc_text(model.spec))
    result = subprocess.run([MINIZINC, "--solver", "gecode", "--all-solutions", str(path)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    found = [tuple(int(c) for c in cols.split(", "))
             for cols in re.findall(r"^columns = \[([\d, ]*)\]$", result.stdout, re.M)]
    assert len(set(found)) == count
    assert all(find_violations(model.spec, p) == [] for p in found)
    if count == 0:
        assert "=====UNSATISFIABLE=====" in result.stdout


def test_cli_export_writes_atomically_and_refuses_overwrite(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "q.cnf"
    assert main(["export", "6", "--to", "dimacs", "--encoding", "ladder", "-o", str(path)]) == 0
    assert path.read_text() == dimacs_text(Spec(6), "ladder")
    assert main(["export", "6", "--to", "cpsat", "-o", str(path)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert path.read_text() == dimacs_text(Spec(6), "ladder")
    assert main(["export", "6", "--to", "cpsat", "-o", str(path), "--force"]) == 0
    assert path.read_text() == cpsat_text(Spec(6))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["q.cnf"]


@pytest.mark.parametrize("argv", [
    ["export", "6", "--to", "cpsat", "--encoding", "ladder"],
    ["export", "6", "--to", "pdf"],
    ["export", "6", "--to", "dimacs", "--encoding", "nope"],
])
def test_cli_export_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(argv) == 2
    assert "error" in capsys.readouterr().err


@pytest.mark.parametrize("case", ["region puzzle 5", "domination 5", "most kings 4",
                                  "no solution 4"])
def test_minizinc_model_of_a_posed_problem_runs(tmp_path: Path, case: str) -> None:
    """Gecode on the exported model gives the brute force's placements, or its optimum."""
    if MINIZINC is None:
        missing("needs the minizinc binary with Gecode (Debian: apt-get install minizinc)")
    from test_posed_answers import CASES

    from nqueens.posed.validation import find_posed_violations

    from brute_force_posed import solve as brute_solve
    from posed_problems import spec_of

    spec = spec_of(CASES[case])
    optimum, expected = brute_solve(CASES[case])
    path = tmp_path / "posed.mzn"
    path.write_text(minizinc_text(spec))
    flags = ["--all-solutions"] if spec.objective is None else []
    result = subprocess.run([MINIZINC, "--solver", "gecode", *flags, str(path)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    found = [frozenset((int(r), int(c)) for r, c in re.findall(r"\((\d+), (\d+)\)", line))
             for line in re.findall(r"^queens = \d+:.*$", result.stdout, re.M)]
    for cells in found:
        assert find_posed_violations(spec, cells, optimum=optimum) == []
    if spec.objective is None:
        assert set(found) == expected
    else:
        assert found and found[-1] in expected and "==========" in result.stdout
    if not expected:
        assert "=====UNSATISFIABLE=====" in result.stdout
