"""The sat backend's `native` encoding: each at-most-one of three or more cells goes to
MiniCard as a cardinality constraint (CNF+), the route that finds one solution of a large
board. Every placement is checked by the shared validator; counts come from OEIS."""

from __future__ import annotations

import pytest
from pysat.formula import CNFPlus
from pysat.solvers import Solver

import nqueens
from nqueens.backends.sat import (
    NATIVE,
    NATIVE_SOLVERS,
    SatBackend,
    encode_cnf,
    solver_for,
)
from nqueens.backends.sat_facts import encoding_for as sat_encoding
from nqueens.backends.sat_facts import sat_bytes
from nqueens.modeling.export import dimacs_text
from nqueens.spec import Spec
from nqueens.validator import find_violations

from known_counts import A000170


def _long_lines(spec: Spec) -> int:
    """Lines of three or more cells: what the native encoding hands over as constraints."""
    return sum(1 for line in spec.lines if len(line.cells) >= 3)


def test_native_cnf_keeps_every_long_line_whole_and_adds_no_variables() -> None:
    spec = Spec(9, fixed=[(0, 2)], forbidden=[(4, 4)])
    compiled = encode_cnf(spec, NATIVE)
    assert compiled.aux_vars == 0
    assert len(compiled.cardinality) == _long_lines(spec)
    assert all(bound == 1 and len(literals) >= 3 for literals, bound in compiled.cardinality)
    # the clauses: at-least-one per row and column, a binary clause per 2-cell line, units
    two_cell = sum(1 for line in spec.lines if len(line.cells) == 2)
    assert len(compiled.cnf.clauses) == 2 * spec.n + two_cell + 2


@pytest.mark.parametrize("spec", [
    Spec(80),
    Spec(80, fixed=[(0, 40), (30, 3), (79, 77)], forbidden=[(5, c) for c in range(0, 80, 2)]),
    Spec(80, variant="superqueens"),
], ids=["plain", "completion", "superqueens"])
def test_one_solution_of_a_board_beyond_pairwise_is_found_natively_and_valid(spec: Spec) -> None:
    assert sat_encoding(spec, {}, "find") == NATIVE
    outcome = nqueens.search(spec, backend="sat", limit=1)
    assert outcome.count == 1
    assert find_violations(spec, outcome.solutions[0]) == []
    stats = outcome.stats
    assert stats["encoding"] == NATIVE and stats["solver"] == NATIVE_SOLVERS[0]
    assert stats["phase"] == "queen first"
    assert stats["cardinality_constraints"] == _long_lines(spec)
    assert stats["compile_seconds"] >= 0 and stats["peak_rss_mb"] > 0


def test_small_boards_keep_the_pairwise_cnf() -> None:
    assert sat_encoding(Spec(60), {}, "find") == "pairwise"
    assert sat_encoding(Spec(61), {}, "find") == NATIVE


@pytest.mark.parametrize("solver", ["gluecard4", "gluecard3"])
def test_other_cardinality_solvers_count_the_same(solver: str) -> None:
    assert nqueens.count(8, backend="sat", encoding=NATIVE, solver=solver).count == A000170[8]


def test_a_solver_without_cardinality_constraints_is_refused() -> None:
    with pytest.raises(nqueens.InputError, match="native encoding needs a solver that takes "
                                                 "cardinality constraints"):
        SatBackend(encoding=NATIVE, solver="cadical195")
    assert solver_for(NATIVE, None) == "minicard"
    assert solver_for(NATIVE, "mc") == "mc"  # PySAT's alias of minicard
    assert solver_for("seqcounter", None) == "cadical195"


def test_an_unsatisfiable_completion_is_proved_so() -> None:
    # row 1 keeps only (1, 1), on the fixed queen's diagonal: no placement
    spec = Spec(70, fixed=[(0, 0)], forbidden=[(1, c) for c in range(70) if c != 1])
    outcome = nqueens.search(spec, backend="sat", limit=1)
    assert outcome.complete and outcome.count == 0


def test_exported_cnf_plus_reads_back_and_counts_the_same() -> None:
    formula = CNFPlus(from_string=dimacs_text(Spec(7), NATIVE))
    assert formula.atmosts and all(k == 1 for _, k in formula.atmosts)
    with Solver(name="minicard", bootstrap_with=formula) as solver:
        models = {tuple(lit > 0 for lit in model[:49]) for model in solver.enum_models()}
    assert len(models) == A000170[7]


def test_memory_estimate_admits_n_1000_and_grows_with_n() -> None:
    # measured here: 0.66 GB peak for the whole process at n = 1000
    sizes = [sat_bytes(Spec(n), NATIVE) for n in (200, 1000, 2000)]
    assert sizes == sorted(sizes)
    assert 0.5 * 2**30 < sizes[1] < 2 * 2**30


def test_cli_describes_and_exports_the_native_encoding(capsys: pytest.CaptureFixture[str]) -> None:
    from nqueens.cli import main

    spec = Spec(8)
    two_cell = sum(1 for line in spec.lines if len(line.cells) == 2)
    assert main(["describe", "8", "--backend", "sat", "--encoding", "native"]) == 0
    out = capsys.readouterr().out
    assert (f"{2 * 8 + two_cell} clauses and {_long_lines(spec)} at-most-one cardinality "
            "constraints") in out
    assert main(["export", "8", "--to", "dimacs", "--encoding", "native"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert f"p cnf+ 64 {2 * 8 + two_cell + _long_lines(spec)}" in lines
    assert sum(line.endswith("<= 1") for line in lines) == _long_lines(spec)


def test_cli_model_counter_refuses_the_native_encoding(capsys: pytest.CaptureFixture[str]) -> None:
    from nqueens.cli import main

    assert main(["count", "8", "--backend", "sat", "--encoding", "native",
                 "--counter", "ganak"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Ganak counts plain CNF" in err and "--encoding pairwise" in err
