"""Model files: a `Spec` (plus a description and the instance's known answer) as TOML.

Reading uses the standard library's `tomllib`; loading is data only, never code. Every
problem is reported as `ModelFileError("FILE: KEY: reason")`. Writing is atomic (a temp
file in the target directory, then a rename), so a failed write never leaves a partial
file. The writer is a few lines of hand-made TOML because the values are only integers,
strings and lists of pairs, and a hand-written file can carry a header comment.

Keys (see models/README.md):
    n            board size (required)
    variant      "queens" (default), "rooks", "torus" or "superqueens"
    fixed        [[row, col], ...], 0-based cells that must hold a queen
    forbidden    [[row, col], ...], 0-based cells that must stay empty
    name         label for reports
    description  free text
    [expected]   the instance's known answer: `count` (number of solutions) and/or
                 `satisfiable` (true/false), optionally a `witness` (a solution, one column per row,
                 which the validator checks) and `source` saying how it was established.
No solver imports here.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..atomicfile import write_text_atomic
from ..errors import ModelFileError, SpecError
from ..limits import MAX_BOARD_N, MAX_DIGITS
from ..spec import Rule, Spec
from ..validator import find_violations
from ..variants import VARIANTS
from .givens import Given, cell_givens

__all__ = ["Expected", "Model", "dump_model", "load_model", "model_text", "read_model",
           "region_letters"]

TOP_KEYS = ("name", "description", "n", "variant", "fixed", "forbidden", "expected",
            "rules", "regions", "queens", "objective")
EXPECTED_KEYS = ("count", "satisfiable", "witness", "source", "optimum")


@dataclass(frozen=True)
class Expected:
    """The known answer of an instance: `count` solutions and/or `satisfiable`, with the
    `source` of that knowledge (OEIS, a proof in the description, a brute-force check)."""

    count: int | None = None
    satisfiable: bool | None = None
    source: str = ""
    #: a solution, proving satisfiable: a column per row, or (a posed problem) its cells
    witness: tuple[Any, ...] | None = None
    #: a posed problem with an objective: the fewest (most) queens any placement has
    optimum: int | None = None

    def __post_init__(self) -> None:
        if self.count is not None and self.satisfiable is None:
            object.__setattr__(self, "satisfiable", self.count > 0)

    def as_table(self) -> dict[str, Any]:
        table: dict[str, Any] = {}
        if self.count is not None:
            table["count"] = self.count
        elif self.satisfiable is not None:
            table["satisfiable"] = self.satisfiable
        if self.optimum is not None:
            table["optimum"] = self.optimum
        if self.witness is not None:
            table["witness"] = [list(v) if isinstance(v, tuple) else v for v in self.witness]
        if self.source:
            table["source"] = self.source
        return table


@dataclass(frozen=True)
class Model:
    """A model file's content: the spec, its description and its expected answer (if any),
    and the statements it makes as its file groups them (`givens`: None when each fixed
    queen and forbidden cell is one, as in our TOML files; see `modeling.givens`)."""

    spec: Spec
    description: str = ""
    expected: Expected | None = field(default=None)
    givens: tuple[Given, ...] | None = field(default=None, compare=False)

    def grouped(self) -> tuple[Given, ...]:
        """The givens of the instance: as the file groups them, else one per cell."""
        return self.givens if self.givens is not None else cell_givens(self.spec)


def _fail(path: str | os.PathLike[str], key: str, reason: str) -> ModelFileError:
    return ModelFileError(f"{os.fspath(path)}: {key}: {reason}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _type_name(value: Any) -> str:
    return {bool: "a boolean", int: "an integer", float: "a number", str: "a string",
            list: "an array", dict: "a table"}.get(type(value), type(value).__name__)


def _check_cells(path: str | os.PathLike[str], key: str, value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(path, key, f"expected an array of [row, col] pairs, got {_type_name(value)}")
    return value


def _parse_expected(path: str | os.PathLike[str], value: Any) -> Expected:  # noqa: C901 - each refusal of a bad key is one branch
    if not isinstance(value, dict):
        raise _fail(path, "expected", f"expected a table such as {{ count = 92 }}, "
                    f"got {_type_name(value)}")
    for key in value:
        if key not in EXPECTED_KEYS:
            raise _fail(path, f"expected.{key}",
                        f"unknown key; allowed keys: {', '.join(EXPECTED_KEYS)}")
    count, satisfiable, source = value.get("count"), value.get("satisfiable"), value.get("source", "")
    if count is not None and not (_is_int(count) and count >= 0):
        raise _fail(path, "expected.count", f"must be a non-negative integer, got {count!r}")
    if satisfiable is not None and not isinstance(satisfiable, bool):
        raise _fail(path, "expected.satisfiable", f"must be true or false, got {satisfiable!r}")
    if not isinstance(source, str):
        raise _fail(path, "expected.source", f"must be a string, got {_type_name(source)}")
    optimum = value.get("optimum")
    if optimum is not None and not (_is_int(optimum) and optimum >= 0):
        raise _fail(path, "expected.optimum", f"must be a non-negative integer, got {optimum!r}")
    witness = value.get("witness")
    if witness is not None:
        cells = isinstance(witness, list) and all(
            isinstance(c, list) and len(c) == 2 and all(map(_is_int, c)) for c in witness)
        if not cells and not (isinstance(witness, list) and all(_is_int(c) for c in witness)):
            raise _fail(path, "expected.witness", "must be an array of column numbers, one "
                        "per row, or of [row, col] cells")
        if satisfiable is False or count == 0:
            raise _fail(path, "expected.witness", "a witness contradicts an unsatisfiable answer")
        satisfiable = True
        witness = tuple(tuple(c) if isinstance(c, list) else c for c in witness)
    if count is None and satisfiable is None and optimum is None:
        raise _fail(path, "expected", "give count = N, satisfiable = true/false or "
                    "optimum = K")
    if count is not None and satisfiable is not None and satisfiable != (count > 0):
        raise _fail(path, "expected.satisfiable",
                    f"contradicts expected.count = {count}; keep one of them")
    return Expected(count, satisfiable, source, witness, optimum)


#: Most fixed and forbidden cells a model holds, in every format, counted before any is
#: built (an excluded-diagonals file's diagonals before they are expanded into cells): the
#: published instances hold a few thousand; a million cells take seconds and hundreds of
#: megabytes to check, and a TOML file within MAX_MODEL_BYTES lists about two million.
MAX_MODEL_CELLS = 1_000_000


def board_size_problem(n: Any) -> str | None:
    """What is wrong with `n` as a model's board size, in every format (None: nothing)."""
    if _is_int(n) and 1 <= n <= MAX_BOARD_N:
        return None
    # (str() of an integer past 4,300 digits raises: its size is told in bits' worth)
    shown = (repr(n)[:40] if not _is_int(n) or abs(n) < 10**12
             else f"a number of about {int(n.bit_length() * 0.30103) + 1:,} digits")
    return f"must be a positive integer, a board size of at most {MAX_BOARD_N:,}, got {shown}"


def cells_problem(cells: int, what: str = "fixed and forbidden cells",
                  fix: str = "give fewer") -> str | None:
    """What is wrong with a model of `cells` fixed and forbidden cells (None: nothing)."""
    if cells <= MAX_MODEL_CELLS:
        return None
    return (f"{cells:,} {what}, more than any model holds (at most {MAX_MODEL_CELLS:,} fixed "
            f"and forbidden cells); {fix}")


def parse_model(doc: Mapping[str, Any], path: str | os.PathLike[str] = "<model>") -> Model:  # noqa: C901 - each refusal of a bad key is one branch
    """Build a Model from a parsed TOML document; every error names `path` and the key.

    Raises:
        ModelFileError: unknown key, wrong type, off-board or duplicate cell, contradiction.
    """
    for key in doc:
        if key not in TOP_KEYS:
            raise _fail(path, key, f"unknown key; allowed keys: {', '.join(TOP_KEYS)}")
    if "n" not in doc:
        raise _fail(path, "n", "missing; add the board size, e.g. n = 8")
    n = doc["n"]
    problem = board_size_problem(n)
    if problem is not None:
        raise _fail(path, "n", problem)
    posed = [key for key in ("rules", "regions", "queens", "objective") if key in doc]
    if posed:
        return _parse_posed(doc, path, n)
    variant = doc.get("variant", "queens")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise _fail(path, "variant",
                    f"unknown variant {variant!r}; choose one of: {', '.join(sorted(VARIANTS))}")
    for key in ("name", "description"):
        if not isinstance(doc.get(key, ""), str):
            raise _fail(path, key, f"must be a string, got {_type_name(doc[key])}")
    fixed = _check_cells(path, "fixed", doc.get("fixed", []))
    forbidden = _check_cells(path, "forbidden", doc.get("forbidden", []))
    problem = cells_problem(len(fixed) + len(forbidden))
    if problem is not None:
        raise ModelFileError(f"{os.fspath(path)}: {problem}")
    # Build in stages so each SpecError is attributed to the key that caused it.
    # the cells are TOML values as read; Spec checks them (that is what the stages attribute)
    stages: tuple[tuple[str, dict[str, Any]], ...] = (
        ("fixed", {"fixed": fixed}), ("forbidden", {"forbidden": forbidden}),
        ("forbidden", {"fixed": fixed, "forbidden": forbidden}))
    for key, kwargs in stages:
        try:
            spec = Spec(n, variant, name=doc.get("name", ""), **kwargs)
        except SpecError as error:
            message = str(error)
            if message.startswith(key + "["):  # already names the entry, e.g. fixed[2]
                raise ModelFileError(f"{os.fspath(path)}: {message}") from None
            raise _fail(path, key, message) from None
    return _finish(doc, path, spec)


def _finish(doc: Mapping[str, Any], path: str | os.PathLike[str], spec: Spec) -> Model:
    """The model of a checked spec: its expected answer read and its witness validated."""
    expected = _parse_expected(path, doc["expected"]) if "expected" in doc else None
    if expected is not None and expected.witness is not None:
        violations = find_violations(spec, expected.witness)
        if violations:
            raise _fail(path, "expected.witness",
                        f"not a solution of this model: {violations[0].describe()}")
    if expected is not None and expected.optimum is not None and spec.objective is None:
        raise _fail(path, "expected.optimum", "an optimum needs an objective; add "
                    "objective = \"fewest\" or \"most\", or drop it")
    return Model(spec, doc.get("description", ""), expected)


RULE_KEYS = ("family", "lo", "hi", "exactly", "attack", "cells", "connected")


def _parse_posed(doc: Mapping[str, Any], path: str | os.PathLike[str], n: int) -> Model:
    """A posed problem's model: `[[rules]]` tables, a `regions` grid, `queens`, `objective`
    (see models/README.md); each refusal names its key."""
    if "variant" in doc:
        raise _fail(path, "variant", "a posed problem states its own rules; drop variant "
                    "(the rules of a variant are listed in models/README.md)")
    for key in ("name", "description"):
        if not isinstance(doc.get(key, ""), str):
            raise _fail(path, key, f"must be a string, got {_type_name(doc[key])}")
    raw = doc.get("rules", [])
    if not isinstance(raw, list) or not all(isinstance(rule, dict) for rule in raw):
        raise _fail(path, "rules", "expected [[rules]] tables, each with a family, e.g. "
                    "[[rules]] family = \"rows\" exactly = 1")
    if not raw:
        raise _fail(path, "rules", "a posed problem needs at least one [[rules]] table")
    rules = tuple(_parse_rule(path, f"rules[{index}]", table) for index, table in enumerate(raw))
    regions = _parse_regions(path, doc["regions"], n) if "regions" in doc else ()
    queens: Any = doc.get("queens")
    if _is_int(queens):
        queens = (queens, queens)
    elif isinstance(queens, list):
        queens = tuple(queens) + ((None,) if len(queens) == 1 else ())
    elif queens is not None:
        raise _fail(path, "queens", f"expected a number or [lo, hi], got {_type_name(queens)}")
    fixed = _check_cells(path, "fixed", doc.get("fixed", []))
    forbidden = _check_cells(path, "forbidden", doc.get("forbidden", []))
    try:
        spec = Spec(n, "custom", tuple(map(_pair, fixed)), tuple(map(_pair, forbidden)),
                    name=doc.get("name", ""), rules=rules, regions=regions, queens=queens,
                    objective=doc.get("objective"))
    except SpecError as error:  # its message names the key (queens, regions, the family)
        raise ModelFileError(f"{os.fspath(path)}: {error}") from None
    return _finish(doc, path, spec)


def _pair(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _parse_rule(path: str | os.PathLike[str], where: str, table: Mapping[str, Any]) -> Rule:
    for key in table:
        if key not in RULE_KEYS:
            raise _fail(path, f"{where}.{key}", f"unknown key; allowed keys: "
                        f"{', '.join(RULE_KEYS)}")
    if "family" not in table:
        raise _fail(path, f"{where}.family", "missing; name the line family, e.g. family = "
                    "\"rows\" (see models/README.md)")
    lo, hi = table.get("lo"), table.get("hi")
    if "exactly" in table:
        if "lo" in table or "hi" in table:
            raise _fail(path, f"{where}.exactly", "exactly = k is lo = hi = k; give one or "
                        "the other")
        lo = hi = table["exactly"]
    cells = table.get("cells", [])
    if not (isinstance(cells, list) and all(isinstance(line, list) for line in cells)):
        raise _fail(path, f"{where}.cells", "expected lines of [row, col] cells, "
                    "e.g. cells = [[[0, 0], [1, 1]]]")
    connected = table.get("connected", True)
    if not isinstance(connected, bool):
        raise _fail(path, f"{where}.connected", f"must be true or false, got {connected!r}")
    try:
        return Rule(table["family"], lo, hi, attack=table.get("attack", "queen"),
                    cells=tuple(tuple(_pair(cell) for cell in line) for line in cells),
                    connected=connected)
    except (SpecError, TypeError, ValueError) as error:
        raise _fail(path, where, str(error)) from None


def region_labels(rows: list[str], n: int) -> tuple[tuple[int, ...], ...]:
    """A grid of letters (n strings of n letters) as region labels 0, 1, ...: the letters
    in alphabetical order (A is region 0)."""
    letters = sorted({letter for row in rows for letter in row})
    index = {letter: label for label, letter in enumerate(letters)}
    return tuple(tuple(index[letter] for letter in row) for row in rows)


def region_letters(grid: tuple[tuple[int, ...], ...]) -> dict[int, str]:
    """Each region label's letter, as a model file writes the grid (A for the smallest
    label, B for the next, ...): what a person calls a region; empty beyond 26 regions,
    where the file writes the labels themselves."""
    labels = sorted({label for row in grid for label in row})
    if len(labels) > 26:
        return {}
    return {label: chr(ord("A") + index) for index, label in enumerate(labels)}


def _parse_regions(path: str | os.PathLike[str], value: Any, n: int) -> tuple[tuple[int, ...], ...]:
    """`regions` as n strings of n letters (or one string of n lines), or n arrays of n
    integer labels."""
    if isinstance(value, str):
        value = [line.strip() for line in value.strip().splitlines() if line.strip()]
    if not isinstance(value, list) or len(value) != n:
        raise _fail(path, "regions", f"expected {n} rows of {n} letters, one per cell (e.g. "
                    "regions = [\"AABB\", ...]), got "
                    + (f"{len(value)} rows" if isinstance(value, list) else _type_name(value)))
    if all(isinstance(row, str) for row in value):
        for index, row in enumerate(value):
            if len(row) != n or not row.isalpha():
                raise _fail(path, f"regions[{index}]", f"expected {n} letters, got {row!r}")
        return region_labels(value, n)
    for index, row in enumerate(value):
        if not (isinstance(row, list) and len(row) == n and all(map(_is_int, row))):
            raise _fail(path, f"regions[{index}]", f"expected {n} integer labels or a string "
                        f"of {n} letters")
    return tuple(tuple(row) for row in value)


#: Largest model file read (a model of n = 100,000 with a cell per row is about 2 MB);
#: at most this many bytes plus one are read, so /dev/zero is refused at once.
MAX_MODEL_BYTES = 16 * 2**20
#: Deepest nesting of arrays and tables and most parts of a dotted key (a bare value, an
#: integer in any base, has at most `limits.MAX_DIGITS`): a model needs depth 2 and one-part
#: keys; more would exhaust the TOML parser's stack, or take the parser time quadratic in
#: the key's parts.
MAX_MODEL_DEPTH = 8
MAX_KEY_PARTS = 16
#: What the shape scan looks at: line ends, comments, strings, brackets, key syntax and
#: bare runs (numbers, words); everything else is skipped by the regular expression.
_TOKEN = re.compile(r"""\n|#|"|'|[\[\]{}=.,]|[+-]?[0-9][0-9A-Za-z_]*|[A-Za-z_][A-Za-z0-9_-]*""")
#: Longest bare word (a key, true, inf): longer is no model's.
MAX_WORD = 200


def _string_end(text: str, start: int) -> int:
    """The index just past the TOML string that opens at `start` (basic or literal, one
    line or multi-line); at an unclosed one-line string, the line's end (tomllib then says
    why the file is not TOML)."""
    quote = text[start]
    if text.startswith(quote * 3, start):
        end = text.find(quote * 3, start + 3)
        while end != -1 and quote == '"' and _escaped(text, end):
            end = text.find(quote * 3, end + 1)
        if end == -1:
            return len(text)
        end += 3
        while end < len(text) and text[end] == quote:  # a quote or two may end the content
            end += 1
        return end
    index = start + 1
    while index < len(text) and text[index] not in (quote, "\n"):
        index += 2 if quote == '"' and text[index] == "\\" else 1
    return index + 1 if index < len(text) and text[index] == quote else index


def _escaped(text: str, index: int) -> bool:
    """Whether the character at `index` follows an odd number of backslashes."""
    slashes = 0
    while index - slashes - 1 >= 0 and text[index - slashes - 1] == "\\":
        slashes += 1
    return slashes % 2 == 1


def _check_shape(path: str | os.PathLike[str], text: str) -> None:  # noqa: C901 - one branch per kind of token the scan tells apart
    """Refuse long bare values, deep nesting and long dotted keys before tomllib sees them,
    naming the line. The scan knows TOML's strings and comments, so brackets in a comment
    or digits in a string (valid TOML) pass; it is linear in the text."""
    nesting: list[str] = []  # the open arrays and inline tables of a value
    in_key, parts = True, 1  # a key (or a [table] header) is being read, with its parts
    line, index = 1, 0
    while True:
        token = _TOKEN.search(text, index)
        if token is None:
            return
        index, kind = token.end(), token.group()
        if kind == "\n":
            line += 1
            if not nesting:
                in_key, parts = True, 1
        elif kind == "#":
            newline = text.find("\n", index)
            index = len(text) if newline == -1 else newline
        elif kind in "\"'":
            index = _string_end(text, token.start())
            line += text.count("\n", token.start(), index)
        elif in_key:
            if kind == "=":
                in_key = False
            elif kind == ".":
                parts += 1
                if parts > MAX_KEY_PARTS:
                    raise _fail(path, f"line {line}", f"a dotted key of more than "
                                f"{MAX_KEY_PARTS} parts; a model's keys are single words")
            elif len(kind) > MAX_WORD:
                raise _fail(path, f"line {line}", f"a key of more than {MAX_WORD} "
                            "characters; a model's keys are single words")
        elif kind in "[{":
            nesting.append(kind)
            if len(nesting) > MAX_MODEL_DEPTH:
                raise _fail(path, f"line {line}", f"arrays or tables nested more than "
                            f"{MAX_MODEL_DEPTH} deep; cells are [row, col] pairs")
            if kind == "{":
                in_key, parts = True, 1
        elif kind in "]}":
            if nesting:
                nesting.pop()
        elif kind == ",":
            if nesting and nesting[-1] == "{":
                in_key, parts = True, 1
        elif kind[0] in "+-0123456789" and len(kind) > MAX_DIGITS:
            raise _fail(path, f"line {line}", f"a number of more than {MAX_DIGITS} "
                        "digits; board sizes and cells are small integers")
        elif len(kind) > MAX_WORD:
            raise _fail(path, f"line {line}", f"a value of {len(kind):,} characters that is "
                        "not a string; board sizes and cells are small integers")


def read_model_bytes(path: str | os.PathLike[str]) -> bytes:
    """At most MAX_MODEL_BYTES + 1 bytes of the model file `path`, in any format. Only a
    regular file is opened: a FIFO blocks its reader until a writer comes (perhaps never,
    deaf to a time limit) and a device may never end.

    Raises:
        ModelFileError: missing, unreadable, or not a regular file.
    """
    shown = os.fspath(path)
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise ModelFileError(f"{shown}: is a directory, not a model file; give a file")
        if not stat.S_ISREG(info.st_mode):
            raise ModelFileError(f"{shown}: not a regular file (a pipe, a socket or a device); "
                                 "save the model to a file and give that")
        with open(path, "rb") as handle:
            return handle.read(MAX_MODEL_BYTES + 1)
    except OSError as error:
        raise ModelFileError(f"{shown}: cannot read model file: "
                             f"{error.strerror or error}") from None


def read_model(path: str | os.PathLike[str]) -> Model:
    """Read and check a model file (at most MAX_MODEL_BYTES, nesting and digits bounded).

    Raises:
        ModelFileError: the file cannot be read, is too large, is not TOML, or is not a
            valid model.
    """
    data = read_model_bytes(path)
    if len(data) > MAX_MODEL_BYTES:
        raise ModelFileError(f"{os.fspath(path)}: larger than {MAX_MODEL_BYTES // 2**20} MiB, "
                             "more than any model file; give a smaller file")
    try:
        # a byte-order mark (some editors write one) is no TOML, but no reason to refuse
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ModelFileError(f"{os.fspath(path)}: not UTF-8 text (TOML is UTF-8): byte "
                             f"{error.start} is {data[error.start:error.start + 1]!r}") from None
    return model_from_toml(text, path)


def model_from_toml(text: str, path: str | os.PathLike[str] = "<model>") -> Model:
    """The model a TOML text states (`path` names it in messages: a file, or standard
    input); bounded and checked as `read_model` says."""
    _check_shape(path, text)
    import tomllib  # here: the published formats (formats.py) are read without it

    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ModelFileError(f"{os.fspath(path)}: not valid TOML: {error}") from None
    except (RecursionError, ValueError) as error:  # what the shape check could not foresee
        raise ModelFileError(f"{os.fspath(path)}: cannot read: {error}") from None
    return parse_model(doc, path)


def load_model(path: str | os.PathLike[str]) -> Spec:
    """The Spec of a model file (see `read_model`)."""
    return read_model(path).spec


_TOML_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _toml_string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters (DEL included,
    which TOML forbids raw) escaped."""
    out = []
    for char in text:
        if char in _TOML_ESCAPES:
            out.append(_TOML_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _toml_cells(cells: tuple[tuple[int, int], ...]) -> str:
    return "[" + ", ".join(f"[{r}, {c}]" for r, c in cells) + "]"


def _posed_toml(spec: Spec) -> list[str]:
    """A posed problem's keys, as `_parse_posed` reads them: queens, objective, the region
    grid (letters while there are at most 26 regions, else integer labels), then one
    [[rules]] table per rule."""
    out = []
    if spec.queens is not None:
        lo, hi = spec.queens
        out.append(f"queens = {lo}" if lo == hi else
                   f"queens = [{lo}]" if hi is None else f"queens = [{lo}, {hi}]")
    if spec.objective is not None:
        out.append(f"objective = {_toml_string(spec.objective)}")
    if spec.regions:
        letter = region_letters(spec.regions)
        if letter:
            out += ['regions = """', *("".join(letter[label] for label in row)
                                       for row in spec.regions), '"""']
        else:
            out += ["regions = [", *(f"  [{', '.join(map(str, row))}]," for row in spec.regions),
                    "]"]
    for rule in spec.rules:
        lo, hi = rule.bounds
        out += ["", "[[rules]]", f"family = {_toml_string(rule.family)}"]
        out += ([f"exactly = {lo}"] if lo == hi else
                [f"lo = {lo}"] + ([] if hi is None else [f"hi = {hi}"]))
        if rule.family == "coverage":
            out.append(f"attack = {_toml_string(rule.attack)}")
        if rule.family == "regions" and not rule.connected:
            out.append("connected = false")
        if rule.cells:
            out.append("cells = [" + ", ".join(_toml_cells(line) for line in rule.cells) + "]")
    return out


def model_text(spec: Spec, description: str = "", expected: Expected | None = None) -> str:
    """The TOML text of a model; `read_model` of it gives back an equal spec and name."""
    lines = ["# nqueens model file: cells are [row, col], 0-based (see models/README.md)"]
    if spec.name:
        lines.append(f"name = {_toml_string(spec.name)}")
    if description:
        lines.append(f"description = {_toml_string(description)}")
    lines.append(f"n = {spec.n}")
    if not spec.is_open:
        lines.append(f"variant = {_toml_string(spec.variant)}")
    lines += [f"fixed = {_toml_cells(spec.fixed)}", f"forbidden = {_toml_cells(spec.forbidden)}"]
    if spec.is_open:
        lines += _posed_toml(spec)
    if expected is not None:
        lines += ["", "[expected]"]
        for key, value in expected.as_table().items():
            if isinstance(value, str):
                shown = _toml_string(value)
            elif isinstance(value, list):
                shown = "[" + ", ".join(map(str, value)) + "]"
            else:
                shown = str(value).lower()
            lines.append(f"{key} = {shown}")
    return "\n".join(lines) + "\n"


def dump_model(
    spec: Spec,
    path: str | os.PathLike[str],
    *,
    description: str = "",
    expected: Expected | None = None,
    overwrite: bool = False,
) -> None:
    """Write `spec` as a model file, atomically (see `write_text_atomic`)."""
    write_text_atomic(path, model_text(spec, description, expected), overwrite=overwrite)
