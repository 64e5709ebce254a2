"""One meaning per spelling across the commands: --limit is solutions and -o a file
(bench: --run-timeout and --output-dir), JSON is 0-based (trace too), the board options
(--fixed/--forbidden) wherever a board is named, an unknown argument points to the
subcommand's help, help text wrapped, and a warning only where a faster route exists."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from conftest import CliResult

from nqueens.planning import Split, plan

from brute_force import brute_force_solutions


def test_max_steps_is_counted_in_moves(run_cli: Callable[..., CliResult]) -> None:
    out = run_cli("solve", "--help").out
    assert "--max-steps MOVES" in out and "--max-steps S " not in out


def test_bench_spells_its_options_as_a_directory_and_seconds(
    run_cli: Callable[..., CliResult],
) -> None:
    out = run_cli("bench", "--help").out
    assert "--output-dir DIR" in out and "--run-timeout S" in out
    assert "--limit" not in out and "-o " not in out  # the old spellings work, unlisted


def test_trace_json_is_zero_based(run_cli: Callable[..., CliResult]) -> None:
    doc = json.loads(run_cli("trace", "4", "--format", "json").out)
    assert doc["events"][0] == {"step": "a", "event": "check", "row": 0, "col": 0,
                                "promising": True}
    assert doc["events"][-1] == {"step": "k", "event": "solution", "columns": [1, 3, 0, 2]}
    assert doc == json.loads(run_cli("trace", "4", "--zero-based", "--format", "json").out)


@pytest.mark.parametrize("argv", [
    ["describe", "6", "-b", "backtrack", "--format", "json"],
    ["export", "6", "--to", "dimacs"],
    ["encodings", "6", "--count-up-to", "6", "--format", "json"],
])
def test_every_command_naming_a_board_takes_its_cells(
    argv: list[str], run_cli: Callable[..., CliResult],
) -> None:
    plain = run_cli(*argv)
    cells = run_cli(*argv, "--fixed", "0,1", "--forbidden", "2,0")
    assert plain.code == cells.code == 0, cells.err
    assert plain.out != cells.out
    if argv[0] == "describe":
        problem = json.loads(cells.out)["problem"]
        assert (problem["fixed"], problem["forbidden"]) == (1, 1)
    if argv[0] == "export":
        lines = cells.out.splitlines()  # cell (r, c) is variable 6 r + c + 1 (its comments say)
        assert "c cell 2 = row 0 col 1" in lines and "c cell 13 = row 2 col 0" in lines
        assert "2 0" in lines and "-13 0" in lines  # the fixed and the forbidden unit clauses
        assert "2 0" not in plain.out.splitlines()
    if argv[0] == "encodings":
        rows = json.loads(cells.out)["rows"]
        expected = len(brute_force_solutions(6, ((0, 1),), ((2, 0),)))
        assert {row["count"] for row in rows} == {expected}


@pytest.mark.parametrize("argv", [["solve", "8", "--bogus"], ["count", "8", "extra"],
                                  ["verify", "--nonsense", "x"]])
def test_an_unknown_argument_points_to_the_subcommands_help(
    argv: list[str], run_cli: Callable[..., CliResult],
) -> None:
    got = run_cli(*argv)
    assert got.code == 2 and got.err.count("\n") == 1
    assert f"(see 'nqueens {argv[0]} --help')" in got.err


@pytest.mark.parametrize("command", ["trace", "tree", "play"])
def test_the_textbook_commands_help_is_wrapped(command: str,
                                               run_cli: Callable[..., CliResult]) -> None:
    assert max(map(len, run_cli(command, "--help").out.splitlines())) <= 80


def test_a_forecast_is_information_a_warning_points_to_something_better() -> None:
    # the default count route is the fastest: no warning, whatever the executor
    assert plan(17, "count", "auto", split=Split(executor="dask")).warning is None
    assert plan(17, "count", "backtrack").warning is None
    slow = plan(14, "count", "sat").warning  # sat counts 14 in about a minute
    assert slow is not None and "--backend backtrack takes" in slow
