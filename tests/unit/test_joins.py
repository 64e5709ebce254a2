"""The join of partial boards (`joins.py` and the compiled `_join.c`): totals against OEIS
A000170 and the independent brute force, beside the per-class walk; parts that sum to
the total, compiled and Python alike; a stop that keeps what was counted."""

from __future__ import annotations

import pytest

from nqueens.bitboard import count_classes, kernel_available
from nqueens.joins import JOIN_MAX_N, count, join_available, table_bytes, units

from brute_force import brute_force_solutions
from known_counts import A000170

needs_join = pytest.mark.skipif(not join_available(), reason="compiled join not built")


def test_the_join_is_built_wherever_the_kernel_is():
    # both are optional extensions of one build: a kernel without the join means _join.c
    # failed to compile (optional extensions fail silently)
    assert join_available() or not kernel_available()


@needs_join
@pytest.mark.parametrize("n", range(1, 17))
def test_compiled_join_totals_match_oeis(n):
    found = count(n)
    assert found.complete and found.total == A000170[n]


@needs_join
@pytest.mark.parametrize("n", [9, 12, 14])
def test_portable_popcount_gives_the_same_totals(n):
    assert count(n, portable_popcount=True).total == A000170[n]


@pytest.mark.parametrize("n", range(1, 11))
def test_python_join_totals_match_oeis(n):
    found = count(n, compiled=False)
    assert found.complete and found.total == A000170[n]


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


@pytest.mark.parametrize(("n", "compiled"), [
    pytest.param(16, True, marks=needs_join), (14, False)])
def test_a_stop_reaches_the_building_of_the_tables(n, compiled):
    """Building the quarter tables (about a second at n = 20) is polled too: `count 20
    --timeout 1` ran 2 s, the tables deaf to the limit (issue 32, item 6)."""
    count(4, compiled=compiled)  # this process's tables are another size's: n's are built
    asked = []

    def stop() -> bool:  # asked before the tables, then while they are built
        asked.append(1)
        return len(asked) > 1

    found = count(n, should_stop=stop, compiled=compiled)
    assert (found.total, found.units, found.complete) == (0, 0, False) and len(asked) == 2
    assert table_bytes() == 0 or not compiled  # nothing half built is kept for the next count
    assert count(11, compiled=compiled).total == A000170[11]


@pytest.mark.parametrize(("n", "offset", "stride"), [(0, 0, 1), (JOIN_MAX_N + 1, 0, 1),
                                                      (8, 2, 2), (8, -1, 2), (8, 0, 0)])
def test_bad_arguments_are_refused(n, offset, stride):
    with pytest.raises(ValueError, match=r"join handles|part needs"):
        count(n, offset, stride)


@pytest.mark.parametrize("compiled", [True, False])
def test_a_part_handed_out_after_the_stop_counts_nothing(compiled):
    found = count(13, should_stop=lambda: True, compiled=compiled)
    assert (found.total, found.units, found.complete) == (0, 0, False)
