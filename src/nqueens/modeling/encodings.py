"""Compare the sat backend's at-most-one encodings on one spec: size of the CNF, time to the
first solution, and (optionally) time to count every solution. Timings are wall-clock
seconds of single runs: a rough comparison, not a benchmark suite."""

from __future__ import annotations

from typing import Any

from ..api import count, solve
from ..spec import Spec

__all__ = ["compare_encodings"]


def compare_encodings(
    spec: Spec, *, count_all: bool = True, timeout: float | None = None
) -> list[dict[str, Any]]:
    """One row per encoding in `backends.sat.ENCODINGS`, in that order.

    Each row: encoding, variables, aux_variables, clauses, first_solution_s, satisfiable,
    and with `count_all` also count, count_s and count_complete (False when `timeout`
    stopped the count).
    """
    from ..backends.sat import ENCODINGS, encode_cnf

    rows = []
    for name in ENCODINGS:
        compiled = encode_cnf(spec, name)
        row: dict[str, Any] = {
            "encoding": name,
            "variables": compiled.cnf.nv,
            "aux_variables": compiled.aux_vars,
            "clauses": len(compiled.cnf.clauses),
        }
        first = solve(spec, backend="sat", encoding=name, timeout=timeout)
        row["first_solution_s"] = round(first.elapsed, 6)
        row["satisfiable"] = None if first.status.value == "timeout" else first.solution is not None
        if count_all:
            total = count(spec, backend="sat", encoding=name, timeout=timeout)
            row["count"] = total.count
            row["count_s"] = round(total.elapsed, 6)
            row["count_complete"] = total.complete
        rows.append(row)
    return rows
