"""Variant counts equal OEIS on every backend; every solution seen passes the validator."""

from __future__ import annotations

import pytest

from nqueens.api import count
from nqueens.cli import main
from nqueens.spec import Spec
from nqueens.validator import find_violations
from nqueens.variants import VARIANTS

from known_counts import VARIANT_COUNTS
from paths import MODELS

CASES = [
    pytest.param(variant, n, expected, id=f"{variant}-n{n}")
    for variant, table in VARIANT_COUNTS.items()
    for n, expected in table.items()
]


@pytest.mark.parametrize(("variant", "n", "expected"), CASES)
def test_variant_count_matches_oeis(backend: str, variant: str, n: int, expected: int) -> None:
    spec = Spec(n, variant)
    seen: list[tuple[int, ...]] = []
    outcome = count(spec, backend=backend, on_solution=seen.append)
    assert outcome.complete
    assert outcome.count == expected
    assert len(set(seen)) == expected
    for placement in seen:
        assert find_violations(spec, placement) == []


def test_variant_lines_are_distinct_from_queens() -> None:
    """The torus adds wrapped cells to the diagonals; superqueens add knight pairs."""
    plain = {line.cells for line in Spec(7).lines}
    assert {line.cells for line in Spec(7, "torus").lines} != plain
    assert {line.kind for line in Spec(7, "superqueens").lines} >= {"knight"}
    assert {line.kind for line in Spec(7, "rooks").lines} == {"row", "column"}


@pytest.mark.parametrize("backend_name", ["backtrack", "sat"])
def test_cli_variant_flag(capsys: pytest.CaptureFixture[str], backend_name: str) -> None:
    assert main(["count", "7", "--variant", "torus", "--backend", backend_name]) == 0
    assert "7-torus: 28 solutions" in capsys.readouterr().out


def test_cli_variant_conflicting_with_model_file(capsys: pytest.CaptureFixture[str]) -> None:
    model = MODELS / "torus-5.toml"
    assert main(["count", str(model), "--variant", "rooks"]) == 2
    assert "conflicts with variant = 'torus'" in capsys.readouterr().err


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("n", range(1, 8))
def test_line_keys_describe_the_same_lines_as_the_families(variant: str, n: int) -> None:
    """`shared_line` (arithmetic, used by Spec to check fixed queens without listing every
    line) says two cells share a line exactly when some listed line holds both."""
    from nqueens.variants import lines_for, shared_line

    together = set()
    for line in lines_for(variant, n):
        for a in line.cells:
            for b in line.cells:
                if a != b:
                    together.add((a, b))
    cells = [(r, c) for r in range(n) for c in range(n)]
    for a in cells:
        for b in cells:
            if a != b:
                assert (shared_line(variant, n, a, b) is not None) == ((a, b) in together), (a, b)
