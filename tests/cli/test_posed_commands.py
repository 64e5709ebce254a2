"""The command-line paths a posed model reaches that the library tests do not: `explain` of a
region puzzle with a wrong queen and its refusal for other rows, `export --to dimacs` of a
puzzle, and `verify --optimum` without a proof."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def test_explain_names_the_wrong_queen_of_a_region_puzzle(run_cli: Any) -> None:
    # regions-6's one solution has its row-0 queen in column 3 (models/regions-6.toml)
    shown = run_cli("explain", "regions-6", "--fixed", "0,0")
    assert shown.code == 0, shown.err
    assert shown.out.startswith("regions-6: no solution; a minimal set of 1 of its 1 given")
    assert "fixed queen (0, 0)" in shown.out
    refused = run_cli("explain", "starbattle-10", "--fixed", "0,0")
    assert refused.code == 2 and len(refused.err.splitlines()) == 1
    assert "every row holds exactly one queen" in refused.err


def test_a_region_puzzle_exports_to_dimacs(run_cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "r6.cnf"
    done = run_cli("export", "regions-6", "--to", "dimacs", "-o", str(out))
    assert done.code == 0, done.err
    text = out.read_text()
    assert text.startswith("c t pmc\np cnf 36 ") and "larger bounds by seqcounter" in text


def test_an_optimum_without_a_proof_is_refused(run_cli: Any) -> None:
    refused = run_cli("verify", "--model", "domination-5", "--optimum", "3")
    assert refused.code == 2 and refused.out == ""
    assert refused.err.strip().endswith("--optimum names what a proof is about; add --proof PROOF")
