"""Sizes that cannot work are refused before any model is built, naming the size and an
alternative; sizes that can work are not."""

from __future__ import annotations

import io

import pytest

import nqueens
from nqueens.backends.sat import ENCODINGS, encode_cnf
from nqueens.backends.sat_facts import MAX_CLAUSES, estimated_clauses
from nqueens.cli import main


@pytest.mark.parametrize("encoding", list(ENCODINGS))
@pytest.mark.parametrize("variant", ["queens", "torus", "rooks", "superqueens"])
def test_clause_estimate_is_within_a_factor_of_three(encoding: str, variant: str) -> None:
    spec = nqueens.Spec(24, variant=variant)
    actual = len(encode_cnf(spec, encoding).constraints)  # clauses (+ native cardinality)
    assert actual / 3 <= estimated_clauses(spec, encoding) <= actual * 3


def test_pairwise_cnf_for_a_large_board_is_refused_with_an_alternative() -> None:
    with pytest.raises(nqueens.SizeLimitError) as caught:
        nqueens.solve(300, backend="sat", encoding="pairwise")
    message = str(caught.value)
    assert "pairwise CNF for n = 300" in message and "clauses" in message
    assert "--encoding seqcounter or ladder" in message and "O(n^2)" in message


def test_linear_encoding_at_the_same_size_is_accepted() -> None:
    assert estimated_clauses(nqueens.Spec(300), "ladder") < MAX_CLAUSES


@pytest.mark.parametrize("backend_name", ["cpsat", "sat", "backtrack"])
def test_huge_boards_are_refused_by_every_backend(backend_name: str) -> None:
    with pytest.raises(nqueens.SizeLimitError, match=f"beyond the {backend_name} backend.*construct"):
        nqueens.solve(10**6, backend=backend_name)


def _fake_terminal(monkeypatch: pytest.MonkeyPatch, is_terminal: bool) -> io.StringIO:
    stream = io.StringIO()
    stream.isatty = lambda: is_terminal  # type: ignore[method-assign]  # a fake terminal, on purpose
    monkeypatch.setattr("sys.stdout", stream)
    return stream


def test_millions_of_boards_to_a_terminal_are_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stream = _fake_terminal(monkeypatch, True)
    assert main(["solve", "15", "--all"]) == 2
    err = capsys.readouterr().err
    assert "2,279,184 solutions" in err and "nqueens count 15" in err and "--limit" in err
    assert err.count("\n") == 1 and stream.getvalue() == ""


def test_a_few_boards_to_a_terminal_are_fine(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stream = _fake_terminal(monkeypatch, True)
    assert main(["solve", "6", "--all", "--backend", "backtrack"]) == 0
    assert stream.getvalue().count("solution ") == 4


def test_split_depth_beyond_the_board_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["count", "6", "--split-depth", "7", "--backend", "backtrack"]) == 2
    assert "use at most 6" in capsys.readouterr().err


def test_counting_beyond_the_record_needs_a_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(nqueens.SizeLimitError, match="largest board ever counted is 27x27"):
        nqueens.count(28, backend="backtrack")
    assert main(["count", "40", "--backend", "backtrack"]) == 2
    assert "OEIS A000170" in capsys.readouterr().err
    bounded = nqueens.count(28, backend="backtrack", timeout=0.2)
    assert not bounded.complete
