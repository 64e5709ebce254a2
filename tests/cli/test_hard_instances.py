"""`nqueens generate`, `nqueens model --to` and the published formats through the command.

The check instances are those printed in the published description of the CSPLib generators.
"""

from __future__ import annotations

from pathlib import Path

from brute_force import brute_force_solutions
from paths import REPO

BLOCKED_833 = ("letting n =  10\nletting blocks =  [[1, 2], [1, 3], [1, 7], [1, 10], [2, 3], "
               "[2, 8], [3, 9], [4, 1], [4, 2], [5, 5], [5, 7], [6, 4], [6, 7], [6, 10], [7, 1], "
               "[7, 6], [7, 7], [9, 2], [9, 3], [9, 4], [9, 10], [10, 4], [10, 6], [10, 8]]\n")


def test_generate_prints_the_published_instances(run_cli) -> None:
    result = run_cli("generate", "blocked", "10", "24", "--seed", "833")
    assert (result.code, result.out) == (0, BLOCKED_833)
    result = run_cli("generate", "diagonals", "10", "--seed", "83", "--take", "3")
    assert result.out == "n =  10\nnumdiags =  3\ndiags =  [[15, 1], [14, 1], [17, 0]]\n"
    result = run_cli("generate", "completion", "20", "8", "--seed", "7")
    assert result.out.endswith("[17, 13], [16, 16], [3, 14], [0, 9]]\n")


def test_generate_a_set_of_seeds_into_a_directory(run_cli, tmp_path: Path) -> None:
    target = tmp_path / "set"
    result = run_cli("generate", "blocked", "10", "24", "--seeds", "832..834", "-o", str(target))
    assert result.code == 0, result.err
    files = sorted(p.name for p in target.iterdir())
    assert files == [f"blocked-10-24-k4-s{s}.param" for s in (832, 833, 834)]
    assert (target / "blocked-10-24-k4-s833.param").read_text() == BLOCKED_833
    again = run_cli("generate", "blocked", "10", "24", "--seeds", "832..834", "-o", str(target))
    assert again.code == 2 and "already exists" in again.err and again.out == ""


def test_model_to_each_format_and_back(run_cli, tmp_path: Path) -> None:
    source = tmp_path / "b.param"
    source.write_text(run_cli("generate", "blocked", "7", "14", "--min-free", "2",
                              "--seed", "3").out)
    blocks = _blocks(source.read_text())
    expected = len(brute_force_solutions(7, (), tuple(blocks)))
    for fmt, suffix in (("asp", ".lp"), ("toml", ".toml"), ("param", ".param")):
        out = tmp_path / f"copy{suffix}"
        result = run_cli("model", str(source), "--to", fmt, "-o", str(out))
        assert result.code == 0, result.err
        shown = run_cli("count", str(out), "--format", "json", "--backend", "backtrack")
        assert f'"count": {expected},' in shown.out
    asp = (tmp_path / "copy.lp").read_text()
    assert asp.startswith("num(1).\n") and asp.count("block(") == 14
    assert all(f"block({r + 1},{c + 1})." in asp for r, c in blocks)
    refused = run_cli("model", str(source), "--to", "asp", "-o", str(tmp_path / "copy.lp"))
    assert refused.code == 2 and "already exists" in refused.err


def _blocks(text: str) -> list[tuple[int, int]]:
    import ast

    return [(r - 1, c - 1) for r, c in ast.literal_eval(text.split("blocks =", 1)[1])]


def test_diagonals_file_hash_d_through_the_command(run_cli, tmp_path: Path) -> None:
    source = tmp_path / "d.param"
    source.write_text(run_cli("generate", "diagonals", "8", "--seed", "2", "--min-free", "2").out)
    whole = run_cli("count", str(source), "--format", "json")
    part = run_cli("count", f"{source}#3", "--format", "json")
    assert whole.code == 0 and part.code == 0
    assert run_cli("model", f"{source}#3", "--to", "diagonals").out.count("[") == 4
    bad = run_cli("count", f"{source}#999")
    assert bad.code == 2 and bad.err.count("\n") == 1 and "take at most" in bad.err


def test_bad_file_is_one_line_naming_file_and_line(run_cli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.param"
    bad.write_text("letting n = 4\nletting blocks = [[1, 1],\n[9, 9],\n]\n")
    result = run_cli("solve", str(bad))
    assert result.code == 2 and result.out == ""
    assert result.err == (f"nqueens: error: {bad}: line 3: blocks: [9, 9] is off the board "
                          "(1-based: 1..4)\n")


def test_textbook_commands_take_a_published_instance(run_cli) -> None:
    instance = REPO / "benchmarks" / "asp-blocked-28" / "blockedqueens.28.1449787798.param"
    result = run_cli("estimate", str(instance), "--samples", "50", "--seed", "1")
    assert result.code == 0 and "28-queens, 595 forbidden" in result.out


def test_stats_counts_a_large_constrained_tree_and_estimate_shows_it(run_cli) -> None:
    """n = 28 is beyond the plain board's exact limit, but a blocked instance's tree is small:
    stats counts it, and its solutions agree with Lingeling's published answers."""
    import json

    folder = REPO / "benchmarks" / "asp-blocked-28"
    for ident, satisfiable in (("1449787798", False), ("1449787894", True)):
        published = next(row for row in (folder / "lingeling-results.tsv").read_text().splitlines()
                         if row.split("\t")[1] == ident)
        assert (published.split("\t")[2] == "SATISFIABLE") == satisfiable
        instance = str(folder / f"blockedqueens.28.{ident}.param")
        result = run_cli("stats", instance, "--format", "json")
        assert result.code == 0, result.err
        row = json.loads(result.out)["rows"][0]
        assert (row["solutions"] > 0) == satisfiable
        shown = run_cli("estimate", instance, "--samples", "200", "--seed", "3", "--format", "json")
        assert json.loads(shown.out)["exact"] == row["nodes_checked"]
    plain = run_cli("stats", "20")
    assert plain.code == 2 and "at most 18 for a plain board" in plain.err


def test_stats_of_a_small_generated_instance_matches_brute_force(run_cli, tmp_path: Path) -> None:
    import json

    source = tmp_path / "c.param"
    source.write_text(run_cli("generate", "completion", "8", "2", "--seed", "4").out)
    import ast

    fixed = tuple(map(tuple, ast.literal_eval(source.read_text().split("init =", 1)[1])))
    row = json.loads(run_cli("stats", str(source), "--format", "json").out)["rows"][0]
    assert row["solutions"] == len(brute_force_solutions(8, fixed))


def test_stats_text_has_a_name_column_beside_n(run_cli) -> None:
    """A model's row: its name under `name`, its n under `n`, the plain board's bounds in
    the book's rounded form beyond 10^15 (n = 28: 41 digits), so a row stays readable."""
    instance = REPO / "benchmarks" / "asp-blocked-28" / "blockedqueens.28.1449788117.param"
    result = run_cli("stats", str(instance), "8", "completion-8-a1")
    assert result.code == 0, result.err
    header, *rows = result.out.splitlines()
    assert header.split()[:3] == ["name", "n", "algorithm"]
    assert rows[0].split()[:3] == ["blockedqueens.28.1449788117", "28", "3.44"]
    assert rows[1].split()[:2] == ["8", "19,173,961"]  # a plain board: no name
    assert rows[2].split()[:3] == ["completion-8-a1", "8", "19,173,961"]
    assert max(map(len, result.out.splitlines())) <= 140
    assert "n  algorithm 1" in run_cli("stats", "4").out.splitlines()[0]  # no models: no name


def test_generate_keeps_its_time_limit(run_cli) -> None:
    """1,000 shuffles of 10,000 squares that cannot block 9,600 take seconds: the limit
    stops them inside a shuffle (issue 32, item 27)."""
    import time

    started = time.monotonic()
    result = run_cli("generate", "blocked", "100", "9600", "--seed", "1", "--timeout", "0.1")
    assert time.monotonic() - started < 1.0
    assert (result.code, result.out) == (3, "")
    assert result.err == ("nqueens: stopped (timeout) before the instance of seed 1 was made; "
                          "nothing was written\n")


def test_a_stopped_set_keeps_the_instances_made(run_cli, tmp_path: Path, monkeypatch) -> None:
    """A stop while seed 834 is made: 832 and 833 are written whole, as without a limit,
    834 is not, and no temporary file is left (issue 32, item 27)."""
    from nqueens.modeling import generators

    real = generators.blocked

    def stop_at_834(n: int, m: int, min_free: int, seed: int, deadline) -> generators.Generated:
        if seed == 834:
            deadline.stop()  # as the guard does when the limit runs out
        return real(n, m, min_free, seed, deadline)

    monkeypatch.setattr(generators, "blocked", stop_at_834)
    target = tmp_path / "set"
    result = run_cli("generate", "blocked", "10", "24", "--seeds", "832..835", "-o", str(target),
                     "--timeout", "60")
    assert result.code == 3
    assert result.err == (f"wrote 2 of 4 blocked instances to {target} before the stop (timeout);"
                          " seed 834 and those after it were not made\n")
    assert sorted(p.name for p in target.iterdir()) == [
        "blocked-10-24-k4-s832.param", "blocked-10-24-k4-s833.param"]
    assert (target / "blocked-10-24-k4-s833.param").read_text() == BLOCKED_833
