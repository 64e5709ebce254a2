"""User-facing lines in plain words (issue 39, 17): no Python dict, no advice to run a
command that is not a command the user can run, "1 queen" not "queen(s)", and a "wrote
FILE" line from every command that writes a file, `solve -o` too."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import CliResult

from nqueens.playing.rules import propagate

from optional import require
from replays import replays_wait_for_the_deadline


def test_a_checkpoint_of_another_route_is_named_in_words() -> None:
    # what a refused --checkpoint says it was written for (a join count's options)
    fields = {"type": "header", "version": 1, "n": 20, "variant": "queens", "fixed": [],
              "forbidden": [], "backend": "backtrack", "options": {"join_units": 2},
              "split_depth": 3, "subproblems": 64, "plan": "join"}
    from nqueens.counting import ledger

    text = ledger._describe(fields)
    assert "{" not in text and "'" not in text, text
    assert text == ("n=20 queens, backend backtrack (join units 2), split depth 3 "
                    "(64 subproblems)")


def test_one_forced_queen_is_singular() -> None:
    found = propagate(6, queens=[(0, 1), (2, 5)])
    assert len(found.forced) == 1 and not found.dead
    assert "it forces 1 queen:" in found.explain() and "queen(s)" not in found.explain()


def test_a_stopped_verify_does_not_tell_the_user_to_run_verify(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        run_cli: Callable[..., CliResult]) -> None:
    require("dratify", "pip install '.[certify]'")
    proof = tmp_path / "q3.drat"
    assert run_cli("solve", "3", "--certify", "--proof", str(proof)).code == 1
    replays_wait_for_the_deadline(monkeypatch)  # a replay the time limit cuts short
    got = run_cli("verify", "--proof", str(proof), "--model", "3", "--timeout", "0.3")
    assert got.code == 3, got.err
    assert got.err.startswith("nqueens: verify ") and "stopped before" in got.err
    assert "replay it later" not in got.err and "`nqueens verify" not in got.err


def test_solve_output_says_what_it_wrote(tmp_path: Path,
                                         run_cli: Callable[..., CliResult]) -> None:
    require("matplotlib")
    one = run_cli("solve", "8", "-o", str(tmp_path / "one.svg"))
    assert one.code == 0 and one.err == f"wrote {tmp_path / 'one.svg'} (1 board)\n"
    many = run_cli("solve", "6", "--all", "-o", str(tmp_path / "all.png"), "--format", "json")
    assert many.code == 0 and many.err == f"wrote {tmp_path / 'all.png'} (4 boards)\n"
    assert json.loads(many.out)["count"] == 4  # stdout stays the document alone
