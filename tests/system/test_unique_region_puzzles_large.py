"""`nqueens generate regions` on the largest sizes it makes, as a user runs it (a whole
process), each file's one solution held to two backends of different formalisms (the
backtracker and the CNF) and to the validator: too many seconds for the quick lane."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nqueens import api
from nqueens.modeling.modelfile import read_model
from nqueens.posed.validation import find_posed_violations

from cli_process import run

pytestmark = pytest.mark.system


@pytest.mark.parametrize("n", [11, 12, 13, 14])
def test_the_largest_puzzles_have_one_solution(n: int, tmp_path: Path) -> None:
    result = run("generate", "regions", str(n), "--seeds", "1..3", "-o", str(tmp_path),
                 timeout=120)
    assert result.returncode == 0, result.stderr
    paths = sorted(tmp_path.glob("*.toml"))
    assert [p.name for p in paths] == [f"regions-{n}-s{seed}.toml" for seed in (1, 2, 3)]
    for path in paths:
        model = read_model(path)
        assert model.expected is not None and model.expected.witness is not None
        witness = model.expected.witness
        for backend in ("backtrack", "sat"):
            seen: list[Any] = []
            outcome = api.count(model.spec, backend=backend, on_solution=seen.append)
            assert (outcome.complete, seen) == (True, [witness]), (path.name, backend)
        assert not find_posed_violations(model.spec, tuple(enumerate(witness)))
