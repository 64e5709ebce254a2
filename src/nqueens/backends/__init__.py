"""The backend registry: one dict from name to the module that provides the backend.

Backends are imported on first use, so `nqueens --help` and the backtracker never pay
for importing OR-Tools or PySAT. Adding a backend is one module and one line here.
"""

from __future__ import annotations

import importlib
import inspect

from ..errors import InputError, UnknownBackendError
from .base import Backend

#: name -> (module, class name). The keys are the CLI's --backend choices.
REGISTRY: dict[str, tuple[str, str]] = {
    "cpsat": ("nqueens.backends.cpsat", "CpSatBackend"),
    "sat": ("nqueens.backends.sat", "SatBackend"),
    "backtrack": ("nqueens.backends.backtrack", "BacktrackBackend"),
    "permutation": ("nqueens.backends.permutation", "PermutationBackend"),
    "genetic": ("nqueens.backends.genetic", "GeneticBackend"),
    "construct": ("nqueens.backends.construct", "ConstructBackend"),
}

DEFAULT_BACKEND = "cpsat"


def backend_names(exhaustive_only: bool = False) -> list[str]:
    """Registered backend names in registry order; with `exhaustive_only`, only those whose
    counts are exact (local-search strategies are left out)."""
    if not exhaustive_only:
        return list(REGISTRY)
    return [name for name in REGISTRY if _backend_class(name).exhaustive]


def _backend_class(name: str) -> type:
    module_name, class_name = REGISTRY[name]
    return getattr(importlib.import_module(module_name), class_name)  # type: ignore[no-any-return]


def get_backend(name: str, **options: object) -> Backend:
    """A new backend instance by registry name; `options` go to its constructor.

    Raises:
        UnknownBackendError: listing every known name.
        InputError: an option the backend does not take, or a bad value for one.
    """
    if not isinstance(name, str) or name not in REGISTRY:
        raise UnknownBackendError(
            f"unknown backend {name!r}; choose one of: {', '.join(REGISTRY)}"
        )
    cls = _backend_class(name)
    accepted = [p for p in inspect.signature(cls).parameters if p not in ("self", "args", "kwargs")]
    unknown = sorted(set(options) - set(accepted))
    if unknown:
        raise InputError(
            f"backend {name!r} has no option {unknown[0]!r}; "
            + (f"its options are: {', '.join(accepted)}" if accepted else "it takes no options")
        )
    return cls(**options)  # type: ignore[no-any-return]
