"""The bundled posed models whose solutions CP-SAT lists for seconds, one at a time: its
count and every solution it lists, held to the brute force the quick lane already checked
the recorded answer against (tests/unit/test_posed_models.py)."""

from __future__ import annotations

from typing import Any

import pytest

from nqueens.backends import get_backend
from nqueens.modeling.modelfile import read_model
from nqueens.posed.validation import find_posed_violations

from brute_force_posed import solve_by_rows
from paths import MODELS

pytestmark = pytest.mark.system


@pytest.mark.parametrize("name", ["two-per-line-6"])
def test_cpsat_lists_every_placement(name: str) -> None:
    model = read_model(MODELS / f"{name}.toml")
    assert model.expected is not None
    spec = model.spec
    problem = {"n": spec.n, "rules": [{"family": rule.family, "lo": rule.lo, "hi": rule.hi}
                                      for rule in spec.rules]}
    seen: list[Any] = []
    outcome = get_backend("cpsat").search(spec, seen.append)
    assert outcome.complete and outcome.count == model.expected.count
    assert {frozenset(cells) for cells in seen} == solve_by_rows(problem)
    assert not any(find_posed_violations(spec, cells) for cells in seen)
