"""`nqueens encodings`: every at-most-one encoding gives the OEIS count; sizes add up."""

from __future__ import annotations

import json

import pytest

from nqueens.backends.sat import ENCODINGS
from nqueens.bench.encodings import compare_encodings
from nqueens.cli import main
from nqueens.spec import Spec

from known_counts import A000170, A051906


@pytest.mark.parametrize(("spec", "expected"), [
    pytest.param(Spec(6), A000170[6], id="queens-6"),
    pytest.param(Spec(7, "torus"), A051906[7], id="torus-7"),
    pytest.param(Spec(3), A000170[3], id="queens-3-unsat"),
])
def test_every_encoding_counts_correctly(spec: Spec, expected: int) -> None:
    rows = compare_encodings(spec)
    assert [row["encoding"] for row in rows] == list(ENCODINGS)
    for row in rows:
        assert row["count"] == expected and row["count_complete"]
        assert row["satisfiable"] == (expected > 0)
        assert row["variables"] == spec.n**2 + row["aux_variables"]
    assert next(r for r in rows if r["encoding"] == "pairwise")["aux_variables"] == 0


def test_cli_encodings_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["encodings", "6"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].split()[:5] == ["encoding", "variables", "aux", "clauses", "amo"]
    assert len(out) == 3 + len(ENCODINGS) and out[-1].startswith("(amo: ")
    rows = out[2:-1]
    assert all(line.split()[6] == "4" for line in rows)
    # only the native row hands at-most-ones over as they are: the 6 rows, the 6 columns and
    # the diagonals of 3 or more cells (2n - 1 per direction, less 2 of one and 2 of two)
    assert {line.split()[0]: int(line.split()[4]) for line in rows if line.split()[4] != "0"} == {
        "native": 2 * 6 + 2 * (2 * 6 - 1 - 4)}


def test_cli_encodings_json_skips_counting_above_limit(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["encodings", "9", "--count-up-to", "8", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert len(doc["rows"]) == len(ENCODINGS)
    assert all(row["satisfiable"] and "count" not in row for row in doc["rows"])
