"""The backend registry: what each backend is, as data, and where its code lives.

The CLI learns the names, summaries, capabilities and options from this table alone, so
`nqueens count 8 --backend backtrack` never imports OR-Tools or PySAT. A backend's module
is imported only when that backend is built (`get_backend`). Adding a backend is one
module and one entry here; a test checks the entries against the classes.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from ..errors import InputError, UnknownBackendError
from .base import Backend


@dataclass(frozen=True, slots=True)
class BackendInfo:
    """One registry entry.

    Attributes:
        name: what the user types (`--backend NAME`).
        module, cls: where the implementation lives (imported on first use).
        summary: one line for `--help` and the README.
        exhaustive: True when the backend explores the whole space, so its counts and its
            "no solution" are proofs; False for strategies that only find.
        options: keyword arguments its constructor takes.
    """

    name: str
    module: str
    cls: str
    summary: str
    exhaustive: bool
    options: tuple[str, ...] = ()


_ENTRIES = (
    BackendInfo("cpsat", "nqueens.backends.cpsat", "CpSatBackend",
                "OR-Tools CP-SAT model, solutions through a callback", True, ("workers",)),
    BackendInfo("sat", "nqueens.backends.sat", "SatBackend",
                "CNF encoding solved with PySAT (selectable at-most-one encoding)", True,
                ("encoding", "solver")),
    BackendInfo("backtrack", "nqueens.backends.backtrack", "BacktrackBackend",
                "hand-written backtracker: textbook row order, or first-fail (order=)", True,
                ("jobs", "fast", "order")),
    BackendInfo("permutation", "nqueens.backends.permutation", "PermutationBackend",
                "permutations of the columns pruned by diagonal sets (seed 004)", True),
    BackendInfo("genetic", "nqueens.backends.genetic", "GeneticBackend",
                "genetic algorithm on column arrays (seed 001); finds, never proves", False,
                ("seed", "generations", "population", "mutation_rate")),
    BackendInfo("minconflicts", "nqueens.backends.minconflicts", "MinConflictsBackend",
                "min-conflicts local search for large boards with constraints; finds, never "
                "proves", False, ("seed", "max_steps")),
    BackendInfo("construct", "nqueens.backends.construct", "ConstructBackend",
                "explicit O(n) construction of one solution (plain boards, any n)", False),
)

#: name -> entry, in the order the CLI lists them. The keys are the --backend choices.
REGISTRY: dict[str, BackendInfo] = {entry.name: entry for entry in _ENTRIES}

#: The API's and the CLI's default: not a registry entry but the policy of `routes.py`,
#: resolved per job by `api.search` (the fastest correct route measured here).
DEFAULT_BACKEND = "auto"


def backend_names(exhaustive_only: bool = False) -> list[str]:
    """Registered backend names in registry order; with `exhaustive_only`, only those whose
    counts are exact (local-search and constructive strategies are left out)."""
    return [name for name, info in REGISTRY.items() if info.exhaustive or not exhaustive_only]


def backend_info(name: str) -> BackendInfo:
    """The registry entry for `name`.

    Raises:
        UnknownBackendError: listing every known name.
    """
    if not isinstance(name, str) or name not in REGISTRY:
        raise UnknownBackendError(
            f"unknown backend {name!r}; choose one of: {', '.join(REGISTRY)}"
        )
    return REGISTRY[name]


def backend_class(name: str) -> type:
    """The implementation class (imports its module, and with it its solver library)."""
    info = backend_info(name)
    return getattr(importlib.import_module(info.module), info.cls)  # type: ignore[no-any-return]


def get_backend(name: str, **options: object) -> Backend:
    """A new backend instance by registry name; `options` go to its constructor.

    Raises:
        UnknownBackendError: listing every known name.
        InputError: an option the backend does not take, or a bad value for one.
    """
    info = backend_info(name)
    unknown = sorted(set(options) - set(info.options))
    if unknown:
        raise InputError(
            f"backend {name!r} has no option {unknown[0]!r}; "
            + (f"its options are: {', '.join(info.options)}" if info.options
               else "it takes no options")
        )
    return backend_class(name)(**options)  # type: ignore[no-any-return]
