"""The XCSP3 and OPB exports, read back in process: the XML parses (xml.etree) and states
every line of the spec as a sum whose condition allows exactly the line's bounds, the
givens, the free cells and the objective; the OPB text passes a strict reader of the
competitions' grammar (tests/opb_reader.py) and its constraints allow exactly each line's
bounds, in the DIMACS export's cell numbering. Small cases are solved by Exact in process
and held to known counts and the independent brute force (the solvers run as programs in
tests/system/test_external_solvers.py)."""

from __future__ import annotations

import itertools
import re
import time
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from nqueens.backends.cnf import cell_var
from nqueens.modeling.export import ANY_SPEC_FORMATS, FORMATS, export_text
from nqueens.modeling.modelfile import read_model
from nqueens.modeling.opb import opb_text
from nqueens.modeling.xcsp3 import xcsp3_text
from nqueens.spec import Rule, Spec

from brute_force_posed import solve as brute_solve
from known_counts import A000142, A000170, A051906
from opb_reader import OpbError, read_opb, solve_with_exact
from optional import require
from paths import MODELS

Cell = tuple[int, int]

#: Specs of every kind: the variants with and without givens, posed problems with bounds
#: of every form (exactly, at most, at least, an interval, a bound on the queens), cells on
#: no line, both objectives, and every bundled model.
SPECS = [
    Spec(1), Spec(4), Spec(8), Spec(6, "rooks"), Spec(5, "superqueens"),
    Spec(7, "torus", fixed=((0, 0),), forbidden=((1, 2), (6, 6))),
    Spec(8, fixed=((0, 3), (1, 5)), forbidden=((7, 7),)),
    Spec(4, rules=(Rule("rows", 1, 2), Rule("king", 0, 1)), queens=(2, 5), objective="most"),
    Spec(5, rules=(Rule("coverage", 1, attack="knight"),), objective="fewest",
         forbidden=((2, 2),)),
    Spec(3, rules=(Rule("cells", 1, 1, cells=(((0, 0), (1, 1)), ((0, 2), (2, 0)))),),
         fixed=((1, 1),)),  # cells on no line: free
    Spec(2, rules=(Rule("rows", 0, 2),)),  # no line at all
    *(read_model(path).spec for path in sorted(MODELS.glob("*.toml"))),
]


def _id(spec: Spec) -> str:
    return spec.name or spec.describe()


def test_the_dispatcher_writes_both_formats_for_any_spec() -> None:
    assert FORMATS["xcsp3"] == ".xml" and FORMATS["opb"] == ".opb"
    assert {"xcsp3", "opb"} <= set(ANY_SPEC_FORMATS)
    posed = SPECS[7]
    assert posed.is_open
    assert export_text(posed, "xcsp3") == xcsp3_text(posed)
    assert export_text(posed, "opb") == opb_text(posed)


# --- XCSP3 --------------------------------------------------------------------------------

_CELL = re.compile(r"q\[(\d+)\]\[(\d+)\]")


def _cells(text: str | None) -> list[Cell]:
    """The cells of a `<list>`; `q[][]` is the whole board (the caller gives n)."""
    assert text is not None
    return [(int(r), int(c)) for r, c in _CELL.findall(text)]


def _holds(condition: str, k: int) -> bool:
    """Whether a sum of k meets an XCSP3 condition such as (le,1) or (in,1..2)."""
    found = re.fullmatch(r"\s*\((eq|le|ge|lt|gt|ne|in),(\d+)(?:\.\.(\d+))?\)\s*", condition)
    assert found is not None, condition
    op, a, b = found[1], int(found[2]), found[3]
    if op == "in":
        assert b is not None
        return a <= k <= int(b)
    assert b is None, condition
    return {"eq": k == a, "le": k <= a, "ge": k >= a, "lt": k < a, "gt": k > a, "ne": k != a}[op]


def _free_cells(spec: Spec) -> set[Cell]:
    stated = {cell for line in spec.lines for cell in line.cells} | set(spec.fixed)
    return {(r, c) for r in range(spec.n) for c in range(spec.n)} - stated - set(spec.forbidden)


@pytest.mark.parametrize("spec", SPECS, ids=_id)
def test_the_xcsp3_instance_states_every_line(spec: Spec) -> None:
    text = xcsp3_text(spec)
    assert text.splitlines()[1] == f"<!-- nqueens: {spec.describe()}" + (
        f" ({spec.name})" if spec.name else "") + " -->"
    root = ET.fromstring(text)
    assert root.tag == "instance" and root.get("format") == "XCSP3"
    assert root.get("type") == ("CSP" if spec.objective is None else "COP")
    array, = root.iter("array")
    assert (array.get("id"), array.get("size"), (array.text or "").split()) == (
        "q", f"[{spec.n}][{spec.n}]", ["0", "1"])
    constraints = root.find("constraints")
    assert constraints is not None
    blocks = list(constraints)
    assert all(block.tag == "block" and block.get("note") for block in blocks)
    lines = [block for block in blocks if block.get("class") not in ("givens", "free")]
    sums = [(block.get("class"), s) for block in lines for s in block.iter("sum")]
    assert len(sums) == len(spec.lines)
    for line, (kind, element) in zip(spec.lines, sums, strict=True):
        assert kind == line.kind
        assert _cells(element.findtext("list")) == list(line.cells)
        condition = element.findtext("condition")
        assert condition is not None
        for k in range(len(line.cells) + 1):
            assert _holds(condition, k) == (line.lo <= k <= line.hi), (line, condition, k)
    # runs of one kind share a block
    kinds = [block.get("class") for block in lines]
    assert all(a != b for a, b in itertools.pairwise(kinds))


@pytest.mark.parametrize("spec", SPECS, ids=_id)
def test_the_xcsp3_instance_states_givens_free_cells_and_objective(spec: Spec) -> None:
    root = ET.fromstring(xcsp3_text(spec))
    instantiations = list(root.iter("instantiation"))
    if spec.fixed or spec.forbidden:
        given, = instantiations
        values = (given.findtext("values") or "").split()
        assert dict(zip(_cells(given.findtext("list")), values, strict=True)) == {
            **dict.fromkeys(spec.fixed, "1"), **dict.fromkeys(spec.forbidden, "0")}
    else:
        assert not instantiations
    free = [block for block in root.iter("block") if block.get("class") == "free"]
    if _free_cells(spec):
        sums = [s for block in free for s in block.iter("sum")]
        assert len(sums) == 1 and set(_cells(sums[0].findtext("list"))) == _free_cells(spec)
        assert all(_holds(sums[0].findtext("condition") or "", k) for k in range(spec.n ** 2))
    else:
        assert not free
    objectives = root.find("objectives")
    if spec.objective is None:
        assert objectives is None
    else:
        assert objectives is not None
        goal, = objectives
        assert goal.tag == {"fewest": "minimize", "most": "maximize"}[spec.objective]
        # the short form, the terms alone: PyCSP3's parser reads no other sum without coeffs
        assert goal.get("type") == "sum" and len(goal) == 0
        assert (goal.text or "").split() == ["q[][]"]


def test_the_xcsp3_comment_and_notes_survive_any_name() -> None:
    """A model's name is the user's text: no "--" may reach a comment, markup and quotes
    are escaped, characters XML forbids are dropped."""
    spec = Spec(4, name='a--b <c> & "d" \x01 -')
    text = xcsp3_text(spec)
    root = ET.fromstring(text)  # parses: nothing unescaped
    comment = text.splitlines()[1]
    body = comment[len("<!--"):-len("-->")]
    assert "--" not in body and not body.endswith("-")
    assert "<c> & \"d\"" in comment and "\x01" not in text
    assert root.get("type") == "CSP"


# --- OPB ----------------------------------------------------------------------------------


def _value(terms: tuple[tuple[int, int], ...], ones: set[int]) -> int:
    return sum(coefficient for coefficient, index in terms if index in ones)


@pytest.mark.parametrize("spec", SPECS, ids=_id)
def test_the_opb_file_states_every_line_in_the_dimacs_numbering(spec: Spec) -> None:
    n = spec.n
    text = opb_text(spec)
    opb = read_opb(text)  # the header first, the grammar, the declared count of constraints
    assert text.splitlines()[0] == f"* #variable= {n * n} #constraint= {len(opb.constraints)}"
    assert opb.variables == n * n
    assert f"* nqueens: {spec.describe()}" in opb.comments[0]
    mapped = {comment for comment in opb.comments if re.fullmatch(r"\* x\d+ = row \d+ col \d+",
                                                                  comment)}
    assert mapped == {f"* x{cell_var(n, r, c)} = row {r} col {c}"
                      for r in range(n) for c in range(n)}
    # the constraints, in order: each line's (one "=", else a ">=" per bound that says
    # something), all of them over the line's cells, then the givens
    constraints = list(opb.constraints)
    for line in spec.lines:
        own = {cell_var(n, r, c) for r, c in line.cells}
        size = 1 if line.lo == line.hi else (line.lo > 0) + (line.hi < len(line.cells))
        mine, constraints = constraints[:size], constraints[size:]
        assert all({index for _, index in terms} == own for terms, _, _ in mine), (line, mine)
        order = [cell_var(n, r, c) for r, c in line.cells]
        for k in range(len(line.cells) + 1):
            ones = set(order[:k])
            met = all(_meets(terms, op, rhs, ones) for terms, op, rhs in mine)
            assert met == (line.lo <= k <= line.hi), (line, mine, k)
    assert constraints == [(((1, cell_var(n, r, c)),), "=", 1) for r, c in spec.fixed] + [
        (((1, cell_var(n, r, c)),), "=", 0) for r, c in spec.forbidden]


def _meets(terms: tuple[tuple[int, int], ...], op: str, rhs: int, ones: set[int]) -> bool:
    return _value(terms, ones) >= rhs if op == ">=" else _value(terms, ones) == rhs


@pytest.mark.parametrize("spec", SPECS, ids=_id)
def test_the_opb_objective_is_there_exactly_with_the_specs(spec: Spec) -> None:
    opb = read_opb(opb_text(spec))
    board = tuple(range(1, spec.n ** 2 + 1))
    if spec.objective is None:
        assert opb.objective is None
    else:
        sign = {"fewest": 1, "most": -1}[spec.objective]  # OPB minimizes only
        assert opb.objective == tuple((sign, index) for index in board)


def test_the_reader_is_strict() -> None:
    """The reader the OPB tests rely on refuses what the competitions' grammar does."""
    good = opb_text(Spec(4))
    read_opb(good)
    for bad in (good.replace(" ;\n", ";\n", 1),  # no space before the semicolon
                good.replace(">= -1 ;", "<= 1 ;", 1),  # <= is not PB06
                good.replace("+1 x1 ", "1 x1 ", 1),  # unsigned coefficient
                good.replace("#constraint= ", "#constraint= 1", 1),  # wrong count
                "\n".join(good.splitlines()[1:]) + "\n",  # no header
                good + "min: +1 x1 ;\n"):  # objective after the constraints
        with pytest.raises(OpbError):
            read_opb(bad)


# --- solved in process by Exact -----------------------------------------------------------

_SOLVED: list[tuple[Spec, int]] = [
    (Spec(6), A000170[6]), (Spec(5), A000170[5]), (Spec(4, "rooks"), A000142[4]),
    (Spec(5, "torus"), A051906[5]), (Spec(6, "torus"), A051906[6]),
]
_POSED: list[dict[str, Any]] = [
    {"n": 4, "rules": [{"family": "coverage", "lo": 1}], "objective": "fewest"},
    {"n": 4, "objective": "most", "rules": [{"family": "king", "lo": 0, "hi": 1}]},
    {"n": 4, "rules": [{"family": "rows", "lo": 2, "hi": 2}, {"family": "columns", "lo": 2, "hi": 2},
                       {"family": "king", "lo": 0, "hi": 1}]},
    {"n": 3, "forbidden": [[1, 1]], "rules": [
        {"family": "cells", "lo": 1, "hi": 2, "cells": [[[0, 0], [0, 1], [1, 1]], [[2, 2], [2, 0]]]}]},
]


def _posed_spec(problem: dict[str, Any]) -> Spec:
    """The Spec of a problem dict (as tests/unit/test_posed_answers.py builds them)."""
    rules = tuple(Rule(rule["family"], rule.get("lo"), rule.get("hi"),
                       cells=tuple(tuple(tuple(cell) for cell in line)
                                   for line in rule.get("cells", ())))
                  for rule in problem["rules"])
    return Spec(problem["n"], rules=rules, objective=problem.get("objective"),
                forbidden=tuple(tuple(c) for c in problem.get("forbidden", ())))


def _cells_of(spec: Spec, solution: tuple[int, ...]) -> frozenset[Cell]:
    return frozenset(divmod(index - 1, spec.n) for index in solution)


def test_exact_solves_the_opb_files_of_small_cases() -> None:
    """Known counts (OEIS) for the variants; the brute force's placements and optimum for
    posed problems; in well under half a second together."""
    require("exact", "pip install exact")
    started = time.monotonic()
    for spec, known in _SOLVED:
        answer = solve_with_exact(read_opb(opb_text(spec)))
        assert answer.optimum is None and len(set(answer.solutions)) == len(answer.solutions) == known
    for problem in _POSED:
        spec = _posed_spec(problem)
        optimum, expected = brute_solve(problem)
        answer = solve_with_exact(read_opb(opb_text(spec)))
        found = {_cells_of(spec, solution) for solution in answer.solutions}
        assert found == {frozenset(map(tuple, placement)) for placement in expected}, problem
        if spec.objective is not None:
            assert optimum is not None
            assert answer.optimum == (optimum if spec.objective == "fewest" else -optimum)
    assert time.monotonic() - started < 2.0  # measured about 0.1 s; generous on a busy machine


def test_a_line_break_in_a_model_name_stays_in_its_comment() -> None:
    """A name is the user's text: a line break in it cannot end the OPB comment line and
    start a constraint."""
    spec = Spec(3, name="x\n+1 x1 = 1 ;")
    assert read_opb(opb_text(spec)).constraints == read_opb(opb_text(Spec(3))).constraints


#: Two cells on a line and two on none: 2 x 2 x 2 = 8 placements, which a solver that drops
#: the cells no constraint mentions (XCSP3 solvers do) would count as 2.
CELLS_ON_NO_LINE = Spec(2, rules=(Rule("cells", 1, 1, cells=(((0, 0), (0, 1)),)),))


def test_cells_on_no_line_count_twice_in_both_exports() -> None:
    require("exact", "pip install exact")
    problem = {"n": 2, "rules": [{"family": "cells", "lo": 1, "hi": 1,
                                  "cells": [[[0, 0], [0, 1]]]}]}
    _, expected = brute_solve(problem)
    assert len(expected) == 8
    answer = solve_with_exact(read_opb(opb_text(CELLS_ON_NO_LINE)))
    assert {_cells_of(CELLS_ON_NO_LINE, solution) for solution in answer.solutions} == {
        frozenset(map(tuple, placement)) for placement in expected}
    assert _free_cells(CELLS_ON_NO_LINE) == {(1, 0), (1, 1)}  # stated by the XCSP3 export
