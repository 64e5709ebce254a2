"""The join of partial boards (`counting/halfboards.py` and the compiled `_join.c`): totals against OEIS
A000170 and the independent brute force, beside the per-class walk and the join without
symmetry; every kernel this CPU runs, forced in turn, on boards and on the join itself
(against pairs counted one by one); parts that sum to the total, compiled and Python
alike; a stop that keeps what was counted."""

from __future__ import annotations

import random
import time

import pytest

from nqueens.bitboard import count_classes, kernel_available
from nqueens.counting import halfboards as joins
from nqueens.counting.halfboards import (
    JOIN_MAX_N,
    KERNEL_ENV,
    KERNEL_NAMES,
    build_tables,
    count,
    join_available,
    table_bytes,
    units,
)
from nqueens.errors import InputError

from brute_force import brute_force_solutions
from known_counts import A000170, A000170_LARGE

needs_join = pytest.mark.skipif(not join_available(), reason="compiled join not built")


def _runs(kernel: str) -> None:
    if kernel not in joins.kernels():
        pytest.skip(f"this CPU does not run the {kernel} kernel")


def test_the_join_is_built_wherever_the_kernel_is():
    # both are optional extensions of one build: a kernel without the join means _join.c
    # failed to compile (optional extensions fail silently)
    assert join_available() or not kernel_available()


@needs_join
@pytest.mark.parametrize("kernel", KERNEL_NAMES)
@pytest.mark.parametrize("n", range(1, 17))
def test_every_kernel_gives_the_oeis_totals(kernel, n):
    """Each kernel forced in turn, n = 1 to 16 (the portable one too: it is the kernel of
    CPUs without popcount, and a default that no test forced would hide it)."""
    _runs(kernel)
    found = count(n, kernel=kernel)
    assert found.complete and found.total == A000170[n]


def _signatures(rng: random.Random, k: int, bits: int, density: float) -> list[int]:
    return [sum(1 << b for b in range(bits) if rng.random() < density) for _ in range(k)]


@needs_join
@pytest.mark.parametrize("kernel", KERNEL_NAMES)
@pytest.mark.parametrize(("bits", "density"), [(30, 0.3), (62, 0.12)])
def test_every_kernel_joins_weighted_groups_as_pairs_counted_one_by_one(kernel, bits, density):
    """Groups large enough for buckets in every kernel (and, at 62 bits, more shared bits
    than fit below a bucket number), both sides' groups weighted, either side smaller."""
    _runs(kernel)
    from nqueens import _join

    rng = random.Random(bits)
    west = [_signatures(rng, 700, bits, density), _signatures(rng, 500, bits, density)]
    east = [_signatures(rng, 600, bits, density), _signatures(rng, 300, bits, density)]
    weights = ((3, 5), (7, 11))
    expected = sum(weights[g][h] * sum(1 for w in west[g] for e in east[h] if not w & e)
                   for g in (0, 1) for h in (0, 1))
    assert _join.pairs(west, east, weights, bits, kernel) == expected
    assert _join.pairs(east, west, ((3, 7), (5, 11)), bits, kernel) == expected


@needs_join
@pytest.mark.parametrize("n", range(1, 15))
def test_the_symmetric_weights_give_the_unreduced_join(n):
    """Every split and every placement of the middle queens once, with no symmetry, gives
    the same total as the units weighted by their orbits (and OEIS)."""
    unreduced = count(n, symmetric=False)
    assert unreduced.complete and unreduced.total == count(n).total == A000170[n]
    if n >= 4:  # the symmetry leaves half the units or fewer
        assert count(n).units <= unreduced.units / 2


@pytest.mark.parametrize("n", range(1, 13))
def test_python_join_totals_match_oeis(n):
    found = count(n, compiled=False)
    assert found.complete and found.total == A000170[n]


@pytest.mark.parametrize("n", [6, 7, 8, 9])
def test_python_join_without_symmetry_matches_oeis(n):
    assert count(n, compiled=False, symmetric=False).total == A000170[n]


@pytest.mark.parametrize("n", range(1, 9))
@pytest.mark.parametrize("compiled", [True, False])
def test_join_matches_brute_force(n, compiled):
    assert count(n, compiled=compiled).total == len(brute_force_solutions(n))


@needs_join
@pytest.mark.skipif(not kernel_available(), reason="C kernel not built")
@pytest.mark.parametrize("n", range(4, 14))
def test_join_matches_the_per_class_walk(n):
    assert count(n).total == count_classes(n).total


@pytest.mark.parametrize("n", [7, 8, 11, 12])
@pytest.mark.parametrize("stride", [1, 5, 16])
def test_parts_sum_to_the_total_and_agree_compiled_and_python(n, stride):
    python = [count(n, k, stride, compiled=False) for k in range(stride)]
    compiled = [count(n, k, stride) for k in range(stride)]
    assert sum(p.total for p in python) == A000170[n]
    assert [p.total for p in compiled] == [p.total for p in python]
    # every unit lands in exactly one part
    assert sum(p.units for p in python) == sum(1 for _ in units(n))


@needs_join
def test_parts_of_the_unreduced_join_agree_compiled_and_python():
    python = [count(9, k, 7, compiled=False, symmetric=False) for k in range(7)]
    compiled = [count(9, k, 7, symmetric=False) for k in range(7)]
    assert [p.total for p in compiled] == [p.total for p in python]
    assert sum(p.total for p in python) == A000170[9]


@needs_join
def test_the_environment_picks_the_kernel(monkeypatch):
    narrowest = joins.kernels()[0]
    monkeypatch.setenv(KERNEL_ENV, narrowest)
    assert joins.chosen_kernel() == narrowest == "portable"
    assert count(12).total == A000170[12]
    monkeypatch.delenv(KERNEL_ENV)
    assert joins.chosen_kernel() == joins.kernels()[-1]  # the widest by default
    assert joins.chosen_kernel("portable") == "portable"


@needs_join
def test_a_kernel_that_is_not_there_is_refused(monkeypatch):
    monkeypatch.setenv(KERNEL_ENV, "avx9000")
    with pytest.raises(InputError, match=f"{KERNEL_ENV}='avx9000' is not a join kernel"):
        count(8)
    monkeypatch.delenv(KERNEL_ENV)
    monkeypatch.setattr(joins, "kernels", lambda: ("portable",))  # a CPU without the rest
    with pytest.raises(InputError, match="this CPU cannot run that join kernel"):
        count(8, kernel="avx2")


@pytest.mark.parametrize("compiled", [True, False])
def test_a_stop_keeps_what_was_counted_as_a_lower_bound(compiled):
    asked = []

    def stop() -> bool:  # asked before the first unit, then every few units
        asked.append(1)
        return len(asked) > 1

    found = count(13, should_stop=stop, compiled=compiled)
    assert len(asked) == 2 and not found.complete
    assert 0 < found.units < sum(1 for _ in units(13))
    assert 0 < found.total < A000170[13]


def test_a_stop_reaches_the_building_of_the_python_tables():
    """The Python join builds its quarter tables whole before its first unit, polled as it
    builds them: `count 20 --timeout 1` ran 2 s, the tables deaf to the limit (issue 32,
    item 6)."""
    count(4, compiled=False)  # this process's tables are another size's: n's are built
    asked = []

    def stop() -> bool:  # asked before the tables, then while they are built
        asked.append(1)
        return len(asked) > 1

    found = count(14, should_stop=stop, compiled=False)
    assert (found.total, found.units, found.complete) == (0, 0, False) and len(asked) == 2
    assert count(11, compiled=False).total == A000170[11]


@needs_join
def test_a_stop_reaches_the_listing_of_the_whole_tables():
    """Listing the compiled tables whole (about a second at n = 20, which the plan times)
    is polled, and keeps the blocks it listed whole: a count afterwards is exact."""
    count(4)  # this process's tables are another size's: n's are listed
    asked = []

    def stop() -> bool:  # asked before the tables, then while they are listed
        asked.append(1)
        return len(asked) > 1

    assert build_tables(16, should_stop=stop) is False and len(asked) == 2
    part = table_bytes()
    assert build_tables(16) is True and table_bytes() > part
    assert count(16).total == A000170[16]


@needs_join
def test_a_count_stopped_before_its_tables_are_whole_has_counted():
    """The compiled join lists each block of its tables when a unit first needs it, so a
    count of the 20-board stopped after 0.3 s has counted units (issue 39, item 15: the
    whole tables took 1.3 s here, and a count stopped before them counted nothing), and
    what it counted is a lower bound."""
    count(4)  # none of the 20-board's tables are listed
    until = time.monotonic() + 0.3
    found = count(20, should_stop=lambda: time.monotonic() > until)
    assert not found.complete and found.units > 0
    assert 0 < found.total <= A000170_LARGE[20]
    listed = table_bytes()
    assert build_tables(20) is True and table_bytes() > listed  # they were not whole


@pytest.mark.parametrize(("n", "offset", "stride"), [(0, 0, 1), (JOIN_MAX_N + 1, 0, 1),
                                                      (8, 2, 2), (8, -1, 2), (8, 0, 0)])
def test_bad_arguments_are_refused(n, offset, stride):
    with pytest.raises(ValueError, match=r"join handles|part needs"):
        count(n, offset, stride)


@pytest.mark.parametrize("compiled", [True, False])
def test_a_part_handed_out_after_the_stop_counts_nothing(compiled):
    found = count(13, should_stop=lambda: True, compiled=compiled)
    assert (found.total, found.units, found.complete) == (0, 0, False)


@needs_join
@pytest.mark.skipif(not kernel_available(), reason="C kernel not built")
@pytest.mark.parametrize("n", range(4, 15))
def test_the_per_class_walk_counts_each_part_of_the_join_again(n):
    """The walk, sharing each class out over the join's parts as the join numbers and
    weighs them (`bitboard.count_classes_by_join_part`), finds each part's count."""
    from nqueens.bitboard import count_classes_by_join_part

    walked, shares = count_classes_by_join_part(n, 7)
    assert walked.complete and walked.total == A000170[n]
    assert shares == [count(n, k, 7).total for k in range(7)]
