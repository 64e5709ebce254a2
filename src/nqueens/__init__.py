"""nqueens: one declarative n-queens specification, three backends (CP-SAT, SAT, a
hand-written backtracker) and one shared validator.

    >>> import nqueens
    >>> nqueens.count(8, backend="backtrack").count
    92
"""

from .api import Plan, count, cross_check, plan, search, solutions, solve, validate, verify_proof
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
)
from .pictures.display import Board, Trace
from .result import Outcome, Status
from .spec import Placement, Spec
from .validator import Violation, find_violations

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
    "QueensError",
    "SizeLimitError",
    "Spec",
    "SpecError",
    "Status",
    "Trace",
    "UnknownBackendError",
    "Violation",
    "count",
    "cross_check",
    "find_violations",
    "plan",
    "search",
    "solutions",
    "solve",
    "validate",
    "verify_proof",
]

__version__ = "0.1.0"
