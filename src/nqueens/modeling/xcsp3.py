"""Export a spec as an XCSP3 instance: the XML format of the XCSP constraint-solver
competitions, which ACE, Choco, PyCSP3's other back ends and most competition CP solvers read.

The model is the spec's own structure, with nothing compiled: one 0/1 variable per cell,
`q[r][c]` (0-based, 1 when a queen stands there), and one `<sum>` constraint per line, its
condition the line's bounds (`(eq,k)`, `(le,hi)`, `(ge,lo)` or `(in,lo..hi)`). So the
n-queens problem, its variants and every posed problem (regions, touching pairs, coverage,
any bounds, an objective) export through the same few lines of XML, and a solver's answer
reads back as cells. Lines of one kind sit together in a `<block>` whose `class` is the
kind and whose `note` says what the block states. Fixed and forbidden cells are one
`<instantiation>` (fixed 1, forbidden 0); cells on no line are stated in a sum that always
holds, since XCSP3 solvers drop a variable no constraint mentions; an objective ("fewest"/"most" queens) makes the
instance a COP minimizing or maximizing the sum of all cells.

Standard library only: the text is written by hand, every piece of it that comes from the
spec (its description, its name) escaped for where it stands, and is tested to parse with
`xml.etree` and to solve with ACE and Choco (tests/system/test_external_solvers.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import groupby
from xml.sax.saxutils import quoteattr

from ..spec import Cell, Line, Spec
from .line_bounds import amount

__all__ = ["ARRAY", "condition", "xcsp3_text"]

#: The id of the cell array: q[r][c], 0-based.
ARRAY = "q"
#: Characters XML 1.0 does not allow anywhere in a document.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _comment(text: str) -> str:
    """`text` as an XML comment: a comment may not hold "--" nor end with "-", so a dash
    followed by a dash (or closing the text) gets a space after it; characters XML forbids
    are dropped (a model's name is the user's text)."""
    text = _NOT_XML.sub("", text)
    text = re.sub("-(?=-|$)", "- ", text)
    return f"<!-- {text} -->"


def _attribute(text: str) -> str:
    """`text` as a quoted attribute value, markup characters and quotes escaped."""
    return quoteattr(_NOT_XML.sub("", text))


def _cell(cell: Cell) -> str:
    return f"{ARRAY}[{cell[0]}][{cell[1]}]"


def condition(line: Line) -> str:
    """The `<condition>` of a line's bounds, in the plainest form that states them: equal
    when lo == hi, an upper bound alone when lo is 0, a lower bound alone when hi is every
    cell of the line (a coverage line's "at least one"), else the interval."""
    lo, hi = line.lo, line.hi
    if lo == hi:
        return f"(eq,{lo})"
    if lo == 0:
        return f"(le,{hi})"
    if hi >= len(line.cells):
        return f"(ge,{lo})"
    return f"(in,{lo}..{hi})"


def _sum(line: Line, indent: str) -> Iterator[str]:
    yield f"{indent}<sum>"
    yield f"{indent}  <list> {' '.join(_cell(cell) for cell in line.cells)} </list>"
    yield f"{indent}  <condition> {condition(line)} </condition>"
    yield f"{indent}</sum>"


def _blocks(spec: Spec) -> Iterator[str]:
    """The lines as one block per run of lines of one kind (the order of `spec.lines`: a
    variant's families, a posed problem's rules, then its bound on the number of queens)."""
    for kind, run in groupby(spec.lines, key=lambda line: line.kind):
        lines = list(run)
        note = f"{len(lines)} {kind} line{'s' if len(lines) != 1 else ''}: {amount(lines)}"
        yield f"    <block class={_attribute(kind)} note={_attribute(note)}>"
        for line in lines:
            yield from _sum(line, "      ")
        yield "    </block>"


def _givens(spec: Spec) -> Iterator[str]:
    """Fixed cells 1 and forbidden cells 0, as one instantiation."""
    cells = [(cell, 1) for cell in spec.fixed] + [(cell, 0) for cell in spec.forbidden]
    if not cells:
        return
    note = f"{len(spec.fixed)} fixed (1), {len(spec.forbidden)} forbidden (0)"
    yield f"    <block class=\"givens\" note={_attribute(note)}>"
    yield "      <instantiation>"
    yield f"        <list> {' '.join(_cell(cell) for cell, _ in cells)} </list>"
    yield f"        <values> {' '.join(str(value) for _, value in cells)} </values>"
    yield "      </instantiation>"
    yield "    </block>"


def _free(spec: Spec) -> Iterator[str]:
    """The cells on no line and neither fixed nor forbidden, in a sum that always holds:
    XCSP3 solvers drop a variable no constraint mentions (ACE refuses a model of such
    variables only, Choco counts one solution for them), so unstated, a free cell would
    count once instead of twice."""
    stated = {cell for line in spec.lines for cell in line.cells}
    stated.update(spec.fixed, spec.forbidden)
    free = [(r, c) for r in range(spec.n) for c in range(spec.n) if (r, c) not in stated]
    if not free:
        return
    note = f"{len(free)} cell{'s' if len(free) != 1 else ''} on no line: each 0 or 1"
    yield f"    <block class=\"free\" note={_attribute(note)}>"
    yield "      <sum>"
    yield f"        <list> {' '.join(_cell(cell) for cell in free)} </list>"
    yield "        <condition> (ge,0) </condition>"
    yield "      </sum>"
    yield "    </block>"


def _objective(spec: Spec) -> Iterator[str]:
    if spec.objective is None:
        return
    goal = "minimize" if spec.objective == "fewest" else "maximize"
    yield "  <objectives>"
    # the short form (the terms alone, no <list>): XCSP3 allows it when no <coeffs> follow,
    # and PyCSP3's parser (CPMpy's XCSP3 loader) reads only this form of a sum without them
    yield (f"    <{goal} type=\"sum\" note={_attribute(spec.objective + ' queens')}> "
           f"{ARRAY}[][] </{goal}>")
    yield "  </objectives>"


def xcsp3_text(spec: Spec) -> str:
    """The XCSP3 instance of `spec`: a CSP, or with an objective a COP over the number of
    queens. A solver's solution lists `q[][]` row by row, so value k is the cell
    (k // n, k % n)."""
    n = spec.n
    label = spec.describe() + (f" ({spec.name})" if spec.name else "")
    constraints = [*_blocks(spec), *_givens(spec), *_free(spec)]
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        _comment(f"nqueens: {label}"),
        _comment(f"{ARRAY}[r][c] = 1: a queen on row r, column c (0-based); every line of the "
                 "board is a sum over its cells"),
        f'<instance format="XCSP3" type="{"CSP" if spec.objective is None else "COP"}">',
        "  <variables>",
        f'    <array id="{ARRAY}" size="[{n}][{n}]"> 0 1 </array>',
        "  </variables>",
        "  <constraints>",
        *constraints,
        "  </constraints>",
        *_objective(spec),
        "</instance>",
    ]
    return "\n".join(out) + "\n"
