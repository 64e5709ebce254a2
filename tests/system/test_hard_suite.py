"""`nqueens bench --suite` end to end on a few tiny instances (whole processes; a smoke test of
the runs, the cross-check and the files, not of speed)."""

from __future__ import annotations

import csv
import importlib.util
import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from brute_force import brute_force_solutions
from brute_force_posed import solve as brute_solve
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


def _other_projects() -> str:
    """The other projects' solvers as subjects, skipped (failed in CI) when absent."""
    from optional import missing

    if shutil.which("java") is None:
        missing("needs Java for ACE and Choco (apt-get install default-jre-headless)")
    for module in ("pycsp3", "cpmpy", "exact"):
        if importlib.util.find_spec(module) is None:
            missing(f"needs {module} (pip install '.[ecosystem]')")
    subjects = "auto,ace,choco,cpmpy-exact,cpmpy-ortools"
    return subjects + (",minizinc" if shutil.which("minizinc") else "")


def test_other_projects_solvers_agree_on_region_puzzles(tmp_path: Path) -> None:
    """Random region maps solved by the toolkit, ACE, Choco and CPMpy (Exact, OR-Tools) as
    whole processes, each answer held to the brute force of tests/brute_force_posed.py over
    the map read from the instance file (with tomllib, not the package)."""
    out = tmp_path / "out"
    run = _bench("--suite", "regions", "--range", "5..6", "--seeds", "1..3", "--subjects",
                 _other_projects(), "--run-timeout", "60", "--output-dir", str(out))
    assert run.returncode == 0, run.stderr
    doc = json.loads((out / "hard-regions.json").read_text())
    expected = {}
    for path in (out / "hard-regions-instances").iterdir():
        grid = tomllib.loads(path.read_text())["regions"].split()
        problem = {"n": len(grid), "regions": [[ord(ch) for ch in row] for row in grid],
                   "rules": [{"family": family, "lo": 1, "hi": 1}
                             for family in ("rows", "columns", "regions")]
                   + [{"family": "king", "lo": 0, "hi": 1}]}
        expected[path.name] = "sat" if brute_solve(problem)[1] else "unsat"
    assert len(expected) == 6 and len(set(expected.values())) == 2  # some yes, some no
    subjects = {r["subject"] for r in doc["runs"]}
    assert {"ACE", "Choco", "CPMpy+Exact", "CPMpy+OR-Tools"} <= subjects
    for r in doc["runs"]:
        assert r["status"] == expected[r["instance"]], r


def test_other_projects_solvers_prove_the_published_domination_numbers(tmp_path: Path) -> None:
    """Queen domination for n = 4, 5: every subject proves the optimum that OEIS A075458
    publishes (2, 3), its placement checked by the shared validator in the bench."""
    out = tmp_path / "out"
    run = _bench("--suite", "domination", "--range", "4..5", "--subjects", _other_projects(),
                 "--run-timeout", "60", "--output-dir", str(out))
    assert run.returncode == 0, run.stderr
    doc = json.loads((out / "hard-domination.json").read_text())
    a075458 = {4: 2, 5: 3}
    assert len(doc["runs"]) == 2 * len(doc["meta"]["subjects"])
    for r in doc["runs"]:
        assert (r["status"], r["optimum"]) == ("sat", a075458[r["n"]]), r
