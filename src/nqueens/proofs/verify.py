"""Replaying a proof file, for the API and `nqueens verify --proof` alike: the n-queens
problem and its variants against their pairwise CNF (`certificates.verify_proof`), a posed
problem against its own CNF (`posed.verify_posed_proof`), each rebuilt from the model, never
read from a file shipped with the proof.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from ..errors import InputError
from ..result import Deadline
from ..spec import Placement, Spec
from .certificates import Certificate, proof_file
from .certificates import verify_proof as verify_queens_proof

__all__ = ["verify_proof"]


def verify_proof(spec: Spec, proof: str | os.PathLike[str], encoding: str,
                 deadline: Deadline | None = None,
                 solutions: Sequence[Placement] | None = None,
                 optimum: int | None = None) -> Certificate:
    """The replay of `proof` against the CNF of `spec` (see the two modules above);
    `optimum`: for a posed problem with an objective, the optimum the proof is about.

    Raises:
        InputError: what the replay cannot take (see each), a solution list for a posed
            problem, or an optimum for the n-queens problem.
    """
    if not spec.is_open:
        if optimum is not None:
            raise InputError(f"{spec.describe()} has no objective, so no optimum: drop "
                             "--optimum (optimum=)")
        return verify_queens_proof(spec, proof, encoding, deadline, solutions)
    if solutions is not None:
        raise InputError("a certified count's solution list covers the n-queens problem and "
                         "its variants only; drop --solutions (solutions=)")
    from ..backends.sat_facts import NATIVE, check_encoding
    from . import checkers
    from .posed import verify_posed_proof

    checkers.require_checker()
    check_encoding(encoding)
    if encoding == NATIVE:
        raise InputError("the native encoding is not a CNF, so no proof covers it; use a CNF "
                         "encoding (the default, pairwise)")
    return verify_posed_proof(spec, proof_file(proof), encoding, deadline, optimum)
