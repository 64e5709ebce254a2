"""Adding a backend is one module and one registry row: a small exhaustive backend written
here is listed, solved, counted, refused and described without touching another module."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from typing import ClassVar

import pytest

import nqueens
from nqueens import backends
from nqueens.backends import BackendInfo
from nqueens.backends.base import Emitter
from nqueens.cli import main
from nqueens.modeling.structure import describe_compiled
from nqueens.result import Deadline, Outcome, SolutionSink
from nqueens.spec import Spec
from nqueens.validator import find_violations

A000170 = {4: 2, 5: 10, 6: 4, 7: 40}


class TinyBackend:
    """Every permutation of the columns, kept when the validator finds nothing wrong."""

    name: ClassVar[str] = "tiny"

    def search(self, spec: Spec, on_solution: SolutionSink | None = None, *,
               limit: int | None = None, deadline: Deadline | None = None) -> Outcome:
        started = time.perf_counter()
        emitter = Emitter(on_solution, limit)
        exhausted = True
        for placement in itertools.permutations(range(spec.n)):
            if not find_violations(spec, placement) and not emitter.emit(placement):
                exhausted = False
                break
        return Outcome(emitter.status(exhausted, False), emitter.count,
                       elapsed=time.perf_counter() - started, backend=self.name)


@pytest.fixture
def tiny() -> Iterator[None]:
    backends.register(BackendInfo("tiny", __name__, "TinyBackend",
                                  "brute force over permutations (a test's)", True, max_n=8))
    yield
    backends.unregister("tiny")


@pytest.mark.usefixtures("tiny")
def test_a_registered_backend_is_listed_solved_and_counted(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert "tiny" in backends.backend_names(exhaustive_only=True)
    solution = nqueens.solve(6, backend="tiny").solution
    assert solution is not None and find_violations(Spec(6), solution) == []
    for n, total in A000170.items():
        assert nqueens.count(n, backend="tiny").count == total
    assert nqueens.count(6, backend="tiny", unique=True).stats["unique"] == 1  # A002562
    assert main(["count", "7", "--backend", "tiny"]) == 0
    assert capsys.readouterr().out.startswith("7-queens: 40 solutions")


@pytest.mark.usefixtures("tiny")
def test_a_registered_backend_is_refused_and_described() -> None:
    with pytest.raises(nqueens.SizeLimitError, match="beyond the tiny backend"):
        nqueens.count(9, backend="tiny")
    with pytest.raises(nqueens.InputError, match="has no option 'encoding'"):
        nqueens.count(6, backend="tiny", encoding="pairwise")
    doc = describe_compiled(Spec(6), "tiny")
    assert doc["backend"] == "tiny" and doc["formalism"] == "lines"


def test_an_unregistered_backend_is_unknown() -> None:
    with pytest.raises(nqueens.UnknownBackendError):
        nqueens.count(6, backend="tiny")
