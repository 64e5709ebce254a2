"""The backend registry: one dict from name to the module that provides the backend.

Backends are imported on first use, so `nqueens --help` and the backtracker never pay
for importing OR-Tools or PySAT. Adding a backend is one module and one line here.
"""

from __future__ import annotations

import importlib

from ..errors import UnknownBackendError
from .base import Backend

#: name -> (module, class name). The keys are the CLI's --backend choices.
REGISTRY: dict[str, tuple[str, str]] = {
    "cpsat": ("nqueens.backends.cpsat", "CpSatBackend"),
    "sat": ("nqueens.backends.sat", "SatBackend"),
    "backtrack": ("nqueens.backends.backtrack", "BacktrackBackend"),
}

DEFAULT_BACKEND = "cpsat"


def backend_names() -> list[str]:
    """Every registered backend name, in registry order."""
    return list(REGISTRY)


def get_backend(name: str, **options: object) -> Backend:
    """A new backend instance by registry name; `options` go to its constructor.

    Raises:
        UnknownBackendError: listing every known name.
    """
    try:
        module_name, class_name = REGISTRY[name]
    except (KeyError, TypeError):
        raise UnknownBackendError(
            f"unknown backend {name!r}; choose one of: {', '.join(REGISTRY)}"
        ) from None
    cls = getattr(importlib.import_module(module_name), class_name)
    return cls(**options)  # type: ignore[no-any-return]
