"""The solver backends' faster routes (CP-SAT integer model, mirrored counts, SAT split by
the first row, encoding choice) against OEIS and the instrumented backtracker."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nqueens import api
from nqueens.backends.backtrack import BacktrackBackend
from nqueens.backends.cpsat import _solver, compile_cpsat_queens_model
from nqueens.backends.sat import encode_cnf, first_row_parts
from nqueens.backends.sat_facts import encoding_for as sat_encoding
from nqueens.backends.sat_facts import estimated_clauses
from nqueens.counting.partition import make_partition
from nqueens.errors import InputError, SpecError
from nqueens.spec import Spec
from nqueens.validator import find_violations

from brute_force import brute_force_solutions
from known_counts import A000170

SOLVERS = ["cpsat", "sat"]


@pytest.mark.parametrize("backend", SOLVERS)
@pytest.mark.parametrize("n", range(1, 10))
def test_mirrored_counts_match_oeis(backend: str, n: int) -> None:
    outcome = api.count(n, backend=backend)
    assert outcome.complete and outcome.count == A000170[n]


@pytest.mark.parametrize("backend", SOLVERS)
@pytest.mark.parametrize("n", [5, 6, 7, 8])
def test_enumerated_sets_equal_backtracker(backend: str, n: int) -> None:
    found = list(api.solutions(n, backend=backend))
    assert all(find_violations(Spec(n), p) == [] for p in found)
    assert len(found) == len(set(found)) == A000170[n]
    assert set(found) == set(api.solutions(n, backend="backtrack"))


@st.composite
def constrained_specs(draw: st.DrawFn) -> Spec:
    n = draw(st.integers(4, 8))
    cells = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    fixed = draw(st.lists(cells, max_size=1))
    forbidden = draw(st.lists(cells.filter(lambda c: c not in fixed), min_size=1, max_size=5, unique=True))
    try:
        return Spec(n, fixed=tuple(fixed), forbidden=tuple(forbidden))
    except SpecError:
        return Spec(n, forbidden=tuple(forbidden))


@pytest.mark.parametrize("backend", SOLVERS)
@settings(max_examples=25, deadline=None)
@given(spec=constrained_specs())
def test_constrained_counts_equal_backtracker(backend: str, spec: Spec) -> None:
    expected = BacktrackBackend(fast=False).search(spec, None).count
    assert api.count(spec, backend=backend).count == expected


def test_integer_model_compiles_without_solving() -> None:
    spec = Spec(6, fixed=((1, 3),), forbidden=((0, 0),))
    compiled = compile_cpsat_queens_model(spec)
    proto = compiled.model.proto
    assert len(proto.variables) == 6
    assert sum(str(c).startswith("all_diff") for c in proto.constraints) == 3
    assert list(proto.variables[1].domain) == [3, 3]  # the fixed queen
    assert list(proto.variables[0].domain) == [1, 5]  # column 0 forbidden


def test_integer_model_is_for_the_queens_variant_only() -> None:
    with pytest.raises(ValueError, match="queens variant"):
        compile_cpsat_queens_model(Spec(5, variant="torus"))


def test_enumeration_runs_one_cpsat_worker() -> None:
    assert _solver(None, enumerate_all=True).parameters.num_workers == 1


def test_first_row_parts_cover_each_column_once() -> None:
    assert [s.weight for s in make_partition(Spec(7), 1, "mirror").subproblems] == [2, 2, 2, 1]
    assert [s.weight for s in make_partition(Spec(6), 1, "mirror").subproblems] == [2, 2, 2]
    assert len(first_row_parts(Spec(6))) == 6


@pytest.mark.parametrize("n", [4, 8, 12])
def test_pairwise_clause_estimate_is_exact(n: int) -> None:
    assert estimated_clauses(Spec(n), "pairwise") == len(encode_cnf(Spec(n), "pairwise").cnf.clauses)


def test_sat_switches_encoding_for_large_boards() -> None:
    assert sat_encoding(Spec(8), {}, "enumerate") == "pairwise"
    assert sat_encoding(Spec(500), {}, "enumerate") != "pairwise"


def test_sat_refuses_a_huge_pairwise_encoding() -> None:
    with pytest.raises(InputError, match="--encoding"):
        api.solve(400, backend="sat", encoding="pairwise")


def test_cpsat_finds_one_of_a_300_board_with_two_fixed_queens() -> None:
    spec = Spec(300, fixed=((0, 150), (299, 2)))
    outcome = api.solve(spec, backend="cpsat")
    assert outcome.solution is not None
    assert find_violations(spec, outcome.solution) == []
    assert "compile_seconds" in outcome.stats and "peak_rss_mb" in outcome.stats


@pytest.mark.parametrize(
    ("n", "fixed", "forbidden"),
    [(60, ((0, 30), (59, 2)), ((1, 1), (30, 30), (59, 0))), (8, ((0, 0), (1, 2), (2, 4)), ()),
     (8, (), ((0, 0), (0, 1), (4, 4)))],
)
def test_cpsat_restarts_find_one_route(
    monkeypatch: pytest.MonkeyPatch, n: int, fixed: tuple[tuple[int, int], ...],
    forbidden: tuple[tuple[int, int], ...],
) -> None:
    """The large-board route, forced on small boards: a valid placement honouring the
    fixed and forbidden cells, or "no solution" exactly when the backtracker finds none."""
    import nqueens.backends.cpsat_facts as cpsat_facts

    monkeypatch.setattr(cpsat_facts, "RESTARTS_FROM_N", 1)
    spec = Spec(n, fixed=fixed, forbidden=forbidden)
    outcome = api.solve(spec, backend="cpsat")
    assert outcome.stats["model"] == "grid, restarts" and outcome.stats["runs"] >= 1
    if n <= 8:
        assert (outcome.solution is None) == (not brute_force_solutions(n, fixed, forbidden))
    if outcome.solution is None:
        assert outcome.unsatisfiable
    else:
        assert find_violations(spec, outcome.solution) == []


def test_cpsat_restarts_still_prove_an_unsatisfiable_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a budget of one conflict per run the Luby budgets must grow until the proof
    fits: 8-queens with (0, 0) and (1, 2) fixed has no solution."""
    import nqueens.backends.cpsat as cpsat
    import nqueens.backends.cpsat_facts as cpsat_facts

    monkeypatch.setattr(cpsat_facts, "RESTARTS_FROM_N", 1)
    monkeypatch.setattr(cpsat, "RESTART_CONFLICTS", 1)
    spec = Spec(8, fixed=((0, 0), (1, 2)))
    assert brute_force_solutions(8, spec.fixed) == set()
    outcome = api.solve(spec, backend="cpsat")
    assert outcome.unsatisfiable and outcome.stats["runs"] > 1


def test_luby_sequence() -> None:
    """OEIS A182105: 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 1 ..."""
    from nqueens.backends.cpsat import _luby

    assert [_luby(i) for i in range(1, 17)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1]


def test_cpsat_route_chooser_workers() -> None:
    """One worker (one model copy in memory) for large queens boards and enumeration;
    the two-worker race below the threshold and for the other variants."""
    from nqueens.backends.cpsat_facts import FIND_ONE_WORKERS
    from nqueens.backends.cpsat_facts import RESTARTS_FROM_N as RESTARTS_FIND_ONE_N
    from nqueens.backends.cpsat_facts import workers_for as cpsat_workers

    assert cpsat_workers(Spec(RESTARTS_FIND_ONE_N), {}, "find") == 1
    assert cpsat_workers(Spec(1000, fixed=((0, 3),)), {}, "find") == 1
    assert cpsat_workers(Spec(RESTARTS_FIND_ONE_N - 1), {}, "find") == FIND_ONE_WORKERS
    assert cpsat_workers(Spec(1000, variant="torus"), {}, "find") == FIND_ONE_WORKERS
    assert cpsat_workers(Spec(200), {}, "enumerate") == 1


def test_cpsat_grid_build_stops_when_asked() -> None:
    """Building the grid takes seconds from n = 1000: a stop reaches it, and the search
    returns a timeout (no solutions, nothing claimed) instead of outliving its limit."""
    from nqueens.backends.cpsat import BuildStopped, compile_cpsat_model
    from nqueens.result import Deadline, Status

    calls = iter(range(100))
    with pytest.raises(BuildStopped):
        compile_cpsat_model(Spec(40), should_stop=lambda: next(calls) == 30)  # mid-build
    expired = Deadline(1e-9)
    time.sleep(0.01)
    outcome = api.search(Spec(40), backend="cpsat", limit=1, deadline=expired)
    assert outcome.status is Status.TIMEOUT and outcome.count == 0
    assert outcome.stats == {"stopped": "building the model"}
