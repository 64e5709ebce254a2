"""The one loader of an instance, for the API and the command line alike: a Spec, a board
size, a bundled model's name or a model file's path becomes a Spec (or the Model a file
states, givens and all), and the board keywords of a call join its cells.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import InputError, SpecError
from ..spec import Spec, as_spec

if TYPE_CHECKING:  # the model files' readers load when a file is read
    from ..modeling.modelfile import Model


__all__ = ["BOARD_KEYWORDS", "board_of", "model_of", "spec_of"]


#: Keywords that describe the board rather than a backend: `plan` (and so the API) builds
#: the Spec from them, so that `solve(8, fixed=[(0, 0)])` means what it says.
BOARD_KEYWORDS = ("variant", "fixed", "forbidden")


def board_of(spec_or_n: Spec | int | str, options: dict[str, Any]) -> Spec:
    """The spec named, with the board keywords (BOARD_KEYWORDS) taken out of `options`:
    `variant` for a bare size (or the variant the spec has already), `fixed` and
    `forbidden` cells added to the spec's own.

    Raises:
        SpecError, InputError: a bad cell, or a variant other than the spec's.
    """
    given = {key: options.pop(key) for key in BOARD_KEYWORDS if key in options}
    spec = spec_of(spec_or_n)
    if not given:
        return spec
    variant = given.get("variant")
    if variant is None:
        variant = spec.variant
    elif variant != spec.variant and not isinstance(spec_or_n, int):
        raise InputError(f"variant={variant!r} conflicts with the spec's variant "
                         f"{spec.variant!r}; build the Spec with the variant you want")
    extra = {key: given.get(key) or () for key in ("fixed", "forbidden")}
    for key, cells in extra.items():
        if isinstance(cells, (str, bytes)) or not hasattr(cells, "__iter__"):
            raise SpecError(f"{key} must be a list of (row, col) pairs, got {cells!r}")
    if spec.is_open:  # a posed problem keeps its rules; only its givens grow
        return replace(spec, fixed=spec.fixed + tuple(extra["fixed"]),
                       forbidden=spec.forbidden + tuple(extra["forbidden"]))
    return Spec(spec.n, variant, spec.fixed + tuple(extra["fixed"]),
                spec.forbidden + tuple(extra["forbidden"]), spec.name)


def spec_of(spec_or_n: Spec | int | str) -> Spec:
    """A Spec, a board size, or a model: a bundled model's name (`nqueens models`) or a
    model file's path."""
    if not isinstance(spec_or_n, str):
        return as_spec(spec_or_n)
    return model_of(spec_or_n).spec


def model_of(spec_or_n: Spec | int | str) -> Model:
    """What `spec_of` reads, as a Model: a model file's keeps its givens as the file
    states them (`modeling.givens`), which explanations need."""
    from ..modeling.modelfile import Model

    if not isinstance(spec_or_n, str):
        return Model(as_spec(spec_or_n))
    from ..modeling.bundled import bundled_model
    from ..modeling.formats import read_instance, split_take

    path = bundled_model(spec_or_n)
    if path is None and not Path(split_take(spec_or_n)[0]).is_file():
        raise SpecError(f"expected a Spec or a board size (int), or a bundled model's name "
                        f"(see `nqueens models`) or a model file's path, got {spec_or_n!r}")
    return read_instance(str(path) if path is not None else spec_or_n)
