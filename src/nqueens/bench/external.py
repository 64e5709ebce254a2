"""The solvers of other projects as subjects of `nqueens bench --suite`: ACE and Choco (the
XCSP3 competition solvers whose jars PyCSP3 ships, run by Java) on the exported XCSP3
instance, and CPMpy with Exact or OR-Tools on the exported CPMpy script.

Each is a whole process on a file the toolkit exported (`modeling.export`), so what is timed
is what a user of that ecosystem would run; each answer is read from the solver's own output
and its placement checked by the shared validator, like the toolkit's. Nothing here imports a
solver: the jars are found with `importlib.util.find_spec` (importing pycsp3 prints a warning
at exit), CPMpy's presence likewise. A subject whose solver is absent is refused before the
bench starts, in one line naming the install.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..atomicfile import write_text_atomic
from ..errors import InputError
from ..modeling.export import export_text
from .suites import Instance

Cell = tuple[int, int]
Argv = Callable[[Instance, float, Path], list[str]]

#: Java's start-up kept short: the instances are small, the JIT's later tiers do not pay.
JAVA_OPTIONS = ("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")
#: The jars under pycsp3/solvers/ and how each solver is started from its jar.
_JARS = {"ace": ("ace", "ACE-2.6.jar"), "choco": ("choco", "choco-parsers-4.10.15-beta.jar")}
_CHOCO_MAIN = "org.chocosolver.parser.xcsp.ChocoXCSP"
#: The CPMpy solvers offered as subjects, and the module each needs beside CPMpy.
CPMPY_SOLVERS = {"exact": "exact", "ortools": "ortools"}


@dataclass(frozen=True)
class Answer:
    """What one run said: "sat", "unsat", "timeout" or "error"; its placement, as the queens'
    cells or (the toolkit's n-queens JSON, MiniZinc's n-queens model) a column per row; the
    optimum it proved (a spec with an objective); a note when unanswered."""

    status: str
    cells: list[Cell] | None = None
    columns: list[int] | None = None
    optimum: int | None = None
    detail: str = ""


def _file_name(inst: Instance, suffix: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]", "_", inst.name) + suffix


def exported(inst: Instance, work: Path, fmt: str, suffix: str) -> Path:
    """The instance exported into the run's work folder (once per instance and format)."""
    path = work / _file_name(inst, suffix)
    if not path.exists():  # a failed write (a full disk, a file-size limit) is one line
        write_text_atomic(path, export_text(inst.spec, fmt), overwrite=True)
    return path


# --- finding the solvers ---------------------------------------------------------------------

def java_binary() -> str:
    """The `java` on PATH, or a refusal naming the install."""
    found = shutil.which("java")
    if found is None:
        raise InputError("ACE and Choco need Java 11 or later, which is not on PATH (Debian: "
                         "apt-get install default-jre-headless); drop ace and choco from "
                         "--subjects")
    return found


def jar(solver: str) -> Path:
    """The jar of `solver` ("ace" or "choco") that PyCSP3 ships, found without importing it."""
    found = importlib.util.find_spec("pycsp3")
    if found is None or not found.submodule_search_locations:
        raise InputError(f"{solver} comes with PyCSP3, which is not installed (pip install "
                         "'nqueens[ecosystem]' or pip install pycsp3)")
    path = Path(next(iter(found.submodule_search_locations)), "solvers", *_JARS[solver])
    if not path.is_file():
        raise InputError(f"{path} is missing from the PyCSP3 install (pip install "
                         "--force-reinstall pycsp3)")
    return path


def check_cpmpy(solver: str) -> None:
    """Refuse a CPMpy subject whose package or solver module is absent."""
    for module, install in (("cpmpy", "cpmpy"), (CPMPY_SOLVERS[solver], solver)):
        if importlib.util.find_spec(module) is None:
            raise InputError(f"cpmpy-{solver} needs the {module} package, which is not "
                             f"installed (pip install 'nqueens[ecosystem]' or pip install "
                             f"{install})")


# --- the commands ----------------------------------------------------------------------------

def ace_argv(java: str, ace: Path) -> Argv:
    """ACE on the XCSP3 file: its first solution, or the proved optimum; `-t` its limit."""
    def argv(inst: Instance, limit: float, work: Path) -> list[str]:
        model = exported(inst, work, "xcsp3", ".xml")
        return [java, *JAVA_OPTIONS, "-jar", str(ace), str(model), f"-t={limit:g}s", "-npc",
                "-xe", "-xc=false"]
    return argv


def choco_argv(java: str, choco: Path) -> Argv:
    """Choco's XCSP3 parser on the file, `-limit` its time limit."""
    def argv(inst: Instance, limit: float, work: Path) -> list[str]:
        model = exported(inst, work, "xcsp3", ".xml")
        return [java, *JAVA_OPTIONS, "-cp", str(choco), _CHOCO_MAIN, str(model),
                f"-limit={limit:g}s"]
    return argv


def cpmpy_argv(solver: str) -> Argv:
    """The exported CPMpy script run by this Python with `solver` and the time limit."""
    def argv(inst: Instance, limit: float, work: Path) -> list[str]:
        script = exported(inst, work, "cpmpy", ".py")
        return [sys.executable, str(script), solver, "--time-limit", f"{limit:g}"]
    return argv


# --- reading their answers -------------------------------------------------------------------

_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_INSTANTIATION = re.compile(r"<instantiation[^>]*>\s*<list>(.*?)</list>\s*<values>(.*?)"
                            r"</values>\s*</instantiation>", re.S)
_ITEM = re.compile(r"q\[(\d*)\]\[(\d*)\]")


def _queens(n: int, names: str, values: str) -> list[Cell] | None:
    """The queens of one XCSP3 instantiation of `q` (`q[][]` or single cells), or None
    when it is not one 0/1 value per cell."""
    cells: list[Cell] = []
    for token in names.split():
        item = _ITEM.fullmatch(token)
        if item is None:
            return None
        if item[1] == item[2] == "":
            cells += [(r, c) for r in range(n) for c in range(n)]
        else:
            cells.append((int(item[1]), int(item[2])))
    numbers = values.split()
    if len(numbers) != len(cells) or not set(numbers) <= {"0", "1"}:
        return None
    return [cell for cell, value in zip(cells, numbers, strict=True) if value == "1"]


def read_competition(n: int, objective: bool, stdout: str, code: int, stderr: str) -> Answer:
    """The XCSP3 competition output (`s STATUS`, `v` lines holding the instantiation, which
    Choco spreads over several): a CSP's "yes" is its last solution, a COP's answer counts
    only as `s OPTIMUM FOUND` (its last solution is then optimal)."""
    text = _ANSI.sub("", stdout)
    status = re.findall(r"^s (.+?)\s*$", text, re.M)
    if not status:
        last = stderr.strip().splitlines() or [f"exit {code}, no status line"]
        return Answer("error", detail=last[-1][:200])
    said = status[-1]
    if said == "UNSATISFIABLE":
        return Answer("unsat")
    body = "\n".join(line[1:] for line in text.splitlines() if line.startswith("v"))
    found = _INSTANTIATION.findall(body)
    cells = _queens(n, *found[-1]) if found else None
    if said == "UNKNOWN" or (objective and said == "SATISFIABLE"):
        best = f"; best {len(cells)} queens, not proved optimal" if cells is not None else ""
        return Answer("timeout", detail=f"no answer within the limit{best}")
    if said not in ("SATISFIABLE", "OPTIMUM FOUND") or cells is None:
        return Answer("error", detail=f"status {said} with no readable solution")
    return Answer("sat", cells, optimum=len(cells) if objective else None)


_CELL = re.compile(r"\((\d+), (\d+)\)")


def read_cpmpy_script(objective: bool, stdout: str, code: int, stderr: str) -> Answer:
    """The exported script's `key: value` lines (its header documents them)."""
    lines = dict(line.split(": ", 1) for line in stdout.splitlines() if ": " in line)
    status = lines.get("status", "")
    if code == 2 or not status:
        return Answer("error", detail=(stderr.strip().splitlines() or [f"exit {code}"])[-1][:200])
    if status == "unsatisfiable":
        return Answer("unsat")
    if status in ("unknown", "feasible"):
        return Answer("timeout", detail="no answer within the limit" if status == "unknown"
                      else f"best {lines.get('queens')} queens, not proved optimal")
    cells = [(int(r), int(c)) for r, c in _CELL.findall(lines.get("cells", ""))]
    if status == "optimal" and objective:
        return Answer("sat", cells, optimum=int(lines["optimum"]))
    if status == "satisfiable" and not objective:
        return Answer("sat", cells)
    return Answer("error", detail=f"status {status!r} for a model "
                  + ("with" if objective else "without") + " an objective")
