"""The pairwise CNF of a spec, the one every certificate is about, built without PySAT.

Variable row * n + col + 1 is a cell (1..n², row-major). Each line gives its at-least-one
clause when it holds exactly one queen (rows and columns) and, when it has two cells or
more, one binary clause per pair of its cells (its pairwise at-most-one, the pairs in
lexicographic order, as PySAT's `EncType.pairwise` writes them); then a unit clause per
fixed queen and per forbidden cell. The sat backend's `encode_cnf(spec, "pairwise")` is
built from the same functions, clause for clause; a certified answer, `verify --proof` and
the search that writes its own proof need neither PySAT nor a solver.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..spec import Spec

__all__ = ["at_most_one", "cell_var", "clauses", "dimacs", "dimacs_of", "reduced", "unit_reduced"]


def cell_var(n: int, row: int, col: int) -> int:
    """The CNF variable of cell (row, col): 1..n*n, row-major."""
    return row * n + col + 1


def at_most_one(literals: Sequence[int]) -> list[list[int]]:
    """One binary clause per pair of `literals`, in lexicographic order of the pair."""
    return [[-a, -b] for i, a in enumerate(literals) for b in literals[i + 1:]]


def line_clauses(spec: Spec) -> Iterator[tuple[str, list[list[int]]]]:
    """(kind, clauses) line by line, then the fixed and the forbidden cells' units."""
    n = spec.n
    for line in spec.lines:
        literals = [cell_var(n, r, c) for r, c in line.cells]
        found = [literals] if line.exact else []
        if len(literals) > 1:
            found.extend(at_most_one(literals))
        yield line.kind, found
    yield "fixed", [[cell_var(n, r, c)] for r, c in spec.fixed]
    yield "forbidden", [[-cell_var(n, r, c)] for r, c in spec.forbidden]


def clauses(spec: Spec) -> list[list[int]]:
    """Every clause of the pairwise CNF, in `encode_cnf`'s order."""
    return [clause for _, part in line_clauses(spec) for clause in part]


def dimacs_of(spec: Spec, extra: Sequence[Sequence[int]] = ()) -> str:
    """`dimacs(clauses(spec) + extra, n * n)`, written straight from the lines (the text of
    a blocked 28-board's 35,679 clauses in a few milliseconds, not a list of lists first)."""
    n = spec.n
    parts: list[str] = []
    for line in spec.lines:
        literals = [str(cell_var(n, r, c)) for r, c in line.cells]
        if line.exact:
            parts.append(" ".join(literals) + " 0")
        negated = ["-" + literal for literal in literals]
        parts.extend(f"{a} {b} 0" for i, a in enumerate(negated) for b in negated[i + 1:])
    parts.extend(f"{cell_var(n, r, c)} 0" for r, c in spec.fixed)
    parts.extend(f"-{cell_var(n, r, c)} 0" for r, c in spec.forbidden)
    parts.extend(" ".join(map(str, clause)) + " 0" for clause in extra)
    return f"p cnf {n * n} {len(parts)}\n" + "\n".join(parts) + "\n"


def reduced(spec: Spec) -> list[list[int]]:
    """`unit_reduced(clauses(spec))`, built directly: a line's pairs among its cells that
    are not forbidden, and its at-least-one clause unless a fixed queen is on it."""
    n = spec.n
    forbidden = {cell_var(n, r, c) for r, c in spec.forbidden}
    fixed = {cell_var(n, r, c) for r, c in spec.fixed}
    found: list[list[int]] = []
    for line in spec.lines:
        literals = [cell_var(n, r, c) for r, c in line.cells]
        if line.exact and fixed.isdisjoint(literals):
            found.append(literals)
        found.extend(at_most_one([lit for lit in literals if lit not in forbidden]))
    found.extend([lit] for lit in sorted(fixed))
    found.extend([-lit] for lit in sorted(forbidden))
    return found


def dimacs(clauses: Sequence[Sequence[int]], variables: int) -> str:
    """The CNF as DIMACS text."""
    lines = [f"p cnf {variables} {len(clauses)}"]
    lines.extend(f"{clause[0]} {clause[1]} 0" if len(clause) == 2 else
                 " ".join(map(str, clause)) + " 0" for clause in clauses)
    return "\n".join(lines) + "\n"


def unit_reduced(clauses: Sequence[Sequence[int]]) -> list[Sequence[int]]:
    """The clauses without those a unit clause of the CNF satisfies (a forbidden cell's
    binary clauses, a fixed queen's line's at-least-one clause), units kept.

    A refutation of these clauses refutes the whole CNF, since they are a subset of it;
    and a checker's unit propagation never uses a clause a root unit satisfies, so it
    accepts and rejects the same proofs on both. Only the cost differs: a blocked 28-board
    keeps some 2,700 of its 35,679 clauses."""
    units = {clause[0] for clause in clauses if len(clause) == 1}
    if not units:
        return list(clauses)
    return [clause for clause in clauses if len(clause) == 1 or units.isdisjoint(clause)]
