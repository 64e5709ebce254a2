"""A strict reader of OPB text and a solve of it with Exact (the `exact` module), for the
tests of the OPB export.

Exact's Python bindings take constraints one by one, not a file, so the text is read here,
to the letter of the pseudo-Boolean competitions' grammar (PB06, kept by PB24) in the form
the export promises: the header `* #variable= V #constraint= C` first, comment lines
starting with `*`, at most one `min:` line before every constraint, terms `+1 x7` (a signed
integer coefficient, a space, a variable x1..xV, a space), the operators `>=` and `=`, an
integer right-hand side and ` ;` closing the line. Anything else is an error naming the
line, so a lax export fails here rather than in a competition solver.

Nothing here knows the n-queens problem: the reader returns numbers, and the solve returns
the variables at 1 in each solution.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from typing import Any

Terms = tuple[tuple[int, int], ...]  # (coefficient, variable index)

_HEADER = re.compile(r"\* #variable= (\d+) #constraint= (\d+)")
_TERM = r"[+-]\d+ x[1-9]\d* "
_OBJECTIVE = re.compile(rf"min: ((?:{_TERM})+);")
_CONSTRAINT = re.compile(rf"((?:{_TERM})+)(>=|=) ([+-]?\d+) ;")


class OpbError(ValueError):
    """The text is not OPB as the competitions define it (or as the export promises)."""


@dataclass(frozen=True)
class Opb:
    """The content of an OPB file: its declared variables, the objective to minimize
    (None: a satisfaction problem) and the constraints as (terms, operator, rhs)."""

    variables: int
    objective: Terms | None
    constraints: tuple[tuple[Terms, str, int], ...]
    comments: tuple[str, ...]


def _terms(text: str, variables: int, where: str) -> Terms:
    out = []
    for coefficient, name in re.findall(r"([+-]\d+) x(\d+) ", text):
        index = int(name)
        if not 1 <= index <= variables:
            raise OpbError(f"{where}: x{index} beyond the {variables} variables declared")
        out.append((int(coefficient), index))
    if len({index for _, index in out}) != len(out):
        raise OpbError(f"{where}: a variable appears twice in one sum")
    return tuple(out)


def read_opb(text: str) -> Opb:
    """Parse `text`; raise OpbError at the first line that breaks the grammar or the header."""
    if not text.endswith("\n"):
        raise OpbError("the text does not end with a newline")
    lines = text[:-1].split("\n")
    header = _HEADER.fullmatch(lines[0])
    if header is None:
        raise OpbError(f"line 1 is not the header '* #variable= V #constraint= C': {lines[0]!r}")
    variables, declared = int(header[1]), int(header[2])
    objective: Terms | None = None
    constraints: list[tuple[Terms, str, int]] = []
    comments: list[str] = []
    for number, line in enumerate(lines[1:], start=2):
        where = f"line {number}"
        if line.startswith("*"):
            comments.append(line)
            continue
        if line.startswith("min:"):
            found = _OBJECTIVE.fullmatch(line)
            if found is None or objective is not None or constraints:
                raise OpbError(f"{where}: a malformed, second or late objective: {line!r}")
            objective = _terms(found[1], variables, where)
            continue
        found = _CONSTRAINT.fullmatch(line)
        if found is None:
            raise OpbError(f"{where}: not a comment, objective or constraint: {line!r}")
        constraints.append((_terms(found[1], variables, where), found[2], int(found[3])))
    if len(constraints) != declared:
        raise OpbError(f"the header declares {declared} constraints, the text has "
                       f"{len(constraints)}")
    return Opb(variables, objective, tuple(constraints), tuple(comments))


@dataclass(frozen=True)
class ExactAnswer:
    """What Exact found: `optimum` (the objective's minimum; None without an objective or
    with no solution) and every solution (every optimal one with an objective), each as the
    sorted indices of the variables at 1."""

    optimum: int | None
    solutions: tuple[tuple[int, ...], ...]


def _solver(exact: Any, opb: Opb, extra: tuple[tuple[Terms, str, int], ...] = ()) -> Any:
    solver = exact.Exact()
    for index in range(1, opb.variables + 1):
        solver.addVariable(f"x{index}", 0, 1)
    for terms, operator, rhs in opb.constraints + extra:
        named = [(coefficient, f"x{index}") for coefficient, index in terms]
        if operator == "=":
            solver.addConstraint(named, True, rhs, True, rhs)
        else:
            solver.addConstraint(named, True, rhs)
    return solver


def solve_with_exact(opb: Opb, *, first: int | None = None, limit: int = 100_000,
                     timeout: float = 30.0) -> ExactAnswer:
    """The solutions of `opb` (with an objective: its optimum, proved, then the optimal
    solutions), by Exact: one solve, a clause blocking the solution found, and again, until
    Exact proves there is no other, or after the `first` ones when that is given. Raises
    AssertionError when Exact gives no proof in time or more than `limit` solutions turn
    up."""
    exact = importlib.import_module("exact")  # optional: only the tests that solve need it
    names = [f"x{index}" for index in range(1, opb.variables + 1)]
    optimum: int | None = None
    extra: tuple[tuple[Terms, str, int], ...] = ()
    if opb.objective is not None:
        solver = _solver(exact, opb)
        solver.setObjective([(c, f"x{i}") for c, i in opb.objective], True, 0)
        state = solver.runFull(True, timeout)
        assert state == "UNSAT", f"Exact did not prove an optimum: {state}"  # UNSAT: no better
        if not solver.hasSolution():
            return ExactAnswer(None, ())
        optimum = int(solver.getBestSoFar())
        assert int(solver.getDualBound()) == optimum
        extra = ((opb.objective, "=", optimum),)
    solver = _solver(exact, opb, extra)
    solutions: list[tuple[int, ...]] = []
    while first is None or len(solutions) < first:
        state = solver.runOnce(timeout)
        if state == "PAUSED":  # Exact hands control back between phases; go on
            continue
        if state == "UNSAT":
            break
        assert state == "SAT", f"Exact stopped without an answer: {state}"
        values = solver.getLastSolutionFor(names)
        solutions.append(tuple(i for i, value in enumerate(values, start=1) if value == 1))
        assert len(solutions) <= limit, f"more than {limit} solutions"
        solver.invalidateLastSol()
    return ExactAnswer(optimum, tuple(solutions))
