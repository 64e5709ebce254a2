"""Reading placements typed or piped by users (for `nqueens verify`). No solver imports.

Accepted forms: JSON (`{"columns": [...]}`, a bare list, or the `{"solutions": [[...]]}`
document `nqueens solve --format json` prints), JSON lines (`solve --format jsonl`), the
text `nqueens solve` prints (each `solution K: columns (0-based) [...]` line, in the base
it states), lines of whitespace/comma separated columns (one placement per line, as the
JSON list has one per item; a single column on every line is one placement, a column per
row), or a board of `Q`/`.` rows. Text that is none of these raises InputError; a readable
placement that breaks the rules is returned as-is for the validator to judge.

JSON and `solve`'s text say their own base (JSON is 0-based); typed columns and boards do
not, so `verify --one-based` decides for typed columns (`ReadPlacements.one_based`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from typing import Any

from ..errors import InputError
from ..limits import MAX_DIGITS
from ..spec import Cell
from ..variants import VARIANTS

_NUMBERS = re.compile(r"^[\s,;\[\]()]*-?\d+([\s,;]+-?\d+)*[\s,;\[\]()]*$")
_BOARD_CHARS = set("Qq.xX_ \t")
#: The region letters a posed problem's board shows on its empty cells (`cli/render.py`:
#: never q or x, which mean a queen and a forbidden cell).
REGION_LETTERS = "abcdefghijklmnoprstuvwyz"


@dataclass(frozen=True)
class ReadPlacements:
    """What was read: either column lists (`columns`) or one board's queen cells (`cells`)."""

    columns: tuple[tuple[int, ...], ...] = ()
    cells: tuple[Cell, ...] | None = None
    board_size: int | None = None
    #: The board a JSON document says its placements are on (`n`, and `variant`, `fixed`,
    #: `forbidden` where given, as `solve --format json` records them), to check them against.
    board: dict[str, Any] | None = None
    #: Whether the columns are 1-based as the input states it (JSON: no; `solve`'s text:
    #: its header says); None when the input does not say (typed columns: the caller's
    #: --one-based decides).
    one_based: bool | None = None


#: The keys of a JSON document that describe its board.
BOARD_KEYS = ("n", "variant", "fixed", "forbidden")


def _board_of(doc: dict[str, Any]) -> dict[str, Any] | None:
    board = {key: doc[key] for key in BOARD_KEYS if key in doc}
    return board if "n" in board else None


def _int_columns(values: Any, where: str) -> tuple[int, ...]:
    if not isinstance(values, list):
        raise InputError(f"{where}: expected a list of column numbers, got {values!r}")
    for i, value in enumerate(values):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InputError(f"{where}[{i}]: column {value!r} is not an integer")
    return tuple(values)


def _from_json(doc: Any) -> ReadPlacements:
    return replace(_json_placements(doc), one_based=False)  # JSON is 0-based everywhere


def _json_placements(doc: Any) -> ReadPlacements:
    if isinstance(doc, list):
        if doc and all(isinstance(item, list) for item in doc):
            return ReadPlacements(tuple(_int_columns(p, f"[{i}]") for i, p in enumerate(doc)))
        return ReadPlacements((_int_columns(doc, "placement"),))
    if isinstance(doc, dict):
        if "columns" in doc:
            return ReadPlacements((_int_columns(doc["columns"], "columns"),),
                                  board=_board_of(doc))
        if "queens" in doc:  # a posed problem's placement: its cells
            return ReadPlacements(cells=_int_cells(doc["queens"], "queens"),
                                  board_size=doc.get("n"), board=_board_of(doc))
        if "solutions" in doc and isinstance(doc["solutions"], list):
            if not doc["solutions"]:
                raise InputError('no placement to check: the "solutions" list is empty')
            if len(doc["solutions"]) == 1 and _is_cell_list(doc["solutions"][0]):
                return ReadPlacements(cells=_int_cells(doc["solutions"][0], "solutions[0]"),
                                      board_size=doc.get("n"), board=_board_of(doc))
            return ReadPlacements(
                tuple(_int_columns(p, f"solutions[{i}]") for i, p in enumerate(doc["solutions"])),
                board=_board_of(doc))
        raise InputError('JSON input needs a "columns" list (or "solutions"), e.g. {"columns": [1, 3, 0, 2]}')
    raise InputError(f"JSON input must be a list or an object, got {type(doc).__name__}")


def _is_cell_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(
        isinstance(cell, list) and len(cell) == 2 for cell in value)


def _int_cells(value: Any, name: str) -> tuple[Cell, ...]:
    """A list of [row, col] pairs of integers (a posed problem's placement)."""
    if not isinstance(value, list) or not all(
            isinstance(cell, list) and len(cell) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) for v in cell) for cell in value):
        raise InputError(f'{name} must be a list of [row, col] cells, e.g. [[0, 1], [2, 3]]')
    return tuple((r, c) for r, c in value)


def _from_json_lines(text: str) -> ReadPlacements | None:
    """The solution records of `solve --format jsonl` (one object per line; the summary
    record is skipped), or None when the text is not JSON lines."""
    docs = []
    for line in text.splitlines():
        if line.strip():
            try:
                docs.append(json.loads(line))
            except json.JSONDecodeError:
                return None
    if len(docs) < 2 or not all(isinstance(doc, dict) for doc in docs):
        return None
    placements = tuple(
        _int_columns(doc["columns"], f"line {i}: columns")
        for i, doc in enumerate(docs, 1) if "columns" in doc
    )
    if not placements:
        raise InputError('JSON lines input has no "columns" records; expected `solve --format jsonl` output')
    boards = [board for board in map(_board_of, docs) if board is not None]
    # the summary record (last) names the whole board; a solution record only its n
    return ReadPlacements(placements, board=max(boards, key=len, default=None), one_based=False)


#: What `nqueens solve` prints in text: a header per solution, its board (n <= 40, `x` a
#: forbidden cell), and a last line naming the board (`8-queens, 1 forbidden: ...`).
_SOLUTION_HEAD = re.compile(r"^solution \d+: columns \(([01])-based\) \[([-\d, ]*)\]$")
_SOLUTION_UNLISTED = re.compile(r"^solution \d+: \d+ columns, too many to list as text")
_SUMMARY = re.compile(r"^(\d+)-([a-z]+)\b[^:]*: .*\[(auto: |backend )")


def _from_solve_text(lines: list[str]) -> ReadPlacements | None:
    """The placements of `nqueens solve`'s text output, in the base its headers state, on
    the board its last line names (n and variant) with the forbidden cells its boards mark;
    None when the text is not that output."""
    if not (_SOLUTION_HEAD.match(lines[0]) or _SOLUTION_UNLISTED.match(lines[0])):
        return None
    placements: list[tuple[int, ...]] = []
    bases: set[str] = set()
    forbidden: set[Cell] = set()
    row = -1  # the row of the board being read, under the latest header
    for number, line in enumerate(lines, 1):
        head = _SOLUTION_HEAD.match(line)
        if _SOLUTION_UNLISTED.match(line):
            raise InputError(f"line {number}: solve's text does not list placements of more "
                             "than 1,000 columns; pipe `solve --format json` instead")
        if head is not None:
            bases.add(head.group(1))
            placements.append(tuple(int(tok) for tok in re.findall(r"-?\d+", head.group(2))))
            row = 0
        elif row >= 0 and line and set(line) <= _BOARD_CHARS:
            forbidden.update((row, c) for c, ch in enumerate(line.split()) if ch in "xX")
            row += 1
        else:
            row = -1
    if len(bases) > 1:
        raise InputError("the solutions' headers mix 0-based and 1-based columns; give one "
                         "command's output")
    board: dict[str, Any] | None = None
    summary = _SUMMARY.match(lines[-1])
    if summary is not None and summary.group(2) in VARIANTS:
        board = {"n": int(summary.group(1)), "variant": summary.group(2)}
        if forbidden:
            board["forbidden"] = sorted(forbidden)
    return ReadPlacements(tuple(placements), board=board, one_based=bases == {"1"})


def _from_columns(lines: list[str]) -> ReadPlacements:
    """Lines of columns: one placement per line, as the JSON list holds one per item; a
    single column on every line is one placement written a column per row."""
    rows = [tuple(int(tok) for tok in re.findall(r"-?\d+", line)) for line in lines]
    rows = [columns for columns in rows if columns]  # a line of brackets alone
    if len(rows) > 1 and all(len(columns) == 1 for columns in rows):
        rows = [tuple(columns[0] for columns in rows)]
    return ReadPlacements(tuple(rows))


def _from_board(lines: list[str]) -> ReadPlacements:
    rows = [line.replace(" ", "").replace("\t", "") for line in lines]
    size = len(rows)
    cells: list[tuple[int, int]] = []
    for r, row in enumerate(rows):
        if len(row) != size:
            raise InputError(
                f"board row {r + 1} has {len(row)} cells but the board has {size} rows; "
                "a board must be square"
            )
        cells.extend((r, c) for c, ch in enumerate(row) if ch in "Qq")
    return ReadPlacements(cells=tuple(cells), board_size=size)


#: Deepest JSON nesting accepted: a placement needs depth 2; deeper input would only exhaust
#: the parser's stack (numbers are bounded by `limits.MAX_DIGITS`).
MAX_DEPTH = 16
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")


def _check_shape(text: str) -> None:
    """Refuse absurdly nested or long-numbered input before any parser sees it."""
    long_number = _LONG_NUMBER.search(text)
    if long_number:
        raise InputError(f"a number of {len(long_number.group()):,} digits is not a column "
                         f"(at most {MAX_DIGITS} digits)")
    depth = deepest = 0
    for char in text:
        if char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    raise InputError(f"the input nests brackets more than {MAX_DEPTH} deep; "
                                     "a placement is a flat list of columns")
        elif char in "]}":
            depth -= 1


def read_placements(text: str) -> ReadPlacements:
    """Parse user text into placements; raises InputError naming what could not be read."""
    stripped = text.strip()
    if not stripped:
        raise InputError("empty input: give a placement such as '1 3 0 2', [1, 3, 0, 2] or a Q/. board")
    _check_shape(stripped)
    if stripped[0] in "[{":
        try:
            return _from_json(json.loads(stripped))
        except json.JSONDecodeError as error:
            records = _from_json_lines(stripped)
            if records is not None:
                return records
            balanced = stripped.count("[") == stripped.count("]")
            if not (balanced and _NUMBERS.match(stripped)):
                raise InputError(f"input looks like JSON but is not valid JSON: {error}") from None
    lines = [line.strip() for line in stripped.splitlines() if line.strip()]
    solve_text = _from_solve_text(lines)
    if solve_text is not None:
        return solve_text
    if _NUMBERS.match(stripped):
        return _from_columns(lines)
    if all(set(line) <= _BOARD_CHARS | set(REGION_LETTERS) for line in lines) and any(
        ch in line for line in lines for ch in "Qq."
    ):
        return _from_board(lines)
    raise InputError(
        "cannot read a placement: expected JSON, a list of column numbers, or a board of Q and . rows"
    )
