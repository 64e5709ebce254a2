"""The hard sets that `nqueens bench --suite completion|blocked|diagonals|asp|regions|domination`
runs: their instances, read from a folder (the published files with their published answers,
or model files with their expected ones) or generated from a seed, and each family's
constrainedness parameter (the plot's x axis: n for completion at a fixed delta = n - m,
blocked squares for blocked and ASP, excluded diagonals for diagonals, the board size for
region puzzles on random maps and for queen domination, whose optima are published).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from ..atomicfile import ensure_directory, write_text_atomic
from ..errors import InputError
from ..modeling import generators, puzzles
from ..modeling.formats import read_instance, split_take
from ..spec import Spec

SUITES = ("completion", "blocked", "diagonals", "asp", "regions", "domination")
#: What each suite's parameter is, for tables and the plot's x axis.
PARAMETER = {"completion": "n (delta fixed)", "blocked": "blocked squares",
             "asp": "blocked squares", "diagonals": "excluded diagonals",
             "regions": "n (random region maps)", "domination": "n"}
#: Published answers of a set: a file of this name in the set's directory (n, id, answer,
#: seconds per line), as deposited with the ASP-competition instances.
PUBLISHED_FILE = "lingeling-results.tsv"
_SKIP = re.compile(r"^(\.|README)|\.(md|tsv|csv|json|png|txt~)$", re.IGNORECASE)


@dataclass(frozen=True)
class Instance:
    """One instance of a set: where it is (`path`, maybe `FILE#D`), its spec, its
    parameter, and the published answer and time when known."""

    name: str
    path: str
    spec: Spec
    parameter: float
    published: bool | None = None
    published_seconds: float | None = None
    published_optimum: int | None = None  # with an objective: the published optimum




@dataclass
class Suite:
    """A set to run: its instances and what it is."""

    family: str
    instances: list[Instance]
    source: str
    generation: dict[str, Any] = field(default_factory=dict)



def bundled_asp_dir() -> Path | None:
    """The ASP n = 28 set shipped with the package (installed) or in the repository."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package / "benchmarks" / "asp-blocked-28",
                      package.parent.parent / "benchmarks" / "asp-blocked-28"):
        if candidate.is_dir():
            return candidate
    return None


def parameter_of(family: str, spec: Spec, path: str) -> float:
    """The family's constrainedness parameter of one instance."""
    if family in ("completion", "regions", "domination"):
        return float(spec.n)
    if family == "diagonals":
        return float(_diagonal_count(path))
    return float(len(spec.forbidden))


def _diagonal_count(path: str) -> int:
    """D of `FILE#D`, or the number of pairs the file lists."""
    file, take = split_take(path)
    if take is not None:
        return take
    text = Path(file).read_text(errors="replace")
    listed = text.split("diags", 2)[-1] if "diags" in text else ""
    return listed.count("[") - 1 if listed.count("[") else 0


def _published(directory: Path) -> dict[str, tuple[bool, float]]:
    """id -> (satisfiable, seconds) from the set's published results file, if any."""
    table = directory / PUBLISHED_FILE
    if not table.is_file():
        return {}
    found: dict[str, tuple[bool, float]] = {}
    for number, row in enumerate(table.read_text().splitlines(), 1):
        parts = row.split("\t")
        if not row.strip():
            continue
        if len(parts) != 4 or parts[2] not in ("SATISFIABLE", "UNSATISFIABLE"):
            raise InputError(f"{table}: line {number}: expected n, id, SATISFIABLE or "
                             "UNSATISFIABLE, seconds (tab-separated)")
        try:
            found[parts[1]] = (parts[2] == "SATISFIABLE", float(parts[3]))
        except ValueError:
            raise InputError(f"{table}: line {number}: the time {parts[3]!r} is not a "
                             "number") from None
    return found


def read_suite(family: str, directory: Path) -> Suite:
    """Every instance file of `directory` (READMEs, results and hidden files skipped), each
    read before any run, so a bad file stops the bench before it starts."""
    if not directory.is_dir():
        raise InputError(f"{directory}: not a directory of instances; give the set's folder")
    published = _published(directory)
    instances = []
    for path in sorted(directory.iterdir()):
        if not path.is_file() or _SKIP.search(path.name):
            continue
        model = read_instance(str(path))
        spec, expected = model.spec, model.expected
        ident = path.stem.rsplit(".", 1)[-1]
        known = published.get(ident)
        answer = known[0] if known else (expected.satisfiable if expected else None)
        if expected is not None and expected.optimum is not None:
            answer = True
        instances.append(Instance(path.name, str(path), spec,
                                  parameter_of(family, spec, str(path)), answer,
                                  known[1] if known else None,
                                  expected.optimum if expected else None))
    if not instances:
        raise InputError(f"{directory}: no instance files in it")
    if published and len(published) != sum(i.published is not None for i in instances):
        raise InputError(f"{directory}: {PUBLISHED_FILE} lists {len(published)} instances but "
                         f"{sum(i.published is not None for i in instances)} of them are here")
    return Suite(family, instances, str(directory))


def _check_generation(family: str, n: int | None, delta: int | None) -> None:
    """Refuse a generated set whose family lacks its size arguments."""
    if family == "asp":
        raise InputError("the ASP set is not generated: give its directory, or omit it for "
                         "the bundled n = 28 set")
    if family == "completion":
        if delta is None:
            raise InputError("--suite completion without DIR needs --delta D (queens left to "
                             "place) and --range of n, e.g. --delta 10 --range 14..30:2")
    elif family in ("regions", "domination"):
        return  # --range of n is asked for by the command, seeds have a default
    elif n is None:
        raise InputError(f"--suite {family} without DIR needs --n N and --range, e.g. --n 20 "
                         + ("--range 14..22" if family == "diagonals" else "--range 200..260:10"))


def generated_instances(family: str, n: int | None, delta: int | None, points: Sequence[int],
                        seeds: Sequence[int], min_free: int
                        ) -> list[tuple[str, float, Callable[[], generators.Generated]]]:
    """The instances of a generated set, before any is made: for each parameter value and
    seed, its file name, its parameter and how to make it (so the command can refuse the
    files it would overwrite before it starts)."""
    _check_generation(family, n, delta)
    planned: list[tuple[str, float, Callable[[], generators.Generated]]] = []
    for point in points:
        if family in ("regions", "domination"):
            puzzles.check_n(point)
        if family == "domination":  # one instance per size
            planned.append((f"domination-{point}.toml", float(point),
                            partial(puzzles.domination, point)))
            continue
        for seed in seeds:
            if family == "regions":
                name = f"random-map-{point}-s{seed}.toml"
                make = partial(puzzles.region_puzzle, point, seed)
            elif family == "completion":
                assert delta is not None
                name = f"completion-{point}-{point - delta}-s{seed}.param"
                make = partial(generators.completion, point, point - delta, seed)
            elif family == "blocked":
                assert n is not None
                name = f"blocked-{n}-{point}-k{min_free}-s{seed}.param"
                make = partial(generators.blocked, n, point, min_free, seed)
            else:
                assert n is not None
                name = f"diagonals-{n}-k{min_free}-d{point}-s{seed}.param"
                make = partial(generators.diagonals, n, min_free, seed, point)
            planned.append((name, float(point), make))
    return planned


def generate_suite(family: str, n: int | None, delta: int | None, points: Sequence[int],
                   seeds: Sequence[int], min_free: int, directory: Path, *,
                   overwrite: bool = False) -> Suite:
    """Generate the set into `directory` (kept beside the results): for each parameter
    value and seed, one instance; an existing file of the set is replaced only with
    `overwrite`."""
    planned = generated_instances(family, n, delta, points, seeds, min_free)
    ensure_directory(directory)
    instances = []
    for name, point, make in planned:
        made = make()
        path = directory / name
        write_text_atomic(path, made.text, overwrite=overwrite)
        instances.append(Instance(name, str(path), made.spec, point,
                                  True if made.optimum is not None else None, None, made.optimum))
    generation: dict[str, Any] = {"n": n, "delta": delta, "range": list(points),
                                  "seeds": [min(seeds), max(seeds)], "min_free": min_free}
    if family in ("regions", "domination"):
        generation = {"range": list(points)} | ({"seeds": [min(seeds), max(seeds)]}
                                                if family == "regions" else {})
    return Suite(family, instances, str(directory), generation)



