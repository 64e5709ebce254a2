"""The plan (`nqueens.plan`): one decision per job, refusals before any work, the counting
route, processes only where they pay; and the API's jobs the CLI used to hold alone."""

from __future__ import annotations

import time
from itertools import islice

import pytest

import nqueens
from nqueens import plan
from nqueens.backends import backend_names
from nqueens.result import Status
from nqueens.spec import Spec
from nqueens.validator import find_violations

from brute_force import brute_force_solutions
from known_counts import A000170, A002562

Cell = tuple[int, int]


def _images(cells: frozenset[Cell], n: int) -> list[frozenset[Cell]]:
    """The 8 images of a set of cells under the square's rotations and reflections,
    written out here (no package code)."""
    maps = [lambda r, c: (r, c), lambda r, c: (c, n - 1 - r),
            lambda r, c: (n - 1 - r, n - 1 - c), lambda r, c: (n - 1 - c, r),
            lambda r, c: (r, n - 1 - c), lambda r, c: (n - 1 - r, c),
            lambda r, c: (c, r), lambda r, c: (n - 1 - c, n - 1 - r)]
    return [frozenset(f(r, c) for r, c in cells) for f in maps]


def brute_force_classes(n: int, fixed: tuple[Cell, ...] = (),
                        forbidden: tuple[Cell, ...] = ()) -> int:
    """Solutions up to the symmetries that map the fixed and forbidden cells to themselves."""
    keep = [i for i in range(8)
            if _images(frozenset(fixed), n)[i] == frozenset(fixed)
            and _images(frozenset(forbidden), n)[i] == frozenset(forbidden)]
    classes = set()
    for placement in brute_force_solutions(n, fixed, forbidden):
        images = _images(frozenset(enumerate(placement)), n)
        classes.add(min(tuple(sorted(images[i])) for i in keep))
    return len(classes)


@pytest.mark.parametrize("backend", ["minconflicts", "genetic", "construct"])
def test_the_api_refuses_to_count_with_a_backend_that_cannot(backend: str) -> None:
    exhaustive = ", ".join(backend_names(exhaustive_only=True))
    with pytest.raises(nqueens.QueensError, match=f"cannot count; choose one of: {exhaustive}"):
        nqueens.count(8, backend=backend)
    with pytest.raises(nqueens.QueensError, match="cannot prove it found every solution"):
        next(nqueens.solutions(8, backend=backend))


def test_a_bounded_enumeration_by_local_search_never_repeats() -> None:
    found = list(islice(nqueens.solutions(8, backend="minconflicts", limit=6, seed=1), 200))
    assert len(found) == 6 and len(set(found)) == 6
    assert all(find_violations(Spec(8), p) == [] for p in found)


def test_boards_beyond_any_backend_are_refused_up_front() -> None:
    started = time.perf_counter()
    with pytest.raises(nqueens.SizeLimitError, match="beyond the construct backend"):
        nqueens.solve(10**9)
    with pytest.raises(nqueens.SizeLimitError, match="beyond the construct backend"):
        plan(10**9, "find", "construct")
    assert time.perf_counter() - started < 1.0  # refused from formulas, nothing built
    assert plan(10**6, "find", "construct").memory is not None


def test_a_huge_construction_honours_its_time_limit() -> None:
    started = time.perf_counter()
    outcome = nqueens.solve(20_000_000, backend="construct", timeout=0.05)
    assert outcome.status is Status.TIMEOUT and outcome.solution is None
    assert time.perf_counter() - started < 3.0


def test_counting_routes_are_the_plans() -> None:
    assert plan(12, "count").counting_route == "bitboard"
    assert plan(12, "count", "backtrack", order="first-fail").counting_route == "enumerate"
    assert plan(10, "count", "cpsat").counting_route == "mirror"
    assert plan(Spec(9, "torus"), "count", "sat").counting_route == "mirror"
    assert plan(Spec(8, fixed=((0, 0),)), "count", "sat").counting_route == "enumerate"
    assert plan(12, "count", per_solution=True).counting_route == "enumerate"
    assert plan(Spec(8, forbidden=((0, 0),)), "count", unique=True).counting_route == "enumerate"
    assert plan(12, "count", unique=True).counting_route == "bitboard"  # the classes are walked


def test_solver_processes_only_where_they_pay() -> None:
    cheap = plan(12, "count", "sat", jobs=2)
    assert cheap.jobs == 1 and any("--jobs 2 not used" in note for note in cheap.notes)
    costly = plan(16, "count", "sat", jobs=2)
    assert costly.jobs == 2 and costly.executor == "local" and not costly.notes


@pytest.mark.parametrize("backend", backend_names(exhaustive_only=True))
def test_unique_counts_on_every_exhaustive_backend(backend: str) -> None:
    outcome = nqueens.count(8, backend=backend, unique=True)
    assert (outcome.count, outcome.total) == (A002562[8], A000170[8])
    spec = Spec(7, fixed=((3, 3),), forbidden=((0, 0), (6, 6)))
    outcome = nqueens.count(spec, backend=backend, unique=True)
    assert outcome.total == len(brute_force_solutions(7, spec.fixed, spec.forbidden))
    assert outcome.count == brute_force_classes(7, spec.fixed, spec.forbidden)


def test_bundled_models_are_taken_wherever_a_spec_is() -> None:
    assert nqueens.count("superqueens-11").count == 44  # OEIS A051223
    assert nqueens.solve("queens-8").solution is not None
    with pytest.raises(nqueens.SpecError, match="bundled model's name"):
        nqueens.count("no-such-model")


def test_where_a_count_runs_and_how_long_a_stop_takes(tmp_path) -> None:
    """The plan decides the executor and the grace after a stop (issue 32, item 18: a
    one-process checkpointed count was taken for a Dask run)."""
    from nqueens.counting.route import SHUTDOWN_GRACE, Split

    one = plan(12, "count", "backtrack", jobs=1, split=Split(checkpoint=tmp_path / "c.ckpt"))
    assert (one.executor, one.stop_grace) == ("inline", None)
    pool = plan(16, "count", "backtrack", jobs=2)
    assert (pool.executor, pool.stop_grace) == ("local", SHUTDOWN_GRACE["local"])
    dask = plan(12, "count", "backtrack", split=Split("dask"))
    assert (dask.executor, dask.stop_grace) == ("dask", SHUTDOWN_GRACE["dask"])
    assert plan(8, "find").executor == "inline"
