"""The fast counting route (compiled kernel, its Python fallback, mirror split, processes)
must give exactly what the instrumented backtracker and OEIS give."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nqueens import api
from nqueens.backends.backtrack import BacktrackBackend
from nqueens.bitboard import count_masks, count_tree, initial_rows, is_canonical, kernel_available
from nqueens.counting import walk
from nqueens.counting.engine import count_parts
from nqueens.counting.partition import make_partition
from nqueens.counting.route import Split
from nqueens.counting.walk import bitboard_task
from nqueens.errors import SpecError
from nqueens.result import Deadline, Status
from nqueens.spec import Spec
from nqueens.validator import find_violations

from known_counts import A000170, A002562, TEXTBOOK_PROMISING_NODES

needs_kernel = pytest.mark.skipif(not kernel_available(), reason="C kernel not built")
ROUTES = [pytest.param(True, id="kernel", marks=needs_kernel), pytest.param(False, id="python")]


@pytest.mark.parametrize("compiled", ROUTES)
@pytest.mark.parametrize("n", range(1, 11))
def test_walk_counts_match_oeis(n: int, compiled: bool) -> None:
    walk = count_masks(n, initial_rows(Spec(n)), canonical=True, compiled=compiled)
    assert walk.complete
    assert walk.solutions == A000170[n]
    assert walk.canonical == A002562[n]


@needs_kernel
@pytest.mark.parametrize("n", [11, 12, 13])
def test_backtrack_count_and_unique_match_oeis(n: int) -> None:
    outcome = api.count(n, backend="backtrack")
    assert outcome.complete and outcome.count == A000170[n]
    assert outcome.stats["unique"] == A002562[n]


@pytest.mark.parametrize("compiled", ROUTES)
@pytest.mark.parametrize("n", sorted(TEXTBOOK_PROMISING_NODES))
def test_promising_nodes_match_textbook(n: int, compiled: bool) -> None:
    walk = count_masks(n, initial_rows(Spec(n)), compiled=compiled)
    assert walk.promising_nodes == TEXTBOOK_PROMISING_NODES[n]
    assert count_tree(Spec(n)).promising_nodes == TEXTBOOK_PROMISING_NODES[n]


@st.composite
def small_specs(draw: st.DrawFn) -> Spec:
    """Random queens specs up to 8x8 with a few fixed and forbidden cells (valid ones only)."""
    n = draw(st.integers(1, 8))
    cells = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    fixed = draw(st.lists(cells, max_size=2, unique=True))
    forbidden = draw(st.lists(cells.filter(lambda c: c not in fixed), max_size=6, unique=True))
    try:
        return Spec(n, fixed=tuple(fixed), forbidden=tuple(forbidden))
    except SpecError:  # fixed queens attacking each other
        return Spec(n, forbidden=tuple(forbidden))


@settings(max_examples=120, deadline=None)
@given(small_specs())
def test_fast_route_equals_instrumented_backtracker(spec: Spec) -> None:
    slow = BacktrackBackend(fast=False).search(spec, None)
    fast = BacktrackBackend().search(spec, None)
    python = count_masks(spec.n, initial_rows(spec), compiled=False)
    assert fast.complete and slow.complete
    assert fast.count == slow.count == python.solutions
    if not spec.is_plain:  # walked in one piece: the textbook statistics come along
        assert fast.stats["promising_nodes"] == slow.stats["promising_nodes"]
        assert fast.stats["nodes_checked"] == slow.stats["nodes_checked"]


def test_fast_route_counts_what_enumeration_validates() -> None:
    spec = Spec(9, fixed=((0, 2),), forbidden=((4, 4), (5, 1)))
    found = list(api.solutions(spec, backend="backtrack"))
    assert all(not find_violations(spec, p) for p in found)
    assert api.count(spec, backend="backtrack").count == len(found) > 0


def _orbit(placement: tuple[int, ...]) -> set[tuple[int, ...]]:
    """The 8 images of a placement, built from cell coordinates (not from is_canonical)."""
    n = len(placement)
    cells = [(r, c) for r, c in enumerate(placement)]
    maps = [
        lambda r, c: (r, c), lambda r, c: (c, n - 1 - r), lambda r, c: (n - 1 - r, n - 1 - c),
        lambda r, c: (n - 1 - c, r), lambda r, c: (r, n - 1 - c), lambda r, c: (n - 1 - r, c),
        lambda r, c: (c, r), lambda r, c: (n - 1 - c, n - 1 - r),
    ]
    images = set()
    for f in maps:
        moved = sorted(f(r, c) for r, c in cells)
        images.add(tuple(c for _, c in moved))
    return images


@pytest.mark.parametrize("n", [5, 6, 7, 8])
def test_is_canonical_picks_the_smallest_image(n: int) -> None:
    for placement in api.solutions(n, backend="backtrack"):
        assert is_canonical(placement) == (placement == min(_orbit(placement)))


def test_is_canonical_on_non_solutions() -> None:
    for placement in itertools.permutations(range(5)):
        assert is_canonical(placement) == (placement == min(_orbit(placement)))


@pytest.mark.parametrize("n", [1, 2, 3, 8, 9])
def test_mirror_split_weights_cover_the_board(n: int) -> None:
    subs = make_partition(Spec(n), 2, "mirror").subproblems
    total = sum(s.weight * api.count(s.spec(Spec(n)), backend="backtrack").count for s in subs)
    assert total == A000170[n]


def test_mirror_split_refuses_asymmetric_specs() -> None:
    with pytest.raises(ValueError, match="plain"):
        make_partition(Spec(6, forbidden=((0, 0),)), 1, "mirror")


def test_split_count_over_processes_with_kernel_task() -> None:
    spec = Spec(10)
    result = count_parts(spec, backend="backtrack", jobs=2, partition="mirror",
                         split=Split("local", depth=2), task=bitboard_task)
    assert result.complete and result.stats["slots"] == 2
    assert result.count == A000170[10]
    assert result.stats["unique"] == A002562[10]


def test_fast_count_stops_at_the_deadline() -> None:
    deadline = Deadline(1e-6)
    outcome = BacktrackBackend().search(Spec(18), None, deadline=deadline)
    assert outcome.status is Status.TIMEOUT
    assert outcome.count < 666090624  # A000170(18): a lower bound, never the total


@pytest.mark.parametrize(
    "spec", [Spec(9), Spec(9, fixed=((2, 4),), forbidden=((0, 0), (8, 3)))], ids=["plain", "fixed"]
)
def test_count_fast_over_two_processes(monkeypatch: pytest.MonkeyPatch, spec: Spec) -> None:
    monkeypatch.setattr(walk, "PARALLEL_FROM_N", 1)  # the pool even for a small board
    found = api.search(spec, backend="backtrack", collect=False, jobs=2)
    assert found.complete and found.stats["jobs"] == 2 and found.stats["subproblems"] > 2
    assert found.count == BacktrackBackend(fast=False).search(spec, None).count
    assert found.stats.get("unique") == (A002562[9] if spec.is_plain else None)
