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


def test_cells_given_on_the_command_line_keep_the_models_rules(run_cli: Any,
                                                                tmp_path: Path) -> None:
    """`--forbidden` / `--fixed` add cells to a posed model; its rules and objective stay
    (they were dropped, and an empty board was "certified" with no queen)."""
    solved = run_cli("solve", "domination-5", "--forbidden", "2,2", "--certify", "--proof",
                     str(tmp_path / "d.drat"))
    assert solved.code == 0, solved.err
    assert "1 forbidden: optimum 3 queens (proved)" in solved.out  # A075458(5) = 3
    assert "certified: optimum 3: the validator checked a placement of 3 queens" in solved.out
    placement = tmp_path / "one.txt"
    placement.write_text("Q....\n.....\n.....\n.....\n.....\n")
    checked = run_cli("verify", str(placement), "--model", "domination-5", "--fixed", "0,0")
    assert checked.code == 1 and "not at least 1" in checked.out


def test_what_a_posed_proof_is_replayed_against_is_checked_first(run_cli: Any,
                                                                  tmp_path: Path) -> None:
    proof = tmp_path / "d5.drat"
    assert run_cli("solve", "domination-5", "--certify", "--proof", str(proof)).code == 0
    for argv, said in (
            (("verify", "--proof", str(proof), "--model", "independent-domination-5",
              "--optimum", "3", "--encoding", "bogus"), "unknown encoding 'bogus'"),
            (("verify", "--proof", str(proof), "--model", "domination-5", "--optimum",
              "99999999999999999999"), "more queens than the 25 cells"),
            (("export", "starbattle-10", "--to", "dimacs", "--encoding", "bogus", "-o",
              str(tmp_path / "x.cnf")), "unknown encoding 'bogus'"),
            (("describe", "regions-6", "--encoding", "bogus"), "unknown encoding 'bogus'")):
        refused = run_cli(*argv)
        assert refused.code == 2 and refused.out == "", (argv, refused.err)
        lines = refused.err.splitlines()
        assert len(lines) == 1 and said in lines[0], (argv, refused.err)
    assert not (tmp_path / "x.cnf").exists()
