"""Boards as hand-built SVG text, for notebook displays (`Spec._repr_svg_`, an Outcome's
boards, a propagation's marks, `nqueens.Board`) and the play widget's picture of its
position: no matplotlib import, a few kilobytes, and text kept as text. The checkerboard is
one SVG pattern, so even a 200 x 200 board is a handful of elements; queens are the crown of
`drawing.style` (discs beyond `CROWN_UP_TO`). Each SVG's ids are unique, so many boards can
share one notebook page. Cells are (row, col) pairs, 0-based; nothing here knows a Spec.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

from . import style
from .style import wrap_lines

#: Largest board drawn as SVG (a display of a larger one falls back to text).
MAX_SVG_N = 200
#: Boards a notebook draws of an Outcome; the rest are counted, not drawn.
SHOWN = 12
#: Pixels a caption of more than two lines gets, however small the board above it.
CAPTION_WIDTH = 280
_ids = itertools.count()

Cell = tuple[int, int]


@dataclass(frozen=True)
class Marks:
    """What a position implies, drawn over its board: attacked cells (orange), cells the
    forced queens take off (fainter orange), forced queens (faint crowns, green frames) and
    dead rows and columns (outlined in black); on a posed problem, the cells of its other
    dead lines (dashed black frames) and the cells still to cover (blue dots)."""

    attacked: tuple[Cell, ...] = ()
    excluded: tuple[Cell, ...] = ()
    forced: tuple[Cell, ...] = ()
    dead_rows: tuple[int, ...] = ()
    dead_columns: tuple[int, ...] = ()
    dead_cells: tuple[Cell, ...] = ()
    uncovered: tuple[Cell, ...] = ()


def cell_size(n: int) -> int:
    """Pixels per cell: a board is about 320 px across, cells 4 to 40 px."""
    return max(4, min(40, 320 // n))


def crown_svg(x: float, y: float, unit: float) -> str:
    """The crown (body and tip balls) filling the cell whose top-left corner is (x, y)."""
    points = " ".join(f"{x + px * unit:.2f},{y + py * unit:.2f}" for px, py in style.CROWN)
    stroke = max(0.6, unit * 0.035)
    tips = "".join(f'<circle cx="{x + px * unit:.2f}" cy="{y + py * unit:.2f}" '
                   f'r="{style.TIP_RADIUS * unit:.2f}"/>' for px, py in style.CROWN_TIPS)
    return (f'<g fill="{style.QUEEN_FILL}" stroke="{style.QUEEN_EDGE}" '
            f'stroke-width="{stroke:.2f}"><polygon points="{points}"/>{tips}</g>')


def queen_svg(row: int, col: int, n: int, unit: float, extra: str = "") -> str:
    """A queen on <row, col> (0-based), as a group with data-row / data-col attributes."""
    x, y = col * unit, row * unit
    if n <= style.CROWN_UP_TO:
        body = crown_svg(x, y, unit)
    else:
        body = (f'<circle cx="{x + unit / 2:.2f}" cy="{y + unit / 2:.2f}" '
                f'r="{unit * 0.38:.2f}" fill="{style.QUEEN_FILL}"/>')
    return f'<g class="queen" data-row="{row}" data-col="{col}"{extra}>{body}</g>'


def board_svg(
    n: int,
    queens: Iterable[Cell] = (),
    *,
    fixed: Iterable[Cell] = (),
    forbidden: Iterable[Cell] = (),
    caption: str = "",
    unit: int | None = None,
    marks: Marks | None = None,
    numbers: bool = True,
    regions: Sequence[Sequence[int]] = (),
) -> str:
    """An n x n board with queens on `queens`, fixed cells framed in blue (a queen drawn on
    each), forbidden cells crossed (once a cell); all cells (row, col) 0-based. `caption` goes
    below. `marks` adds what a position implies (`nqueens.playing.rules`). `numbers` writes
    the 0-based row and column numbers beside the board (every few on a large one), as the
    text and the API say them. `regions` (n rows of labels, a posed problem's) colours each
    cell by its region, as the play board does, with a thick rule between regions."""
    unit = unit or cell_size(n)
    side = n * unit
    font = max(7.0, min(11.0, unit * 0.6))
    gutter = round(len(str(n - 1)) * style.CHAR_WIDTH * font + 6) if numbers else 0
    uid = f"nq{next(_ids)}"
    # the caption wrapped to the board's width (12 px text: 9 pt at 96 px an inch), or to a
    # wider drawing, the board in its middle, when that takes more than two lines
    width = max(side, 160) if caption else side
    lines = wrap_lines(caption, width / 96, 9) if caption else []
    if len(lines) > 2 and width < CAPTION_WIDTH:
        width = CAPTION_WIDTH
        lines = wrap_lines(caption, width / 96, 9)
    caption_h = 4 + 16 * len(lines) if lines else 0
    left = (width - side) / 2
    top = round(font + 5) if numbers else 0
    parts = [
        (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 2 + gutter}" '
         f'height="{side + 2 + caption_h + top}" viewBox="{-1 - left - gutter:g} {-1 - top} '
         f'{width + 2 + gutter} {side + 2 + caption_h + top}" class="nqueens-board" '
         'role="img">'),
        f"<title>{escape(caption or f'{n} x {n} board')}</title>",
        (f'<defs><pattern id="{uid}-chk" width="{2 * unit}" height="{2 * unit}" '
         f'patternUnits="userSpaceOnUse"><rect width="{2 * unit}" height="{2 * unit}" '
         f'fill="{style.LIGHT}"/><rect x="{unit}" width="{unit}" height="{unit}" '
         f'fill="{style.DARK}"/><rect y="{unit}" width="{unit}" height="{unit}" '
         f'fill="{style.DARK}"/></pattern></defs>'),
        (f'<rect width="{side}" height="{side}" fill="url(#{uid}-chk)" stroke="#555" '
         f'stroke-width="1"/>'),
    ]
    cells, edges = _regions(regions, unit) if regions else ("", "")
    parts.append(cells)
    if numbers:
        parts.append(_numbers(n, unit, font))
    if marks is not None:
        # on the regions' colours a flat orange reads as another region: stripes
        stripes = f"{uid}-stripes"
        if regions:
            parts.append(f'<defs><pattern id="{stripes}" width="{unit / 5:.2f}" '
                         f'height="{unit / 5:.2f}" patternUnits="userSpaceOnUse" '
                         f'patternTransform="rotate(45)"><rect width="{unit / 12:.2f}" '
                         f'height="{unit / 5:.2f}" fill="{style.ATTACKED}"/></pattern></defs>')
        parts.append(_tints(marks, unit, f"url(#{stripes})" if regions else style.ATTACKED))
    parts.append(edges)  # the regions' rules over the marks
    inset = unit * 0.18
    stroke = max(1.0, unit * 0.08)
    for r, c in dict.fromkeys(forbidden):
        x, y = c * unit, r * unit
        parts.append(
            f'<path class="forbidden" data-row="{r}" data-col="{c}" d="M{x + inset:.1f},'
            f"{y + inset:.1f}L{x + unit - inset:.1f},{y + unit - inset:.1f}M{x + inset:.1f},"
            f'{y + unit - inset:.1f}L{x + unit - inset:.1f},{y + inset:.1f}" '
            f'stroke="{style.FORBIDDEN}" stroke-width="{stroke:.1f}" stroke-linecap="round"/>')
    placed = list(queens)
    fixed = list(fixed)
    for r, c in fixed:
        pad = unit * 0.06
        parts.append(
            f'<rect class="fixed" data-row="{r}" data-col="{c}" x="{c * unit + pad:.1f}" '
            f'y="{r * unit + pad:.1f}" width="{unit - 2 * pad:.1f}" height="{unit - 2 * pad:.1f}" '
            f'fill="{style.FIXED_FILL}" stroke="{style.FIXED_EDGE}" stroke-width="{stroke:.1f}"/>')
    for r, c in dict.fromkeys([*placed, *fixed]):
        parts.append(queen_svg(r, c, n, unit))
    if marks is not None:
        parts.append(_forced_and_dead(marks, n, unit, stroke))
    for index, line in enumerate(lines):
        parts.append(f'<text x="{side / 2}" y="{side + 15 + 16 * index}" text-anchor="middle" '
                     f'font-family="sans-serif" font-size="12">{escape(line)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _regions(grid: Sequence[Sequence[int]], unit: float) -> tuple[str, str]:
    """Each cell in its region's colour (`style.region_colours`), and apart, to be drawn
    over the marks, a thick rule where two regions meet."""
    n = len(grid)
    colour = style.region_colours(tuple(tuple(row) for row in grid))
    cells = "".join(f'<rect x="{c * unit}" y="{r * unit}" width="{unit}" height="{unit}" '
                    f'fill="{colour[label]}"/>'
                    for r, row in enumerate(grid) for c, label in enumerate(row))
    parts: list[str] = []
    width = max(1.5, unit * 0.07)
    for r in range(n):
        for c in range(n):
            if c + 1 < n and grid[r][c] != grid[r][c + 1]:
                parts.append(f'<line x1="{(c + 1) * unit}" y1="{r * unit}" x2="{(c + 1) * unit}" '
                             f'y2="{(r + 1) * unit}"/>')
            if r + 1 < n and grid[r][c] != grid[r + 1][c]:
                parts.append(f'<line x1="{c * unit}" y1="{(r + 1) * unit}" x2="{(c + 1) * unit}" '
                             f'y2="{(r + 1) * unit}"/>')
    edges = (f'<g class="region-edges" stroke="{style.REGION_EDGE}" '
             f'stroke-width="{width:.1f}">{"".join(parts)}</g>')
    return f'<g class="regions">{cells}</g>', edges


def _numbers(n: int, unit: float, font: float) -> str:
    """The row numbers left of the board and the column numbers above it, 0-based: every
    one, or every few when a number is wider than its cells."""
    need = len(str(n - 1)) * style.CHAR_WIDTH * font + 3
    step = next((k for k in (1, 2, 5, 10, 20, 50) if k * unit >= need), 100)
    shown = range(0, n, step)
    rows = "".join(f'<text class="row-number" x="-4" y="{(i + 0.5) * unit:.1f}" '
                   f'text-anchor="end" dominant-baseline="central">{i}</text>' for i in shown)
    cols = "".join(f'<text class="col-number" x="{(i + 0.5) * unit:.1f}" y="-4" '
                   f'text-anchor="middle">{i}</text>' for i in shown)
    return (f'<g font-family="sans-serif" font-size="{font:.1f}" fill="{style.LABEL}">'
            f"{rows}{cols}</g>")


def _tints(marks: Marks, unit: float, fill: str) -> str:
    """Orange (`fill`: the colour, or a pattern of it) over the attacked cells, fainter over
    the excluded ones."""
    parts: list[str] = []
    strong = 1.0 if fill.startswith("url(") else style.ATTACKED_OPACITY
    for cls, cells, opacity in (("attacked", marks.attacked, strong),
                                ("excluded", marks.excluded, style.EXCLUDED_OPACITY)):
        parts.extend(f'<rect class="{cls}" data-row="{r}" data-col="{c}" x="{c * unit}" '
                     f'y="{r * unit}" width="{unit}" height="{unit}" fill="{fill}" '
                     f'fill-opacity="{opacity}"/>' for r, c in cells)
    return "".join(parts)


def _forced_and_dead(marks: Marks, n: int, unit: float, stroke: float) -> str:
    """Forced queens (faint crowns in green frames) and dead lines (black outlines)."""
    parts: list[str] = []
    pad = unit * 0.06
    for r, c in marks.forced:
        parts.append(
            f'<g class="forced" data-row="{r}" data-col="{c}"><rect x="{c * unit + pad:.1f}" '
            f'y="{r * unit + pad:.1f}" width="{unit - 2 * pad:.1f}" height="{unit - 2 * pad:.1f}" '
            f'fill="none" stroke="{style.FORCED}" stroke-width="{stroke:.1f}" '
            f'stroke-dasharray="{unit * 0.12:.1f} {unit * 0.08:.1f}"/>'
            f'<g opacity="{style.FORCED_OPACITY}">{crown_svg(c * unit, r * unit, unit)}</g></g>')
    for r, c in marks.dead_cells:
        parts.append(f'<rect class="dead-cell" data-row="{r}" data-col="{c}" '
                     f'x="{c * unit + 2 * pad:.1f}" y="{r * unit + 2 * pad:.1f}" '
                     f'width="{unit - 4 * pad:.1f}" height="{unit - 4 * pad:.1f}" fill="none" '
                     f'stroke="{style.DEAD}" stroke-width="{stroke:.1f}" '
                     f'stroke-dasharray="{unit * 0.1:.1f} {unit * 0.08:.1f}"/>')
    parts.extend(f'<circle class="uncovered" data-row="{r}" data-col="{c}" '
                 f'cx="{(c + 0.5) * unit:.1f}" cy="{(r + 0.5) * unit:.1f}" '
                 f'r="{unit * 0.12:.1f}" fill="{style.UNCOVERED}"/>' for r, c in marks.uncovered)
    side = n * unit
    half = stroke * 0.75
    for kind, index in [("row", r) for r in marks.dead_rows] + [("column", c) for c in marks.dead_columns]:
        x, y, w, h = ((half, index * unit + half, side - stroke, unit - stroke) if kind == "row"
                      else (index * unit + half, half, unit - stroke, side - stroke))
        parts.append(f'<rect class="dead" data-{"row" if kind == "row" else "col"}="{index}" '
                     f'x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="none" '
                     f'stroke="{style.DEAD}" stroke-width="{stroke * 1.5:.1f}"/>')
    return "".join(parts)


def boards_html(head: str, placements: Sequence[Sequence[int]], *, shown: int = SHOWN) -> str:
    """`head` (a one-line summary, as text) above the first `shown` placements (a column per
    row) as small boards, in one HTML block: what a notebook shows of an Outcome."""
    boards = []
    for index, placement in enumerate(placements[:shown]):
        n = len(placement)
        if n > MAX_SVG_N:
            break
        unit = max(3, min(20, 160 // max(1, n))) if len(placements) > 1 else cell_size(n)
        boards.append(board_svg(n, enumerate(placement), unit=unit, numbers=len(placements) == 1,
                                caption=f"solution {index + 1}"))
    rest = len(placements) - len(boards)
    more = f"<div>... and {rest} more not drawn</div>" if rest > 0 and boards else ""
    tiles = "".join(f'<div style="display:inline-block;margin:4px">{b}</div>' for b in boards)
    return (f'<div class="nqueens-outcome"><div><code>{escape(head)}</code></div>{tiles}'
            f"{more}</div>")
