"""`nqueens generate regions`: region puzzles with one solution, written as model files the
other commands read, and its refusals (one line, exit 2, nothing written)."""

from __future__ import annotations

from pathlib import Path

import pytest


def test_a_puzzle_is_written_and_counts_one_solution(run_cli, tmp_path: Path) -> None:
    target = tmp_path / "r.toml"
    result = run_cli("generate", "regions", "8", "--seed", "1", "-o", str(target))
    assert (result.code, result.out) == (0, "")
    assert result.err.startswith(f"wrote {target} (8x8: exactly 1 per row")
    counted = run_cli("count", str(target), "--format", "json")
    assert counted.code == 0 and '"count": 1,' in counted.out
    by_hand = run_cli("count", str(target), "--backend", "backtrack", "--format", "json")
    assert '"count": 1,' in by_hand.out
    assert run_cli("generate", "regions", "8", "--seed", "1").out == target.read_text()


def test_a_set_of_seeds_goes_into_a_directory(run_cli, tmp_path: Path) -> None:
    target = tmp_path / "set"
    result = run_cli("generate", "regions", "6", "--seeds", "1..3", "-o", str(target))
    assert result.code == 0, result.err
    assert result.err == f"wrote 3 regions instances to {target}\n"
    names = sorted(p.name for p in target.iterdir())
    assert names == ["regions-6-s1.toml", "regions-6-s2.toml", "regions-6-s3.toml"]
    assert (target / "regions-6-s2.toml").read_text() == run_cli(
        "generate", "regions", "6", "--seed", "2").out
    before = {p.name: p.read_text() for p in target.iterdir()}
    again = run_cli("generate", "regions", "6", "--seeds", "2..4", "-o", str(target))
    assert again.code == 2 and again.out == ""
    assert len(again.err.splitlines()) == 1 and "already exists" in again.err
    assert {p.name: p.read_text() for p in target.iterdir()} == before  # s4 not written
    forced = run_cli("generate", "regions", "6", "--seeds", "2..4", "-o", str(target), "--force")
    assert forced.code == 0 and len(list(target.iterdir())) == 4


def test_an_existing_file_is_kept_without_force(run_cli, tmp_path: Path) -> None:
    target = tmp_path / "r.toml"
    target.write_text("mine\n")
    result = run_cli("generate", "regions", "7", "--seed", "1", "-o", str(target))
    assert (result.code, result.out) == (2, "")
    assert len(result.err.splitlines()) == 1 and "--force" in result.err
    assert target.read_text() == "mine\n"
    forced = run_cli("generate", "regions", "7", "--seed", "1", "-o", str(target), "--force")
    assert forced.code == 0 and target.read_text().startswith("# nqueens model file")


@pytest.mark.parametrize("n", ["0", "4", "15", "100"])
def test_a_size_out_of_range_is_refused_before_anything_is_written(run_cli, tmp_path: Path,
                                                                    n: str) -> None:
    one = run_cli("generate", "regions", n, "--seed", "1", "-o", str(tmp_path / "r.toml"))
    many = run_cli("generate", "regions", n, "--seeds", "1..5", "-o", str(tmp_path / "set"))
    for result in (one, many):
        assert (result.code, result.out) == (2, "")
        assert result.err == (f"nqueens: error: a region puzzle with one solution is made for "
                              f"n = 5..14, got {n}; give a size in that range\n")
    assert list(tmp_path.iterdir()) == []


def test_a_set_needs_a_directory(run_cli) -> None:
    result = run_cli("generate", "regions", "6", "--seeds", "1..2")
    assert result.code == 2 and len(result.err.splitlines()) == 1 and "-o DIR" in result.err


def test_the_time_limit_stops_the_making(run_cli, tmp_path: Path) -> None:
    result = run_cli("generate", "regions", "14", "--seed", "2", "--timeout", "0.01",
                     "-o", str(tmp_path / "r.toml"))
    assert (result.code, result.out) == (3, "")
    assert result.err == ("nqueens: stopped (timeout) before the instance of seed 2 was made; "
                          "nothing was written\n")
    assert list(tmp_path.iterdir()) == []
