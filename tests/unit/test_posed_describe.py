"""`describe` of a posed problem: each formalism's figures are those of the model its
compiler builds (the CP-SAT model's constraints and variables, the CNF's clauses, variables
and cardinality constraints), for the bundled posed models and every encoding."""

from __future__ import annotations

from typing import Any

import pytest

from nqueens.backends.sat_facts import ENCODINGS, NATIVE
from nqueens.modeling.bundled import bundled_model
from nqueens.modeling.posed_structure import posed_structure
from nqueens.planning import spec_of

POSED = ["domination-5", "regions-6", "independent-domination-5"]


@pytest.mark.parametrize("name", POSED)
def test_the_cpsat_figures_are_the_built_models(name: str) -> None:
    from nqueens.backends.cpsat_posed import compile_posed_cpsat

    assert bundled_model(name) is not None
    spec = spec_of(name)
    doc = posed_structure(spec, "cpsat")
    model = compile_posed_cpsat(spec)[0]
    proto = model.proto
    assert doc["variables"] == len(proto.variables)
    assert doc["constraints"] == len(proto.constraints)
    assert sum(doc["constraints_by_type"].values()) == len(proto.constraints)
    assert ("objective" in doc) == (spec.objective is not None) == model.has_objective()


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("name", POSED)
def test_the_cnf_figures_are_the_built_cnf(name: str, encoding: str) -> None:
    from nqueens.backends.sat_posed import encode_posed

    spec = spec_of(name)
    doc: dict[str, Any] = posed_structure(spec, "cnf", encoding)
    cnf = encode_posed(spec, encoding)
    assert doc["clauses"] == len(cnf.clauses)
    assert doc["variables"] == cnf.nv
    assert doc["literals"] == sum(map(len, cnf.clauses)) + sum(
        len(lits) for lits, _ in getattr(cnf, "atmosts", ()))
    assert doc["cardinality_constraints"] == (len(cnf.atmosts) if encoding == NATIVE else 0)
    assert sum(doc["clauses_by_family"].values()) == len(cnf.clauses) + doc[
        "cardinality_constraints"]


def test_the_search_counts_the_lines_and_words_their_bounds() -> None:
    doc = posed_structure(spec_of("domination-5"), "search")
    assert doc["lines_by_family"] == {"coverage": 25}
    assert doc["bounds_by_family"] == {"coverage": ["at least 1"]}
    assert doc["open_cells"] == 25 and "branch and bound" in doc["objective"]


def test_describe_shows_a_posed_model_in_every_formalism(run_cli: Any) -> None:
    shown = run_cli("describe", "domination-5")
    assert shown.code == 0, shown.err
    assert shown.out.count("objective: minimize the queens") == 3
    assert "cpsat: 25 Boolean variables" in shown.out and "coverage" in shown.out


def test_encodings_compares_the_posed_cnf_it_solves() -> None:
    """`nqueens encodings` of a posed problem: each row's size is the CNF its runs solve
    (the posed encoder's), and every run finds the same count."""
    from nqueens.backends.sat_posed import encode_posed
    from nqueens.bench.encodings import compare_encodings

    spec = spec_of("regions-6")
    rows = compare_encodings(spec)
    assert [row["encoding"] for row in rows] == list(ENCODINGS)
    for row in rows:
        cnf = encode_posed(spec, row["encoding"])
        assert (row["clauses"], row["variables"]) == (len(cnf.clauses), cnf.nv), row
        assert row["count"] == 1 and row["count_complete"]
