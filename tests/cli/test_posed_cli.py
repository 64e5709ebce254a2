"""Posed problems from model files through the command line: solve, count, verify, and the
refusals of bad input (one line, exit 2) and of jobs only the n-queens problem has.

Expected answers are independent: the region puzzle's three placements come from the brute
force (tests/brute_force_posed.py, checked here too), queen domination's from OEIS A075458
(gamma(Q_5) = 3) and A002564 (186 minimum dominating placements of the 5x5 board)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from nqueens.errors import ModelFileError
from nqueens.modeling.modelfile import read_model

from brute_force_posed import solve as brute_solve
from paths import MODELS

REGION_PUZZLE = '''name = "regions-5"
n = 5
regions = """
AABBB
ACCBB
ACDDE
AADEE
AADEE
"""
[[rules]]
family = "rows"
exactly = 1
[[rules]]
family = "columns"
exactly = 1
[[rules]]
family = "regions"
exactly = 1
[[rules]]
family = "king"
hi = 1
'''

DOMINATION_5 = '''n = 5
objective = "fewest"
[[rules]]
family = "coverage"
lo = 1
[expected]
optimum = 3
count = 186
source = "OEIS A075458 and A002564"
'''

_LETTERS = ["AABBB", "ACCBB", "ACDDE", "AADEE", "AADEE"]


@pytest.fixture
def puzzle(tmp_path: Path) -> Path:
    path = tmp_path / "regions.toml"
    path.write_text(REGION_PUZZLE)
    return path


def test_the_region_puzzle_file_reads_as_its_letters_say(puzzle: Path) -> None:
    spec = read_model(puzzle).spec
    assert spec.is_open and spec.rows_exact
    assert [[ord(_LETTERS[r][c]) - ord("A") for c in range(5)] for r in range(5)] == \
        [list(row) for row in spec.regions]


def test_count_and_solve_a_region_puzzle(puzzle: Path, run_cli: Callable[..., object]) -> None:
    problem = {"n": 5, "regions": [[ord(ch) - ord("A") for ch in row] for row in _LETTERS],
               "rules": [{"family": "rows", "lo": 1, "hi": 1},
                         {"family": "columns", "lo": 1, "hi": 1},
                         {"family": "regions", "lo": 1, "hi": 1},
                         {"family": "king", "lo": 0, "hi": 1}]}
    _, placements = brute_solve(problem)
    for backend in ("auto", "cpsat", "sat", "backtrack"):
        counted = run_cli("count", str(puzzle), "--backend", backend, "--format", "json")
        assert counted.code == 0, counted.err  # type: ignore[attr-defined]
        doc = json.loads(counted.out)  # type: ignore[attr-defined]
        assert doc["count"] == len(placements) and doc["complete"]
    solved = run_cli("solve", str(puzzle), "--format", "json", "--all")
    assert solved.code == 0, solved.err  # type: ignore[attr-defined]
    listed = json.loads(solved.out)["solutions"]  # type: ignore[attr-defined]
    assert len(listed) == len(placements)
    assert {frozenset(enumerate(cols)) for cols in listed} == placements


def test_domination_optimum_and_its_placements_on_every_backend(
        tmp_path: Path, run_cli: Callable[..., object]) -> None:
    path = tmp_path / "domination.toml"
    path.write_text(DOMINATION_5)
    for backend in ("sat", "cpsat", "backtrack"):
        counted = run_cli("count", str(path), "--backend", backend, "--format", "json")
        assert counted.code == 0, counted.err  # type: ignore[attr-defined]
        doc = json.loads(counted.out)  # type: ignore[attr-defined]
        assert (doc["optimum"], doc["bound"], doc["count"]) == (3, 3, 186)
    text = run_cli("count", str(path))
    assert "optimum 3 queens (proved)" in text.out and "186 solutions" in text.out  # type: ignore[attr-defined]


@pytest.mark.parametrize(("change", "names"), [
    ('family = "rows"\nexactly = 1', "rules"),
    ('[[rules]]\nfamily = "lines"', "unknown line family"),
    ('[[rules]]\nfamily = "rows"\nlo = 3\nhi = 2', "contradict"),
    ('[[rules]]\nfamily = "rows"\nexactly = 6', "row rule"),
    ('[[rules]]\nfamily = "rows"\nwidth = 1', "rules[0].width"),
    ('regions = ["AB", "AB"]\n[[rules]]\nfamily = "regions"', "regions"),
    ('objective = "best"\n[[rules]]\nfamily = "rows"', "objective"),
    ('variant = "torus"\n[[rules]]\nfamily = "rows"', "variant"),
    ('[[rules]]\nfamily = "cells"\nexactly = 1\ncells = [[[0, 0], [0, 5]]]', "off the 5x5 board"),
    ('[[rules]]\nfamily = "cells"\nexactly = 1\ncells = [[[0, 0], [0, 0]]]', "a cell twice"),
    ('[[rules]]\nfamily = "cells"\nexactly = 1\ncells = [[[0, "a"]]]', "integer pairs"),
])
def test_bad_posed_input_is_one_line_naming_the_key(
        tmp_path: Path, run_cli: Callable[..., object], change: str, names: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(f"n = 5\n{change}\n")
    with pytest.raises(ModelFileError, match=names.replace("[", r"\[").replace("]", r"\]")):
        read_model(path)
    result = run_cli("solve", str(path))
    assert result.code == 2  # type: ignore[attr-defined]
    assert len(result.err.strip().splitlines()) == 1 and "Traceback" not in result.err  # type: ignore[attr-defined]
    assert result.out == ""  # type: ignore[attr-defined]


@pytest.mark.parametrize("extra", [("--unique",), ("--certify",), ("--jobs", "2")])
def test_jobs_only_the_n_queens_problem_has_are_refused_in_one_line(
        puzzle: Path, run_cli: Callable[..., object], extra: tuple[str, ...]) -> None:
    result = run_cli("count", str(puzzle), *extra)
    assert result.code == 2, result.err  # type: ignore[attr-defined]
    assert len(result.err.strip().splitlines()) == 1  # type: ignore[attr-defined]


def test_a_backend_that_takes_no_posed_problem_is_refused(
        puzzle: Path, run_cli: Callable[..., object]) -> None:
    result = run_cli("count", str(puzzle), "--backend", "permutation")
    assert result.code == 2 and "posed problem" in result.err  # type: ignore[attr-defined]


@pytest.mark.parametrize("command", [("solve", "--most-queens")])
def test_commands_of_the_n_queens_problem_only_refuse_a_posed_one_in_one_line(
        puzzle: Path, run_cli: Callable[..., object], command: tuple[str, ...],
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run_cli(command[0], str(puzzle), *command[1:])
    assert result.code == 2, result.err  # type: ignore[attr-defined]
    assert len(result.err.strip().splitlines()) == 1 and "Traceback" not in result.err  # type: ignore[attr-defined]
    assert result.out == "" and not (tmp_path / "page.html").exists()  # type: ignore[attr-defined]


@pytest.mark.parametrize("command", [("trace", "-o", "page.html"), ("play", "-o", "page.html")])
def test_the_pages_take_a_posed_puzzle(
        puzzle: Path, run_cli: Callable[..., object], command: tuple[str, ...],
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The step-through page and the play page draw a region puzzle (the pages' own tests
    hold what they show); a model of one queen a row, so the walk takes it too."""
    monkeypatch.chdir(tmp_path)
    result = run_cli(command[0], str(puzzle), *command[1:])
    assert result.code == 0 and result.err.startswith("wrote page.html ("), result.err  # type: ignore[attr-defined]
    assert '"regions":{"colour":[' in (tmp_path / "page.html").read_text()


def test_a_grid_of_letters_is_the_region_puzzle(tmp_path: Path, puzzle: Path,
                                                run_cli: Callable[..., object]) -> None:
    grid = tmp_path / "puzzle.txt"
    grid.write_text("# a region puzzle\n" + "\n".join(_LETTERS) + "\n")
    from nqueens.modeling.formats import read_instance

    spec = read_instance(str(grid)).spec
    same = read_model(puzzle).spec
    assert (spec.rules, spec.regions) == (same.rules, same.regions)
    counted = run_cli("count", str(grid))
    assert counted.code == 0 and "3 solutions" in counted.out  # type: ignore[attr-defined]
    ragged = tmp_path / "ragged.txt"
    ragged.write_text("AAB\nAB\nABB\n")
    refused = run_cli("count", str(ragged))
    assert refused.code == 2 and "Traceback" not in refused.err  # type: ignore[attr-defined]


@pytest.mark.parametrize("fmt", ["xcsp3", "opb", "cpmpy", "minizinc"])
def test_a_posed_problem_exports_to_every_format_that_states_bounds(
        tmp_path: Path, run_cli: Callable[..., object], fmt: str) -> None:
    """`export MODEL --to FMT -o FILE` writes what the library writes for that spec; DIMACS,
    which states no objective, refuses a problem with one in one line, naming these."""
    from nqueens.modeling.export import export_text

    spec = read_model(MODELS / "domination-5.toml").spec
    out = tmp_path / f"domination-5.{fmt}"
    result = run_cli("export", "domination-5", "--to", fmt, "-o", str(out))
    assert result.code == 0, result.err  # type: ignore[attr-defined]
    assert result.err.startswith(f"wrote {out} ({fmt}, 5x5: ")  # type: ignore[attr-defined]
    assert out.read_text() == export_text(spec, fmt)
    refused = run_cli("export", "domination-5", "--to", "dimacs")  # CNF has no objective
    assert refused.code == 2 and refused.out == ""  # type: ignore[attr-defined]
    err = refused.err.strip()  # type: ignore[attr-defined]
    assert len(err.splitlines()) == 1 and "DIMACS states no objective" in err
    assert fmt in err.split("export --to ", 1)[1], err
