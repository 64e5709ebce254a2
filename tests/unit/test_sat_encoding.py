"""The CNF compiler, without and with solving: cell variables first, auxiliaries never
inflate counts, and every encoding gives the same answers."""

from __future__ import annotations

import pytest

import nqueens
from nqueens.backends.sat import ENCODINGS, SatBackend, cell_var, encode_cnf

from known_counts import A000170


def test_cell_variables_are_one_to_n_squared_row_major() -> None:
    n = 5
    compiled = encode_cnf(nqueens.Spec(n), "seqcounter")
    assert [cell_var(n, r, c) for r in range(n) for c in range(n)] == list(range(1, n * n + 1))
    assert compiled.cell_vars == n * n
    assert compiled.aux_vars > 0
    assert compiled.cnf.nv == n * n + compiled.aux_vars
    aux = {abs(lit) for clause in compiled.cnf.clauses for lit in clause if abs(lit) > n * n}
    assert aux and min(aux) == n * n + 1


def test_pairwise_has_no_auxiliaries_and_counts_clauses_by_family() -> None:
    n = 4
    compiled = encode_cnf(nqueens.Spec(n, fixed=[(0, 1)], forbidden=[(3, 3)]), "pairwise")
    assert compiled.aux_vars == 0
    pairs = n * (n - 1) // 2
    assert compiled.families["row"] == n * (1 + pairs)
    assert compiled.families["column"] == n * (1 + pairs)
    # diagonals of lengths 2,3,4,3,2 in each direction: 1+3+6+3+1 pairs
    assert compiled.families["diagonal"] == compiled.families["anti-diagonal"] == 14
    assert compiled.families["fixed"] == compiled.families["forbidden"] == 1


@pytest.mark.parametrize("encoding", sorted(ENCODINGS))
@pytest.mark.parametrize("n", [1, 4, 6, 7])
def test_every_encoding_counts_placements_not_models(encoding: str, n: int) -> None:
    outcome = nqueens.count(n, backend="sat", encoding=encoding)
    assert outcome.complete and outcome.count == A000170[n]


def test_unknown_encoding_is_an_input_error() -> None:
    with pytest.raises(nqueens.InputError, match="unknown encoding 'nope'; choose one of: pairwise"):
        SatBackend(encoding="nope")
