"""Counting with Ganak (projected on the cells) against OEIS and the recorded model answers."""

from __future__ import annotations

import sys

import pytest

from nqueens.backends.sat import encode_cnf
from nqueens.cli import main
from nqueens.counting.ganak import ganak_count
from nqueens.modeling.modelfile import read_model
from nqueens.result import Deadline, Status
from nqueens.spec import Spec

from known_counts import A000142, A000170, A051906
from optional import require
from paths import MODELS as MODELS_DIR


@pytest.fixture
def ganak() -> None:
    """The tests that run Ganak need pyganak (the `count` extra; `system` for the tests)."""
    require("pyganak", "pip install '.[count]'")


CASES = (
    [pytest.param(Spec(n), A000170[n], id=f"queens-{n}") for n in range(1, 7)]
    + [pytest.param(Spec(5, "torus"), A051906[5], id="torus-5"),
       pytest.param(Spec(6, "torus"), A051906[6], id="torus-6"),
       pytest.param(Spec(5, "rooks"), A000142[5], id="rooks-5")]
)


@pytest.mark.usefixtures("ganak")
@pytest.mark.parametrize("encoding", ["pairwise", "seqcounter", "bitwise"])
@pytest.mark.parametrize(("spec", "expected"), CASES)
def test_ganak_count_matches_oeis(spec: Spec, expected: int, encoding: str) -> None:
    outcome = ganak_count(spec, encoding)
    assert outcome.status is Status.COMPLETE
    assert outcome.count == expected


@pytest.mark.usefixtures("ganak")
@pytest.mark.parametrize("name", ["completion-8-a1", "completion-8-unsat", "forbidden-5-middle"])
def test_ganak_count_matches_model_file(name: str) -> None:
    model = read_model(MODELS_DIR / f"{name}.toml")
    assert model.expected is not None
    assert ganak_count(model.spec, "seqcounter").count == model.expected.count


@pytest.mark.usefixtures("ganak")
def test_unsatisfiable_cnf_is_answered_by_the_sat_check() -> None:
    outcome = ganak_count(Spec(6, "torus"), "seqcounter")
    assert outcome.complete and outcome.count == 0
    assert "unsatisfiable" in str(outcome.stats["counter"])


@pytest.mark.usefixtures("ganak")
def test_projection_is_what_makes_the_count_right() -> None:
    """Without the projection, Ganak counts auxiliary-variable assignments too."""
    import pyganak

    compiled = encode_cnf(Spec(6), "seqcounter")
    counter = pyganak.Counter()
    counter.new_vars(compiled.cnf.nv)
    counter.add_clauses(compiled.cnf.clauses)
    assert counter.count() > A000170[6]


@pytest.mark.usefixtures("ganak")
def test_ganak_timeout_returns_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    outcome = ganak_count(Spec(11), deadline=Deadline(0.05))
    assert outcome.status is Status.TIMEOUT
    assert main(["count", "11", "--backend", "sat", "--counter", "ganak", "--timeout", "0.05"]) == 3
    assert "count unknown" in capsys.readouterr().out


@pytest.mark.usefixtures("ganak")
def test_ganak_with_a_timeout_still_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["count", "6", "--backend", "sat", "--counter", "ganak", "--timeout", "60"]) == 0
    assert "6-queens: 4 solutions" in capsys.readouterr().out


def test_ganak_needs_the_sat_backend(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["count", "6", "--backend", "cpsat", "--counter", "ganak"]) == 2
    assert "--backend sat" in capsys.readouterr().err


def test_missing_pyganak_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "pyganak", None)  # import fails as if not installed
    assert main(["count", "6", "--backend", "sat", "--counter", "ganak"]) == 2
    assert "pip install 'nqueens[count]'" in capsys.readouterr().err
