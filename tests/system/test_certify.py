"""`solve --certify` and `verify --proof` as users run them: the real command in a
subprocess, each bounded in time."""

from __future__ import annotations

import json
from pathlib import Path

from brute_force import brute_force_solutions
from cli_process import interrupted_once_waiting, run
from known_counts import A000170
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


def test_a_certified_count_of_12_queens_is_checked_again_from_its_files(tmp_path: Path) -> None:
    proof = tmp_path / "q12.drat"
    counted = run("count", "12", "--certify", "--proof", str(proof), "--format", "json",
                  timeout=BOUND)
    assert counted.returncode == 0, counted.stderr
    doc = json.loads(counted.stdout)
    assert doc["count"] == A000170[12] == len({tuple(p) for p in doc["solutions"]})
    assert doc["certified"] is True and doc["certificate"]["blocked"] == A000170[12]
    listed = tmp_path / "q12.solutions.json"
    verified = run("verify", "--proof", str(proof), "--model", "12", "--solutions", str(listed),
                   timeout=BOUND)
    assert verified.returncode == 0 and verified.stdout.startswith("certified: no other")


#: The command with the proof's replay (or CaDiCaL's solve) made to hang until a signal:
#: it says "waiting" on stderr, then waits.
_HANGING = (
    "import sys, time\n"
    "import nqueens.proofs.checkers as checkers\n"
    "import nqueens.backends.sat as sat\n"
    "def replay(*args, **kwargs):\n"
    "    print('waiting', file=sys.stderr, flush=True)\n"
    "    time.sleep(60)\n"
    "def solve(compiled, solver, deadline):\n"
    "    print('waiting', file=sys.stderr, flush=True)\n"
    "    while not deadline.expired():\n"
    "        time.sleep(0.01)\n"
    "    return None, []\n"
    "checkers._run_checkers = replay\n"
    "sat.refute_with_proof = solve\n"
    "from nqueens.entry import main\n"
    "raise SystemExit(main())\n"
)


def _interrupted(*args: str) -> tuple[int, str, str]:
    """Run the command with `_HANGING`, SIGINT it once it waits; (code, stdout, stderr)."""
    return interrupted_once_waiting(_HANGING, *args, timeout=BOUND)


def test_ctrl_c_during_the_replay_keeps_the_answer_and_the_proof(tmp_path: Path) -> None:
    # issue 32 item 3: the search had answered; the stop cuts only the replay short
    proof = tmp_path / "c8.drat"
    code, out, err = _interrupted("solve", "completion-8-unsat", "--certify", "--proof", str(proof))
    assert code == 3 and out.startswith("8-queens, 2 fixed: no solution exists")
    assert err == ("nqueens: interrupted by SIGINT before the proof was replayed: the answer is "
                   "not certified; the proof is kept: replay it later with `nqueens verify "
                   f"--proof {proof} --model completion-8-unsat`\n")
    verified = run("verify", "--proof", str(proof), "--model", "completion-8-unsat",
                   timeout=BOUND)
    assert verified.returncode == 0, verified.stderr


def test_ctrl_c_while_the_solver_makes_the_proof_names_the_signal(tmp_path: Path) -> None:
    code, out, err = _interrupted("solve", "3", "--backend", "sat", "--certify", "--proof",
                                  str(tmp_path / "q3.drat"))
    assert code == 3 and "no solution exists" in out
    assert err == ("nqueens: interrupted by SIGINT: stopped before cadical195 had made the "
                   "proof; the answer is not certified\n")
