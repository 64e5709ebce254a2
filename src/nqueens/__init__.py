"""nqueens: one declarative n-queens specification, three backends (CP-SAT, SAT, a
hand-written backtracker) and one shared validator.

    >>> import nqueens
    >>> nqueens.count(8, backend="backtrack").count
    92
"""

from __future__ import annotations

# not `typing.TYPE_CHECKING`: importing typing costs milliseconds before the command's
# signal handling starts (`nqueens.entry`); type checkers read this name the same way
TYPE_CHECKING = False
if TYPE_CHECKING:  # what the names are; they are imported on first use (`__getattr__`)
    from typing import Any

    from .api import (
        Plan,
        count,
        cross_check,
        explain,
        most_queens,
        plan,
        plan_count,
        search,
        solutions,
        solve,
        validate,
        verify_proof,
    )
    from .errors import (
        CertificateError,
        CheckpointError,
        CountMismatchError,
        InputError,
        ModelFileError,
        QueensError,
        SizeLimitError,
        SpecError,
        UnknownBackendError,
        WorkerError,
    )
    from .pictures.display import Board, Trace
    from .playing import play
    from .playing.rules import Propagation, propagate
    from .result import Outcome, Status
    from .spec import Placement, Rule, Spec
    from .validator import Violation, find_violations

#: Where each public name lives. Importing the package imports none of them, so that the
#: `nqueens` command can take over SIGINT and SIGTERM before anything slow imports
#: (`nqueens.entry`); `nqueens.count` and `from nqueens import Spec` import on first use.
_HOMES = {
    **dict.fromkeys(("Plan", "count", "cross_check", "explain", "most_queens", "plan", "plan_count",
                     "search", "solutions", "solve", "validate", "verify_proof"), "api"),
    **dict.fromkeys(("CertificateError", "CheckpointError", "CountMismatchError", "InputError",
                     "ModelFileError", "QueensError", "SizeLimitError", "SpecError",
                     "UnknownBackendError", "WorkerError"), "errors"),
    **dict.fromkeys(("Board", "Trace"), "pictures.display"),
    "play": "playing",
    **dict.fromkeys(("Propagation", "propagate"), "playing.rules"),
    **dict.fromkeys(("Outcome", "Status"), "result"),
    **dict.fromkeys(("Placement", "Rule", "Spec"), "spec"),
    **dict.fromkeys(("Violation", "find_violations"), "validator"),
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'nqueens' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{home}", __name__), name)
    globals()[name] = value  # once: later lookups do not come here
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "Board",
    "CertificateError",
    "CheckpointError",
    "CountMismatchError",
    "InputError",
    "ModelFileError",
    "Outcome",
    "Placement",
    "Plan",
    "Propagation",
    "QueensError",
    "Rule",
    "SizeLimitError",
    "Spec",
    "SpecError",
    "Status",
    "Trace",
    "UnknownBackendError",
    "Violation",
    "WorkerError",
    "count",
    "cross_check",
    "explain",
    "find_violations",
    "most_queens",
    "plan",
    "plan_count",
    "play",
    "propagate",
    "search",
    "solutions",
    "solve",
    "validate",
    "verify_proof",
]

__version__ = "0.1.0"
