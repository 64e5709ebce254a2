"""The other projects' solvers as bench subjects, in process: how their output is read
(texts in the forms ACE, Choco and the exported CPMpy script print, checked against the real
solvers in tests/system/test_hard_suite.py), the refusal of a subject whose solver is absent,
and the posed families the suites generate (region maps, queen domination)."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import shutil
from collections import deque
from pathlib import Path

import pytest

from nqueens.bench import external, suite_runs, suites
from nqueens.errors import InputError
from nqueens.modeling import puzzles
from nqueens.modeling.modelfile import model_from_toml

_ACE_SAT = ("\x1b[32mc\x1b[0m ACE (AbsCon Essence) v2.6\n"
            "\x1b[32mv\x1b[0m <instantiation id='sol1' type='solution'> <list> q[][] </list> "
            "<values> 0 0 0 0 1 0 0 1 0 0 0 1 0 0 0 0 </values> </instantiation>\n"
            "\x1b[32ms\x1b[0m SATISFIABLE\n")
_CHOCO_OPTIMUM = """c Choco
v <instantiation id='sol2' type='solution' cost='2'>
v  <list> q[][] </list>
v  <values> 0 0 0 0 0 1 0 0 0 0 1 0 0 0 0 0 </values>
v </instantiation>
s OPTIMUM FOUND
"""


def test_a_competition_solution_is_read_cell_by_cell() -> None:
    answer = external.read_competition(4, False, _ACE_SAT.replace("\x1b[32mc", "c")
                                       .replace("\x1b[32mv\x1b[0m", "v")
                                       .replace("\x1b[32ms\x1b[0m", "s"), 0, "")
    assert (answer.status, answer.cells) == ("sat", [(1, 0), (1, 3), (2, 3)])
    coloured = external.read_competition(4, False, _ACE_SAT, 0, "")  # a terminal's colours
    assert coloured == answer


def test_an_optimisation_answer_counts_only_when_proved() -> None:
    proved = external.read_competition(4, True, _CHOCO_OPTIMUM, 0, "")
    assert (proved.status, proved.cells, proved.optimum) == ("sat", [(1, 1), (2, 2)], 2)
    unproved = external.read_competition(4, True, _CHOCO_OPTIMUM.replace("OPTIMUM FOUND",
                                                                         "SATISFIABLE"), 0, "")
    assert unproved.status == "timeout" and "best 2 queens" in unproved.detail
    assert external.read_competition(4, True, "s UNSATISFIABLE\n", 0, "").status == "unsat"
    assert external.read_competition(4, False, "s UNKNOWN\n", 0, "").status == "timeout"


def test_unreadable_competition_output_is_an_error_not_an_answer() -> None:
    assert external.read_competition(4, False, "", 1, "Exception in thread main\n").detail == (
        "Exception in thread main")
    bad_values = _CHOCO_OPTIMUM.replace("0 0 0 0 0 1", "0 0 0 0 0 2")
    assert external.read_competition(4, True, bad_values, 0, "").status == "error"
    short = _CHOCO_OPTIMUM.replace("<values> 0 0 0 0 ", "<values> ")
    assert external.read_competition(4, True, short, 0, "").status == "error"


def test_the_cpmpy_script_output_is_read() -> None:
    sat = "status: satisfiable\nqueens: 4\ncells: (0, 1) (1, 3) (2, 0) (3, 2)\n"
    answer = external.read_cpmpy_script(False, sat, 0, "")
    assert (answer.status, answer.cells) == ("sat", [(0, 1), (1, 3), (2, 0), (3, 2)])
    optimal = "status: optimal\noptimum: 2\nqueens: 2\ncells: (1, 1) (2, 2)\n"
    assert external.read_cpmpy_script(True, optimal, 0, "").optimum == 2
    feasible = "status: feasible\nqueens: 3\ncells: (0, 0) (1, 2) (2, 1)\n"
    assert external.read_cpmpy_script(True, feasible, 0, "").status == "timeout"
    assert external.read_cpmpy_script(False, "status: unsatisfiable\n", 0, "").status == "unsat"
    assert external.read_cpmpy_script(False, "status: unknown\n", 1, "").status == "timeout"
    assert external.read_cpmpy_script(False, "", 2, "exact: not supported\n").status == "error"
    # the script's word for the other kind of model is no answer
    assert external.read_cpmpy_script(True, sat, 0, "").status == "error"


def test_an_optimum_unlike_its_placement_is_wrong() -> None:
    spec = puzzles.domination(4).spec
    inst = suites.Instance("d4", "d4.toml", spec, 4.0, True, None, 2)
    good = external.Answer("sat", [(0, 0), (2, 2)], optimum=2)  # dominates the 4x4 board
    assert suite_runs._placement_problem(inst, good) == ""
    assert "an optimum of 1" in suite_runs._placement_problem(inst, external.Answer(
        "sat", [(0, 0), (2, 2)], optimum=1))
    assert suite_runs._placement_problem(inst, external.Answer(
        "sat", [(0, 0)], optimum=1)).startswith("invalid placement")


def test_a_subject_whose_solver_is_absent_is_refused_in_one_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real_which, real_find = shutil.which, importlib.util.find_spec
    monkeypatch.setattr(shutil, "which", lambda name: None if name == "java" else real_which(name))
    with pytest.raises(InputError, match=r"need Java 11.*apt-get install default-jre-headless"):
        suite_runs.subjects(["auto", "ace"])
    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/java" if name == "java"
                        else real_which(name))
    present = importlib.machinery.ModuleSpec("cpmpy", None)  # whether installed here or not
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name in ("pycsp3", "exact") else
                        present if name == "cpmpy" else real_find(name))
    with pytest.raises(InputError, match=r"PyCSP3, which is not installed \(pip install"):
        suite_runs.subjects(["choco"])
    with pytest.raises(InputError, match=r"cpmpy-exact needs the exact package.*pip install"):
        suite_runs.subjects(["cpmpy-exact"])
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "cpmpy" else real_find(name))
    with pytest.raises(InputError, match=r"cpmpy-ortools needs the cpmpy package.*pip install"):
        suite_runs.subjects(["cpmpy-ortools"])


def _connected(grid: tuple[tuple[int, ...], ...], label: int) -> bool:
    n = len(grid)
    cells = {(r, c) for r in range(n) for c in range(n) if grid[r][c] == label}
    start = next(iter(cells))
    seen, todo = {start}, deque([start])
    while todo:
        r, c = todo.popleft()
        for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if cell in cells and cell not in seen:
                seen.add(cell)
                todo.append(cell)
    return seen == cells


@pytest.mark.parametrize(("n", "seed"), [(1, 1), (5, 2), (8, 3), (12, 7)])
def test_a_region_map_has_n_connected_regions_covering_the_board(n: int, seed: int) -> None:
    grid = puzzles.region_map(n, seed)
    assert len(grid) == n and all(len(row) == n for row in grid)
    assert sorted({label for row in grid for label in row}) == list(range(n))
    assert all(_connected(grid, label) for label in range(n))
    assert puzzles.region_map(n, seed) == grid  # the seed decides the map


def test_generated_puzzles_read_back_as_the_same_spec() -> None:
    made = puzzles.region_puzzle(7, 4)
    assert model_from_toml(made.text).spec == made.spec
    dominated = puzzles.domination(8)
    model = model_from_toml(dominated.text)
    assert model.spec == dominated.spec and model.expected is not None
    assert model.expected.optimum == dominated.optimum == 5  # OEIS A075458, n = 8
    assert puzzles.domination(30).optimum is None  # beyond the published table
    with pytest.raises(InputError, match=r"n must be 1\.\.64"):
        puzzles.domination(65)


def test_the_domination_suite_carries_the_published_optima(tmp_path: Path) -> None:
    suite = suites.generate_suite("domination", None, None, [4, 5, 11], [1], 4, tmp_path)
    assert [(i.name, i.published_optimum) for i in suite.instances] == [
        ("domination-4.toml", 2), ("domination-5.toml", 3), ("domination-11.toml", 5)]
    again = suites.read_suite("domination", tmp_path)  # read back: the files' expected answers
    assert sorted(i.published_optimum or 0 for i in again.instances) == [2, 3, 5]
    regions = suites.generate_suite("regions", None, None, [6], [1, 2], 4, tmp_path / "r")
    assert [i.name for i in regions.instances] == ["random-map-6-s1.toml", "random-map-6-s2.toml"]
    assert all(i.published is None and i.parameter == 6.0 for i in regions.instances)
