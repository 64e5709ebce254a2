"""The shipped collection in models/: every file loads, every backend reaches the recorded
answer, every solution passes the validator, and the recorded answers are re-derived here
without any backend (brute force over permutations, or the file's own certificate)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from nqueens.api import count, solve
from nqueens.modeling.modelfile import Model, read_model
from nqueens.spec import Spec
from nqueens.validator import find_violations, is_valid

from paths import MODELS as MODELS_DIR

#: The n-queens problem's models and its variants' (a posed problem's are held to their own
#: brute force in test_posed_models.py)
MODEL_PATHS = [path for path in sorted(MODELS_DIR.glob("*.toml"))
               if not read_model(path).spec.is_open]
BRUTE_FORCE_MAX_N = 8  # 8! = 40,320 permutations, about a second through the validator


def _model(path: Path) -> Model:
    return read_model(path)


def test_collection_covers_the_issue() -> None:
    names = {path.stem for path in MODEL_PATHS}
    assert "queens-8" in names
    variants = {read_model(path).spec.variant for path in MODEL_PATHS}
    assert variants == {"queens", "rooks", "torus", "superqueens"}
    completions = [read_model(p) for p in MODEL_PATHS if p.stem.startswith("completion")]
    assert any(m.expected and m.expected.satisfiable for m in completions)
    assert any(m.expected and m.expected.satisfiable is False for m in completions)
    assert any(read_model(p).spec.forbidden for p in MODEL_PATHS)


@pytest.mark.parametrize("path", MODEL_PATHS, ids=lambda p: p.stem)
def test_model_records_its_answer_and_source(path: Path) -> None:
    model = _model(path)
    assert model.spec.name == path.stem
    assert model.description
    assert model.expected is not None and model.expected.source


@pytest.mark.parametrize("path", MODEL_PATHS, ids=lambda p: p.stem)
def test_backend_reaches_the_recorded_answer(path: Path, backend: str) -> None:
    model = _model(path)
    expected = model.expected
    assert expected is not None
    seen: list[tuple[int, ...]] = []
    if expected.count is not None:
        outcome = count(model.spec, backend=backend, on_solution=seen.append)
        assert outcome.complete
        assert outcome.count == expected.count
        assert len(set(seen)) == expected.count
    else:
        outcome = solve(model.spec, backend=backend)
        assert (outcome.solution is not None) == expected.satisfiable
        assert outcome.complete or outcome.solution is not None
        seen = [outcome.solution] if outcome.solution is not None else []
    for placement in seen:
        assert find_violations(model.spec, placement) == []


def _brute_force_count(spec: Spec) -> int:
    """Every permutation of columns through the validator: no backend, no line families.
    The rows of fixed queens hold their column, and no queen stands on a forbidden cell,
    in every placement counted (the validator refuses the others), so only the free rows
    are permuted, over columns that are neither fixed nor forbidden in that row."""
    fixed = dict(spec.fixed)
    forbidden = set(spec.forbidden)
    free_rows = [r for r in range(spec.n) if r not in fixed]
    free_cols = [c for c in range(spec.n) if c not in fixed.values()]
    found = 0
    for chosen in itertools.permutations(free_cols, len(free_rows)):
        if any((r, c) in forbidden for r, c in zip(free_rows, chosen, strict=True)):
            continue
        cols = [0] * spec.n
        for r, c in fixed.items():
            cols[r] = c
        for r, c in zip(free_rows, chosen, strict=True):
            cols[r] = c
        found += is_valid(spec, cols)
    return found


SMALL = [p for p in MODEL_PATHS if read_model(p).spec.n <= BRUTE_FORCE_MAX_N]


@pytest.mark.parametrize("path", SMALL, ids=lambda p: p.stem)
def test_small_model_answer_matches_brute_force(path: Path) -> None:
    model = _model(path)
    assert model.expected is not None
    found = _brute_force_count(model.spec)
    if model.expected.count is not None:
        assert found == model.expected.count
    assert (found > 0) == model.expected.satisfiable


def _attacks(queen: tuple[int, int], cell: tuple[int, int]) -> bool:
    (r1, c1), (r2, c2) = queen, cell
    return r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2)


def _blocked_columns(spec: Spec) -> list[int]:
    """Columns in which every cell is forbidden or attacked by a fixed (ordinary) queen: a
    proof that no placement exists, since every column needs a queen."""
    forbidden = set(spec.forbidden)
    return [
        col for col in range(spec.n)
        if all((row, col) in forbidden or any(_attacks(q, (row, col)) for q in spec.fixed)
               for row in range(spec.n))
    ]


LARGE = [p for p in MODEL_PATHS if read_model(p).spec.n > BRUTE_FORCE_MAX_N]


@pytest.mark.parametrize("path", LARGE, ids=lambda p: p.stem)
def test_large_model_answer_has_an_independent_certificate(path: Path) -> None:
    """Above brute-force size, an answer must come from OEIS, a witness or a proof."""
    model = _model(path)
    expected = model.expected
    assert expected is not None
    if expected.witness is not None:
        assert find_violations(model.spec, expected.witness) == []
    elif expected.satisfiable is False and model.spec.variant == "queens":
        assert _blocked_columns(model.spec), "unsatisfiable instance without a proof"
    else:
        assert model.spec.is_plain and "OEIS" in expected.source
