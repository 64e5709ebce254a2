"""The backend registry: every backend's row, read from the facts module beside it.

Each backend is a search module (`NAME.py`) and a facts module (`NAME_facts.py`) whose
`ROW` (a `facts.BackendInfo`) holds what the rest of the package needs to know without
running it: options with their defaults, help and choices (the command line's flags come
from them), its size limit and memory estimate (the plan refuses with them), the counting
routes its counts may take, whether it proves a "no" itself, the formalism `describe`
shows, and the rates the forecast uses. A backend's search module is imported only when it
runs (`get_backend`), so `nqueens count 8 --backend backtrack` never imports OR-Tools or
PySAT. Adding a backend is those two modules and one entry in BUILT_IN (or `register` for
a plug-in); nothing else branches on a backend's name.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..errors import InputError, UnknownBackendError
from ..job_kinds import Job
from ..limits import MAX_BOARD_N, refuse_oversized
from ..spec import Spec
from . import (
    backtrack_facts,
    construct_facts,
    cpsat_facts,
    genetic_facts,
    minconflicts_facts,
    permutation_facts,
    sat_facts,
)
from .base import Backend
from .facts import BackendInfo, Option, Rate

__all__ = ["DEFAULT_BACKEND", "REGISTRY", "BackendInfo", "Option", "Rate", "backend_info",
           "backend_names", "check", "check_options", "get_backend", "instead_of",
           "large_board_backend", "offered_options", "option_owners", "prover", "register",
           "unregister"]

#: The built-in rows, in the order the command line lists them.
BUILT_IN: tuple[BackendInfo, ...] = (
    cpsat_facts.ROW, sat_facts.ROW, backtrack_facts.ROW, permutation_facts.ROW,
    genetic_facts.ROW, minconflicts_facts.ROW, construct_facts.ROW,
)
_ROWS: list[BackendInfo] = list(BUILT_IN)

#: name -> row, in the order the CLI lists them. The keys are the --backend choices.
REGISTRY: Mapping[str, BackendInfo] = MappingProxyType({row.name: row for row in _ROWS})

#: The API's and the CLI's default: not a registry row but the policy of `policy.py`,
#: resolved per job by `api.plan` (the fastest correct route measured here).
DEFAULT_BACKEND = "auto"


def register(row: BackendInfo) -> None:
    """Add a backend (a plug-in, or a test's): its row is all the package needs.

    Raises:
        InputError: the name is taken or reserved.
    """
    global REGISTRY
    if row.name in REGISTRY or row.name == DEFAULT_BACKEND:
        raise InputError(f"a backend named {row.name!r} exists already")
    _ROWS.append(row)
    REGISTRY = MappingProxyType({r.name: r for r in _ROWS})


def unregister(name: str) -> None:
    """Remove a backend added with `register` (tests clean up with it)."""
    global REGISTRY
    _ROWS[:] = [r for r in _ROWS if r.name != name]
    REGISTRY = MappingProxyType({r.name: r for r in _ROWS})


def backend_names(exhaustive_only: bool = False) -> list[str]:
    """Registered backend names in registry order; with `exhaustive_only`, only those whose
    counts are exact (local-search and constructive strategies are left out)."""
    return [name for name, info in REGISTRY.items() if info.exhaustive or not exhaustive_only]


def backend_info(name: str) -> BackendInfo:
    """The registry row for `name`.

    Raises:
        UnknownBackendError: listing every known name.
    """
    if not isinstance(name, str) or name not in REGISTRY:
        raise UnknownBackendError(
            f"unknown backend {name!r}; choose one of: {', '.join(REGISTRY)}"
        )
    return REGISTRY[name]


def option_owners(option: str) -> list[str]:
    """The backends that take constructor option `option`."""
    return [name for name, info in REGISTRY.items() if option in info.option_names]


def offered_options(command: str) -> list[tuple[Option, list[str]]]:
    """The options whose flag `command` offers, once each, with the backends that take
    them, in registry order (the command line builds its flags and help from these)."""
    found: dict[str, tuple[Option, list[str]]] = {}
    for name, info in REGISTRY.items():
        for option in info.options:
            if option.flag is not None and command in option.commands:
                found.setdefault(option.name, (option, []))[1].append(name)
    return list(found.values())


def first_by_formalism() -> dict[str, str]:
    """formalism -> the first registered backend that compiles into it (what `describe`
    and `export` show of each formalism)."""
    found: dict[str, str] = {}
    for name, info in REGISTRY.items():
        found.setdefault(info.formalism, name)
    return found


def prover() -> BackendInfo:
    """The backend that proves a certified "no" on its own CNF (the first whose row says it
    writes proofs).

    Raises:
        InputError: no registered backend writes proofs.
    """
    for info in REGISTRY.values():
        if info.proof is not None:
            return info
    raise InputError("no registered backend writes proofs; certifying a 'no' needs one")


def large_board_backend(spec: Spec) -> BackendInfo | None:
    """The backend for a board too large for a model: among those that take this spec and
    say how they fit (their row's `large`), the one that reaches furthest."""
    fits = [info for info in REGISTRY.values() if info.large is not None
            and not (info.plain_only and (spec.variant != "queens" or not spec.is_plain))]
    return max(fits, key=lambda info: info.max_n or 0) if fits else None


def instead_of(spec: Spec, backend: str, job: Job = "find") -> str:
    """What to do instead of `backend` for a board too large for it: the large-board
    backend, unless it is the one refused or the job is to count or list every solution
    (that backend finds one solution only): then a smaller board is all that is left."""
    if job != "find":
        return "every solution of a board this size is beyond any count; give a smaller n"
    best = large_board_backend(spec)
    if best is None:
        return "give a smaller n"
    if best.name == backend:
        return "give a smaller n (this backend's memory grows linearly with n)"
    return f"--backend {best.name} {best.large}"


def check(row: BackendInfo, spec: Spec, options: Mapping[str, Any], job: Job) -> None:
    """Refuse, before anything is built, a board beyond the backend of `row` (`limits`).

    Raises:
        SizeLimitError, InputError: naming the size and what works instead.
    """
    if spec.is_open:  # a posed board is small (MAX_OPEN_N): its lines are its memory
        if not row.posed:
            takers = [name for name in backend_names() if backend_info(name).posed]
            raise InputError(
                f"backend {row.name!r} takes the n-queens problem and its variants only, "
                f"not a posed problem ({spec.describe()}); use one of: "
                f"{', '.join(takers)}")
        return
    if row.plain_only and (spec.variant != "queens" or not spec.is_plain):
        raise InputError(
            f"the {row.name} strategy handles plain queens boards only (no variant, fixed "
            "or forbidden cells); use --backend backtrack, cpsat or sat for this instance")
    needed = row.memory(spec, options, job) if row.memory is not None else None
    refuse_oversized(spec, row.name, row.max_n or MAX_BOARD_N, needed,
                     lambda: instead_of(spec, row.name, job))
    if row.refuse is not None:
        row.refuse(spec, options, job)


def check_options(name: str, options: Mapping[str, Any]) -> BackendInfo:
    """The row for `name`, after refusing an option it does not take or a value outside an
    option's choices.

    Raises:
        UnknownBackendError, InputError: naming the backend, the option and the fix.
    """
    info = backend_info(name)
    for option, value in options.items():
        known = info.option(option)
        if known is None:
            raise InputError(
                f"backend {name!r} has no option {option!r}; "
                + (f"its options are: {', '.join(info.option_names)}" if info.options
                   else "it takes no options"))
        if known.choices and value is not None and value not in known.choices:
            raise InputError(f"unknown {option} {value!r} for backend {name!r}; choose one "
                             f"of: {', '.join(known.choices)}")
    return info


def get_backend(name: str, **options: Any) -> Backend:
    """A new backend instance by registry name; `options` go to its constructor.

    Raises:
        UnknownBackendError: listing every known name.
        InputError: an option the backend does not take, or a bad value for one.
    """
    info = check_options(name, options)
    cls = getattr(importlib.import_module(info.module), info.cls)
    backend: Backend = cls(**options)
    return backend
