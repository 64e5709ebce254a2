"""The bundled posed models (region puzzles, Star Battle, k queens per line, queen domination)
against answers that share no code with the package: the brute force of
tests/brute_force_posed.py (cell by cell on the small boards; row by row, up to 12x12, for a
problem with exactly k queens on every row), OEIS for the ones beyond it (their sources say
which), and every compiler of posed problems reaching the recorded count and optimum."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nqueens.backends import get_backend
from nqueens.modeling.modelfile import model_text, read_model
from nqueens.posed.validation import find_posed_violations
from nqueens.spec import Rule, Spec

from brute_force_posed import solve as brute_solve
from brute_force_posed import solve_by_rows
from paths import MODELS
from posed_problems import problem_of

POSED_PATHS = [path for path in sorted(MODELS.glob("*.toml")) if read_model(path).spec.is_open]
#: Boards the brute force and the backtracker settle in about a second.
SMALL_N = 6


def _by_rows(spec: Spec) -> bool:
    """A model the row-by-row brute force takes: exactly k queens on every row, nothing
    else but lines (no objective, bound or givens)."""
    first = spec.rules[0]
    return (first.family == "rows" and first.lo == first.hi and spec.objective is None
            and spec.queens is None and not spec.fixed and not spec.forbidden)


#: The models the brute force settles: the small boards, and those it takes row by row.
CHECKED = [p for p in POSED_PATHS if read_model(p).spec.n <= SMALL_N or _by_rows(read_model(p).spec)]
#: Models whose solutions CP-SAT enumerates for seconds, one by one (1,097 of them): its
#: count is checked in tests/system.
SLOW_TO_ENUMERATE = ("two-per-line-6",)


def test_the_posed_collection_holds_a_puzzle_and_domination() -> None:
    names = {path.stem for path in POSED_PATHS}
    assert {"regions-6", "regions-8", "regions-10", "regions-12", "starbattle-10",
            "two-per-line-6", "domination-5", "independent-domination-5", "domination-8"} <= names
    for path in POSED_PATHS:
        expected = read_model(path).expected
        assert expected is not None and expected.source and expected.count is not None


@pytest.mark.parametrize("path", CHECKED, ids=lambda p: p.stem)
def test_posed_models_match_the_brute_force(path: Path) -> None:
    model = read_model(path)
    assert model.expected is not None
    if _by_rows(model.spec):
        optimum, placements = None, solve_by_rows(problem_of(model.spec))
    else:
        optimum, placements = brute_solve(problem_of(model.spec))
    assert len(placements) == model.expected.count
    assert optimum == model.expected.optimum
    witness = model.expected.witness
    if witness is not None:  # the one solution, as columns per row or as cells
        cells = tuple(enumerate(witness)) if model.spec.rows_exact else witness
        assert frozenset(cells) in placements


def _rule(family: str, lo: int, hi: int) -> dict[str, Any]:
    return {"family": family, "lo": lo, "hi": hi}


#: Problems with exactly k queens on every row, a placement or more each, whose other lines
#: have upper and lower bounds of their own.
_SMALL_PROBLEMS = {
    "rows-king": {"n": 5, "rules": [_rule("rows", 1, 1), _rule("columns", 0, 1),
                                    _rule("king", 0, 1)]},
    "two-per-line-5": {"n": 5, "rules": [_rule("rows", 2, 2), _rule("columns", 2, 2),
                                         _rule("diagonals", 0, 2),
                                         _rule("anti-diagonals", 0, 2)]},
    "two-per-block-4": {"n": 4, "rules": [_rule("rows", 2, 2), _rule("columns", 2, 2),
                                          _rule("regions", 2, 2)],
                        "regions": [[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]]},
    "columns-1-to-3": {"n": 4, "rules": [_rule("rows", 2, 2), _rule("columns", 1, 3),
                                         _rule("knight", 0, 1)]},
    "wrapped-exactly-1": {"n": 5, "rules": [_rule("rows", 1, 1), _rule("anti-diagonals", 0, 1),
                                            _rule("wrapped-diagonals", 1, 1)]},
}


@pytest.mark.parametrize("name", sorted(_SMALL_PROBLEMS))
def test_the_two_brute_forces_agree(name: str) -> None:
    """Row by row and cell by cell, the brute force finds the same placements."""
    problem = _SMALL_PROBLEMS[name]
    by_rows = solve_by_rows(problem)
    assert by_rows and by_rows == brute_solve(problem)[1]


@pytest.mark.parametrize(("path", "backend"), [
    pytest.param(path, backend, id=f"{path.stem}-{backend}") for path in CHECKED
    for backend in ("cpsat", "sat", "backtrack")
    if not (backend == "cpsat" and path.stem in SLOW_TO_ENUMERATE)])
def test_every_posed_compiler_reaches_the_recorded_answer(path: Path, backend: str) -> None:
    model = read_model(path)
    assert model.expected is not None
    seen: list[Any] = []
    outcome = get_backend(backend).search(model.spec, seen.append)
    assert outcome.complete and outcome.count == model.expected.count == len(set(seen))
    assert outcome.optimum == model.expected.optimum
    for solution in seen:  # columns where each row holds one queen, else cells
        cells = tuple(enumerate(solution)) if model.spec.rows_exact else solution
        assert not find_posed_violations(model.spec, cells, optimum=outcome.optimum)


def test_the_chessboards_domination_number_is_proved() -> None:
    """OEIS A075458: five queens dominate the 8x8 board and four do not."""
    model = read_model(MODELS / "domination-8.toml")
    outcome = get_backend("sat").search(model.spec, limit=1)
    assert model.expected is not None
    assert (outcome.optimum, outcome.bound) == (model.expected.optimum, 5)


_WRITTEN = [
    Spec(5, "custom", fixed=((0, 0),), forbidden=((4, 4),), queens=(2, None),
         rules=(Rule("coverage", 1, attack="knight"), Rule("king", 0, 1))),
    Spec(4, "custom", queens=(4, 4), objective="most",
         rules=(Rule("cells", 1, 2, cells=(((0, 0), (1, 1)), ((2, 3), (3, 2)))),
                Rule("rows", 0, 2))),
    Spec(6, "custom", regions=tuple(tuple(r * 6 + c for c in range(6)) for r in range(6)),
         rules=(Rule("regions", 0, 1, connected=False), Rule("columns", 1, 1))),
]


@pytest.mark.parametrize("spec", [*(read_model(path).spec for path in POSED_PATHS), *_WRITTEN],
                         ids=[*(path.stem for path in POSED_PATHS), "written-5", "written-4",
                              "written-36-regions"])
def test_a_posed_model_written_as_toml_reads_back_the_same(spec: Spec, tmp_path: Path) -> None:
    """`nqueens model --to toml` of a posed problem keeps its rules, regions, bound and
    objective (the file once held only n and a variant "custom" that no reader took)."""
    path = tmp_path / "model.toml"
    path.write_text(model_text(spec, "a description"))
    again = read_model(path)
    assert again.spec == spec
    assert again.description == "a description"


@pytest.mark.parametrize("backend", ["sat", "cpsat", "backtrack"])
def test_every_backend_counts_cells_on_no_line(backend: str) -> None:
    """Two cells on a line and two on none: 2 x 2 x 2 = 8 placements, each validated. A
    solver's model covers only the variables its clauses mention; the sat backend once read
    a free cell numbered above them out of range (an IndexError)."""
    spec = Spec(2, rules=(Rule("cells", 1, 1, cells=(((0, 0), (0, 1)),)),))
    problem = {"n": 2, "rules": [{"family": "cells", "lo": 1, "hi": 1,
                                  "cells": [[[0, 0], [0, 1]]]}]}
    _, expected = brute_solve(problem)
    from nqueens.api import solutions

    found = list(solutions(spec, backend=backend))
    for placement in found:
        assert not find_posed_violations(spec, placement)
    assert {frozenset(p) for p in found} == {frozenset(map(tuple, p)) for p in expected}
