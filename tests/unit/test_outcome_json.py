"""`Outcome.as_json(spec)` is the JSON document `nqueens solve` and `count --format json`
print (the schema: docs/reference/json-output.md): the record builds it, the CLI prints it."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from conftest import CliResult

import nqueens
from nqueens.proofs.certificates import Certificate
from nqueens.result import Outcome, Status
from nqueens.spec import Spec
from nqueens.validator import find_violations


@dataclass(frozen=True)
class _Rule:
    """A stand-in for policy.Rule: all the document reads of it is its reason."""

    text: str

    def reason(self) -> str:
        return self.text


def test_the_plain_document_in_the_schemas_order() -> None:
    outcome = Outcome(Status.COMPLETE, 92, elapsed=0.12345678, backend="backtrack",
                      stats={"nodes": 7})
    doc = outcome.as_json(Spec(8))
    assert list(doc) == ["n", "variant", "backend", "route", "status", "count", "complete",
                         "elapsed", "stats"]
    assert doc == {"n": 8, "variant": "queens", "backend": "backtrack", "route": None,
                   "status": "complete", "count": 92, "complete": True, "elapsed": 0.123457,
                   "stats": {"nodes": 7}}


def test_cells_name_rule_total_and_extras_before_stats() -> None:
    spec = Spec(6, fixed=[(0, 1)], forbidden=[(5, 5)], name="six")
    outcome = Outcome(Status.TIMEOUT, 1, backend="cpsat", rule=_Rule("why auto chose it"),
                      total=3, stats={"x": 1})
    doc = outcome.as_json(spec, solutions=[[1, 3, 5, 0, 2, 4]])
    assert list(doc) == ["n", "variant", "backend", "route", "status", "count", "complete",
                         "elapsed", "total", "name", "fixed", "forbidden", "solutions", "stats"]
    assert doc["route"] == "why auto chose it" and doc["status"] == "timeout"
    assert doc["complete"] is False and doc["total"] == 3 and doc["name"] == "six"
    assert doc["fixed"] == [[0, 1]] and doc["forbidden"] == [[5, 5]]
    assert not find_violations(spec, tuple(doc["solutions"][0]))


def test_a_certified_answer_carries_its_certificate() -> None:
    certificate = Certificate("drat", False, "the checker rejected the proof", cnf="a.cnf",
                              proof="a.drat", encoding="pairwise", solver="cadical")
    doc = Outcome(Status.COMPLETE, 0, certificate=certificate).as_json(Spec(3))
    assert (doc["certified"], doc["proof"]) == (False, "a.drat")
    assert doc["certificate"] == certificate.as_json()
    assert list(doc)[-4:] == ["certified", "proof", "certificate", "stats"]


def test_the_cli_prints_the_records_document(run_cli: Callable[..., CliResult]) -> None:
    printed = json.loads(run_cli("count", "8", "--backend", "sat", "--format", "json").out)
    outcome = nqueens.count(8, backend="sat")
    assert printed["count"] == outcome.count == 92  # OEIS A000170
    built = outcome.as_json(Spec(8))
    volatile = {"elapsed", "stats"}  # the run's own time and figures
    assert list(printed) == list(built)
    assert {k: v for k, v in printed.items() if k not in volatile} == \
        {k: v for k, v in built.items() if k not in volatile}
