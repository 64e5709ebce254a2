"""The backtrack backend's facts (`backtrack.py`, with its orders `firstfail.py` and
`propagate.py`, is its search): its search orders, which counting routes its counts may
take, its options and its registry row. No solver imports.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import InputError
from ..job_kinds import Job
from ..spec import Spec
from .facts import BackendInfo, Option, Rate, lines_bytes, per_spec

#: The search orders: the textbook's, fewest-free-cells-first, and rows and columns with
#: propagation (queens boards only); the first is the default.
ORDERS = ("rows", "first-fail", "propagate")
DEFAULT_ORDER = ORDERS[0]


def _routes(settings: Mapping[str, Any]) -> tuple[str, ...]:
    """The bitboard walk (and the join, which replaces it) is the textbook's row order;
    another order, or `fast=False`, is a search of its own."""
    walks = settings.get("order") == DEFAULT_ORDER and settings.get("fast", True)
    return ("bitboard", "join") if walks else ()


def _refuse_order(spec: Spec, options: Mapping[str, Any], job: Job) -> None:
    """The propagate order knows the queens' lines only: another variant is refused."""
    if options.get("order") == "propagate" and spec.variant != "queens":
        raise InputError(f"the propagate order handles queens boards only, not "
                         f"{spec.variant!r}; use --order first-fail")


ROW = BackendInfo(
    "backtrack", "nqueens.backends.backtrack", "BacktrackBackend",
    "hand-written backtracker: textbook row order, or first-fail (order=)", True,
    options=(
        Option("fast", "pure counts by the counting engine's walk instead of this search",
               default=True),
        Option("order", "the backtracker's search order", default=DEFAULT_ORDER,
               choices=ORDERS, flag="--order", implies=True,
               choice_help={"rows": "the textbook's",
                            "first-fail": "fewest free cells first; large boards",
                            "propagate": "rows and columns, forced queens; hard completions, "
                                         "queens only"}),
    ),
    max_n=3000, memory=per_spec(lines_bytes), refuse=_refuse_order, counting=_routes,
    rated_by="order", search_proof=True,
    rates={("count", "rows"): Rate("exp", ((14, 0.22), (16, 3.2))),
           ("count", "first-fail"): Rate("exp", ((10, 0.062), (12, 1.26))),
           ("enumerate", "first-fail"): Rate("exp", ((10, 0.062), (12, 1.26))),
           ("enumerate", "rows"): Rate("exp", ((10, 0.070), (12, 1.70))),
           ("count", "propagate"): Rate("exp", ((10, 0.012), (12, 0.203))),
           ("enumerate", "propagate"): Rate("exp", ((10, 0.012), (12, 0.203))),
           ("find", "first-fail"): Rate("power", ((1000, 0.5), (2000, 3.1))),
           ("find", "rows"): Rate("exp", ((24, 1.9), (30, 183.0)))},
    posed=True,
)
