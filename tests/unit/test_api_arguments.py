"""The API takes board keywords by building the Spec, blames no backend the user did not
choose, and raises only QueensError subclasses on bad arguments (Board, Trace, validator,
Outcome.show)."""

from __future__ import annotations

import re
from typing import Any, cast

import pytest

import nqueens
from nqueens import Spec
from nqueens.validator import find_violations

from brute_force import brute_force_solutions
from known_counts import A051906


def test_board_keywords_build_the_spec() -> None:
    found = nqueens.solve(8, fixed=[(0, 0)], forbidden=[(1, 4)])
    assert found.solution is not None and found.solution[0] == 0 and found.solution[1] != 4
    assert find_violations(Spec(8, fixed=((0, 0),), forbidden=((1, 4),)), found.solution) == []
    expected = brute_force_solutions(7, fixed=((0, 1),), forbidden=((2, 0),))
    assert nqueens.count(7, fixed=[(0, 1)], forbidden=[(2, 0)]).count == len(expected)
    # cells given as keywords are added to a Spec's own
    assert nqueens.count(Spec(7, fixed=((0, 1),)), forbidden=[(2, 0)]).count == len(expected)
    assert set(nqueens.solutions(7, fixed=[(0, 1)], forbidden=[(2, 0)])) == expected
    assert nqueens.count(7, variant="torus").count == A051906[7]
    assert nqueens.solve(8, variant="torus").unsatisfiable  # A051906(8) = 0


@pytest.mark.parametrize(("call", "message"), [
    (lambda: nqueens.solve(8, seed=3),
     ("auto chose construct for this job); name one of the backends that take it: "
     "backend='genetic'")),
    (lambda: nqueens.solve(8, bogus=1), "no backend takes it"),
    (lambda: nqueens.solve(Spec(7, "torus"), variant="queens"), "conflicts with the spec's"),
    (lambda: nqueens.solve(8, fixed="ab"), "fixed must be a list of"),
    (lambda: nqueens.solve(8, fixed=[(0, 0), (1, 1)]), "attack each other"),
    (lambda: nqueens.solve(3, certify=True, proof=5), "proof must be a file's path"),
    (lambda: nqueens.verify_proof(3, cast(Any, None)), "proof must be a file's path"),
    (lambda: nqueens.verify_proof(3, cast(Any, ["p.drat"])), "proof must be a file's path"),
    # one rule with `--jobs J`: a positive integer; 0 was documented as all cores and was
    # the default instead (issue 32, docs item)
    (lambda: nqueens.count(8, jobs=0), "jobs must be a positive integer, or None"),
])
def test_bad_api_arguments_name_the_users_own_choice(call: Any, message: str) -> None:
    with pytest.raises(nqueens.QueensError) as raised:
        call()
    assert message in str(raised.value)
    assert "backend 'construct' has no option" not in str(raised.value)


@pytest.mark.parametrize("call", [
    lambda: nqueens.Board("abc"),
    lambda: nqueens.Board((1, 3, 0, 2, 9)),
    lambda: nqueens.Board((1, 3, 0, 2), spec=cast(Any, 8)),
    lambda: nqueens.Board((0, 1.5)),
    lambda: nqueens.Board(()),
    lambda: nqueens.Trace(0),
    lambda: nqueens.Trace(-1),
    lambda: nqueens.solve(3).show(),
    lambda: find_violations(cast(Any, "eight"), (0, 1)),
])
def test_bad_arguments_raise_queens_errors(call: Any) -> None:
    with pytest.raises(nqueens.QueensError):
        call()


def test_the_validator_takes_a_board_size() -> None:
    assert find_violations(4, (1, 3, 0, 2)) == []
    assert [v.rule for v in find_violations(8, (0, 1))] == ["count", "diagonal"]
    assert nqueens.Board((1, 3, 0, 2))._repr_svg_() is not None


@pytest.mark.parametrize("backend", ["genetic", "minconflicts"])
@pytest.mark.parametrize("spec", [Spec(6), Spec(8, fixed=((0, 0),))], ids=["6", "8-fixed"])
def test_a_local_search_never_yields_a_placement_twice(backend: str, spec: Spec) -> None:
    found = list(nqueens.solutions(spec, backend=backend, limit=40, seed=2))
    assert found and len(found) == len(set(found))
    assert all(find_violations(spec, placement) == [] for placement in found)
    # at most the placements that exist (brute force): repeats could not hide past them
    assert len(found) <= len(brute_force_solutions(spec.n, spec.fixed, spec.forbidden))


def test_an_infinite_timeout_is_none_and_a_huge_one_is_refused_as_on_the_command_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    """One rule for `timeout=` and `--timeout` (issue 32, item 29: the API's inf or 1e10
    crashed a timer thread, the CLI refused both)."""
    from nqueens.cli import main

    infinite = float("inf")
    assert nqueens.count(8, timeout=infinite).count == 92
    # the MiniCard search of n > 60 sets a timer at the deadline: it must not overflow
    assert nqueens.solve(61, backend="sat", timeout=infinite).solution is not None
    assert nqueens.search(61, backend="sat", limit=1, deadline=nqueens.result.Deadline(1e10)).count == 1
    assert main(["count", "8", "--timeout", "inf", "--format", "json"]) == 0
    assert '"complete": true' in capsys.readouterr().out
    refusal = "is more seconds than the longest time limit, 10,000,000 s (about 116 days)"
    with pytest.raises(nqueens.InputError, match=re.escape(refusal)):
        nqueens.count(8, timeout=1e10)
    assert main(["count", "8", "--timeout", "1e10"]) == 2
    assert refusal in capsys.readouterr().err
