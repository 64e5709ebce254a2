"""The construct strategy: every board it builds passes the shared validator; it refuses
what it cannot do instead of answering wrongly."""

from __future__ import annotations

import subprocess
import sys

import pytest

from nqueens import api
from nqueens.backends import backend_names
from nqueens.errors import InputError
from nqueens.spec import Spec
from nqueens.validator import find_violations


@pytest.mark.parametrize("n", [1, *range(4, 80), 1000, 12345])
def test_construct_builds_valid_solutions(n: int) -> None:
    outcome = api.solve(n, backend="construct")
    assert outcome.count == 1
    assert find_violations(Spec(n), outcome.solution) == []


def test_construct_is_not_exhaustive() -> None:
    assert "construct" in backend_names()
    assert "construct" not in backend_names(exhaustive_only=True)


@pytest.mark.parametrize(
    ("spec", "limit", "match"),
    [
        (Spec(8), None, "cannot enumerate"),
        (Spec(8, fixed=((0, 0),)), 1, "plain queens boards only"),
        (Spec(8, variant="torus"), 1, "plain queens boards only"),
        (Spec(3), 1, "has none"),
    ],
)
def test_construct_refuses_what_it_cannot_do(spec: Spec, limit: int | None, match: str) -> None:
    with pytest.raises(InputError, match=match):
        api.search(spec, backend="construct", limit=limit)


@pytest.mark.system  # runs a subprocess: the quick lane leaves it out
def test_cli_large_solution_is_not_dumped_as_text() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "nqueens", "solve", "5000", "--backend", "construct"],
        capture_output=True, text=True, timeout=60,
    )
    assert run.returncode == 0
    assert "too many to list" in run.stdout and len(run.stdout) < 1000


@pytest.mark.system  # runs a subprocess: the quick lane leaves it out
def test_cli_points_slow_backends_to_construct() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "nqueens", "solve", "40", "--backend", "backtrack", "--timeout", "0.2"],
        capture_output=True, text=True, timeout=60,
    )
    assert "--backend construct" in run.stderr


def test_exhaustive_backends_refuse_boards_beyond_their_size(backend: str) -> None:
    with pytest.raises(InputError, match="--backend construct"):
        api.solve(Spec(20_001), backend=backend)
