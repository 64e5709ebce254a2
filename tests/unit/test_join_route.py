"""The join as a counting route: its parts through the counting engine (inline, on
processes, against a checkpoint), and the plan that chooses it for `count` of a plain
board with `auto`. Totals come from OEIS A000170."""

from __future__ import annotations

import json

import pytest

from nqueens import planning
from nqueens.counting.engine import count_parts
from nqueens.counting.join import join_task
from nqueens.counting.partition import make_partition
from nqueens.counting.route import Split
from nqueens.result import Deadline
from nqueens.spec import Spec

from known_counts import A000170


def _join(n: int, executor: str = "inline", depth: int | None = None, checkpoint=None,
          **more):
    return count_parts(Spec(n), backend="backtrack", partition="join", task=join_task,
                       split=Split(executor, depth=depth, checkpoint=checkpoint), **more)


@pytest.mark.parametrize(("executor", "jobs"), [("inline", 1), ("local", 2)])
@pytest.mark.parametrize("n", [9, 12])
def test_join_parts_sum_to_the_total(executor, jobs, n):
    found = _join(n, executor=executor, jobs=jobs, depth=2)
    assert found.complete and found.count == A000170[n]
    assert found.stats["plan"] == "join" and found.stats["tasks"] == 16


def test_join_plan_parts_are_not_specs():
    plan = make_partition(Spec(8), 2, "join")
    assert [s.key for s in plan.subproblems[:2]] == ["j:0/16", "j:1/16"]
    with pytest.raises(ValueError, match="join part"):
        plan.subproblems[0].spec(Spec(8))


def test_join_checkpoint_cut_short_resumes_to_the_exact_total(tmp_path):
    path = tmp_path / "j.ckpt"
    assert _join(13, checkpoint=path, depth=3).count == A000170[13]
    lines = path.read_text().splitlines()
    records = [json.loads(line) for line in lines[1:]]
    assert len(records) == 64 and all(r["key"].startswith("j:") for r in records)
    path.write_text("\n".join(lines[:11]) + "\n")  # the header and 10 finished parts
    resumed = []
    found = _join(13, checkpoint=path, on_resume=resumed.append)
    assert resumed and resumed[0].done == 10
    assert found.complete and found.count == A000170[13]


def test_a_stopped_join_keeps_the_parts_it_finished():
    deadline = Deadline(None)
    finished = []

    def stop_after_three(progress) -> None:
        finished.append(progress.count)
        if progress.done == 3:
            deadline.at = 0.0  # expired: the loop hands out nothing more

    found = _join(14, depth=2, deadline=deadline, on_progress=stop_after_three)
    assert not found.complete and found.stats["tasks_finished"] == 3
    assert found.count == sum(finished) and 0 < found.count < A000170[14]


# ---- the plan ----


def test_the_plan_counts_16_by_the_join():
    chosen = planning.plan(16, "count")
    assert chosen.counting_route == "join" and chosen.rule is not None
    assert chosen.rule.counting == "join" and "join" in chosen.rule.describe()
    assert chosen.forecast is not None and chosen.memory is not None
    outcome = planning.plan(13, "count").run()
    assert outcome.complete and outcome.count == A000170[13]
    assert outcome.stats["plan"] == "join"
    from nqueens.counting.halfboards import chosen_kernel

    assert outcome.stats["kernel"] == chosen_kernel() and outcome.stats["symmetry"] == "all eight"


def test_unique_and_a_named_backend_keep_the_per_class_walk():
    unique = planning.plan(16, "count", unique=True)
    assert unique.counting_route == "bitboard" and unique.rule is not None
    assert unique.rule.counting is None and any("--unique" in note for note in unique.notes)
    assert planning.plan(16, "count", backend="backtrack").counting_route == "bitboard"
    # a board that is not plain is no join's
    assert planning.plan(Spec(16, fixed=((0, 1),)), "count").counting_route == "bitboard"


def test_memory_cuts_processes_then_falls_back_to_the_walk(monkeypatch):
    from nqueens import limits
    from nqueens.counting import join

    one = join.join_bytes(18)
    monkeypatch.setattr(join, "machine_memory", lambda: limits.BASE_BYTES + one + 1)
    chosen = planning.plan(18, "count", jobs=2)
    assert (chosen.counting_route, chosen.jobs) == ("join", 1)
    assert any("1 of 2 processes" in note for note in chosen.notes)
    monkeypatch.setattr(join, "machine_memory", lambda: limits.BASE_BYTES + one // 2)
    chosen = planning.plan(18, "count")
    assert chosen.counting_route == "bitboard" and chosen.rule is not None
    assert any("per-class walk instead" in note for note in chosen.notes)


def test_without_the_compiled_join_auto_counts_by_the_walk(monkeypatch):
    """counting/halfboards.py gives the same numbers, but only small boards in time: without the C
    extension a count takes the per-class walk, and says why."""
    from nqueens.counting import join

    monkeypatch.setattr(join, "join_available", lambda: False)
    chosen = planning.plan(16, "count")
    assert chosen.counting_route == "bitboard"
    assert any("not compiled" in note for note in chosen.notes)
    outcome = chosen.run()
    assert outcome.complete and outcome.count == A000170[16]


def test_a_split_count_with_auto_takes_the_join(tmp_path):
    split = planning.Split(checkpoint=tmp_path / "q.ckpt")
    chosen = planning.plan(13, "count", split=split, jobs=1)
    assert (chosen.counting_route, chosen.split) == ("join", split)
    outcome = chosen.run()
    assert outcome.complete and outcome.count == A000170[13] and outcome.stats["plan"] == "join"


def test_a_checkpoint_of_parts_numbered_otherwise_is_refused(tmp_path):
    """Parts counted by an nqueens whose join numbered its units otherwise cover other
    units: their checkpoint (no `join_units` in its identity) is refused, not resumed."""
    from nqueens.errors import CheckpointError

    path = tmp_path / "q.ckpt"
    split = planning.Split(checkpoint=path)
    assert planning.plan(13, "count", split=split, jobs=1).run().count == A000170[13]
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["options"] == {"join_units": 2}
    path.write_text("\n".join([json.dumps({**header, "options": {}}), *lines[1:]]) + "\n")
    with pytest.raises(CheckpointError, match="was written for"):
        planning.plan(13, "count", split=split, jobs=1).run()


def test_a_join_checkpoint_with_a_part_checksum_edited_is_refused(tmp_path):
    from nqueens.errors import CheckpointError

    path = tmp_path / "j.ckpt"
    assert _join(13, checkpoint=path, depth=3).count == A000170[13]
    lines = path.read_text().splitlines()
    record = json.loads(lines[7])
    lines[7] = json.dumps({**record, "crc": f"{int(record['crc'], 16) ^ 1:08x}"})
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(CheckpointError, match=r"line 8.*fails its checksum"):
        _join(13, checkpoint=path)


def test_a_deep_join_split_is_four_parts_a_level_not_n():
    """A record run deals the join into thousands of parts: depth 5 is 1,024 of them, not
    the n ** 5 a prefix split may give (which the size check must not assume)."""
    found = _join(13, depth=5)
    assert found.complete and found.count == A000170[13] and found.stats["tasks"] == 1024
