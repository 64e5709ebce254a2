"""`nqueens count N --cross-check` of a count by the join (n = 13 to 18): its parts, recorded
in a checkpoint, against the per-class walk's share of each part; a part that differs is
named and the command exits 5."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nqueens import bitboard
from nqueens.counting import halfboards as joins

from known_counts import A000170

pytestmark = pytest.mark.skipif(not (joins.join_available() and bitboard.kernel_available()),
                                reason="compiled join and kernel not built")


def test_the_join_agrees_with_the_walk_in_every_part(run_cli, tmp_path: Path):
    path = tmp_path / "q13.ckpt"
    result = run_cli("count", "13", "--cross-check", "--checkpoint", str(path))
    assert result.code == 0, result.err
    assert result.out.splitlines()[1:] == [
        f"13-queens: {A000170[13]} solutions [the per-class walk, part by part]",
        "the two counts agree in each of the 64 parts"]
    assert len(path.read_text().splitlines()) == 1 + 64  # the parts stay recorded


def test_a_part_that_differs_is_named_and_exits_5(run_cli, monkeypatch: pytest.MonkeyPatch):
    walk = bitboard.count_classes_by_join_part

    def off_by_one(n: int, parts: int, **more):
        counted, shares = walk(n, parts, **more)
        shares[3] += 1
        return counted, shares

    monkeypatch.setattr(bitboard, "count_classes_by_join_part", off_by_one)
    result = run_cli("count", "13", "--cross-check", "--format", "json")
    assert result.code == 5 and result.err.count("\n") == 1 and "disagree in 1 of 64 parts" in result.err
    doc = json.loads(result.out)
    assert doc["agree"] is False and doc["cross_check"]["disagree"][0][0] == "j:3/64"


def test_beyond_18_the_second_count_is_another_formalism_refused_before_counting(run_cli):
    # the per-class walk would take hours; the second count is then sat's, forecast at days
    result = run_cli("count", "19", "--cross-check")
    assert result.code == 2 and result.out == ""
    assert "the second count of 19-queens, by sat" in result.err and "forecast at roughly" in result.err
