"""`solve --certify` on a posed model with an objective, and `verify --proof --optimum`:
the optimum of queen domination on the 5-board (OEIS A075458: 3) certified, its proof
replayed against the right claim and refused against a wrong one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from optional import require

require("dratify", "pip install '.[certify]'")


def test_the_command_line_certifies_an_optimum_and_replays_it(run_cli: Any,
                                                              tmp_path: Path) -> None:
    proof = tmp_path / "d5.drat"
    solved = run_cli("solve", "domination-5", "--certify", "--proof", str(proof))
    assert solved.code == 0, solved.err
    said = ("certified: optimum 3: the validator checked a placement of 3 queens, and no "
            "placement of fewer queens exists")  # A075458(5) = 3
    assert said in solved.out
    replayed = run_cli("verify", "--proof", str(proof), "--model", "domination-5",
                       "--optimum", "3")
    assert replayed.code == 0 and replayed.out.startswith(
        "certified: no placement of fewer queens than 3"), replayed.err
    wrong = run_cli("verify", "--proof", str(proof), "--model", "domination-5", "--optimum", "4")
    assert wrong.code == 4 and wrong.out.startswith("not certified")
    missing = run_cli("verify", "--proof", str(proof), "--model", "domination-5")
    assert missing.code == 2 and len(missing.err.splitlines()) == 1
    assert "--optimum V" in missing.err
