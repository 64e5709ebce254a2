"""Certified answers of posed problems: a placement by the validator; a "no" by a DRAT proof
that the problem's CNF has no model; an optimum by both, the proof showing that the problem
with one queen better has none. Every answer is held to the independent brute force
(tests/brute_force_posed.py) and the proofs are replayed again from their files, against
the right claim (certified) and a wrong one (not)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import nqueens
from nqueens.errors import InputError

from brute_force_posed import solve as brute_solve
from optional import require
from posed_problems import spec_of

require("dratify", "pip install '.[certify]'")

QUEENS_LINES = [{"family": f, "lo": 0, "hi": 1}
                for f in ("rows", "columns", "diagonals", "anti-diagonals")]
PROBLEMS: dict[str, dict[str, Any]] = {
    "domination-4": {"n": 4, "rules": [{"family": "coverage", "lo": 1, "hi": None}],
                     "objective": "fewest"},
    "most non-touching queens 4": {"n": 4, "rules": [*QUEENS_LINES,
                                                     {"family": "king", "lo": 0, "hi": 1}],
                                   "objective": "most"},
    "two per row and column 4, fewest": {
        "n": 4, "rules": [{"family": "rows", "lo": 1, "hi": 2},
                          {"family": "columns", "lo": 1, "hi": 2},
                          {"family": "king", "lo": 0, "hi": 1}], "objective": "fewest"},
}
NO_SOLUTION = {"n": 4, "rules": [{"family": "coverage", "lo": 1, "hi": None}],
               "queens": [0, 1]}


def _cells(spec: nqueens.Spec, solution: Any) -> frozenset[tuple[int, int]]:
    if spec.rows_exact:
        return frozenset(enumerate(solution))
    return frozenset((int(r), int(c)) for r, c in solution)


@pytest.mark.parametrize("name", PROBLEMS)
def test_an_optimum_is_certified_and_its_proof_replays(name: str, tmp_path: Path) -> None:
    problem = PROBLEMS[name]
    spec = spec_of(problem)
    optimum, placements = brute_solve(problem)
    assert optimum is not None
    proof = tmp_path / "optimum.drat"
    outcome = nqueens.solve(spec, certify=True, proof=str(proof))
    assert outcome.optimum == optimum and outcome.bound == optimum
    assert _cells(spec, outcome.solution) in placements
    certificate = outcome.certificate
    assert certificate.certified, certificate.reason
    assert certificate.reason.startswith(f"optimum {optimum}: the validator checked")
    if certificate.kind == "drat":  # the lines alone may already exclude anything better
        assert proof.is_file() and Path(certificate.cnf).is_file()
        replayed = nqueens.verify_proof(spec, proof, optimum=optimum)
        assert replayed.certified, replayed.reason
        beaten = optimum + 1 if spec.objective == "fewest" else optimum - 1
        assert not nqueens.verify_proof(spec, proof, optimum=beaten).certified


def test_a_posed_no_is_certified_by_a_proof_of_its_cnf(tmp_path: Path) -> None:
    assert brute_solve(NO_SOLUTION) == (None, set())
    spec = spec_of(NO_SOLUTION)
    proof = tmp_path / "no.drat"
    outcome = nqueens.solve(spec, certify=True, proof=str(proof))
    assert outcome.complete and outcome.count == 0
    assert outcome.certificate.kind == "drat" and outcome.certificate.certified
    assert nqueens.verify_proof(spec, proof).certified
    looser = spec_of({**NO_SOLUTION, "queens": [0, 2]})  # 2 queens dominate the 4-board
    assert not nqueens.verify_proof(looser, proof).certified


def test_a_posed_placement_is_certified_by_the_validator() -> None:
    problem = {"n": 5, "rules": [{"family": "rows", "lo": 1, "hi": 1},
                                 {"family": "columns", "lo": 1, "hi": 1},
                                 {"family": "king", "lo": 0, "hi": 1}]}
    _, placements = brute_solve(problem)
    spec = spec_of(problem)
    outcome = nqueens.solve(spec, certify=True)
    assert _cells(spec, outcome.solution) in placements
    assert outcome.certificate.kind == "validator" and outcome.certificate.certified


def test_what_a_posed_certificate_cannot_cover_is_refused(tmp_path: Path) -> None:
    spec = spec_of(PROBLEMS["domination-4"])
    with pytest.raises(InputError, match="certified count or list covers the n-queens"):
        nqueens.count(spec, certify=True)
    proof = tmp_path / "d.drat"
    proof.write_text("0\n")
    with pytest.raises(InputError, match="has an objective: give the optimum"):
        nqueens.verify_proof(spec, proof)
    with pytest.raises(InputError, match="needs no proof"):
        nqueens.verify_proof(spec, proof, optimum=0)
    with pytest.raises(InputError, match="no objective, so no optimum"):
        nqueens.verify_proof(4, proof, optimum=2)
    with pytest.raises(InputError, match="solution list covers the n-queens"):
        nqueens.verify_proof(spec, proof, solutions=[[0, 1, 2, 3]], optimum=2)


def test_a_custom_board_without_rules_is_refused() -> None:
    with pytest.raises(nqueens.SpecError, match="a custom spec needs rules"):
        nqueens.Spec(5, "custom")
