"""The published hard-instance formats beside our TOML: read any of them into a `Model`, write
a `Spec` back in any of them.

- CSPLib param files (Essence' `letting` statements): `letting n = N`, then `letting init =
  [[r, c], ...]` (completion: pre-placed queens, **0-based**) and/or `letting blocks = [[r, c],
  ...]` (blocked n-queens: forbidden squares, **1-based**); the ASP-converted files put one pair
  per line and leave a comma before the closing bracket, which is accepted.
- Excluded-diagonals files: `n = N`, `numdiags = D`, `diags = [[d, t], ...]`, 0-based diagonal
  indices, `t = 1` a sum diagonal (r + c = d), `t = 0` a difference diagonal (r - c = d - (n -
  1)). The list is ordered: an instance with d excluded diagonals is its first d pairs, named
  `FILE#D` wherever a model is taken (the whole list without `#D`).
- ASP facts (the ASP competition's blocked n-queens): `num(1). ... num(N). block(r,c).`,
  1-based.

The files are small; they are read whole, bounded like TOML model files (size, digits,
nesting), and every problem is one `ModelFileError` "FILE: line L: problem". The format is
told by the text, not the suffix (CSPLib uses `.param` for both param kinds); a `.toml` file is
always TOML. No solver imports.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..atomicfile import write_text_atomic
from ..errors import ModelFileError, SpecError
from ..limits import MAX_DIGITS
from ..spec import Cell, Spec
from ..wording import plural
from .givens import Given
from .modelfile import (
    MAX_MODEL_BYTES,
    Expected,
    Model,
    board_size_problem,
    cells_problem,
    model_from_toml,
    model_text,
    read_model,
    read_model_bytes,
)

__all__ = [
    "INSTANCE_FORMATS", "asp_text", "detect_format", "diagonal_cells", "diagonals_of",
    "diagonals_text", "dump_instance", "instance_text", "param_text", "read_instance",
    "split_take",
]

#: Formats `nqueens model --to` writes: ours, and the three published ones.
INSTANCE_FORMATS = ("toml", "param", "diagonals", "asp")
#: Deepest list nesting a file may use: pair lists are two deep.
_MAX_DEPTH = 3
#: Largest published-format file read: the published instances are tens of kilobytes (n <=
#: a few hundred); each number becomes a token, so the bound also bounds the memory used.
MAX_INSTANCE_BYTES = 4 * 2**20

Diagonal = tuple[int, int]  # (index, kind): kind 1 = sum r + c, kind 0 = difference


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # "name", "int", or the punctuation character itself
    text: str
    line: int


_TOKEN = re.compile(r"\s+|[$%#][^\n]*|[A-Za-z_][A-Za-z0-9_']*|-?[0-9]+|[\[\](),=.]")


class _Reader:
    """Tokens of one file with their line numbers, and the file's name for messages."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.tokens: list[_Token] = []
        self.pos = 0
        line, index = 1, 0
        while index < len(text):
            match = _TOKEN.match(text, index)
            if match is None:
                raise self.fail(line, f"unexpected character {text[index]!r}")
            piece = match.group()
            if piece[0].isdigit() or piece[0] == "-":
                if len(piece.lstrip("-")) > MAX_DIGITS:
                    raise self.fail(line, f"a number of more than {MAX_DIGITS} digits; "
                                    "board sizes and cells are small integers")
                self.tokens.append(_Token("int", piece, line))
            elif piece[0].isalpha() or piece[0] == "_":
                self.tokens.append(_Token("name", piece, line))
            elif piece in "[](),=.":
                self.tokens.append(_Token(piece, piece, line))
            line += piece.count("\n")
            index = match.end()
        self.last_line = line

    def fail(self, line: int, problem: str) -> ModelFileError:
        return ModelFileError(f"{self.path}: line {line}: {problem}")

    def peek(self) -> _Token | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self, kind: str, what: str) -> _Token:
        token = self.peek()
        if token is None:
            raise self.fail(self.last_line, f"the file ends where {what} was expected")
        if token.kind != kind:
            raise self.fail(token.line, f"expected {what}, found {token.text!r}")
        self.pos += 1
        return token

    def value(self, depth: int = 0) -> object:
        """An integer or a bracketed list of values (a trailing comma allowed)."""
        token = self.peek()
        if token is not None and token.kind == "int":
            self.pos += 1
            return int(token.text)
        start = self.take("[", "a number or a list '[...]'")
        if depth + 1 > _MAX_DEPTH:
            raise self.fail(start.line, f"lists nested more than {_MAX_DEPTH} deep; cells "
                            "are [row, col] pairs")
        items: list[object] = []
        while True:
            token = self.peek()
            if token is not None and token.kind == "]":
                self.pos += 1
                return _Located(items, start.line)
            items.append(self.value(depth + 1))
            token = self.peek()
            if token is not None and token.kind == ",":
                self.pos += 1
            elif token is None or token.kind != "]":
                raise self.fail(token.line if token else self.last_line,
                                f"expected ',' or ']' in the list opened on line {start.line}, "
                                f"found {token.text if token else 'the end of the file'!r}")


class _Located(list[object]):
    """A list from the file that remembers the line it opened on (for messages)."""

    def __init__(self, items: Iterable[object], line: int) -> None:
        super().__init__(items)
        self.line = line


def split_take(argument: str) -> tuple[str, int | None]:
    """`FILE#D` -> (FILE, D); anything else (an existing file whose name has '#' included)
    -> (argument, None)."""
    if "#" not in argument or os.path.exists(argument):
        return argument, None
    path, _, take = argument.rpartition("#")
    if not take.isdigit() or not take.isascii() or len(take) > MAX_DIGITS:
        raise ModelFileError(f"{argument}: '#' must be followed by the number of diagonals to "
                             f"take, e.g. {path or 'FILE'}#17; got {take!r}")
    return path, int(take)


def _read_text(path: str) -> str:
    data = read_model_bytes(path)
    if len(data) > MAX_MODEL_BYTES:
        raise ModelFileError(f"{path}: larger than {MAX_MODEL_BYTES // 2**20} MiB, more than "
                             "any model file; give a smaller file")
    if len(data) > MAX_INSTANCE_BYTES and not path.endswith(".toml") and not _is_toml(data):
        raise ModelFileError(f"{path}: larger than {MAX_INSTANCE_BYTES // 2**20} MiB, more "
                             "than any published instance file; give a smaller file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ModelFileError(f"{path}: line {line}: not UTF-8 text") from None


def _read_stdin() -> str:
    """Standard input as a model's text, bounded as a model file is (`-` on the command
    line)."""
    import sys

    data = sys.stdin.buffer.read(MAX_MODEL_BYTES + 1)
    if len(data) > MAX_MODEL_BYTES:
        raise ModelFileError(f"<stdin>: more than {MAX_MODEL_BYTES // 2**20} MiB, more than "
                             "any model file; give a smaller model")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ModelFileError(f"<stdin>: line {line}: not UTF-8 text") from None


def _is_toml(data: bytes) -> bool:
    head = data[:4096].decode("utf-8", "replace")
    return detect_format("", head) == "toml"


_FIRST_WORDS = re.compile(r"^[ \t]*([A-Za-z_][A-Za-z0-9_]*)[ \t]*([(=]?)", re.MULTILINE)


def detect_format(path: str, text: str) -> str:
    """"toml", "param", "diagonals" or "asp", from the first words of the text's lines (a
    `.toml` suffix is always TOML, so our own files never change meaning)."""
    if path.endswith(".toml"):
        return "toml"
    words = [(m.group(1), m.group(2)) for m in _FIRST_WORDS.finditer(text)]
    if any(word in ("letting", "language") for word, _ in words):
        return "param"
    if any(after == "(" for _, after in words):
        return "asp"
    if any(word in ("diags", "numdiags") and after == "=" for word, after in words):
        return "diagonals"
    if _letter_rows(text):
        return "regions"
    return "toml"


def _letter_rows(text: str) -> list[str] | None:
    """The rows of a grid of letters (n lines of n letters, `#` comments and blank lines
    aside), or None when the text is not one."""
    rows = [line.split("#", 1)[0].strip() for line in text.splitlines()]
    rows = [row for row in rows if row]
    if rows and all(row.isascii() and row.isalpha() and len(row) == len(rows) for row in rows):
        return rows
    return None


def _parse_letter_grid(path: str, text: str, name: str) -> Model:
    """A region puzzle as a grid of letters: each letter a region; one queen per row,
    column and region, none touching (`families.REGION_PUZZLE`)."""
    from ..posed.families import REGION_PUZZLE
    from .modelfile import region_labels

    rows = _letter_rows(text) or []
    try:
        spec = Spec(len(rows), "custom", name=_stem(name), rules=REGION_PUZZLE,
                    regions=region_labels(rows, len(rows)))
    except SpecError as error:
        raise ModelFileError(f"{path}: {error}") from None
    return Model(spec, "a region puzzle: one queen per row, column and region, none touching")


def read_instance(argument: str) -> Model:
    """Read a model in any format; `FILE#D` takes the first D diagonals of a diagonals file.

    Raises:
        ModelFileError: one line naming the file, the line and the problem.
    """
    path, take = split_take(argument)
    text = _read_stdin() if path == "-" else _read_text(path)
    fmt = detect_format(path, text)
    if take is not None and fmt != "diagonals":
        raise ModelFileError(f"{path}: '#{take}' takes the first diagonals of an "
                             "excluded-diagonals file; this file is not one (drop '#')")
    if fmt == "toml":
        return model_from_toml(text, "<stdin>") if path == "-" else read_model(path)
    name = "stdin" if path == "-" else Path(path).name
    if fmt == "regions":
        return _parse_letter_grid(path, text, name)
    if fmt == "param":
        return _parse_param(_Reader(path, text), name)
    if fmt == "asp":
        return _parse_asp(_Reader(path, text), name)
    return _parse_diagonals(_Reader(path, text), name, take)


def _statements(reader: _Reader, allowed: Sequence[str],
                keyword: str | None) -> dict[str, tuple[object, int]]:
    """`[keyword] NAME = VALUE` statements (or `be` for `=`), each name once."""
    found: dict[str, tuple[object, int]] = {}
    while reader.peek() is not None:
        token = reader.take("name", f"a statement such as '{keyword} n = 8'" if keyword
                            else "a statement such as 'n = 8'")
        if keyword is not None and token.text == "language":
            # the Essence' header `language ESSENCE' 1.0`: skip to the end of its line
            while reader.peek() is not None and reader.tokens[reader.pos].line == token.line:
                reader.pos += 1
            continue
        if keyword is not None:
            if token.text != keyword:
                raise reader.fail(token.line, f"expected '{keyword}', found {token.text!r}")
            token = reader.take("name", "a name after 'letting'")
        if token.text not in allowed:
            raise reader.fail(token.line, f"unknown name {token.text!r}; this format has "
                              f"{', '.join(allowed)}")
        if token.text in found:
            raise reader.fail(token.line, f"{token.text} is given twice (first on line "
                              f"{found[token.text][1]}); keep one")
        after = reader.peek()
        if after is not None and after.kind == "name" and after.text == "be":
            reader.pos += 1
        else:
            reader.take("=", f"'=' after {token.text}")
        found[token.text] = (reader.value(), token.line)
    return found


def _size(reader: _Reader, found: dict[str, tuple[object, int]]) -> int:
    """The board size, bounded as a TOML model's is (`modelfile.board_size_problem`)."""
    if "n" not in found:
        raise reader.fail(reader.last_line, "the board size n is missing; add 'n = N'")
    n, line = found["n"]
    problem = board_size_problem(n)
    if problem is not None or not isinstance(n, int):
        raise reader.fail(line, f"n {problem}")
    return n


def _check_cells(reader: _Reader, cells: int, what: str = "fixed and forbidden cells",
                 fix: str = "give fewer") -> None:
    """A model of `cells` fixed and forbidden cells, bounded as a TOML model's is, before
    any is built."""
    problem = cells_problem(cells, what, fix)
    if problem is not None:
        raise ModelFileError(f"{reader.path}: {problem}")


def _pairs(reader: _Reader, found: dict[str, tuple[object, int]], name: str,
           low: int, high: int, base: str, *, second: bool = True) -> list[tuple[int, int, int]]:
    """The pairs of list `name` as (a, b, line), a within low..high, and b too when `second`
    (a cell's column; a diagonal's kind is checked by its reader)."""
    if name not in found:
        return []
    value, line = found[name]
    if not isinstance(value, _Located):
        raise reader.fail(line, f"{name} must be a list of pairs [[a, b], ...], got {value!r}")
    pairs = []
    for item in value:
        where = item.line if isinstance(item, _Located) else value.line
        if not (isinstance(item, list) and len(item) == 2
                and all(isinstance(v, int) for v in item)):
            raise reader.fail(where, f"{name}: expected a pair of integers [a, b], got "
                              f"{_shown(item)}")
        a, b = item
        assert isinstance(a, int) and isinstance(b, int)
        if not (low <= a <= high and (low <= b <= high or not second)):
            raise reader.fail(where, f"{name}: [{a}, {b}] is off the board ({base}: "
                              f"{low}..{high})")
        pairs.append((a, b, where))
    return pairs


def _shown(value: object) -> str:
    return str(list(value)) if isinstance(value, list) else repr(value)


def _unique_cells(reader: _Reader, name: str, cells: list[tuple[int, int, int]],
                  shift: int) -> list[Cell]:
    seen: dict[Cell, int] = {}
    for r, c, line in cells:
        if (r, c) in seen:
            raise reader.fail(line, f"{name}: [{r}, {c}] is listed twice (also on line "
                              f"{seen[r, c]}); list it once")
        seen[r, c] = line
    return [(r - shift, c - shift) for r, c in seen]


def _parse_param(reader: _Reader, name: str) -> Model:
    found = _statements(reader, ("n", "init", "blocks"), "letting")
    n = _size(reader, found)
    _check_cells(reader, sum(len(value) for name in ("init", "blocks")
                             if isinstance(value := found.get(name, (None, 0))[0], list)))
    init = _pairs(reader, found, "init", 0, n - 1, "0-based")
    blocks = _pairs(reader, found, "blocks", 1, n, "1-based")
    fixed = _unique_cells(reader, "init", init, 0)
    forbidden = _unique_cells(reader, "blocks", blocks, 1)
    lines = {(r, c): line for r, c, line in init}
    for (r1, c1), (r2, c2) in _attacking(fixed):
        raise reader.fail(lines[r2, c2], f"init: queens [{r1}, {c1}] and [{r2}, {c2}] attack "
                          "each other; remove one")
    for r, c in set(fixed) & set(forbidden):
        raise reader.fail(lines[r, c], f"init: [{r}, {c}] is also blocked (blocks "
                          f"[{r + 1}, {c + 1}]); remove it from one list")
    kind = ("completion (init 0-based)" if fixed and not forbidden else
            "blocked (blocks 1-based)" if forbidden and not fixed else "init and blocks")
    givens = [Given("fixed", ((r, c),), f"init [{r}, {c}]") for r, c in fixed]
    givens += [Given("blocked", ((r, c),), f"blocks [{r + 1}, {c + 1}]") for r, c in forbidden]
    return _model(reader, f"CSPLib param file, {kind}: {name}", n, fixed=fixed,
                  forbidden=forbidden, name=_stem(name), givens=givens)


def _attacking(cells: list[Cell]) -> Iterable[tuple[Cell, Cell]]:
    """Pairs of queens on one row, column or diagonal (the first offending pair)."""
    seen: dict[tuple[str, int], Cell] = {}
    for r, c in cells:
        for key in (("row", r), ("col", c), ("sum", r + c), ("diff", r - c)):
            if key in seen:
                yield seen[key], (r, c)
                return
            seen[key] = (r, c)


def _model(reader: _Reader, description: str, n: int, *, fixed: Sequence[Cell] = (),
           forbidden: Sequence[Cell] = (), name: str = "", givens: Sequence[Given] = ()) -> Model:
    """The model, any contradiction Spec still finds named with the file; `givens` are the
    file's statements (`modeling.givens`), which state exactly `fixed` and `forbidden`."""
    try:
        spec = Spec(n, fixed=tuple(fixed), forbidden=tuple(forbidden), name=name)
    except SpecError as error:
        raise ModelFileError(f"{reader.path}: {error}") from None
    return Model(spec, description, givens=tuple(givens))


def _stem(name: str) -> str:
    for suffix in (".param", ".lp", ".asp", ".txt", ".diags"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name


def diagonal_cells(n: int, diagonal: Diagonal) -> list[Cell]:
    """The cells of diagonal (index, kind) on an n-board: kind 1 is r + c = index, kind 0 is
    r - c = index - (n - 1)."""
    index, kind = diagonal
    if kind == 1:
        return [(r, index - r) for r in range(max(0, index - n + 1), min(n - 1, index) + 1)]
    offset = index - (n - 1)
    return [(r, r - offset) for r in range(max(0, offset), min(n - 1, n - 1 + offset) + 1)]


def diagonal_length(n: int, diagonal: Diagonal) -> int:
    """How many cells diagonal (index, kind) has on an n-board (both kinds: n - |index - (n
    - 1)|), without listing them."""
    return n - abs(diagonal[0] - (n - 1))


def _parse_diagonals(reader: _Reader, name: str, take: int | None) -> Model:
    found = _statements(reader, ("n", "numdiags", "diags"), None)
    n = _size(reader, found)
    if "diags" not in found:
        raise reader.fail(reader.last_line, "the list diags = [[d, t], ...] is missing")
    pairs = _pairs(reader, found, "diags", 0, 2 * n - 2, "0-based diagonal indices",
                   second=False)
    seen: dict[Diagonal, int] = {}
    for index, kind, line in pairs:
        if kind not in (0, 1):
            raise reader.fail(line, f"diags: [{index}, {kind}]: the second number is 1 (a sum "
                              "diagonal) or 0 (a difference diagonal)")
        if (index, kind) in seen:
            raise reader.fail(line, f"diags: [{index}, {kind}] is listed twice (also on line "
                              f"{seen[index, kind]}); list it once")
        seen[index, kind] = line
    if "numdiags" in found:
        count, line = found["numdiags"]
        if count != len(pairs):
            raise reader.fail(line, f"numdiags = {count!r} but diags lists {len(pairs)} "
                              "diagonals; make them agree")
    if take is not None and take > len(pairs):
        raise ModelFileError(f"{reader.path}#{take}: the file lists {len(pairs)} diagonals; "
                             f"take at most {len(pairs)}")
    chosen = [(index, kind) for index, kind, _ in pairs][: take if take is not None else None]
    _check_cells(reader, sum(diagonal_length(n, diagonal) for diagonal in chosen),
                 f"cells on the {len(chosen):,} diagonals", "take fewer diagonals (FILE#D)")
    forbidden = sorted({cell for diagonal in chosen for cell in diagonal_cells(n, diagonal)})
    label = f"{_stem(name)}#{len(chosen)}" if take is not None else _stem(name)
    givens = [Given("diagonal", tuple(diagonal_cells(n, (index, kind))), f"diags [{index}, {kind}]")
              for index, kind in chosen]
    return _model(reader, f"excluded-diagonals file, first {len(chosen)} of {len(pairs)} "
                  f"diagonals: {name}", n, forbidden=forbidden, name=label, givens=givens)


def _fact(reader: _Reader) -> tuple[_Token, list[int]]:
    """One fact `num(I).` or `block(R,C).`: its name token and its integer arguments."""
    atom = reader.take("name", "a fact such as num(1). or block(1,2).")
    if atom.text not in ("num", "block"):
        raise reader.fail(atom.line, f"unknown fact {atom.text!r}; a blocked n-queens "
                          "instance has num(I). and block(R,C). facts")
    reader.take("(", f"'(' after {atom.text}")
    args = [int(reader.take("int", "an integer").text)]
    while reader.peek() is not None and reader.tokens[reader.pos].kind == ",":
        reader.pos += 1
        args.append(int(reader.take("int", "an integer").text))
    reader.take(")", "')'")
    reader.take(".", "'.' ending the fact")
    arity = 1 if atom.text == "num" else 2
    if len(args) != arity:
        raise reader.fail(atom.line, f"{atom.text} takes {arity} {plural(arity, 'argument')}, "
                          f"got {len(args)}")
    return atom, args


def _parse_asp(reader: _Reader, name: str) -> Model:
    nums: dict[int, int] = {}
    blocks: list[tuple[int, int, int]] = []
    while reader.peek() is not None:
        atom, args = _fact(reader)
        if atom.text == "num":
            if args[0] in nums:
                raise reader.fail(atom.line, f"num({args[0]}) is given twice (also on line "
                                  f"{nums[args[0]]})")
            nums[args[0]] = atom.line
        else:
            blocks.append((args[0], args[1], atom.line))
    if not nums:
        raise reader.fail(reader.last_line, "no num(I). facts: the board size is unknown")
    n = len(nums)
    for value, line in nums.items():
        if not 1 <= value <= n:
            raise reader.fail(line, f"num({value}): the num facts must be 1..{n} (1-based, "
                              "one per row)")
    for r, c, line in blocks:
        if not (1 <= r <= n and 1 <= c <= n):
            raise reader.fail(line, f"block({r},{c}) is off the board (1-based: 1..{n})")
    _check_cells(reader, len(blocks))
    forbidden = _unique_cells(reader, "block", blocks, 1)
    givens = [Given("blocked", ((r, c),), f"block({r + 1},{c + 1}).") for r, c in forbidden]
    return _model(reader, f"ASP facts, blocked n-queens (1-based): {name}", n,
                  forbidden=forbidden, name=_stem(name), givens=givens)


# --- writers ---------------------------------------------------------------------------

def _published_pairs(pairs: Iterable[tuple[int, int]]) -> str:
    """A list of pairs as Python prints it, which is how the published files show them."""
    return str([list(pair) for pair in pairs])


def param_text(spec: Spec) -> str:
    """The CSPLib param file: `init` (0-based) for fixed queens, `blocks` (1-based) for
    forbidden cells, laid out as the CSPLib generators print them."""
    _check_queens(spec, "param")
    lines = [f"letting n =  {spec.n}"]
    if spec.fixed or not spec.forbidden:
        lines.append(f"letting init =  {_published_pairs(spec.fixed)}")
    if spec.forbidden:
        lines.append("letting blocks =  " + _published_pairs((r + 1, c + 1)
                                                              for r, c in spec.forbidden))
    return "\n".join(lines) + "\n"


def diagonals_text(n: int, diagonals: Sequence[Diagonal]) -> str:
    """An excluded-diagonals file, laid out as the CSPLib generator prints it."""
    return (f"n =  {n}\nnumdiags =  {len(diagonals)}\n"
            f"diags =  {_published_pairs(diagonals)}\n")


def diagonals_of(spec: Spec) -> list[Diagonal]:
    """Whole diagonals whose union is exactly the forbidden cells (sum diagonals first, then
    difference diagonals, each dropped when the others already cover it).

    Raises:
        SpecError: the spec has fixed queens, or a forbidden cell on no wholly forbidden
            diagonal.
    """
    _check_queens(spec, "diagonals")
    if spec.fixed:
        raise SpecError("an excluded-diagonals file has no fixed queens; write --to param "
                        "or --to toml")
    n, forbidden = spec.n, set(spec.forbidden)
    whole = [d for kind in (1, 0) for index in range(2 * n - 1)
             if set(diagonal_cells(n, d := (index, kind))) <= forbidden]
    kept = list(whole)
    for diagonal in whole:
        others = {cell for d in kept if d != diagonal for cell in diagonal_cells(n, d)}
        if set(diagonal_cells(n, diagonal)) <= others:
            kept.remove(diagonal)
    covered = {cell for d in kept for cell in diagonal_cells(n, d)}
    for cell in sorted(forbidden - covered):
        raise SpecError(f"forbidden cell {cell} lies on no wholly forbidden diagonal; an "
                        "excluded-diagonals file forbids whole diagonals only (write --to "
                        "param or --to toml)")
    return kept


def asp_text(spec: Spec) -> str:
    """ASP facts of a blocked instance: num(1..n), then block(r,c), 1-based."""
    _check_queens(spec, "asp")
    if spec.fixed:
        raise SpecError("ASP blocked n-queens facts have no fixed queens; write --to param "
                        "or --to toml")
    facts = [f"num({i})." for i in range(1, spec.n + 1)]
    facts += [f"block({r + 1},{c + 1})." for r, c in spec.forbidden]
    return "\n".join(facts) + "\n"


def _check_queens(spec: Spec, fmt: str) -> None:
    if spec.variant != "queens":
        raise SpecError(f"the {fmt} format describes queens boards; {spec.describe()} needs "
                        "--to toml")


def instance_text(spec: Spec, fmt: str, description: str = "",
                  expected: Expected | None = None) -> str:
    """`spec` in format `fmt` (one of INSTANCE_FORMATS); the description and expected
    answer go into TOML only (the published formats have no place for them)."""
    if fmt == "toml":
        return model_text(spec, description, expected)
    if fmt == "param":
        return param_text(spec)
    if fmt == "diagonals":
        return diagonals_text(spec.n, diagonals_of(spec))
    if fmt == "asp":
        return asp_text(spec)
    raise SpecError(f"unknown format {fmt!r}; choose one of: {', '.join(INSTANCE_FORMATS)}")


def dump_instance(spec: Spec, path: str | os.PathLike[str], fmt: str, *,
                  overwrite: bool = False) -> None:
    """Write `spec` in format `fmt`, atomically (see `write_text_atomic`)."""
    write_text_atomic(path, instance_text(spec, fmt), overwrite=overwrite)
