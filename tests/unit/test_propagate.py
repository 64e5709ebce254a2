"""The backtracker's propagate order: the same solutions and counts as the brute-force
reference on small boards with fixed and forbidden cells, the C loop and its Python twin
alike, a deadline that stops it with TIMEOUT (never a wrong "no"), and a clear refusal of
the variants it does not know."""

from __future__ import annotations

import random
from typing import Any

import pytest

from nqueens.api import count, search, solve
from nqueens.backends import propagate
from nqueens.backends.base import Emitter
from nqueens.errors import InputError
from nqueens.result import Deadline, Status
from nqueens.spec import Spec
from nqueens.validator import find_violations

from brute_force import brute_force_solutions
from optional import missing

PROPAGATE = {"backend": "backtrack", "order": "propagate"}


@pytest.fixture(params=["c", "python"])
def twin(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run each test on the C loop and on the pure-Python twin."""
    if request.param == "python":
        monkeypatch.setattr(propagate, "_kernel", None)
    elif not propagate.compiled():
        missing("the C extension nqueens._propagate is not built (pip install -e .)")
    return str(request.param)


def _random_specs(count_: int, seed: int) -> list[Spec]:
    """Small boards with random non-attacking fixed queens and random forbidden cells."""
    rng = random.Random(seed)
    specs = []
    while len(specs) < count_:
        n = rng.randint(1, 7)
        cells = [(r, c) for r in range(n) for c in range(n)]
        rng.shuffle(cells)
        fixed: list[tuple[int, int]] = []
        for r, c in cells[:rng.randint(0, 2)]:
            if all(r != r2 and c != c2 and abs(r - r2) != abs(c - c2) for r2, c2 in fixed):
                fixed.append((r, c))
        rest = [cell for cell in cells if cell not in fixed]
        forbidden = rest[:rng.randint(0, len(rest) // 3)]
        specs.append(Spec(n, fixed=tuple(fixed), forbidden=tuple(forbidden)))
    return specs


@pytest.mark.parametrize("spec", _random_specs(60, 23), ids=lambda s: s.describe())
def test_agrees_with_brute_force(spec: Spec, twin: str) -> None:
    expected = brute_force_solutions(spec.n, spec.fixed, spec.forbidden)
    everything = search(spec, collect=True, **PROPAGATE)
    assert everything.complete and everything.count == len(expected)
    assert set(everything.solutions) == expected  # each once: the count is the set's size
    for placement in everything.solutions:
        assert find_violations(spec, placement) == []
    one = solve(spec, **PROPAGATE)
    if expected:
        assert one.solution is not None and find_violations(spec, one.solution) == []
    else:
        assert one.unsatisfiable


@pytest.mark.parametrize("n", range(1, 9))
def test_plain_counts_match_brute_force(n: int, twin: str) -> None:
    assert count(n, **PROPAGATE).count == len(brute_force_solutions(n))


def _run(spec: Spec, use_c: bool, limit: int | None) -> tuple[list[tuple[int, ...]], Any]:
    found: list[tuple[int, ...]] = []
    emitter = Emitter(lambda p: found.append(p) is not None, limit)
    result = propagate.propagate_search(spec, emitter, None, use_c=use_c)
    return found, result


def test_c_and_python_give_the_same_search() -> None:
    if not propagate.compiled():
        missing("the C extension nqueens._propagate is not built (pip install -e .)")
    rng = random.Random(5)
    for trial in range(12):
        n = rng.randint(8, 11)
        fixed = ((rng.randrange(n), rng.randrange(n)),) if trial % 2 else ()
        forbidden = tuple(sorted({(rng.randrange(n), rng.randrange(n))
                                  for _ in range(2 * n)} - set(fixed)))
        spec = Spec(n, fixed=fixed, forbidden=forbidden)
        for limit in (None, 3):
            found, result = _run(spec, True, limit)
            assert (found, result) == _run(spec, False, limit)
            assert all(find_violations(spec, placement) == [] for placement in found)


def test_a_tiny_budget_times_out_never_a_wrong_no(twin: str) -> None:
    # n = 12 takes some 10^5 nodes to exhaust: the first poll (after 2^14) stops it
    outcome = search(12, limit=10**6, deadline=Deadline(0.0), **PROPAGATE)
    assert outcome.status is Status.TIMEOUT and not outcome.complete
    assert 0 < outcome.count < 14200
    counted = count(12, deadline=Deadline(0.0), **PROPAGATE)
    assert counted.status is Status.TIMEOUT and counted.count < 14200


def test_other_variants_are_refused_before_the_search() -> None:
    with pytest.raises(InputError, match="queens boards only"):
        solve(Spec(8, "torus"), **PROPAGATE)


def test_fixed_queens_on_a_forbidden_line_are_no_solution(twin: str) -> None:
    # row 1's every free cell is attacked by the fixed queen at (0, 1)
    spec = Spec(4, fixed=((0, 1),), forbidden=((1, 3),))
    assert solve(spec, **PROPAGATE).unsatisfiable
    assert brute_force_solutions(4, spec.fixed, spec.forbidden) == set()
