"""--timeout on the paths that once ignored it: `verify` of a large placement (and against a
large model), and `solve MODEL -b permutation --all` on a model file. Each stops with exit 3
and one word of what is known, well before the work would have finished."""

from __future__ import annotations

import time
from pathlib import Path

from cli_process import run


def _big_placement(path: Path, n: int) -> None:
    path.write_text(" ".join(map(str, range(n))) + "\n")  # n queens on one diagonal


def test_verify_honours_its_time_limit(tmp_path: Path) -> None:
    placement = tmp_path / "big.txt"
    _big_placement(placement, 1_000_000)  # about 12 s to check here
    started = time.monotonic()
    got = run("verify", str(placement), "--timeout", "0.5", timeout=60)
    assert got.returncode == 3, got.stderr
    assert "verify stopped (timeout) before a verdict" in got.stderr and got.stdout == ""
    assert time.monotonic() - started < 8


def test_verify_against_a_large_model_honours_its_time_limit(tmp_path: Path) -> None:
    model = tmp_path / "m.toml"
    n = 600_000
    model.write_text(f"n = {n}\nforbidden = [[0, 1]]\n")
    placement = tmp_path / "p.txt"
    _big_placement(placement, n)
    started = time.monotonic()
    got = run("verify", str(placement), "--model", str(model), "--timeout", "0.3", timeout=60)
    assert got.returncode == 3, got.stderr
    assert time.monotonic() - started < 8


def test_a_permutation_walk_of_a_model_file_honours_its_time_limit(tmp_path: Path) -> None:
    model = tmp_path / "m.toml"
    model.write_text("n = 1500\nfixed = [[0, 0]]\n")
    started = time.monotonic()
    got = run("solve", str(model), "-b", "permutation", "--all", "--timeout", "0.1",
              "--format", "jsonl", timeout=60)
    assert got.returncode == 3, got.stderr
    assert '"status": "timeout"' in got.stdout.splitlines()[-1]
    assert time.monotonic() - started < 8
