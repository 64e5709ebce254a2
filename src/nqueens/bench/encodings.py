"""Compare the sat backend's at-most-one encodings on one spec: size of the CNF, time to the
first solution, and (optionally) time to count every solution. Timings are wall-clock
seconds of single runs: a rough comparison, not a benchmark suite."""

from __future__ import annotations

from typing import Any

from ..api import search
from ..backends.sat_facts import MAX_CLAUSES, estimated_clauses
from ..errors import SizeLimitError
from ..forecast import seconds_text
from ..result import Deadline, Status
from ..spec import Spec

__all__ = ["compare_encodings"]


def check_encodings(spec: Spec, timeout: float | None = None) -> None:
    """Refuse, from formulas, a comparison whose largest CNF cannot be built, or (a posed
    problem's CNFs are built in Python, which no stop interrupts) whose CNFs would take
    longer to build than the time limit.

    Raises:
        SizeLimitError: naming the encoding, its size and the limit.
    """
    from ..backends.sat import ENCODINGS
    from ..planning.refusals import POSED_CNF_BUILD_SECONDS_PER_CLAUSE

    sizes = {name: estimated_clauses(spec, name) for name in ENCODINGS}
    name = max(sizes, key=sizes.__getitem__)
    if sizes[name] > MAX_CLAUSES:
        raise SizeLimitError(
            f"comparing the encodings of {spec.describe()} builds the {name} CNF of about "
            f"{sizes[name]:,} clauses (limit {MAX_CLAUSES:,}); use a smaller n, or "
            f"`nqueens describe {spec.n} --backend sat --encoding E` for one encoding's size")
    # each posed CNF is built twice: once to be measured, once to be solved
    seconds = 2 * sum(sizes.values()) * POSED_CNF_BUILD_SECONDS_PER_CLAUSE
    if spec.is_open and timeout is not None and seconds > timeout:
        raise SizeLimitError(
            f"comparing the encodings of {spec.describe()} builds about "
            f"{sum(sizes.values()):,} clauses in all, about {seconds_text(seconds)}, which no "
            f"stop interrupts, and the time limit is {seconds_text(timeout)}; give a longer "
            "time limit, or `nqueens describe MODEL --backend sat --encoding E` for one "
            "encoding's size")


def compare_encodings(
    spec: Spec, *, count_all: bool = True, timeout: float | None = None,
    deadline: Deadline | None = None, rows: list[dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """One row per encoding in `backends.sat.ENCODINGS`, in that order.

    Each row: encoding, variables, aux_variables, clauses, cardinality_constraints (native
    only: at-most-ones not encoded), first_solution_s, satisfiable,
    and with `count_all` also count, count_s and count_complete (False when the time ran
    out). `deadline` (or `timeout`) bounds the whole comparison: once it passes, the rows
    left get no runs. Rows are appended to `rows` (if given) as they are started, so a
    caller that gives up early still has them.
    """
    from ..backends.sat import ENCODINGS
    from ..modeling.posed_structure import posed_structure
    from ..modeling.structure import sat_structure

    check_encodings(spec, timeout)
    deadline = deadline or Deadline(timeout)
    rows = [] if rows is None else rows
    for name in ENCODINGS:
        # a posed problem's CNF is its own encoder's (cardinality encodings for any bound)
        size = posed_structure(spec, "cnf", name) if spec.is_open else sat_structure(spec, name)
        row: dict[str, Any] = {
            "encoding": name,
            "variables": size["variables"],
            "aux_variables": size["aux_variables"],
            "clauses": size["clauses"],
            "cardinality_constraints": size["cardinality_constraints"],
            "first_solution_s": None,  # None: not run (the time was up)
            "satisfiable": None,
        }
        if count_all:
            row.update(count=0, count_s=None, count_complete=False)
        rows.append(row)  # filled in below: a caller giving up early shows it as it stands
        if not deadline.expired():
            first = search(spec, backend="sat", encoding=name, limit=1, deadline=deadline,
                           collect=False)
            row["first_solution_s"] = round(first.elapsed, 6)
            if first.status in (Status.FOUND, Status.COMPLETE):
                row["satisfiable"] = first.count > 0
        if count_all and not deadline.expired():
            total = search(spec, backend="sat", encoding=name, deadline=deadline, collect=False)
            row.update(count=total.count, count_s=round(total.elapsed, 6),
                       count_complete=total.complete)
    return rows
