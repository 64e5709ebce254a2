"""The size and structure of each backend's compiled form of a spec, as plain dicts (JSON-ready).

CP-SAT: the model of `compile_cpsat_model` (variables, constraints by family and by type).
SAT: the CNF of `encode_cnf` (cell and auxiliary variables, clauses by family and by length).
Every figure is computed from n and the spec's line shapes, never by building the model, so
`describe` answers at once for any size it accepts (a test holds the figures to the built
models).
Backtrack: the search tree (the textbook's bounds n^n, n!, the promising-node bound, and the
cells the spec leaves open). Solver libraries are imported only when that backend is asked for.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from ..errors import SizeLimitError
from ..limits import line_shapes
from ..spec import Spec

__all__ = ["describe_compiled", "described_backends", "problem_summary"]


def described_backends() -> list[str]:
    """The backends `describe` shows by default: the first registered of each formalism
    (CP-SAT, CNF, the lines a search walks)."""
    from ..backends import first_by_formalism

    return list(first_by_formalism().values())


def problem_summary(spec: Spec) -> dict[str, Any]:
    doc: dict[str, Any] = {"n": spec.n, "variant": spec.variant,
                           "fixed": len(spec.fixed), "forbidden": len(spec.forbidden)}
    if spec.name:
        doc["name"] = spec.name
    return doc


#: Most CNF clauses `describe` measures by encoding single lines (above: refused, naming it).
MAX_DESCRIBED_WORK = 20_000_000
#: Largest n whose search-space bounds are given exactly (n^n has 3,001 digits at 1,000);
#: beyond, they are given as base-10 logarithms.
EXACT_BOUNDS_UP_TO = 1000
#: Largest n whose open cells per row are listed (the masks take n^2 bits).
LIST_ROWS_UP_TO = 5000


def cpsat_structure(spec: Spec) -> dict[str, Any]:
    """The Boolean CP-SAT model of `compile_cpsat_model`, counted from the line shapes
    (n^2 cell variables, one constraint per line, one per fixed or forbidden cell)."""
    shapes = line_shapes(spec)
    families: dict[str, int] = {}
    for kind, _, count, _ in shapes:
        families[kind] = families.get(kind, 0) + count
    families = {kind: count for kind, count in families.items() if count}
    families["fixed"], families["forbidden"] = len(spec.fixed), len(spec.forbidden)
    exact = sum(count for _, _, count, is_exact in shapes if is_exact)
    at_most = sum(count for _, _, count, is_exact in shapes if not is_exact)
    units = len(spec.fixed) + len(spec.forbidden)
    by_type = {"exactly_one": exact, "at_most_one": at_most, "linear": units}
    cells = spec.n * spec.n
    return {
        "backend": "cpsat",
        "variables": cells,
        "cell_variables": cells,
        "aux_variables": 0,
        "constraints": exact + at_most + units,
        "constraints_by_family": families,
        "constraints_by_type": {kind: count for kind, count in by_type.items() if count},
        "literals": sum(k * count for _, k, count, _ in shapes) + units,
    }


def _one_line_cnf(k: int, encoding: str) -> tuple[int, int, Counter[int]]:
    """(clauses, auxiliary variables, clause lengths) of one at-most-one over k literals:
    a formula for pairwise, else encoded once by PySAT (its size depends on k only)."""
    if k < 2:
        return 0, 0, Counter()
    if encoding == "pairwise" or (encoding == "native" and k == 2):
        pairs = k * (k - 1) // 2
        return pairs, 0, Counter({2: pairs})
    if encoding == "native":  # one cardinality constraint, counted apart by the caller
        return 0, 0, Counter()
    from pysat.card import CardEnc
    from pysat.formula import IDPool

    from ..backends.sat import ENC_TYPES

    pool = IDPool(start_from=k + 1)
    clauses = CardEnc.atmost(list(range(1, k + 1)), bound=1, vpool=pool,
                             encoding=ENC_TYPES[encoding]).clauses
    return len(clauses), max(0, pool.top - k), Counter(len(clause) for clause in clauses)


def sat_structure(spec: Spec, encoding: str | None = None) -> dict[str, Any]:
    """The CNF of `encode_cnf`, counted line shape by line shape: each distinct line length
    is encoded once (or counted by formula), never the whole board.

    Raises:
        SizeLimitError: when even that would take too long (naming the size and the limit).
    """
    from ..backends.sat_facts import DEFAULT_ENCODING, check_encoding

    encoding = check_encoding(encoding or DEFAULT_ENCODING)
    shapes = line_shapes(spec)
    if encoding not in ("pairwise", "native"):
        work = sum({k for _, k, count, _ in shapes if count})
        if work > MAX_DESCRIBED_WORK // 10:
            raise SizeLimitError(
                f"describing the {encoding} CNF of n = {spec.n} means encoding lines of "
                f"{work:,} cells in all (limit {MAX_DESCRIBED_WORK // 10:,}); use "
                "--encoding pairwise or a smaller n")
    families: Counter[str] = Counter()
    lengths: Counter[int] = Counter()
    aux = cardinality = cardinality_literals = 0
    for kind, k, count, exact in shapes:
        if not count:
            continue
        clauses, extra, by_length = _one_line_cnf(k, encoding)
        if encoding == "native" and k > 2:
            clauses = 1  # a constraint of its family, not a clause of any length
            cardinality += count
            cardinality_literals += count * k
        families[kind] += count * (clauses + exact)
        aux += count * extra
        for length, number in by_length.items():
            lengths[length] += count * number
        if exact:
            lengths[k] += count
    families["fixed"] += len(spec.fixed)
    families["forbidden"] += len(spec.forbidden)
    lengths[1] += len(spec.fixed) + len(spec.forbidden)
    lengths = Counter({k: v for k, v in lengths.items() if v})
    cells = spec.n * spec.n
    return {
        "backend": "sat",
        "encoding": encoding,
        "variables": cells + aux,
        "cell_variables": cells,
        "aux_variables": aux,
        "clauses": sum(lengths.values()),
        "cardinality_constraints": cardinality,
        "clauses_by_family": dict(families),
        "clauses_by_length": {str(k): lengths[k] for k in sorted(lengths)},
        "literals": sum(k * v for k, v in lengths.items()) + cardinality_literals,
    }


def _open_cells(spec: Spec) -> list[int]:
    """Per row, the cells a queen may take before the search (see `bitboard.initial_rows`)."""
    if spec.is_plain:
        return [spec.n] * spec.n
    if spec.n > LIST_ROWS_UP_TO:
        raise SizeLimitError(
            f"the open cells of a {spec.n}x{spec.n} board with fixed or forbidden cells take "
            f"n^2 bits to work out (at most n = {LIST_ROWS_UP_TO:,} here); describe the cpsat "
            "or sat model instead")
    from ..bitboard import initial_rows

    return [mask.bit_count() for mask in initial_rows(spec)]


def backtrack_structure(spec: Spec) -> dict[str, Any]:
    """The search tree of the row-by-row backtracker: the textbook's bounds for a plain
    board, and what fixed and forbidden cells leave open before the search starts. Exact
    integers up to EXACT_BOUNDS_UP_TO, base-10 logarithms (`search_space_log10`) beyond."""
    n = spec.n
    allowed = _open_cells(spec)
    families: Counter[str] = Counter()
    for kind, _, count, _ in line_shapes(spec):
        families[kind] += count
    doc: dict[str, Any] = {
        "backend": "backtrack",
        "lines_by_family": {kind: count for kind, count in families.items() if count},
        "allowed_cells": sum(allowed),
        "allowed_per_row": allowed,
    }
    if n <= EXACT_BOUNDS_UP_TO:
        doc["search_space"] = {
            # every node of the unpruned tree: 1 + n + n^2 + ... + n^n
            "tree_nodes": sum(n**k for k in range(n + 1)),
            "leaves_one_queen_per_row": n**n,
            "permutations": math.factorial(n),
            # no two queens in one column: 1 + n + n(n-1) + ... + n!
            "promising_bound": sum(math.perm(n, k) for k in range(n + 1)),
            "allowed_leaves": math.prod(allowed),
        }
        return doc
    log_factorial = math.lgamma(n + 1) / math.log(10)
    doc["search_space_log10"] = {
        # (n^(n+1) - 1) / (n - 1) and 1 + n + ... + n! = n! (1 + 1/1! + ... ) ~ e n!
        "tree_nodes": round((n + 1) * math.log10(n) - math.log10(n - 1), 3),
        "leaves_one_queen_per_row": round(n * math.log10(n), 3),
        "permutations": round(log_factorial, 3),
        "promising_bound": round(log_factorial + math.log10(math.e), 3),
        "allowed_leaves": round(math.fsum(math.log10(a) for a in allowed), 3)
        if all(allowed) else float("-inf"),
    }
    return doc


#: Largest board `describe` answers for (its line list has 4n entries, the row list n).
MAX_DESCRIBE_N = 1_000_000


def describe_compiled(spec: Spec, backend: str, encoding: str | None = None) -> dict[str, Any]:
    """The structure of `backend`'s compiled form of `spec` (see the module docstring).

    Raises:
        SizeLimitError: n beyond MAX_DESCRIBE_N, or a structure too costly to work out.
    """
    if spec.n > MAX_DESCRIBE_N:
        raise SizeLimitError(f"describe answers for n up to {MAX_DESCRIBE_N:,}, got "
                             f"n = {spec.n:,}; every model of that board has at least "
                             f"n^2 = {spec.n ** 2:.1e} cell variables")
    from ..backends import backend_info

    formalism = backend_info(backend).formalism
    if formalism == "cpsat":
        doc = cpsat_structure(spec)
    elif formalism == "cnf":
        doc = sat_structure(spec, encoding)
    else:
        doc = backtrack_structure(spec)
    return {**doc, "backend": backend, "formalism": formalism}
