"""Export a spec as a pseudo-Boolean OPB file: the linear 0/1 format of the pseudo-Boolean
competitions (PB06 to PB24), which Exact, RoundingSat, Sat4j, NaPS, CPMpy's loader and
OR-Tools' OPB reader take.

A spec's lines are already linear 0/1 constraints, so the file is the spec itself: variable
x{k} is a cell, numbered as the DIMACS export numbers it (`backends.cnf.cell_var`: 1..n*n,
row-major, 0-based rows and columns, the map written in comment lines), and every line's
bounds are one `= k` or up to two `>=` constraints on the sum of its cells. Fixed and
forbidden cells are unit constraints (`= 1`, `= 0`); an objective is the `min:` line.

The syntax is the competitions' strict one, which every reader above accepts: the header
`* #variable= V #constraint= C` first, comment lines starting with `*`, terms `+1 x7` with an
explicitly signed coefficient, the relational operators `>=` and `=` only (an upper bound is
written negated: sum <= hi as -sum >= -hi) and every constraint ending with ` ;`. OPB only
minimizes, so "most queens" is `min:` of minus the cells (the optimum is then minus the
most queens), which a comment says.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import groupby

from ..backends.cnf import cell_var
from ..spec import Cell, Line, Spec
from .line_bounds import amount

__all__ = ["line_constraints", "opb_text"]


def _sum(n: int, cells: tuple[Cell, ...], sign: str) -> str:
    """The cells' terms with coefficient +1 or -1, each term followed by a space."""
    return "".join(f"{sign}1 x{cell_var(n, r, c)} " for r, c in cells)


def line_constraints(n: int, line: Line) -> list[str]:
    """The OPB constraints of one line: `= k` when its bounds meet, else `>= lo` when lo
    is above 0 and `-sum >= -hi` when hi is below its number of cells; none when its bounds
    say nothing (0 to every cell: a queens bound of at least 0)."""
    if line.lo == line.hi:
        return [f"{_sum(n, line.cells, '+')}= {line.lo} ;"]
    out = []
    if line.lo > 0:
        out.append(f"{_sum(n, line.cells, '+')}>= {line.lo} ;")
    if line.hi < len(line.cells):
        out.append(f"{_sum(n, line.cells, '-')}>= {-line.hi} ;")
    return out


def _constraints(spec: Spec) -> Iterator[str]:
    """Comment lines naming each run of lines of one kind, then its constraints; then the
    fixed and forbidden cells."""
    n = spec.n
    for kind, run in groupby(spec.lines, key=lambda line: line.kind):
        lines = list(run)
        yield f"* {len(lines)} {kind} line{'s' if len(lines) != 1 else ''}: {amount(lines)}"
        for line in lines:
            yield from line_constraints(n, line)
    if spec.fixed:
        yield f"* {len(spec.fixed)} fixed cell{'s' if len(spec.fixed) != 1 else ''}: a queen"
        yield from (f"+1 x{cell_var(n, r, c)} = 1 ;" for r, c in spec.fixed)
    if spec.forbidden:
        yield (f"* {len(spec.forbidden)} forbidden cell{'s' if len(spec.forbidden) != 1 else ''}"
               ": empty")
        yield from (f"+1 x{cell_var(n, r, c)} = 0 ;" for r, c in spec.forbidden)


def _objective(spec: Spec) -> list[str]:
    board = tuple((r, c) for r in range(spec.n) for c in range(spec.n))
    if spec.objective == "fewest":
        return ["* objective: the fewest queens (minimize the sum of the cells)",
                f"min: {_sum(spec.n, board, '+')};"]
    if spec.objective == "most":
        return [("* objective: the most queens; OPB only minimizes, so this minimizes minus the "
                 "sum of the cells (the optimum is minus the most queens)"),
                f"min: {_sum(spec.n, board, '-')};"]
    return []


def _comment(text: str) -> str:
    """A comment line: `*` and text without line breaks (a model's name is the user's)."""
    return "* " + " ".join(text.split())


def opb_text(spec: Spec) -> str:
    """The OPB file of `spec`: its lines as linear constraints over the cells x1..x{n*n}."""
    n = spec.n
    constraints = list(_constraints(spec))
    count = sum(1 for line in constraints if not line.startswith("*"))
    label = spec.describe() + (f" ({spec.name})" if spec.name else "")
    out = [
        f"* #variable= {n * n} #constraint= {count}",
        _comment(f"nqueens: {label}"),
        (f"* variables x1..x{n * n} are the cells, row-major (rows and columns 0-based), as "
         "in the DIMACS export: x = row * n + col + 1"),
        *(f"* x{cell_var(n, r, c)} = row {r} col {c}" for r in range(n) for c in range(n)),
        *_objective(spec),
        *constraints,
    ]
    return "\n".join(out) + "\n"
