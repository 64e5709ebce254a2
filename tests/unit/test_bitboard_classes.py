"""The per-class counter (`bitboard.count_classes` and its starts): one representative per
symmetry class, weighted by class size. Answers come from OEIS and from the independent
brute force, never from the package's other counters."""

from __future__ import annotations

import time

import pytest

from nqueens.bitboard import (
    ClassCount,
    ClassStart,
    class_representatives,
    class_starts,
    count_class_start,
    count_classes,
    count_masks,
    initial_rows,
    kernel_available,
)
from nqueens.spec import Spec
from nqueens.validator import find_violations

from brute_force import brute_force_solutions
from known_counts import A000170, A002562

# OEIS A002562 beyond known_counts' table.
FUNDAMENTAL = {**A002562, 15: 285053, 16: 1846955}

needs_kernel = pytest.mark.skipif(not kernel_available(), reason="C kernel not built")


def _images(board: tuple[int, ...]) -> set[tuple[int, ...]]:
    """The 8 images of a placement under rotations and reflections, written out here."""
    n = len(board)
    cells = [(r, c) for r, c in enumerate(board)]
    out = set()
    for _ in range(4):
        cells = [(c, n - 1 - r) for r, c in cells]  # quarter turn
        for image in (cells, [(r, n - 1 - c) for r, c in cells]):
            placement = [0] * n
            for r, c in image:
                placement[r] = c
            out.add(tuple(placement))
    return out


@needs_kernel
@pytest.mark.parametrize("n", range(1, 17))
def test_kernel_total_and_fundamental_match_oeis(n):
    assert count_classes(n) == ClassCount(A000170[n], FUNDAMENTAL[n], True)


@pytest.mark.parametrize("n", range(1, 13))
def test_python_walk_total_and_fundamental_match_oeis(n):
    assert count_classes(n, compiled=False) == ClassCount(A000170[n], FUNDAMENTAL[n], True)


@pytest.mark.parametrize("n", range(1, 10))
def test_representatives_are_one_valid_board_per_class_with_its_class_size(n):
    solutions = brute_force_solutions(n)
    seen: set[tuple[int, ...]] = set()
    for start in class_starts(n, 2):
        for board, weight in class_representatives(n, start):
            assert not find_violations(Spec(n), list(board))
            assert board[: len(start.prefix)] == start.prefix
            orbit = _images(board)
            assert orbit <= solutions
            assert not orbit & seen, f"class of {board} found twice"
            assert weight == len(orbit)
            seen |= orbit
    assert seen == solutions


@pytest.mark.parametrize("n", [8, 11, 13, 14])
@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_starts_at_any_depth_sum_to_the_whole(n, depth):
    compiled = kernel_available() or n <= 11
    starts = class_starts(n, depth)
    assert len({s.key for s in starts}) == len(starts)
    parts = [count_class_start(n, s, compiled=compiled) for s in starts]
    assert all(p.complete for p in parts)
    assert sum(p.total for p in parts) == A000170[n]
    assert sum(p.unique for p in parts) == FUNDAMENTAL[n]


def test_deeper_starts_refine_the_shallower_ones():
    n = 12
    shallow = {s.prefix: s.kind for s in class_starts(n, 1)}
    for depth in (2, 3, 5):
        starts = class_starts(n, depth)
        assert len(starts) > len(class_starts(n, depth - 1))
        for s in starts:
            head = s.prefix[:2] if s.kind == "corner" else s.prefix[:1]
            assert shallow[head] == s.kind


def test_start_keys_are_stable_text_apart_from_prefix_keys():
    assert ClassStart("corner", (0, 3)).key == "c:0.3"
    assert ClassStart("edge", (1, 4, 0)).key == "e:1.4.0"
    keys = [s.key for s in class_starts(10, 3)]
    assert all(k[:2] in ("c:", "e:") for k in keys)


@pytest.mark.parametrize("start", [ClassStart("edge", (0,)), ClassStart("corner", (1, 3)),
                                   ClassStart("edge", (1, 2)), ClassStart("corner", (0, 7)),
                                   ClassStart("side", (1,))])
def test_a_start_that_is_not_one_is_refused(start):
    with pytest.raises(ValueError, match="not a class start"):
        count_class_start(8, start)


def test_a_stop_between_starts_ends_the_count():
    found = count_classes(12, should_stop=lambda: True)
    assert found == ClassCount(0, 0, False)


@pytest.mark.parametrize("compiled", [True, False])
def test_a_stop_inside_a_start_ends_the_walk_with_a_partial_count(compiled):
    if compiled and not kernel_available():
        pytest.skip("C kernel not built")
    calls = []

    def stop() -> bool:
        calls.append(1)
        return True

    n = 16 if compiled else 13  # big enough to reach the walk's first poll
    found = count_class_start(n, ClassStart("edge", (1,)), should_stop=stop, compiled=compiled)
    assert calls and not found.complete
    assert found.total < A000170[n]


@pytest.mark.parametrize("walk", ["plain", "classes"])
def test_python_walks_on_a_large_board_stop_at_the_deadline_without_recursion_error(walk):
    n = 200  # deeper than Python's recursion limit allows a recursive walk to go
    at = time.monotonic() + 0.2

    def late() -> bool:
        return time.monotonic() > at

    if walk == "plain":
        found = count_masks(n, initial_rows(Spec(n)), should_stop=late, compiled=False)
    else:
        found = count_class_start(n, class_starts(n, 1)[-1], should_stop=late, compiled=False)
    assert not found.complete
    assert time.monotonic() - at < 2


# ---- The engine's "classes" plan (what `count N --backend backtrack` runs on a plain board)


@pytest.mark.parametrize(("executor", "jobs"), [("inline", 1), ("local", 2)])
@pytest.mark.parametrize("n", [10, 12])
def test_engine_classes_plan_counts_total_and_fundamental(executor, jobs, n):
    from nqueens.counting.engine import count_parts
    from nqueens.counting.route import Split
    from nqueens.counting.walk import bitboard_task

    found = count_parts(Spec(n), backend="backtrack", partition="classes", jobs=jobs,
                        split=Split(executor, depth=2), task=bitboard_task)
    assert found.complete and found.stats["plan"] == "classes"
    assert (found.count, found.stats["unique"]) == (A000170[n], FUNDAMENTAL[n])


def test_backtrack_counts_a_plain_board_by_its_classes():
    from nqueens import api

    found = api.count(13, backend="backtrack")
    assert found.count == A000170[13] and found.stats["unique"] == FUNDAMENTAL[13]
    assert found.stats["plan"] == "classes"


def test_classes_checkpoint_cut_short_resumes_to_the_exact_total(tmp_path):
    from nqueens.counting.engine import count_parts
    from nqueens.counting.route import Split
    from nqueens.counting.walk import bitboard_task

    path = tmp_path / "c.ckpt"

    def counted(**more):
        return count_parts(Spec(12), backend="backtrack", partition="classes",
                           split=Split("inline", depth=3, checkpoint=path), task=bitboard_task,
                           **more)

    assert counted().count == A000170[12]
    lines = path.read_text().splitlines()
    assert all('"key": "c:' in x or '"key": "e:' in x for x in lines[1:])
    path.write_text("\n".join(lines[:6]) + "\n")  # the header and 5 finished starts
    resumed = []
    found = counted(on_resume=resumed.append)
    assert resumed and resumed[0].done == 5
    assert found.complete and found.count == A000170[12]


def test_a_class_start_is_never_counted_as_a_prefix_spec():
    from nqueens.counting.partition import make_partition

    sub = make_partition(Spec(8), 2, "classes").subproblems[0]
    with pytest.raises(ValueError, match="per-class walk"):
        sub.spec(Spec(8))
