"""The size and structure of each backend's compiled form of a spec, as plain dicts (JSON-ready).

CP-SAT: the model of `compile_cpsat_model` (variables, constraints by family and by type).
SAT: the CNF of `encode_cnf` (cell and auxiliary variables, clauses by family and by length).
Backtrack: the search tree (the textbook's bounds n^n, n!, the promising-node bound, and the
cells the spec leaves open). Solver libraries are imported only when that backend is asked for.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from ..spec import Spec

__all__ = ["BACKENDS", "describe_compiled", "problem_summary"]

BACKENDS = ("cpsat", "sat", "backtrack")


def problem_summary(spec: Spec) -> dict[str, Any]:
    doc: dict[str, Any] = {"n": spec.n, "variant": spec.variant,
                           "fixed": len(spec.fixed), "forbidden": len(spec.forbidden)}
    if spec.name:
        doc["name"] = spec.name
    return doc


def cpsat_structure(spec: Spec) -> dict[str, Any]:
    from ..backends.cpsat import compile_cpsat_model

    compiled = compile_cpsat_model(spec)
    proto = compiled.model.proto
    by_type: Counter[str] = Counter()
    literals = 0
    for constraint in proto.constraints:
        # OR-Tools' own proto wrapper has has_<kind>() rather than protobuf's WhichOneof
        for kind, field in (("exactly_one", "literals"), ("at_most_one", "literals"),
                            ("linear", "vars")):
            if getattr(constraint, f"has_{kind}")():
                by_type[kind] += 1
                literals += len(getattr(getattr(constraint, kind), field))
                break
        else:
            by_type["other"] += 1
    cells = spec.n * spec.n
    return {
        "backend": "cpsat",
        "variables": len(proto.variables),
        "cell_variables": cells,
        "aux_variables": len(proto.variables) - cells,
        "constraints": len(proto.constraints),
        "constraints_by_family": dict(compiled.families),
        "constraints_by_type": dict(by_type),
        "literals": literals,
    }


def sat_structure(spec: Spec, encoding: str | None = None) -> dict[str, Any]:
    from ..backends.sat import DEFAULT_ENCODING, encode_cnf

    compiled = encode_cnf(spec, encoding or DEFAULT_ENCODING)
    clauses = compiled.cnf.clauses
    lengths = Counter(len(clause) for clause in clauses)
    return {
        "backend": "sat",
        "encoding": compiled.encoding,
        "variables": compiled.cnf.nv,
        "cell_variables": compiled.cell_vars,
        "aux_variables": compiled.aux_vars,
        "clauses": len(clauses),
        "clauses_by_family": dict(compiled.families),
        "clauses_by_length": {str(k): lengths[k] for k in sorted(lengths)},
        "literals": sum(len(clause) for clause in clauses),
    }


def backtrack_structure(spec: Spec) -> dict[str, Any]:
    """The search tree of the row-by-row backtracker: the textbook's bounds for a plain
    board, and what fixed and forbidden cells leave open before the search starts."""
    from ..bitboard import initial_rows

    n = spec.n
    allowed = [bin(mask).count("1") for mask in initial_rows(spec)]
    lines: Counter[str] = Counter(line.kind for line in spec.lines)
    return {
        "backend": "backtrack",
        "lines_by_family": dict(lines),
        "allowed_cells": sum(allowed),
        "allowed_per_row": allowed,
        "search_space": {
            # every node of the unpruned tree: 1 + n + n^2 + ... + n^n
            "tree_nodes": sum(n**k for k in range(n + 1)),
            "leaves_one_queen_per_row": n**n,
            "permutations": math.factorial(n),
            # no two queens in one column: 1 + n + n(n-1) + ... + n!
            "promising_bound": sum(math.perm(n, k) for k in range(n + 1)),
            "allowed_leaves": math.prod(allowed),
        },
    }


def describe_compiled(spec: Spec, backend: str, encoding: str | None = None) -> dict[str, Any]:
    """The structure of `backend`'s compiled form of `spec` (see the module docstring)."""
    if backend == "cpsat":
        return cpsat_structure(spec)
    if backend == "sat":
        return sat_structure(spec, encoding)
    return backtrack_structure(spec)
