"""The CP-SAT compiler, without solving, and the one-worker rule for enumeration."""

from __future__ import annotations

import pytest
from ortools.sat.python import cp_model

import nqueens
from nqueens.backends import cpsat as cpsat_backend
from nqueens.backends.cpsat import compile_cpsat_model


def test_one_boolean_per_cell_and_one_constraint_per_line() -> None:
    spec = nqueens.Spec(6, fixed=[(0, 1)], forbidden=[(5, 5), (2, 2)])
    compiled = compile_cpsat_model(spec)
    proto = compiled.model.proto
    assert len(proto.variables) == 36
    assert len(proto.constraints) == len(spec.lines) + 3
    constraints = list(proto.constraints)[: len(spec.lines)]
    assert sum(c.has_exactly_one() for c in constraints) == 12
    assert sum(c.has_at_most_one() for c in constraints) == len(spec.lines) - 12


@pytest.mark.parametrize(("limit", "enumerates"), [(None, True), (5, True), (1, False)])
def test_enumeration_always_uses_one_worker(
    monkeypatch: pytest.MonkeyPatch, limit: int | None, enumerates: bool
) -> None:
    seen = []
    real_solve = cp_model.CpSolver.solve

    def spy(self: cp_model.CpSolver, model: cp_model.CpModel, callback: object = None) -> object:
        seen.append((self.parameters.enumerate_all_solutions, self.parameters.num_workers))
        return real_solve(self, model, callback)

    monkeypatch.setattr(cpsat_backend.cp_model.CpSolver, "solve", spy)
    backend = cpsat_backend.CpSatBackend(workers=2)
    backend.search(nqueens.Spec(8), limit=limit)
    [(enumerate_all, workers)] = seen
    assert enumerate_all is enumerates
    if enumerates:
        assert workers == 1
