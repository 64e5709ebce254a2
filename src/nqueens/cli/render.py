"""Text and JSON renderings of placements and outcomes. No solver imports."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from ..result import Outcome
from ..spec import Placement, Spec

if TYPE_CHECKING:
    from ..planning import Plan

#: Boards larger than this are shown as their column list only.
MAX_BOARD_TEXT = 40
#: Placements longer than this are not listed in text output (JSON always has them).
MAX_COLUMNS_TEXT = 1000


def board_text(spec: Spec, placement: Placement) -> str:
    """The board as rows of `Q` (queen), `.` (empty) and `x` (forbidden), space separated."""
    forbidden = set(spec.forbidden)
    lines = []
    for r, col in enumerate(placement):
        lines.append(
            " ".join(
                "Q" if c == col else ("x" if (r, c) in forbidden else ".") for c in range(spec.n)
            )
        )
    return "\n".join(lines)


def columns_text(placement: Placement, one_based: bool = False) -> str:
    shift = 1 if one_based else 0
    return "[" + ", ".join(str(c + shift) for c in placement) + "]"


def solution_text(
    spec: Spec, index: int, placement: Placement, one_based: bool = False
) -> str:
    """One solution: a header with its column list, then the board when it is small enough."""
    base = "1-based" if one_based else "0-based"
    if spec.n > MAX_COLUMNS_TEXT:
        return (f"solution {index}: {spec.n} columns, too many to list as text "
                "(use --format json > FILE for the placement)")
    head = f"solution {index}: columns ({base}) {columns_text(placement, one_based)}"
    if spec.n > MAX_BOARD_TEXT:
        return head
    return head + "\n" + board_text(spec, placement)


def outcome_json(spec: Spec, outcome: Outcome, **extra: Any) -> dict[str, Any]:
    """The JSON document of an outcome (the schema: docs/reference/json-output.md).

    `count` is always what was asked for and, where solutions are listed, how many are
    listed: with --unique the fundamental solutions (`outcome.count`), and `total` beside
    it every solution the search met (`outcome.total`). `route` says why `auto` chose
    the backend (null when the user named it); `fixed` and `forbidden` are the board's
    cells, so that `verify` can check a placement against the board it was found on. A certified
    answer adds `certified` (true or false), `proof` (the proof file of a "no", null for a
    solution) and `certificate` (what was checked, by which checkers)."""
    doc: dict[str, Any] = {
        "n": spec.n,
        "variant": spec.variant,
        "backend": outcome.backend,
        "route": outcome.rule.reason() if outcome.rule is not None else None,
        "status": outcome.status.value,
        "count": outcome.count,
        "complete": outcome.complete,
        "elapsed": round(outcome.elapsed, 6),
    }
    if outcome.total is not None:
        doc["total"] = outcome.total
    if spec.name:
        doc["name"] = spec.name
    if spec.fixed:
        doc["fixed"] = [list(cell) for cell in spec.fixed]
    if spec.forbidden:
        doc["forbidden"] = [list(cell) for cell in spec.forbidden]
    certificate = outcome.certificate
    if certificate is not None:  # only when certifying was asked for
        doc["certified"] = certificate.certified
        doc["proof"] = certificate.proof
        doc["certificate"] = certificate.as_json()
    doc.update(extra)
    doc["stats"] = dict(outcome.stats)
    return doc


def backend_text(outcome: Outcome) -> str:
    """How text output names the backend that ran: "auto: backtrack, bitboard kernel" when
    `auto` chose it, else "backend cpsat"."""
    if outcome.rule is not None:
        return f"auto: {outcome.rule.describe()}"
    return f"backend {outcome.backend}"


def announce(chosen: Plan) -> None:
    """The plan's warning and notes on stderr (never stdout), before the work starts."""
    if chosen.warning is not None:
        print(f"nqueens: warning: {chosen.warning}", file=sys.stderr, flush=True)
    for note in chosen.notes:
        print(f"nqueens: note: {note}", file=sys.stderr, flush=True)
