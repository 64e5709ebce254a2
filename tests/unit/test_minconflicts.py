"""The minconflicts backend: every placement it returns passes the shared validator (fixed
and forbidden cells, every variant), a seed fixes the placement, the C loop and the Python
loop agree, and on an unsatisfiable instance it stops at its limit (exit 3) without ever
claiming that no solution exists."""

from __future__ import annotations

import json

import pytest

from nqueens import Spec, Status, api
from nqueens.backends import minconflicts
from nqueens.cli import main
from nqueens.errors import InputError
from nqueens.modeling.modelfile import load_model
from nqueens.result import Deadline
from nqueens.validator import find_violations

from paths import MODELS


def _solve(spec: Spec, seed: int = 7, **options: object) -> tuple[int, ...]:
    outcome = api.solve(spec, backend="minconflicts", seed=seed, **options)
    assert outcome.status is Status.LIMIT_REACHED and outcome.count == 1
    placement = outcome.solution
    assert placement is not None and find_violations(spec, placement) == []
    return placement


def _large_completion(n: int, fixed: int, forbidden: int, seed: int = 5) -> Spec:
    """A satisfiable large instance: queens fixed from a construct solution, forbidden
    cells drawn off it."""
    import random

    solution = api.solve(n, backend="construct").solution
    assert solution is not None
    rng = random.Random(seed)
    fixed_cells = tuple((r, solution[r]) for r in rng.sample(range(n), fixed))
    cells: set[tuple[int, int]] = set()
    while len(cells) < forbidden:
        r, c = rng.randrange(n), rng.randrange(n)
        if solution[r] != c:
            cells.add((r, c))
    return Spec(n, fixed=fixed_cells, forbidden=tuple(cells))


SPECS = [
    Spec(8),
    Spec(1),
    Spec(30, fixed=((3, 7), (20, 12)), forbidden=((0, 0), (5, 5), (29, 1))),
    Spec(11, variant="torus"),
    Spec(13, variant="torus", forbidden=((0, 0),)),
    Spec(10, variant="superqueens"),
    Spec(12, variant="superqueens", forbidden=((6, 6),)),
    Spec(6, variant="rooks", fixed=((2, 2),)),
    load_model(MODELS / "completion-12.toml"),
    load_model(MODELS / "forbidden-8-diagonals.toml"),
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.describe())
@pytest.mark.parametrize("loop", ["C", "python"])
def test_every_placement_passes_the_validator(
    spec: Spec, loop: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if loop == "python":
        monkeypatch.setattr(minconflicts, "_kernel", None)
    elif minconflicts._kernel is None:
        pytest.skip("the C extension nqueens._minconflicts is not built")
    placement = _solve(spec)
    assert all(placement[r] == c for r, c in spec.fixed)
    assert not any(placement[r] == c for r, c in spec.forbidden)


def test_sampled_rows_on_a_large_constrained_board() -> None:
    spec = _large_completion(3000, fixed=30, forbidden=300)
    assert minconflicts.FULL_SCAN_N < 3000  # the sampled candidates, not the full scan
    _solve(spec)


def test_generic_lines_route(monkeypatch: pytest.MonkeyPatch) -> None:
    """A variant without an arithmetic index runs on counters over `spec.lines`."""
    monkeypatch.setattr(minconflicts, "geometry", lambda variant: None)
    outcome = api.solve(Spec(10, variant="superqueens", fixed=((0, 2),)), backend="minconflicts",
                        seed=3)
    assert outcome.stats["loop"] == "python"
    assert find_violations(Spec(10, variant="superqueens", fixed=((0, 2),)), outcome.solution) == []


@pytest.mark.parametrize("spec", [Spec(40), Spec(2500, fixed=((0, 5),)),
                                  Spec(12, variant="superqueens")], ids=lambda s: s.describe())
def test_same_seed_same_placement_in_c_and_python(
    spec: Spec, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = _solve(spec, seed=11)
    assert _solve(spec, seed=11) == first
    if minconflicts._kernel is None:
        pytest.skip("the C extension nqueens._minconflicts is not built")
    monkeypatch.setattr(minconflicts, "_kernel", None)
    assert _solve(spec, seed=11) == first  # the Python loop draws the same numbers


def test_several_solutions_are_distinct_and_valid() -> None:
    found = list(api.solutions(10, backend="minconflicts", seed=2, limit=5))
    assert len(found) == len(set(found)) == 5
    assert all(find_violations(Spec(10), p) == [] for p in found)


def test_unsatisfiable_completion_stops_at_its_limit(capsys: pytest.CaptureFixture[str]) -> None:
    """The step cap is named as such, not as a time limit nobody gave (issue 32, item 15)."""
    model = str(MODELS / "completion-8-unsat.toml")
    code = main(["solve", model, "--backend", "minconflicts", "--seed", "1",
                 "--max-steps", "20000", "-f", "json"])
    captured = capsys.readouterr()
    assert code == 3
    doc = json.loads(captured.out)
    assert doc["status"] == "capped" and doc["count"] == 0 and doc["complete"] is False
    assert doc["stats"]["steps"] == 20000 and doc["stats"]["cap"] == "20,000 steps"
    assert "no solution" not in captured.out + captured.err
    assert "proves nothing" in captured.err
    assert main(["solve", model, "--backend", "minconflicts", "--seed", "1",
                 "--max-steps", "200"]) == 3
    assert capsys.readouterr().out == ("8-queens, 2 fixed: 0 solutions before the search "
                                       "reached its cap (200 steps); more may exist "
                                       "[backend minconflicts]\n")


def test_a_spent_deadline_is_a_timeout_not_an_answer() -> None:
    outcome = minconflicts.MinConflictsBackend(seed=1).search(Spec(50), limit=1,
                                                              deadline=Deadline(0))
    assert outcome.status is Status.TIMEOUT and outcome.count == 0 and not outcome.unsatisfiable


def test_count_and_all_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["count", "8", "--backend", "minconflicts"]) == 2
    assert main(["solve", "8", "--backend", "minconflicts", "--all"]) == 2
    assert main(["solve", "8", "--backend", "cpsat", "--max-steps", "5"]) == 2
    err = capsys.readouterr().err
    assert "cannot count" in err and "cannot prove" in err and "minconflicts only" in err


@pytest.mark.parametrize("bad", [{"seed": 1.5}, {"max_steps": 0}, {"max_steps": True}])
def test_bad_options_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(InputError):
        api.solve(8, backend="minconflicts", **bad)
