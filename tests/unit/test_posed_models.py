"""The bundled posed models (region puzzle, queen domination) against answers that share no
code with the package: the brute force of tests/brute_force_posed.py on the small boards,
OEIS for the ones beyond it (their sources say which), and every compiler of posed
problems reaching the recorded count and optimum."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nqueens.backends import get_backend
from nqueens.modeling.modelfile import model_text, read_model
from nqueens.posed.validation import find_posed_violations
from nqueens.spec import Rule, Spec

from brute_force_posed import solve as brute_solve
from paths import MODELS

POSED_PATHS = [path for path in sorted(MODELS.glob("*.toml")) if read_model(path).spec.is_open]
#: Boards the brute force and the backtracker settle in about a second.
SMALL_N = 6


def problem_of(spec: Spec) -> dict[str, Any]:
    """The brute force's plain dict of a spec, from its stated rules (not its lines)."""
    rules = [{"family": rule.family, "lo": rule.lo, "hi": rule.hi, "attack": rule.attack,
              "cells": [list(map(list, line)) for line in rule.cells]} for rule in spec.rules]
    problem: dict[str, Any] = {"n": spec.n, "rules": rules,
                               "regions": [list(row) for row in spec.regions],
                               "fixed": [list(c) for c in spec.fixed],
                               "forbidden": [list(c) for c in spec.forbidden]}
    if spec.queens is not None:
        problem["queens"] = list(spec.queens)
    if spec.objective is not None:
        problem["objective"] = spec.objective
    return problem


def test_the_posed_collection_holds_a_puzzle_and_domination() -> None:
    names = {path.stem for path in POSED_PATHS}
    assert {"regions-6", "domination-5", "independent-domination-5", "domination-8"} <= names
    for path in POSED_PATHS:
        expected = read_model(path).expected
        assert expected is not None and expected.source and expected.count is not None


@pytest.mark.parametrize("path", [p for p in POSED_PATHS if read_model(p).spec.n <= SMALL_N],
                         ids=lambda p: p.stem)
def test_small_posed_models_match_the_brute_force(path: Path) -> None:
    model = read_model(path)
    assert model.expected is not None
    optimum, placements = brute_solve(problem_of(model.spec))
    assert len(placements) == model.expected.count
    assert optimum == model.expected.optimum


@pytest.mark.parametrize("backend", ["cpsat", "sat", "backtrack"])
@pytest.mark.parametrize("path", [p for p in POSED_PATHS if read_model(p).spec.n <= SMALL_N],
                         ids=lambda p: p.stem)
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
