"""`nqueens bench --suite` end to end on a few tiny instances (whole processes; a smoke test of
the runs, the cross-check and the files, not of speed)."""

from __future__ import annotations

import csv
import json
import shutil
import subprocess
import sys
from pathlib import Path

from brute_force import brute_force_solutions
from paths import REPO


def _bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nqueens", "bench", *args],
                          capture_output=True, text=True, timeout=240)


def test_suite_on_a_directory_of_three_instances(tmp_path: Path) -> None:
    sets = tmp_path / "set"
    sets.mkdir()
    # two published ASP instances (one yes, one no) with their published answers
    source = REPO / "benchmarks" / "asp-blocked-28"
    rows = (source / "lingeling-results.tsv").read_text().splitlines()[:2]
    for row in rows:
        ident = row.split("\t")[1]
        shutil.copy(source / f"blockedqueens.28.{ident}.param", sets)
    (sets / "lingeling-results.tsv").write_text("\n".join(rows) + "\n")
    out = tmp_path / "out"
    run = _bench("--suite", "asp", str(sets), "--subjects", "auto,sat", "--run-timeout", "60",
                 "--output-dir", str(out))
    assert run.returncode == 0, run.stderr
    assert "Lingeling (published)" in run.stdout
    doc = json.loads((out / "hard-asp.json").read_text())
    published = {r["instance"]: r["published"] for r in doc["runs"]}
    assert sorted(published.values()) == ["sat", "unsat"]
    for r in doc["runs"]:
        assert r["status"] == r["published"], r  # answered, and as published
    lines = (out / "hard-asp.csv").read_text().splitlines()
    assert lines[0].startswith("# {") and '"load"' in lines[0] and '"date"' in lines[0]
    assert len(list(csv.DictReader(lines[1:]))) == 4
    assert (out / "hard-asp.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_generated_suite_agrees_with_brute_force(tmp_path: Path) -> None:
    out = tmp_path / "out"
    run = _bench("--suite", "blocked", "--n", "6", "--range", "8..14:6", "--seeds", "1..2",
                 "--min-free", "2", "--subjects", "backtrack,cpsat", "--run-timeout", "60",
                 "--output-dir", str(out))
    assert run.returncode == 0, run.stderr
    doc = json.loads((out / "hard-blocked.json").read_text())
    assert len(doc["runs"]) == 8
    folder = out / "hard-blocked-instances"
    for r in doc["runs"]:
        text = (folder / r["instance"]).read_text()
        blocks = json.loads(text.split("blocks =", 1)[1])
        cells = tuple((a - 1, b - 1) for a, b in blocks)
        expected = "sat" if brute_force_solutions(6, (), cells) else "unsat"
        assert r["status"] == expected, r


def test_a_wrong_published_answer_is_reported_loudly(tmp_path: Path) -> None:
    sets = tmp_path / "set"
    sets.mkdir()
    source = REPO / "benchmarks" / "asp-blocked-28"
    row = (source / "lingeling-results.tsv").read_text().splitlines()[0]
    n, ident, answer, seconds = row.split("\t")
    shutil.copy(source / f"blockedqueens.28.{ident}.param", sets)
    flipped = "SATISFIABLE" if answer == "UNSATISFIABLE" else "UNSATISFIABLE"
    (sets / "lingeling-results.tsv").write_text(f"{n}\t{ident}\t{flipped}\t{seconds}\n")
    run = _bench("--suite", "asp", str(sets), "--subjects", "sat", "--run-timeout", "60",
                 "--output-dir", str(tmp_path / "out"))
    assert run.returncode != 0
    assert "DISAGREEMENT" in run.stderr and ident in run.stderr


def test_paths_starting_with_a_dash_reach_the_runs(tmp_path: Path) -> None:
    """--output-dir=-x: the generated instances' paths start with '-' and reach each `solve`
    as paths, not options; a second run into it is refused before any work (what --force
    lets through: tests/cli/test_bench_options.py)."""
    argv = ["bench", "--suite", "blocked", "--n", "6", "--range", "8", "--seeds", "1..1",
            "--min-free", "2", "--subjects", "backtrack", "--run-timeout", "60",
            "--output-dir=-x"]

    def bench(*extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "nqueens", *argv, *extra], cwd=tmp_path,
                              capture_output=True, text=True, timeout=240)

    first = bench()
    assert first.returncode == 0, first.stderr
    [run] = json.loads((tmp_path / "-x" / "hard-blocked.json").read_text())["runs"]
    instance = (tmp_path / "-x" / "hard-blocked-instances" / run["instance"]).read_text()
    cells = tuple((a - 1, b - 1) for a, b in json.loads(instance.split("blocks =", 1)[1]))
    assert run["status"] == ("sat" if brute_force_solutions(6, (), cells) else "unsat"), run
    again = bench()
    assert again.returncode == 2 and again.stderr.count("\n") == 1
    assert "already exists, from an earlier run; use --force" in again.stderr
    assert again.stdout == "" and "[1/1]" not in again.stderr  # nothing ran
