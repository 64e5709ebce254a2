"""The XCSP3 and OPB exports solved by solvers that share no code with the package: ACE and
Choco (the jars PyCSP3 ships, run with Java in subprocesses) read the XCSP3 instance, Exact
(the `exact` module, in process) the OPB file through tests/opb_reader.py.

The cases are every bundled model and a seeded set of random small specifications of each
family (the n-queens variants with fixed and forbidden cells; posed problems: region
puzzles, touching pairs, coverage, k per line, the user's own lines, with bounds on the
queens and objectives). Each external answer (every solution, or the optimum and every
optimal placement) is held to three things: the independent reference (a model file's
recorded answer, from OEIS or a brute force, and tests/known_counts.py; for the random specs
the brute force of tests/brute_force_posed.py, which shares no code with the package), the
toolkit's own answer (`nqueens.api.count`), and the shared validator, which every solution
an external solver returns must pass. A disagreement is a bug in an export or in the toolkit.

ACE solves a whole folder of instances in one Java process (`problem.XCSP3 DIR`), so its
tests take a group of cases at a time; Choco takes one instance per process, so it runs on
the cases where it finishes quickly. Every subprocess is bounded in time.
"""

from __future__ import annotations

import importlib.util
import os
import random
import re
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from nqueens.api import count as toolkit_count
from nqueens.api import solve as toolkit_solve
from nqueens.errors import SpecError
from nqueens.modeling.export import export_text
from nqueens.modeling.modelfile import read_model
from nqueens.spec import Spec
from nqueens.validator import find_cell_violations

from brute_force import brute_force_solutions
from brute_force_posed import solve as brute_solve
from known_counts import A000170, VARIANT_COUNTS
from opb_reader import read_opb, solve_with_exact
from optional import missing, require
from paths import MODELS
from posed_problems import spec_of

Cell = tuple[int, int]
Placements = frozenset[frozenset[Cell]]
Problem = dict[str, Any]

#: Random specifications per family. Each costs about 0.1 s of ACE, a Choco process for the
#: first CHOCO_RANDOM of them and a brute force, so the lane keeps a few (the seed makes them
#: the same on every run); the longer campaign sets NQUEENS_RANDOM_PER_FAMILY=50.
RANDOM_PER_FAMILY = int(os.environ.get("NQUEENS_RANDOM_PER_FAMILY", "6"))
#: Random specifications per family that Choco, one Java process each, solves too.
CHOCO_RANDOM = 1
SEED = 20240605
#: Seconds ACE may take over one group of instances (and its own limit on each), and Choco
#: over one instance.
ACE_GROUP_TIMEOUT = 120
ACE_INSTANCE_TIMEOUT = 60
CHOCO_TIMEOUT = 60
#: Exact lists every solution (by blocking each one and solving again, about 10 ms a
#: solution on the larger boards) up to this many; beyond it, the optimum and one solution.
EXACT_ENUMERATE = 200
EXACT_ENUMERATE_N = 8
#: Java options that halve the start of a short run (the client compiler alone, one GC).
JAVA_OPTIONS = ("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")


# --- the cases ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One instance and what is known of it without the toolkit: its solutions' number
    (the optimal ones' with an objective), the optimum, and where a brute force gave them,
    the placements themselves. `slow`: every external solver takes seconds to minutes to
    prove the optimum (domination-8: ACE about 10 s, Choco 40 s) and minutes to list the
    optimal placements (4,860), so the lane asks them for one placement at the optimum
    (`test_a_slow_optimum_is_reached`) and leaves the proof to the toolkit's own tests."""

    name: str
    group: str
    spec: Spec
    count: int | None
    satisfiable: bool | None
    optimum: int | None
    placements: Callable[[], Placements | None]
    slow: bool = False

    def __str__(self) -> str:
        return self.name


def _no_placements() -> Placements | None:
    return None


def _model_case(path: Path) -> Case:
    model = read_model(path)
    spec, expected = model.spec, model.expected
    assert expected is not None, path
    if spec.is_plain:  # the recorded count against the published tables too
        table = A000170 if spec.variant == "queens" else VARIANT_COUNTS[spec.variant]
        if spec.n in table:
            assert expected.count == table[spec.n], path
    placements = _no_placements
    if spec.variant == "queens" and spec.n <= 8:
        def placements() -> Placements | None:
            return frozenset(frozenset(enumerate(columns))
                             for columns in brute_force_solutions(spec.n, spec.fixed, spec.forbidden))
    return Case(path.stem, "models", spec, expected.count, expected.satisfiable, expected.optimum,
                placements, slow=spec.objective is not None and spec.n > 6)


#: The n-queens variants as rules, written out for the brute force (which reads no Spec).
_EXACTLY_ONE = {"lo": 1, "hi": 1}
_AT_MOST_ONE = {"lo": 0, "hi": 1}
_VARIANT_RULES: dict[str, list[dict[str, Any]]] = {
    "queens": [{"family": "rows", **_EXACTLY_ONE}, {"family": "columns", **_EXACTLY_ONE},
               {"family": "diagonals", **_AT_MOST_ONE},
               {"family": "anti-diagonals", **_AT_MOST_ONE}],
    "rooks": [{"family": "rows", **_EXACTLY_ONE}, {"family": "columns", **_EXACTLY_ONE}],
    "torus": [{"family": "rows", **_EXACTLY_ONE}, {"family": "columns", **_EXACTLY_ONE},
              {"family": "wrapped-diagonals", **_AT_MOST_ONE},
              {"family": "wrapped-anti-diagonals", **_AT_MOST_ONE}],
}
_VARIANT_RULES["superqueens"] = _VARIANT_RULES["queens"] + [{"family": "knight", **_AT_MOST_ONE}]


def _board(n: int) -> list[Cell]:
    return [(r, c) for r in range(n) for c in range(n)]


def _givens(rng: random.Random, n: int, fixed: int, forbidden: int) -> dict[str, Any]:
    cells = rng.sample(_board(n), fixed + forbidden)
    return {"fixed": [list(cell) for cell in cells[:fixed]],
            "forbidden": [list(cell) for cell in cells[fixed:]]}


def _variant(variant: str) -> Callable[[random.Random], Problem]:
    def make(rng: random.Random) -> Problem:
        n = rng.randint(4, 5 if variant == "rooks" else 6)  # 6 rooks: 720 placements
        return {"n": n, "variant": variant, "rules": _VARIANT_RULES[variant],
                **_givens(rng, n, rng.randint(0, 2), rng.randint(0, 4))}
    return make


def _regions(rng: random.Random, n: int) -> list[list[int]]:
    """n connected regions grown at random from n seed cells."""
    grid = [[-1] * n for _ in range(n)]
    frontier = []
    for label, (r, c) in enumerate(rng.sample(_board(n), n)):
        grid[r][c] = label
        frontier.append((r, c))
    while frontier:
        r, c = frontier.pop(rng.randrange(len(frontier)))
        free = [(x, y) for x, y in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
                if 0 <= x < n and 0 <= y < n and grid[x][y] < 0]
        if free:
            x, y = rng.choice(free)
            grid[x][y] = grid[r][c]
            frontier += [(r, c), (x, y)]
    return grid


def _region_puzzle(rng: random.Random) -> Problem:
    n = rng.randint(4, 6)
    rules = [{"family": "rows", **_EXACTLY_ONE}, {"family": "columns", **_EXACTLY_ONE},
             {"family": "regions", **_EXACTLY_ONE}]
    if rng.random() < 0.6:
        rules.append({"family": "king", **_AT_MOST_ONE})
    return {"n": n, "regions": _regions(rng, n), "rules": rules,
            **_givens(rng, n, 0, rng.randint(0, 2))}


def _touching(rng: random.Random) -> Problem:
    """Kings that may not touch, with bounds on the rows and the queens, or the most."""
    n = rng.randint(3, 5)
    lo = rng.randint(0, 1)
    problem: Problem = {"n": n, "rules": [{"family": "king", **_AT_MOST_ONE},
                                          {"family": "rows", "lo": lo, "hi": lo + 1}],
                        **_givens(rng, n, rng.randint(0, 1), rng.randint(0, 3))}
    if rng.random() < 0.5:
        problem["objective"] = rng.choice(["most", "fewest"])
    else:
        problem["queens"] = [rng.randint(0, n), rng.choice([None, n + 1])]
    return problem


def _coverage(rng: random.Random) -> Problem:
    """Domination by a piece (the fewest covering every cell), sometimes independent."""
    attack = rng.choice(["queen", "rook", "bishop", "knight", "king"])
    n = rng.randint(3, 5 if attack in ("queen", "king") else 4)
    rules: list[dict[str, Any]] = [{"family": "coverage", "lo": 1, "attack": attack}]
    if rng.random() < 0.4:
        rules += [{"family": family, **_AT_MOST_ONE} for family in ("rows", "columns")]
    return {"n": n, "rules": rules, "objective": "fewest",
            **_givens(rng, n, rng.randint(0, 1), rng.randint(0, 2))}


def _per_line(rng: random.Random) -> Problem:
    """k queens per row and column (Star Battle's 2), with diagonal or touching limits."""
    k = rng.choice([1, 2])
    n = rng.randint(4, 5)
    rules = [{"family": "rows", "lo": k, "hi": k}, {"family": "columns", "lo": k, "hi": k}]
    # on 5x5, two per line leave the brute force too many placements to walk without kings
    extra = "king" if (k, n) == (2, 5) else rng.choice(["king", "diagonals", "wrapped-diagonals"])
    rules.append({"family": extra, "lo": 0, "hi": 1 if extra == "king" else k})
    problem: Problem = {"n": n, "rules": rules, **_givens(rng, n, 0, rng.randint(0, 3))}
    if k == 1 and rng.random() < 0.5:  # at most one per row and column: the most that fit
        rules[:2] = [{"family": family, **_AT_MOST_ONE} for family in ("rows", "columns")]
        problem["objective"] = "most"
    return problem


def _own_lines(rng: random.Random) -> Problem:
    """The user's own lines with any bounds (cells on no line stay free), at most one per
    column, sometimes an objective."""
    n = rng.randint(3, 4)
    lines = []
    for _ in range(rng.randint(1, 4)):
        lines.append([list(cell) for cell in rng.sample(_board(n), rng.randint(2, n + 1))])
    lo = rng.randint(0, 1)
    problem: Problem = {"n": n, "rules": [
        {"family": "cells", "lo": lo, "hi": lo + rng.randint(1, 2), "cells": lines},
        {"family": "columns", **_AT_MOST_ONE}], **_givens(rng, n, 0, rng.randint(0, 2))}
    if rng.random() < 0.4:
        problem["objective"] = rng.choice(["most", "fewest"])
    return problem


FAMILIES: dict[str, Callable[[random.Random], Problem]] = {
    "queens": _variant("queens"), "rooks": _variant("rooks"), "torus": _variant("torus"),
    "superqueens": _variant("superqueens"), "regions": _region_puzzle, "king": _touching,
    "coverage": _coverage, "per-line": _per_line, "own-lines": _own_lines,
}


def _random_cases(family: str) -> list[Case]:
    rng = random.Random(f"{SEED}-{family}")
    cases: list[Case] = []
    while len(cases) < RANDOM_PER_FAMILY:
        problem = FAMILIES[family](rng)
        try:
            spec = spec_of(problem)
        except SpecError:  # refused up front (two fixed queens attacking, bounds that cannot meet)
            continue

        optimum, found = brute_solve(problem)
        placements = frozenset(frozenset((r, c) for r, c in placement) for placement in found)
        cases.append(Case(f"random-{family}-{len(cases):02d}", family, spec, len(placements),
                          bool(placements), optimum, _given(placements)))
    return cases


def _given(placements: Placements) -> Callable[[], Placements | None]:
    def given() -> Placements | None:
        return placements
    return given


MODEL_CASES = [_model_case(path) for path in sorted(MODELS.glob("*.toml"))]
RANDOM_CASES = {family: _random_cases(family) for family in FAMILIES}
CASES = MODEL_CASES + [case for cases in RANDOM_CASES.values() for case in cases]
assert len({case.name for case in CASES}) == len(CASES)  # names key the solvers' answers
VARIANT_FAMILIES = ("queens", "rooks", "torus", "superqueens")
#: ACE's groups: one Java process each (its start costs more than most instances).
GROUPS = {
    "models": [case for case in MODEL_CASES if not case.slow],
    "random variants": [case for family in VARIANT_FAMILIES for case in RANDOM_CASES[family]],
    "random posed": [case for family in FAMILIES if family not in VARIANT_FAMILIES
                     for case in RANDOM_CASES[family]],
}
SLOW_CASES = [case for case in CASES if case.slow]
#: Choco starts a Java process per instance (about a second), so it takes these models
#: (a plain board, fixed and forbidden cells, no solution, the torus and superqueens, a
#: region puzzle, domination with and without independence) and the first CHOCO_RANDOM
#: random specs of each posed family (fixed and forbidden cells, bounds, objectives).
CHOCO_MODELS = ("queens-8", "completion-8-two", "completion-8-unsat", "forbidden-8-center",
                "torus-7", "superqueens-10", "regions-6", "domination-5",
                "independent-domination-5")
CHOCO_CASES = [case for case in MODEL_CASES if case.name in CHOCO_MODELS] + [
    case for family, cases in RANDOM_CASES.items() if family not in VARIANT_FAMILIES
    for case in cases[:CHOCO_RANDOM]]
assert len(CHOCO_CASES) == len(CHOCO_MODELS) + CHOCO_RANDOM * (len(FAMILIES) - 4)


@dataclass(frozen=True)
class Answer:
    """What the toolkit says: its count of the solutions (of the optimal ones with an
    objective; None: not counted) and the optimum."""

    count: int | None
    optimum: int | None


@cache
def _toolkit(name: str) -> Answer:
    """The toolkit's own answer: its count (of the optimal placements) and optimum; on a
    slow case the optimum of one solve."""
    case = next(case for case in CASES if case.name == name)
    if case.slow:
        found = toolkit_solve(case.spec)
        return Answer(None, found.optimum)
    counted = toolkit_count(case.spec)
    assert counted.complete, counted
    return Answer(counted.count, counted.optimum)


def _at_optimum(case: Case) -> Spec | None:
    """The case without its objective and with exactly the optimum's queens: its solutions
    are the optimal placements, which a solver then lists (a COP run yields one)."""
    if case.spec.objective is None or case.optimum is None:
        return None
    return replace(case.spec, objective=None, queens=(case.optimum, case.optimum))


# --- checking a solver's answer -----------------------------------------------------------


def _check(case: Case, solver: str, solutions: list[frozenset[Cell]], optimum: int | None,
           *, every: bool) -> list[str]:
    """The disagreements of a solver's answer with the references, as messages. `every`:
    `solutions` are all of them (of the optimal ones), else a sample (an optimal one)."""
    where = f"{solver} on {case.name} ({case.spec.describe()})"
    problems = []
    for cells in solutions:
        violations = find_cell_violations(case.spec, sorted(cells))
        if violations:
            problems.append(f"{where}: solution {sorted(cells)} breaks "
                            f"{[v.describe() for v in violations]}")
    if case.spec.objective is not None:
        toolkit = _toolkit(case.name).optimum
        if not (optimum == case.optimum == toolkit):
            problems.append(f"{where}: optimum {optimum}, reference {case.optimum}, "
                            f"toolkit {toolkit}")
        queens = [len(cells) for cells in solutions]
        if any(size != case.optimum for size in queens):
            problems.append(f"{where}: optimal solutions of {queens} queens, not {case.optimum}")
    if case.satisfiable is not None and bool(solutions) != case.satisfiable:
        problems.append(f"{where}: {'a' if solutions else 'no'} solution, reference "
                        f"{'satisfiable' if case.satisfiable else 'unsatisfiable'}")
    if every:
        problems += _check_every(case, where, solutions)
    return problems


def _check_every(case: Case, where: str, solutions: list[frozenset[Cell]]) -> list[str]:
    problems = []
    if len(set(solutions)) != len(solutions):
        problems.append(f"{where}: a solution listed twice")
    toolkit = _toolkit(case.name).count
    if case.count is not None and len(solutions) != case.count:
        problems.append(f"{where}: {len(solutions)} solutions, reference {case.count}")
    if toolkit is not None and len(solutions) != toolkit:
        problems.append(f"{where}: {len(solutions)} solutions, toolkit {toolkit}")
    expected = case.placements()
    if expected is not None and set(solutions) != expected:
        problems.append(f"{where}: solutions differ from the brute force's: "
                        f"{sorted(map(sorted, set(solutions) ^ expected))[:3]} ...")
    return problems


_LIST_ITEM = re.compile(r"q\[(\d*)\]\[(\d*)\]")


def _cells_of(n: int, names: str, values: str) -> frozenset[Cell]:
    """The queens of one `<instantiation>`: its list (`q[][]` row by row, or single cells)
    against its values, which must be 0 or 1, one per cell."""
    cells: list[Cell] = []
    for token in names.split():
        item = _LIST_ITEM.fullmatch(token)
        assert item is not None, f"not a cell of q: {token!r}"
        if item[1] == item[2] == "":
            cells += [(r, c) for r in range(n) for c in range(n)]
        else:
            cells.append((int(item[1]), int(item[2])))
    numbers = values.split()
    assert len(numbers) == len(cells) == len(set(cells)) == n * n, (names, values)
    assert set(numbers) <= {"0", "1"}, values
    return frozenset(cell for cell, value in zip(cells, numbers, strict=True) if value == "1")


_INSTANTIATION = re.compile(
    r"<instantiation id='(sol\d+)'[^>]*>\s*<list>(.*?)</list>\s*<values>(.*?)</values>\s*"
    r"</instantiation>", re.S)


@dataclass(frozen=True)
class Run:
    """One instance as a solver printed it: status line, solutions in order, the count
    it reports ("d FOUND SOLUTIONS"), whether it says it explored everything."""

    status: str
    solutions: list[frozenset[Cell]]
    found: int | None
    complete: bool
    text: str


def _read_run(n: int, text: str) -> Run:
    """Parse the competition output of one instance: `s STATUS`, `v` lines holding XML
    instantiations (Choco splits one over several `v` lines and repeats the last one after
    its status line; ACE prints one per line), `d FOUND SOLUTIONS N`."""
    status = re.findall(r"^s (.+?)\s*$", text, re.M)
    assert len(status) == 1, f"not one status line:\n{text[-3000:]}"
    body = "\n".join(line[1:] for line in text.splitlines() if line.startswith("v"))
    by_id: dict[str, frozenset[Cell]] = {}
    for ident, names, values in _INSTANTIATION.findall(body):
        cells = _cells_of(n, names, values)
        assert by_id.setdefault(ident, cells) == cells, f"two solutions named {ident}"
    order = sorted(by_id, key=lambda ident: int(ident[3:]))
    found = re.findall(r"^d FOUND SOLUTIONS\s+([\d,]+)", text, re.M)
    return Run(status[0], [by_id[ident] for ident in order],
               int(found[0].replace(",", "")) if found else None,
               "d COMPLETE EXPLORATION" in text, text)


def _check_run(case: Case, solver: str, run: Run, *, at_optimum: bool = False) -> list[str]:
    """A CSP run lists every solution and says so; a COP run ends on a proved optimum (the
    last solution printed is optimal) or proves there is no solution."""
    where = f"{solver} on {case.name}{' at the optimum' if at_optimum else ''}"
    satisfiable = bool(case.satisfiable) if case.satisfiable is not None else None
    if at_optimum or case.spec.objective is None:
        if run.status not in ("SATISFIABLE", "UNSATISFIABLE"):
            return [f"{where}: status {run.status}"]
        if run.found is not None and run.found != len(run.solutions):
            return [f"{where}: says {run.found} solutions, printed {len(run.solutions)}"]
        if at_optimum:  # the optimal placements, counted by the reference and the toolkit
            spec = _at_optimum(case)
            assert spec is not None
            return _check(replace(case, spec=spec), f"{solver} (at the optimum)", run.solutions,
                          None, every=True)
        return _check(case, solver, run.solutions, None, every=True)
    if run.status == "UNSATISFIABLE":
        return _check(case, solver, [], None, every=False)
    if run.status != "OPTIMUM FOUND" or not run.solutions:
        return [f"{where}: status {run.status} with {len(run.solutions)} solutions"]
    if satisfiable is False:
        return [f"{where}: found {sorted(run.solutions[-1])}, reference unsatisfiable"]
    best = run.solutions[-1]
    return _check(case, solver, [best], len(best), every=False)


# --- the solvers --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def java() -> str:
    found = shutil.which("java")
    if found is None:
        missing("needs Java 11 or later to run ACE and Choco (apt-get install default-jre-headless)")
    return found


def _jar(*parts: str) -> Path:
    spec = importlib.util.find_spec("pycsp3")  # found, not imported: the import prints at exit
    if spec is None or not spec.submodule_search_locations:
        missing("needs pycsp3, which ships the ACE and Choco jars (pip install pycsp3)")
    jar = Path(next(iter(spec.submodule_search_locations)), "solvers", *parts)
    if not jar.is_file():
        missing(f"needs {jar} (pip install --force-reinstall pycsp3)")
    return jar


@pytest.fixture(scope="module")
def ace(java: str) -> list[str]:
    return [java, *JAVA_OPTIONS, "-jar", str(_jar("ace", "ACE-2.6.jar"))]


@pytest.fixture(scope="module")
def choco(java: str) -> list[str]:
    return [java, *JAVA_OPTIONS, "-cp", str(_jar("choco", "choco-parsers-4.10.15-beta.jar")),
            "org.chocosolver.parser.xcsp.ChocoXCSP"]


def _run(command: list[str], timeout: float) -> str:
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
    assert done.returncode == 0, f"{command} exited {done.returncode}:\n{done.stderr[-3000:]}"
    return done.stdout


# --- the tests ----------------------------------------------------------------------------


@pytest.mark.system
@pytest.mark.parametrize("group", GROUPS)
def test_ace_agrees_on_every_case(group: str, ace: list[str], tmp_path: Path) -> None:
    """ACE over a folder: every solution of each CSP (`-s=all`, printed as XML, `-xe`,
    uncompressed, `-xc=false`), the proved optimum of each COP, and every optimal placement
    through the COP's companion at the optimum."""
    cases = GROUPS[group]
    named: dict[str, tuple[Case, bool]] = {}
    for case in cases:
        (tmp_path / f"{case.name}.xml").write_text(export_text(case.spec, "xcsp3"))
        named[case.name] = (case, False)
        companion = _at_optimum(case)
        if companion is not None:
            (tmp_path / f"{case.name}-at-optimum.xml").write_text(export_text(companion, "xcsp3"))
            named[f"{case.name}-at-optimum"] = (case, True)
    out = _run([*ace, "problem.XCSP3", str(tmp_path), "-s=all", "-xe", "-xc=false", "-npc",
                f"-t={ACE_INSTANCE_TIMEOUT}s"], ACE_GROUP_TIMEOUT)
    sections = re.split(r"^\s+name:(\S+).*$", out, flags=re.M)[1:]
    runs = dict(zip(sections[::2], sections[1::2], strict=True))
    assert sorted(runs) == sorted(named), f"ACE solved {sorted(runs)}"
    problems = []
    for name, text in runs.items():
        case, at_optimum = named[name]
        run = _read_run(case.spec.n, text)
        if not run.complete:
            problems.append(f"ACE on {name}: no complete exploration reported")
        problems += _check_run(case, "ACE", run, at_optimum=at_optimum)
    assert not problems, "\n".join(problems)


@pytest.mark.system
@pytest.mark.parametrize("case", CHOCO_CASES, ids=str)
def test_choco_agrees(case: Case, choco: list[str], tmp_path: Path) -> None:
    """Choco, its own search (`-a`: every solution of a CSP, each better one up to the
    proved optimum of a COP; ACE and Exact list the optimal placements)."""
    path = tmp_path / f"{case.name}.xml"
    path.write_text(export_text(case.spec, "xcsp3"))
    out = _run([*choco, str(path), "-a"], CHOCO_TIMEOUT)
    assert "interruption" not in out, out[-2000:]  # Choco's word for a search cut short
    problems = _check_run(case, "Choco", _read_run(case.spec.n, out))
    assert not problems, "\n".join(problems)


def _cell_map(comments: tuple[str, ...]) -> dict[int, Cell]:
    """The OPB file's own map of its variables to cells (`* x7 = row 1 col 2`)."""
    out = {}
    for comment in comments:
        found = re.fullmatch(r"\* x(\d+) = row (\d+) col (\d+)", comment)
        if found:
            out[int(found[1])] = (int(found[2]), int(found[3]))
    return out


@pytest.mark.system
@pytest.mark.parametrize("case", [case for case in CASES if not case.slow], ids=str)
def test_exact_agrees_on_the_opb(case: Case) -> None:
    """Exact on the OPB file: the optimum (OPB minimizes, so the most queens is minus its
    optimum) and, where there are few, every (optimal) solution; else one."""
    require("exact", "pip install exact")
    spec = case.spec
    opb = read_opb(export_text(spec, "opb"))
    cells = _cell_map(opb.comments)
    assert sorted(cells) == list(range(1, spec.n * spec.n + 1))
    known = case.count if case.count is not None else _toolkit(case.name).count
    every = known is not None and known <= EXACT_ENUMERATE and spec.n <= EXACT_ENUMERATE_N
    answer = solve_with_exact(opb, first=None if every else 1, limit=EXACT_ENUMERATE)
    solutions = [frozenset(cells[index] for index in solution) for solution in answer.solutions]
    optimum = None
    if spec.objective is not None and answer.optimum is not None:
        optimum = -answer.optimum if spec.objective == "most" else answer.optimum
    problems = _check(case, "Exact", solutions, optimum, every=every)
    assert not problems, "\n".join(problems)


@pytest.mark.system
@pytest.mark.parametrize("case", SLOW_CASES, ids=str)
def test_a_slow_optimum_is_reached(case: Case, ace: list[str], choco: list[str],
                                   tmp_path: Path) -> None:
    """On a case whose optimum takes the external solvers long to prove, each of them finds
    a placement of the optimum's queens on the companion (the toolkit's optimum and the
    reference's): it must pass the validator of the case itself."""
    require("exact", "pip install exact")
    companion = _at_optimum(case)
    assert companion is not None and case.optimum == _toolkit(case.name).optimum
    path = tmp_path / f"{case.name}.xml"
    path.write_text(export_text(companion, "xcsp3"))
    found: dict[str, list[frozenset[Cell]]] = {}
    for solver, command in (("ACE", [*ace, str(path), "-s=1", "-xe", "-xc=false", "-npc"]),
                            ("Choco", [*choco, str(path)])):
        run = _read_run(case.spec.n, _run(command, CHOCO_TIMEOUT))
        assert run.status == "SATISFIABLE", (solver, run.status)
        found[solver] = run.solutions[-1:]
    opb = read_opb(export_text(companion, "opb"))
    cells = _cell_map(opb.comments)
    found["Exact"] = [frozenset(cells[i] for i in solution)
                      for solution in solve_with_exact(opb, first=1).solutions]
    problems = [problem for solver, solutions in found.items()
                for problem in _check(case, solver, solutions, case.optimum, every=False)]
    assert all(len(solutions) == 1 for solutions in found.values()), found
    assert not problems, "\n".join(problems)
