"""The size and structure of a posed problem in each formalism, as plain dicts (JSON-ready),
for `describe`: what the three compilers make of the same lines.

CP-SAT (`backends.cpsat_posed`): a Boolean per open cell, one constraint per line in the
form CP-SAT propagates best (AtMostOne, ExactlyOne, else a linear range), the objective its
own. CNF (`backends.sat_posed`): the cells and the auxiliaries of the cardinality encodings,
clauses by family and by length; an objective is proved by a sequence of SAT calls. The
backtracker (`backends.backtrack_posed`): cell by cell, each line's bounds propagated, branch
and bound for an objective. A posed board is small (`posed.families.MAX_OPEN_N`), so the CNF
is encoded here to be counted: the figures are the compiled model's own.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..spec import Spec
from ..symmetry import line_symmetries
from ..wording import plural

__all__ = ["posed_structure"]

_OBJECTIVE_WORDS = {"fewest": "minimize", "most": "maximize"}
#: The largest CNF built only to be counted (a few seconds in Python); a larger one is
#: sized from the encodings' formulas (`backends.sat_facts.posed_clauses`) instead.
COUNTED_UP_TO = 1_000_000


def posed_structure(spec: Spec, formalism: str, encoding: str | None = None) -> dict[str, Any]:
    """The structure of `spec` in `formalism` ("cpsat", "cnf" or "search")."""
    if formalism == "cpsat":
        return _cpsat(spec)
    if formalism == "cnf":
        return _cnf(spec, encoding)
    return _search(spec)


def _objective(spec: Spec, how: str) -> dict[str, str]:
    if spec.objective is None:
        return {}
    return {"objective": f"{_OBJECTIVE_WORDS[spec.objective]} the queens: {how}"}


def _open(spec: Spec) -> int:
    return spec.n * spec.n - len(set(spec.forbidden))


def _cpsat(spec: Spec) -> dict[str, Any]:
    forbidden = set(spec.forbidden)
    families: Counter[str] = Counter()
    types: Counter[str] = Counter()
    literals = 0
    for line in spec.lines:
        terms = sum(1 for cell in line.cells if cell not in forbidden)
        families[line.kind] += 1
        types["at_most_one" if (line.lo, line.hi) == (0, 1) else
              "exactly_one" if (line.lo, line.hi) == (1, 1) else "linear"] += 1
        literals += terms
    families["fixed"] = types["fixed"] = len(spec.fixed)
    literals += len(spec.fixed)
    cells = _open(spec)
    return {"variables": cells, "cell_variables": cells, "aux_variables": 0,
            "constraints": sum(families.values()),
            "constraints_by_family": {kind: count for kind, count in families.items() if count},
            "constraints_by_type": {kind: count for kind, count in types.items() if count},
            "literals": literals,
            **_objective(spec, "CP-SAT's own objective, its bound proved by its search")}


def _cnf(spec: Spec, encoding: str | None) -> dict[str, Any]:
    from pysat.formula import CNF, CNFPlus, IDPool

    from ..backends.sat_facts import (
        ANY_K,
        DEFAULT_ENCODING,
        K_ENCODING,
        NATIVE,
        check_encoding,
        posed_clauses,
    )
    from ..backends.sat_posed import posed_chunks

    encoding = check_encoding(encoding or DEFAULT_ENCODING)
    above_one = encoding if encoding in ANY_K or encoding == NATIVE else K_ENCODING
    estimate = posed_clauses(spec, encoding)
    if estimate > COUNTED_UP_TO:  # seconds to build in Python, only to be counted
        return {"encoding": encoding, "bounds_above_one": above_one,
                "clauses_estimated": estimate, **_objective(spec, _descent(spec))}
    cells = spec.n * spec.n
    pool = IDPool(start_from=cells + 1)
    cnf = CNFPlus() if encoding == NATIVE else CNF()
    families: Counter[str] = Counter()
    lengths: Counter[int] = Counter()
    literals = cardinality = 0
    for kind, clauses in posed_chunks(spec, encoding, pool, cnf):
        native = len(getattr(cnf, "atmosts", ())) - cardinality
        cardinality += native
        families[kind] += len(clauses) + native
        for clause in clauses:
            lengths[len(clause)] += 1
            literals += len(clause)
    literals += sum(len(lits) for lits, _ in getattr(cnf, "atmosts", ()))
    aux = max(pool.top, cells) - cells
    return {"encoding": encoding, "bounds_above_one": above_one,
            "variables": cells + aux, "cell_variables": cells, "aux_variables": aux,
            "clauses": sum(lengths.values()), "cardinality_constraints": cardinality,
            "clauses_by_family": {kind: count for kind, count in families.items() if count},
            "clauses_by_length": {str(k): lengths[k] for k in sorted(lengths)},
            "literals": literals,
            **_objective(spec, _descent(spec))}


def _descent(spec: Spec) -> str:
    """How the CNF's calls prove an optimum (`backends.sat_posed.optimize`)."""
    from ..backends.sat_facts import BOUND_ENCODING

    if spec.objective is None:
        return ""
    broken = len(line_symmetries(spec)) - 1
    symmetric = (f"; of the placements the lines' {broken} "
                 f"{plural(broken, 'symmetry', 'symmetries')} map onto each other, the calls "
                 "keep the least" if broken else "")
    return (f"one SAT call per better value, each a fresh solver asking for one queen better "
            f"(a {BOUND_ENCODING} over the cells) until one has no model{symmetric}")


def _search(spec: Spec) -> dict[str, Any]:
    families: Counter[str] = Counter()
    bounds: dict[str, set[str]] = {}
    for line in spec.lines:
        families[line.kind] += 1
        bounds.setdefault(line.kind, set()).add(_bounds(line.lo, line.hi, len(line.cells)))
    cells = _open(spec) - len(set(spec.fixed))
    return {"search": "cell by cell, each line's bounds propagated",
            "lines_by_family": {kind: count for kind, count in families.items() if count},
            "bounds_by_family": {kind: sorted(shown) for kind, shown in bounds.items()},
            "open_cells": cells,
            "search_space_log2": {"leaves (every open cell in or out)": cells,
                                  "tree nodes (at most)": cells + 1},
            **_objective(spec, "branch and bound on the queens placed")}


def _bounds(lo: int, hi: int, size: int) -> str:
    """A line's bounds as words: "exactly 1", "at most 1", "at least 1", "2..3"."""
    if lo == hi:
        return f"exactly {lo}"
    if hi >= size:
        return f"at least {lo}"
    return f"at most {hi}" if lo == 0 else f"{lo}..{hi}"
