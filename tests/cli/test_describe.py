"""`nqueens describe` and nqueens.modeling.structure: sizes checked against closed forms and the
textbook's figures (FACTS.md), not against our own output."""

from __future__ import annotations

import json
from math import comb

import pytest

from nqueens.cli import main
from nqueens.modeling.structure import describe_compiled
from nqueens.spec import Spec


@pytest.mark.parametrize("n", [4, 8, 9])
def test_cpsat_constraint_families(n: int) -> None:
    doc = describe_compiled(Spec(n), "cpsat")
    assert doc["variables"] == n * n and doc["aux_variables"] == 0
    # rows and columns: one ExactlyOne each; diagonals of length >= 2: 2n - 3 per direction
    assert doc["constraints_by_family"] == {
        "row": n, "column": n, "diagonal": 2 * n - 3, "anti-diagonal": 2 * n - 3,
        "fixed": 0, "forbidden": 0,
    }
    assert doc["constraints_by_type"] == {"exactly_one": 2 * n, "at_most_one": 4 * n - 6}


@pytest.mark.parametrize("n", [4, 8])
def test_sat_pairwise_clause_counts(n: int) -> None:
    doc = describe_compiled(Spec(n, fixed=((0, 1),), forbidden=((3, 3),)), "sat", "pairwise")
    diagonal_pairs = 2 * sum(comb(length, 2) for length in range(2, n)) + comb(n, 2)
    assert doc["clauses_by_family"] == {
        "row": n * (1 + comb(n, 2)), "column": n * (1 + comb(n, 2)),
        "diagonal": diagonal_pairs, "anti-diagonal": diagonal_pairs, "fixed": 1, "forbidden": 1,
    }
    assert doc["aux_variables"] == 0
    assert doc["clauses"] == sum(doc["clauses_by_family"].values())


def test_sat_encoding_with_auxiliaries() -> None:
    doc = describe_compiled(Spec(8), "sat", "seqcounter")
    assert doc["aux_variables"] > 0
    assert doc["variables"] == 64 + doc["aux_variables"]


def test_superqueens_knight_family() -> None:
    doc = describe_compiled(Spec(8, "superqueens"), "cpsat")
    # knight pairs on 8x8: 168 unordered pairs (4 * (n-1)(n-2))
    assert doc["constraints_by_family"]["knight"] == 4 * 7 * 6


@pytest.mark.parametrize(("n", "tree", "promising_bound"), [(4, 341, 65), (8, 19_173_961, 109_601)])
def test_backtrack_bounds_match_the_textbook(n: int, tree: int, promising_bound: int) -> None:
    space = describe_compiled(Spec(n), "backtrack")["search_space"]
    assert space["tree_nodes"] == tree
    assert space["promising_bound"] == promising_bound
    assert space["leaves_one_queen_per_row"] == n**n


def test_backtrack_open_cells_follow_fixed_and_forbidden() -> None:
    doc = describe_compiled(Spec(4, fixed=((0, 1),), forbidden=((3, 0),)), "backtrack")
    # queen (0, 1) leaves row 1: col 3; row 2: cols 0, 2; row 3: cols 0, 2, 3 minus forbidden 0
    assert doc["allowed_per_row"] == [1, 1, 2, 2]
    assert doc["search_space"]["allowed_leaves"] == 4


def test_cli_describe_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["describe", "6"]) == 0
    out = capsys.readouterr().out
    for heading in ("cpsat:", "sat (pairwise encoding):", "backtrack:", "anti-diagonal"):
        assert heading in out
    assert main(["describe", "6", "-b", "sat", "--encoding", "ladder", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["problem"]["n"] == 6
    assert [b["backend"] for b in doc["backends"]] == ["sat"]
    assert doc["backends"][0]["encoding"] == "ladder"


@pytest.mark.parametrize("argv", [
    ["describe", "6", "-b", "cpsat", "--encoding", "ladder"],
    ["describe", "6", "-b", "sat", "--encoding", "nope"],
    ["describe", "0"],
])
def test_cli_describe_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith("nqueens: error: ")


def _built_cpsat(spec: Spec) -> dict[str, object]:
    """Counts read off the model the cpsat backend really builds."""
    from collections import Counter

    from nqueens.backends.cpsat import compile_cpsat_model

    proto = compile_cpsat_model(spec).model.proto
    by_type: Counter[str] = Counter()
    literals = 0
    for constraint in proto.constraints:
        for kind, field in (("exactly_one", "literals"), ("at_most_one", "literals"),
                            ("linear", "vars")):
            if getattr(constraint, f"has_{kind}")():
                by_type[kind] += 1
                literals += len(getattr(getattr(constraint, kind), field))
                break
        else:
            by_type["other"] += 1
    return {"variables": len(proto.variables), "constraints": len(proto.constraints),
            "constraints_by_type": dict(by_type), "literals": literals}


def _built_sat(spec: Spec, encoding: str) -> dict[str, object]:
    from collections import Counter

    from nqueens.backends.sat import encode_cnf

    compiled = encode_cnf(spec, encoding)
    lengths = Counter(len(clause) for clause in compiled.cnf.clauses)
    cardinality = compiled.cardinality  # the native encoding's [literals, 1] constraints
    return {"variables": compiled.cnf.nv, "aux_variables": compiled.aux_vars,
            "clauses": len(compiled.cnf.clauses),
            "cardinality_constraints": len(cardinality),
            "clauses_by_family": {k: v for k, v in compiled.families.items()},
            "clauses_by_length": {str(k): lengths[k] for k in sorted(lengths)},
            "literals": sum(len(clause) for clause in compiled.cnf.clauses)
            + sum(len(literals) for literals, _ in cardinality)}


_SPECS = [Spec(1), Spec(2), Spec(5), Spec(7, "torus"), Spec(6, "superqueens"), Spec(6, "rooks"),
          Spec(8, fixed=((0, 1),), forbidden=((3, 3), (5, 0)))]


@pytest.mark.parametrize("spec", _SPECS, ids=str)
def test_formulas_match_the_built_cpsat_model(spec: Spec) -> None:
    doc = describe_compiled(spec, "cpsat")
    built = _built_cpsat(spec)
    assert {key: doc[key] for key in built} == built
    from collections import Counter

    listed = Counter(line.kind for line in spec.lines)  # the lines variants.py really lists
    assert doc["constraints_by_family"] == {
        **listed, "fixed": len(spec.fixed), "forbidden": len(spec.forbidden)}


@pytest.mark.parametrize("encoding", ["pairwise", "seqcounter", "bitwise", "totalizer", "ladder",
                                      "native"])
@pytest.mark.parametrize("spec", _SPECS, ids=str)
def test_formulas_match_the_built_cnf(spec: Spec, encoding: str) -> None:
    doc = describe_compiled(spec, "sat", encoding)
    built = _built_sat(spec, encoding)
    assert {key: doc[key] for key in built} == built


@pytest.mark.parametrize("argv", [
    ["describe", "200", "--backend", "backtrack"],
    ["describe", "100000", "--backend", "backtrack"],
    ["describe", "300", "--backend", "sat"],
    ["describe", "500"],
])
def test_large_boards_are_described_at_once(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    import time

    started = time.perf_counter()
    assert main(argv) == 0
    assert time.perf_counter() - started < 10  # formulas: a build would take minutes
    assert "e" in capsys.readouterr().out


def test_huge_board_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["describe", "1000000000"]) == 2
    assert main(["describe", "10000000"]) == 2
    err = capsys.readouterr().err
    assert err.count("nqueens: error:") == 2 and "Traceback" not in err
