"""`solve --certify` and `verify --proof` as users run them: the real command in a
subprocess, each bounded in time."""

from __future__ import annotations

import json
from pathlib import Path

from brute_force import brute_force_solutions
from cli_process import run
from optional import require

require("dratify", "pip install '.[certify]'")

#: Seconds one whole certified solve of an 8x8 completion may take on a loaded machine.
BOUND = 60


def test_a_certified_no_is_checked_again_on_another_run(tmp_path: Path) -> None:
    model = tmp_path / "dead.toml"
    assert run("model", "8", "--fixed", "0,0", "1,2", "-o", str(model), timeout=BOUND).returncode == 0
    assert not brute_force_solutions(8, ((0, 0), (1, 2)))  # the reference: no completion
    proof = tmp_path / "dead.drat"
    solved = run("solve", str(model), "--certify", "--proof", str(proof), "--format", "json",
                 timeout=BOUND)
    assert solved.returncode == 1, solved.stderr
    doc = json.loads(solved.stdout)
    assert doc["certified"] is True and doc["count"] == 0 and doc["proof"] == str(proof)
    assert all(checker["ok"] for checker in doc["certificate"]["checkers"])
    verified = run("verify", "--proof", str(proof), "--model", str(model), timeout=BOUND)
    assert verified.returncode == 0 and verified.stdout.startswith("certified: no solution")
    # the same proof does not certify the instance without the fixed queens (it has solutions)
    assert run("verify", "--proof", str(proof), "--model", "8", timeout=BOUND).returncode == 4


def test_a_damaged_proof_file_exits_4(tmp_path: Path) -> None:
    proof = tmp_path / "q3.drat"
    assert run("solve", "3", "--certify", "--proof", str(proof), timeout=BOUND).returncode == 1
    proof.write_text("\n".join(proof.read_text().splitlines()[:-1]) + "\n")  # no empty clause
    checked = run("verify", "--proof", str(proof), "--model", "3", timeout=BOUND)
    assert checked.returncode == 4 and checked.stdout.startswith("not certified")
