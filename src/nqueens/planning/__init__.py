"""The front door every job passes: the instance loaded (`loading`), the job refused or
decided (`refusals`, `decision`), and the plans of the jobs built on a plan: a cross-check's
second count, an explanation, most queens. The API and the command line call only these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..counting.route import Split
from .cross_check import (
    CROSS_CHECK_UNBOUNDED_SECONDS,
    FORECAST_SLACK,
    by_parts,
    check_agreement,
    cross_check_plan,
    refuse_part_cross_check,
)
from .decision import Plan, plan
from .loading import model_of, spec_of
from .refusals import CERTIFIED_BYTES_PER_SOLUTION, check_path, refuse_posed

if TYPE_CHECKING:
    from .explanation import ExplanationPlan, plan_explanation
    from .most_queens import MostQueensPlan, plan_most_queens

__all__ = ["CERTIFIED_BYTES_PER_SOLUTION", "CROSS_CHECK_UNBOUNDED_SECONDS", "FORECAST_SLACK",
           "ExplanationPlan", "MostQueensPlan", "Plan", "Split", "by_parts", "check_agreement",
           "check_path", "cross_check_plan", "model_of", "plan", "plan_explanation", "plan_most_queens",
           "refuse_part_cross_check", "refuse_posed", "spec_of"]

#: The plans of explain and most queens load with their first use: every command's start
#: imports this package, few of them explain.
_LATER = {"ExplanationPlan": "explanation", "plan_explanation": "explanation",
          "MostQueensPlan": "most_queens", "plan_most_queens": "most_queens"}


def __dir__() -> list[str]:
    return sorted({*globals(), *_LATER})


def __getattr__(name: str) -> Any:
    if name in _LATER:
        from importlib import import_module

        return getattr(import_module(f".{_LATER[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
