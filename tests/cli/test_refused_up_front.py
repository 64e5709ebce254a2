"""Every job refuses, before any work, a board it cannot finish within memory or range: on
the command line one line and exit 2, in the API one QueensError, each within a second and
under a 2 GiB address-space cap (a refusal that regressed into an attempt fails with a
MemoryError or a hang instead of passing). The largest board any input accepts is 10^8; the
jobs are those the plan decides: solve (each backend that models the board), every solution,
count (and its plan, its cross-check, its certificate), explain (each oracle), most queens,
trace, stats, estimate, tree, play, describe, export and encodings."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import nqueens

Run = Callable[..., Any]

HUGE = str(10**8)

COMMANDS = [
    ("solve", HUGE),
    ("solve", HUGE, "--backend", "sat"),
    ("solve", HUGE, "--backend", "cpsat"),
    ("solve", HUGE, "--backend", "backtrack"),
    ("solve", HUGE, "--certify"),
    ("solve", HUGE, "--all"),
    ("solve", HUGE, "--most-queens"),
    ("count", HUGE),
    ("count", "30", "--plan"),
    ("count", HUGE, "--cross-check"),
    ("count", HUGE, "--certify"),
    ("explain", HUGE),
    ("explain", HUGE, "--oracle", "sat"),
    ("explain", HUGE, "--repair"),
    ("trace", HUGE),
    ("stats", HUGE),
    ("estimate", HUGE),
    ("tree", HUGE, "-o", "{tmp}/tree.svg"),
    ("tree", HUGE, "--first", "-o", "{tmp}/tree.svg"),
    ("tree", HUGE, "-o", "{tmp}/tree.html"),
    ("play", HUGE, "-o", "{tmp}/play.html"),
    ("describe", HUGE),
    ("export", HUGE, "--to", "dimacs", "-o", "{tmp}/q.cnf"),
    ("export", HUGE, "--to", "cpsat", "-o", "{tmp}/q.pb.txt"),
    ("encodings", HUGE),
]


@pytest.mark.usefixtures("memory_cap")
@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_a_command_refuses_a_board_it_cannot_do_at_once(run_cli: Run, tmp_path: Path,
                                                       argv: tuple[str, ...]) -> None:
    args = [arg.format(tmp=tmp_path) for arg in argv]
    started = time.perf_counter()
    result = run_cli(*args)
    took = time.perf_counter() - started
    assert result.code == 2, result.err
    lines = result.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("nqueens: error: "), result.err
    assert result.out == "" and list(tmp_path.iterdir()) == []  # nothing written
    assert took < 1.0, took


API_CALLS: list[tuple[str, Callable[[], Any]]] = [
    ("solve sat", lambda: nqueens.solve(10**8, backend="sat")),
    ("solve cpsat", lambda: nqueens.solve(10**8, backend="cpsat")),
    ("solve construct", lambda: nqueens.solve(10**8)),
    ("solutions", lambda: list(nqueens.solutions(10**8))),
    ("count", lambda: nqueens.count(10**8)),
    ("count certified", lambda: nqueens.count(10**8, certify=True)),
    ("cross_check", lambda: nqueens.cross_check(10**8)),
    ("plan_count", lambda: nqueens.plan_count(30)),
    ("explain", lambda: nqueens.explain(10**8)),
    ("explain sat", lambda: nqueens.explain(10**8, oracle="sat")),
    ("most_queens", lambda: nqueens.most_queens(10**8)),
    ("most_queens beyond range", lambda: nqueens.most_queens(10**9)),
    ("propagate", lambda: nqueens.propagate(10**8)),
    ("play", lambda: nqueens.play(10**8)),
    ("plan", lambda: nqueens.plan(10**8, "count")),
]


@pytest.mark.usefixtures("memory_cap")
@pytest.mark.parametrize(("name", "call"), API_CALLS, ids=[name for name, _ in API_CALLS])
def test_an_api_call_refuses_a_board_it_cannot_do_at_once(name: str,
                                                         call: Callable[[], Any]) -> None:
    started = time.perf_counter()
    with pytest.raises(nqueens.QueensError) as raised:
        call()
    took = time.perf_counter() - started
    assert str(raised.value) and "\n" not in str(raised.value)
    assert took < 1.0, (name, took)
