"""Messages say "1 solution" and "2 solutions": a count of one takes the singular, in every
command that words a count."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

RunCli = Callable[..., Any]  # the run_cli fixture (tests/conftest.py)


def test_a_count_of_one_is_singular(run_cli: RunCli, tmp_path: Path) -> None:
    made = run_cli("generate", "completion", "8", "2", "--seeds", "1..1", "-o", str(tmp_path))
    assert made.code == 0 and made.err == f"wrote 1 completion instance to {tmp_path}\n"
    assert run_cli("count", "1", "-b", "sat").out.startswith("1-queens: 1 solution [")
    assert "1-queens: 1 solution, the only one [" in run_cli("solve", "1", "--all").out
    assert "1 solution (stopped at the limit)" in run_cli("solve", "4").out
    assert run_cli("trace", "1").out.endswith(", 1 solution\n")
    unique = run_cli("count", "6", "--fixed", "0,1", "-b", "backtrack", "--unique").out
    assert (": 1 fundamental solution up to the identity alone (no other symmetry maps this "
            "instance onto itself); 1 in all [") in unique
    assert "invalid: expected 1 queen (one per row), got 2" in run_cli(
        "verify", "--n", "1", str(_write(tmp_path / "p.txt", "0 0"))).out
    many = run_cli("generate", "completion", "8", "2", "--seeds", "2..3", "-o", str(tmp_path))
    assert many.err == f"wrote 2 completion instances to {tmp_path}\n"


def _write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path
