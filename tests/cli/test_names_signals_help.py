"""Issue 10 items that are not command-line fuzz cases: the API's names, the status a user
sees, signals before a command's guard, the shared --fixed/--forbidden helper, the
picture and help decisions."""

from __future__ import annotations

import argparse
import json
import os
import signal
from typing import Any

import pytest

import nqueens
from nqueens import cli
from nqueens.cli.common import add_cell_arguments, load_problem_args
from nqueens.errors import InputError
from nqueens.result import Status
from nqueens.validator import find_violations


def test_found_is_the_one_name(run_cli: Any) -> None:
    """Status.FOUND (the README's name) prints as found, in Python and in JSON alike."""
    assert Status.FOUND is Status.LIMIT_REACHED
    assert Status.FOUND.value == "found" and repr(Status.FOUND) == "<Status.FOUND: 'found'>"
    outcome = nqueens.solve(6, backend="backtrack")
    assert outcome.status is Status.FOUND and repr(outcome).startswith("Outcome(found, ")
    assert find_violations(nqueens.Spec(6), outcome.solution) == []
    doc = json.loads(run_cli("solve", "6", "-b", "backtrack", "--format", "json").out)
    assert doc["status"] == "found" and doc["solutions"] == [list(outcome.solution)]


def test_search_is_exported() -> None:
    outcome = nqueens.search(6, backend="backtrack", limit=3)
    assert outcome.count == 3 and len(outcome.solutions) == 3
    for placement in outcome.solutions:
        assert find_violations(nqueens.Spec(6), placement) == []


def test_all_true_says_what_to_call() -> None:
    with pytest.raises(InputError, match=r"nqueens\.solutions\(N\).*nqueens\.count\(N\)"):
        nqueens.solve(8, all=True)


def test_fixed_and_forbidden_from_args_add_to_a_model() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("problem")
    parser.add_argument("--variant", default=None)
    add_cell_arguments(parser)
    spec = load_problem_args(parser.parse_args(["completion-8-a1", "--forbidden", "7,7"]))
    assert spec.n == 8 and (7, 7) in spec.forbidden and spec.fixed  # the model's fixed cell kept
    with pytest.raises(InputError, match="off the 8x8 board"):
        load_problem_args(parser.parse_args(["8", "--fixed", "8,0"]))


def test_solve_with_cells_agrees_with_brute_force(capsys: pytest.CaptureFixture[str]) -> None:
    from itertools import permutations

    forbidden = {(1, 2), (4, 4)}
    brute = sum(
        1 for p in permutations(range(6))
        if p[0] == 1 and not any((r, c) in forbidden for r, c in enumerate(p))
        and all(abs(p[i] - p[j]) != j - i for i in range(6) for j in range(i + 1, 6))
    )
    code = cli.main(["solve", "6", "--all", "--fixed", "0,1", "--forbidden", "1,2", "4,4",
                     "-b", "backtrack", "--format", "json"])
    import json

    doc = json.loads(capsys.readouterr().out)
    assert code == (0 if brute else 1)
    assert doc["count"] == brute
    spec = nqueens.Spec(6, fixed=[(0, 1)], forbidden=sorted(forbidden))
    for placement in doc["solutions"]:
        assert find_violations(spec, placement) == []


def test_sigterm_before_the_guard_is_one_line_and_exit_3(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    original = cli.build_parser

    def interrupted_build(*only: str) -> argparse.ArgumentParser:
        os.kill(os.getpid(), signal.SIGTERM)  # as if it arrived while modules import
        return original(*only)

    monkeypatch.setattr(cli, "build_parser", interrupted_build)
    assert cli.main(["models"]) == 3
    assert capsys.readouterr().err == "nqueens: interrupted\n"
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL  # restored afterwards


def test_ctrl_c_inside_a_solver_import_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    def failing_import(args: argparse.Namespace) -> int:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise ImportError("initialization failed") from None

    parser = cli.build_parser()
    monkeypatch.setattr(cli, "build_parser", lambda *only: parser)
    parser._subparsers._group_actions[0].choices["models"].set_defaults(handler=failing_import)
    assert cli.main(["models"]) == 3
    assert capsys.readouterr().err == "nqueens: interrupted\n"


def test_count_help_helper_lists_only_backends_that_count() -> None:
    from nqueens.cli.common import add_backend_arguments

    parser = argparse.ArgumentParser()
    add_backend_arguments(parser, exhaustive_only=True)
    listed = next(a.metavar for a in parser._actions if a.dest == "backend")  # what --help shows
    assert "genetic" not in listed and "construct" not in listed
    assert {"cpsat", "sat", "backtrack"} <= set(listed.strip("{}").split(","))
