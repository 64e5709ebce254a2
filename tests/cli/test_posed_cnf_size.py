"""A posed problem's CNF is sized from formulas before it is built: the formulas against
PySAT's own encoders, and the refusals they drive (the clause limit, a build longer than the
time limit), one line and exit 2 with nothing written. And the optimizer's hand-made step
between two SAT calls keeps every line a placement obeyed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from nqueens import Rule, Spec
from nqueens.backends.sat_facts import ANY_K, at_most_clauses, posed_clauses
from nqueens.backends.sat_posed import _tightened, encode_posed
from nqueens.planning.loading import spec_of
from nqueens.posed.validation import find_posed_violations

Run = Callable[..., Any]


@pytest.mark.parametrize("encoding", ANY_K)
def test_the_formulas_are_within_a_factor_of_three_of_the_encoders(encoding: str) -> None:
    for m in (20, 60, 200):
        for k in sorted({2, 3, 10, m // 2, m - 3, m - 2}):
            lits = list(range(1, m + 1))
            actual = len(CardEnc.atmost(lits, k, vpool=IDPool(start_from=m + 1),
                                        encoding=getattr(EncType, encoding)).clauses)
            assert actual / 3 <= at_most_clauses(m, k, encoding) <= 3 * actual, (m, k)


@pytest.mark.parametrize("name", ["regions-8", "starbattle-10", "two-per-line-6"])
@pytest.mark.parametrize("encoding", ["pairwise", "seqcounter", "cardnetwrk", "native"])
def test_a_posed_cnf_is_sized_within_a_factor_of_three(name: str, encoding: str) -> None:
    spec = spec_of(name)
    cnf = encode_posed(spec, encoding)
    actual = len(cnf.clauses) + len(getattr(cnf, "atmosts", ()))
    assert actual / 3 <= posed_clauses(spec, encoding) <= 3 * actual


def _model(tmp_path: Path, text: str) -> str:
    path = tmp_path / "posed.toml"
    path.write_text(text)
    return str(path)


def _refused(run_cli: Run, *argv: str) -> str:
    result = run_cli(*argv)
    assert result.code == 2 and result.out == "" and "Traceback" not in result.err
    lines = result.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("nqueens: error: ")
    return lines[0]


@pytest.mark.usefixtures("memory_cap")
def test_a_cnf_beyond_the_clause_limit_is_refused_before_it_is_built(
        run_cli: Run, tmp_path: Path) -> None:
    # at most 10 queens on each of 2,304 coverage lines of about 190 cells: PySAT's totalizer
    # takes about m^2 / 2 clauses a line whatever the bound, some 40 million in all
    model = _model(tmp_path, 'n = 48\n[[rules]]\nfamily = "coverage"\nlo = 1\nhi = 10\n')
    line = _refused(run_cli, "solve", model, "--backend", "sat", "--encoding", "totalizer",
                    "-o", str(tmp_path / "out.svg"))
    assert "clauses (limit 20,000,000)" in line and "--encoding cardnetwrk" in line
    assert not (tmp_path / "out.svg").exists()


def test_a_cnf_longer_to_build_than_the_time_limit_is_refused(run_cli: Run,
                                                                tmp_path: Path) -> None:
    # about a million clauses of sequential counters: seconds to build, against half of one
    model = _model(tmp_path, 'n = 30\n[[rules]]\nfamily = "coverage"\nlo = 1\nhi = 5\n')
    line = _refused(run_cli, "solve", model, "--backend", "sat", "--encoding", "seqcounter",
                    "--timeout", "0.5")
    assert "to build, which no stop interrupts, and the time limit is 0.5 s" in line
    line = _refused(run_cli, "encodings", model, "--timeout", "0.5")
    assert "comparing the encodings of 30x30" in line and "the time limit is 0.5 s" in line


def test_tightening_keeps_every_line_and_improves_the_objective() -> None:
    domination = Spec(8, rules=(Rule("coverage", 1, None),), objective="fewest")
    board = tuple((r, c) for r in range(8) for c in range(8))
    fewer = _tightened(domination, board, fewest=True)
    assert find_posed_violations(domination, fewer) == [] and len(fewer) < len(board)
    # nothing more comes off: every queen left is the only cover of some cell
    assert _tightened(domination, fewer, fewest=True) == fewer
    most = Spec(6, rules=(Rule("rows", 0, 1), Rule("columns", 0, 1), Rule("king", 0, 1)),
                objective="most", fixed=((0, 0),))
    grown = _tightened(most, ((0, 0),), fewest=False)
    assert find_posed_violations(most, grown) == [] and len(grown) > 1 and (0, 0) in grown
    assert _tightened(most, grown, fewest=False) == grown


def test_describe_sizes_a_large_cnf_from_the_formulas(run_cli: Run, tmp_path: Path) -> None:
    # over a million clauses: sized, not built; a small one is still counted clause by clause
    import json

    model = _model(tmp_path, 'n = 32\n[[rules]]\nfamily = "coverage"\nlo = 1\nhi = 8\n')
    result = run_cli("describe", model, "--backend", "sat", "--format", "json")
    assert result.code == 0, result.err
    (sat,) = json.loads(result.out)["backends"]
    assert sat["clauses_estimated"] == posed_clauses(spec_of(model), "pairwise") > 1_000_000
    assert "clauses_by_family" not in sat
    text = run_cli("describe", model, "--backend", "sat").out
    assert f"about {sat['clauses_estimated']:,} clauses, from the encodings' formulas" in text
    small = json.loads(run_cli("describe", "regions-8", "--backend", "sat", "--format",
                               "json").out)["backends"][0]
    assert "clauses_estimated" not in small and small["clauses"] > 0
