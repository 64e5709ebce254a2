"""`planning.plan_explanation` and `planning.plan_most_queens`, the one front door of
explain and most queens for the CLI and the API: a board that cannot be done within memory
(or within the range of the oracle) is refused in well under a second with the estimate, a
QueensError and never a ValueError; unknown keywords are a QueensError; the records
serialise themselves; a stop keeps what was proved."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

import nqueens
from nqueens.errors import InputError, QueensError, SizeLimitError
from nqueens.explanations import Explanation
from nqueens.explanations.mostqueens import METHODS, SOLVERS
from nqueens.planning import plan_explanation, plan_most_queens
from nqueens.result import Deadline

from brute_force import brute_force_most_queens, brute_force_solutions
from optional import require


def refused_fast(call: Callable[[], Any]) -> str:
    """The SizeLimitError `call()` raises, measured to come in under a second."""
    started = time.perf_counter()
    with pytest.raises(SizeLimitError) as caught:
        call()
    assert time.perf_counter() - started < 1.0
    return str(caught.value)


@pytest.mark.parametrize("oracle", ["sat", "auto"])
def test_explain_a_board_beyond_memory_or_range_is_refused_at_once(oracle: str) -> None:
    # main built a CNF for 48 s (sat, n = 400) or raised ValueError("n out of range")
    n = 400 if oracle == "sat" else 65536
    message = refused_fast(lambda: nqueens.explain(n, oracle=oracle, timeout=5))
    assert f"{n}x{n}" in message or f"{n:,}" in message or str(n) in message
    assert "clauses" in message or "GB" in message  # the estimate
    assert "smaller board" in message  # the way out


def test_explain_of_a_board_up_to_10_to_the_8_is_refused_with_its_memory() -> None:
    message = refused_fast(lambda: nqueens.explain(10**8, timeout=5))
    assert "PB" in message and "explain a smaller board" in message


@pytest.mark.parametrize("backend", ["auto", "cpsat", "sat"])
def test_most_queens_of_a_huge_board_is_refused_at_once(backend: str) -> None:
    # main: most_queens(10**9, timeout=5) never returned
    message = refused_fast(lambda: nqueens.most_queens(10**9, backend=backend, timeout=5))
    assert "1000000000x1000000000" in message and ("TB" in message or "PB" in message)


def test_an_uninterruptible_build_longer_than_the_limit_is_refused() -> None:
    message = refused_fast(lambda: nqueens.explain(150, oracle="sat", timeout=2))
    assert "to build" in message and "oracle='propagate'" in message
    message = refused_fast(lambda: nqueens.most_queens(150, backend="sat", timeout=1))
    assert "to build" in message and "cpsat" in message


def test_the_plan_is_what_runs() -> None:
    chosen = plan_explanation("completion-8-unsat", smallest=False, oracle="auto")
    assert chosen.oracle in ("propagate", "sat") and len(chosen.givens) == 2
    why = chosen.run()
    assert why.satisfiable is False and why.minimal and why.complete
    assert not brute_force_solutions(8, ((0, 0), (1, 2)))
    assert plan_explanation(8, oracle="sat").oracle == "sat"
    most = plan_most_queens("completion-8-unsat", method="both")
    assert most.solvers == METHODS["both"] and set(most.solvers) <= set(SOLVERS)
    answer = most.run()
    assert answer.count == brute_force_most_queens(8, ((0, 0), (1, 2))) == 7


@pytest.mark.parametrize("call", [
    lambda: nqueens.explain(8, smalest=True),
    lambda: nqueens.most_queens(8, cross_chek=True),
], ids=["explain", "most_queens"])
def test_an_unknown_keyword_is_a_queens_error_naming_it(call: Callable[[], Any]) -> None:
    with pytest.raises(InputError) as caught:  # main: TypeError
        call()
    message = str(caught.value)
    assert ("'smalest'" in message and "smallest" in message.split("takes:")[1]) or (
        "'cross_chek'" in message and "cross_check" in message.split("takes:")[1])


def test_an_unknown_method_or_oracle_is_refused_by_the_plan() -> None:
    with pytest.raises(QueensError, match="unknown most-queens method"):
        plan_most_queens(8, method="greedy")
    with pytest.raises(QueensError, match="unknown oracle"):
        plan_explanation(8, oracle="magic")


def test_most_queens_names_its_empty_rows_and_columns() -> None:
    answer = nqueens.most_queens("completion-8-unsat")
    rows = {r for r, _ in answer.queens}
    columns = {c for _, c in answer.queens}
    assert answer.count == 7
    assert answer.empty_rows == tuple(r for r in range(8) if r not in rows) and answer.empty_rows
    assert answer.empty_columns == tuple(c for c in range(8) if c not in columns)
    assert len(answer.empty_columns) == 1
    doc = answer.as_json()
    assert doc["empty_rows"] == list(answer.empty_rows)
    assert doc["empty_columns"] == list(answer.empty_columns)
    assert doc["most_queens"] == 7 and doc["fixed"] == [[0, 0], [1, 2]]


def test_an_explanation_serialises_itself() -> None:
    why = nqueens.explain("completion-8-unsat")
    doc = why.as_json()
    assert doc["satisfiable"] is False and doc["minimal"] is True and "certified" not in doc
    assert [g["source"] for g in doc["core"]] == ["fixed [0, 0]", "fixed [1, 2]"]
    stopped = Explanation(why.spec, why.givens, satisfiable=None, complete=False, certify=True)
    doc = stopped.as_json()
    assert doc["satisfiable"] is None and doc["certified"] is False
    assert doc["certificate"] is None


class _StopsAfter(Deadline):
    """A deadline that expires after `calls` questions: a stop in mid-explanation."""

    def __init__(self, calls: int) -> None:
        super().__init__(None)
        self.left = calls

    def expired(self) -> bool:
        self.left -= 1
        return self.left < 0 or super().expired()


def test_certify_stopped_during_the_explanation_says_no_certificate() -> None:
    require("dratify", "pip install '.[certify]'")
    chosen = plan_explanation("completion-8-unsat", certify=True)
    why = chosen.run(_StopsAfter(2))
    assert why.satisfiable is False and not why.minimal and not why.complete
    assert why.certify and why.certificate is None and not why.certified
    assert why.as_json()["certified"] is False


def test_the_api_certifies_the_set(tmp_path: Any) -> None:
    require("dratify", "pip install '.[certify]'")
    proof = tmp_path / "why.drat"
    why = nqueens.explain("completion-8-unsat", certify=True, proof=proof)
    assert why.certified and why.certificate is not None and proof.is_file()
    assert why.certificate.proof == str(proof)
    with pytest.raises(InputError, match="already exists"):  # refused before the work
        nqueens.explain("completion-8-unsat", certify=True, proof=proof)
    again = nqueens.explain("completion-8-unsat", certify=True, proof=proof, overwrite=True)
    assert again.certified


def test_smallest_without_a_limit_is_complete_even_if_a_slice_runs_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # main: each round's hitting-set solve had a fixed 1 s slice, and a slice that ran out
    # before any set ended the search as if stopped (complete False, exit 3)
    require("ortools", "pip install '.[cpsat]'")
    from nqueens.explanations import cores

    monkeypatch.setattr(cores, "HITTING_SET_SLICE", 1e-9)
    forbidden = [(0, 1), (0, 2), (0, 3), (0, 4), (2, 2), (4, 5)]
    why = nqueens.explain(nqueens.Spec(6, forbidden=forbidden), smallest=True)
    assert why.complete and why.smallest and why.satisfiable is False
    cells = tuple(sorted(c for g in why.core for c in g.cells))
    assert not brute_force_solutions(6, (), cells)
    assert len(why.core) == 4  # each of 6-queens' 4 solutions needs one of row 0's cells
