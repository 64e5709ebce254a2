"""The plan of `explain`, for the CLI and the API alike: the instance and its givens loaded,
the oracle chosen, and refused before any work what its models could not hold or build in
time.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..errors import InputError
from ..limits import time_limit
from ..result import Deadline
from ..spec import Spec
from .decision import plan
from .loading import model_of
from .refusals import check_path, refuse_cnf

if TYPE_CHECKING:  # the explanations load when one runs
    from collections.abc import Sequence

    from ..explanations import Explanation
    from ..modeling.givens import Given
    from ..modeling.modelfile import Model


__all__ = ["ExplanationPlan", "plan_explanation"]


@dataclass(frozen=True)
class ExplanationPlan:
    """What `explain` will run, decided (and refused) before any work: the instance as
    loaded and the givens it is explained with, the oracle ("auto" resolved), the parts
    asked for and, with `certify`, where the proof of the set's "no" goes."""

    model: Model
    givens: tuple[Given, ...]
    oracle: str
    smallest: bool = False
    repair: bool = False
    certify: bool = False
    proof: str | None = None
    overwrite: bool = False
    inputs: tuple[str, ...] = ()

    @property
    def spec(self) -> Spec:
        return self.model.spec

    def run(self, deadline: Deadline | None = None) -> Explanation:
        """The explanation (`explanations.explain`), then, with `certify`, the certificate
        of its set's "no" (`Explanation.certificate`; None when a stop came first)."""
        from ..explanations import explain

        answer = explain(self.model, givens=self.givens, smallest=self.smallest,
                         repair=self.repair, oracle=self.oracle, deadline=deadline)
        if not self.certify:
            return answer
        certificate = None
        if answer.satisfiable is False and not (deadline is not None and deadline.expired()):
            chosen = plan(answer.core_spec, "find", "auto", certify=True, proof=self.proof,
                          overwrite=self.overwrite, model_file=next(iter(self.inputs), None))
            outcome = chosen.run(deadline)
            if outcome.solution is not None:  # the set has a solution after all: a bug
                raise RuntimeError(f"the explanation's set has a solution "
                                   f"{list(outcome.solution)}")
            certificate = outcome.certificate
        return replace(answer, certify=True, certificate=certificate)


def plan_explanation(
    instance: Spec | Model | int | str, *, givens: Sequence[Given] | None = None,
    smallest: bool = False, repair: bool = False, oracle: str = "auto",
    certify: bool = False, proof: str | None = None, overwrite: bool = False,
    timeout: float | None = None, model_file: str | None = None,
) -> ExplanationPlan:
    """Decide how `explain` runs, for the CLI and the API alike: the instance loaded as
    `model_of` reads it, its givens checked, the oracle chosen, and refused in well under a
    second what cannot finish within memory (the oracle's and RC2's models, estimated from
    formulas; the hitting sets' model has a Boolean per given only) or whose uninterruptible
    CNF build would outlast `timeout`, naming the estimate and the way out. With `certify`
    the bare board of the same size meets the certificate's refusals (its proof's files,
    `overwrite` honoured), before the explanation rather than after it.

    Raises:
        InputError, SizeLimitError: naming the problem and the fix.
    """
    from ..errors import SizeLimitError
    from ..explanations.oracles import oracle_name
    from ..modeling.givens import bare_board, check_givens
    from ..modeling.modelfile import Model

    timeout = time_limit(timeout)
    model = instance if isinstance(instance, Model) else model_of(instance)
    spec = model.spec
    if spec.is_open and not spec.rows_exact:
        raise InputError(f"explain takes a posed problem whose every row holds exactly one "
                         f"queen (its placements are columns); {spec.describe()} is not one: "
                         "use `nqueens solve` or `nqueens count`")
    if spec.is_open and repair:
        raise InputError("repair runs RC2 on the n-queens problem's CNF; drop --repair "
                         "(repair=) for a posed problem")
    chosen = tuple(givens) if givens is not None else model.grouped()
    if proof is not None and not certify:
        raise InputError("a proof file is written only for a certified answer; add --certify "
                         "(certify=True) or drop the proof file")
    name = oracle_name(spec, oracle)
    _refuse_oracle(spec, name, timeout)
    if repair:
        refuse_cnf(spec, "repair (RC2 on the pairwise CNF)", timeout,
                    "drop --repair (repair=) or use a smaller board")
    check_givens(spec, chosen)
    inputs = tuple(source for source in (model_file, instance if isinstance(instance, str)
                                         else None) if source is not None)
    if certify:
        if proof is not None:
            check_path("proof", proof)
        # the set's spec is known only later; the bare board of the same size and variant
        # meets the same refusals (the checker, the proof's files, the board's size)
        try:
            plan(bare_board(spec), "find", "auto", certify=True, proof=proof,
                 overwrite=overwrite, model_file=next(iter(inputs), None))
        except SizeLimitError as error:
            why = str(error).split(";")[0]  # its way out is a solve's, not this one
            raise SizeLimitError(f"the set's 'no' cannot be certified: {why}; drop --certify "
                                 "(certify=) or explain a smaller board") from error
    return ExplanationPlan(model, chosen, name, smallest, repair, certify, proof, overwrite,
                           inputs)


def _refuse_oracle(spec: Spec, oracle: str, timeout: float | None) -> None:
    """The oracle's board within its size, this machine's memory and the time limit."""
    from ..explanations.oracles import PROPAGATE_BYTES_PER_CELL, PROPAGATE_MAX_N
    from ..limits import BASE_BYTES, refuse_oversized

    if spec.is_open:  # a posed board is small (posed.families.MAX_OPEN_N): its CNF fits
        return
    if oracle == "propagate":
        refuse_oversized(
            spec, "propagate", PROPAGATE_MAX_N,
            BASE_BYTES + PROPAGATE_BYTES_PER_CELL * spec.n * spec.n,
            lambda: "the explanation's oracle runs it; explain a smaller board")
        return
    refuse_cnf(spec, "sat oracle", timeout,
                "use --oracle propagate (oracle='propagate', queens boards) or a smaller board"
                if spec.variant == "queens" else "explain a smaller board")
