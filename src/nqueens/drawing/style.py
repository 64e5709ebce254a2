"""The pictures' shared look, so the matplotlib files, the notebook SVGs and the step-through
page agree: a colour-blind-safe palette (Okabe & Ito's eight colours, told apart by readers
with any common colour-vision deficiency) and the queen drawn as a crown polygon in cell
units, which stays inside its cell at every size (a font glyph does not).
"""

from __future__ import annotations

#: Okabe-Ito colours by name.
BLACK = "#000000"
ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"
GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
PURPLE = "#CC79A7"

#: The colours' names, as a legend says them (Okabe & Ito's own names).
NAMES = {BLACK: "black", ORANGE: "orange", SKY_BLUE: "sky blue", GREEN: "bluish green",
         YELLOW: "yellow", BLUE: "blue", VERMILLION: "vermillion", PURPLE: "reddish purple"}

#: Board squares: neutral greys, so the marks in colour stand out on both.
LIGHT = "#f3f3f3"
DARK = "#c4c4c4"
QUEEN_FILL = "#111111"
QUEEN_EDGE = "#ffffff"
#: A fixed (pre-placed) queen's cell: sky-blue fill inside a thick blue frame.
FIXED_FILL = SKY_BLUE
FIXED_EDGE = BLUE
#: A forbidden cell: a vermillion cross; a given set aside (outside an explanation's set):
#: a small thin dark-grey one, which reads as grey on both squares.
FORBIDDEN = VERMILLION
FAINT = "#5f5f5f"
#: An excluded diagonal, a line across the board: a sum diagonal (r + c constant, rising
#: to the right) solid reddish purple, a difference one (r - c constant) dashed bluish green.
SUM_DIAGONAL = PURPLE
DIFFERENCE_DIAGONAL = GREEN
#: A row or column without a queen (most queens): a yellow band, its number on yellow.
EMPTY_LINE = YELLOW
EMPTY_OPACITY = 0.55
#: The row and column numbers beside a board.
LABEL = "#444444"
#: The cell being checked on the step-through page, and the queen attacking it.
CHECKING = BLUE
ATTACKER = VERMILLION

#: The play board (`nqueens.play`, the play page) and a propagation's picture: orange laid
#: over a cell a queen attacks, fainter over a cell a forced queen takes off; a forced queen
#: is a faint crown in a bluish-green frame; a dead row or column is outlined in black.
ATTACKED = ORANGE
ATTACKED_OPACITY = 0.5
EXCLUDED_OPACITY = 0.22
FORCED = GREEN
FORCED_OPACITY = 0.45
DEAD = BLACK
#: A cell a coverage rule still asks to cover (domination): a blue dot.
UNCOVERED = BLUE

#: A posed problem's regions, one colour each: Paul Tol's "light" scheme (told apart with
#: any common colour-vision deficiency, dark text and the black crown readable on all),
#: lightened a little so that the marks laid over a cell still show; neighbouring regions
#: get different colours (`region_colours`), and a thick rule runs between regions.
REGION_COLOURS = ("#a4c6e9", "#b8e8ff", "#7ccfb8", "#d0db70", "#c8c85a", "#f3e7ac",
                  "#f3ab94", "#ffc4cf", "#e6e6e6")
REGION_EDGE = "#333333"

#: Tree nodes: (fill, edge, text) for promising, nonpromising and solution nodes.
TREE_PROMISING = ("#d4e9f7", BLUE, "#0b2740")
TREE_PRUNED = ("#ffffff", VERMILLION, "#5a2000")
TREE_SOLUTION = (ORANGE, BLACK, "#000000")
#: A completion board's nodes: a fixed queen (pre-placed, its row's only child) and a
#: forbidden cell (pruned at once), in the colours the boards give those cells.
TREE_FIXED = ("#cfe8f7", FIXED_EDGE, "#0b2740")
TREE_FORBIDDEN = ("#eeeeee", FORBIDDEN, "#5a2000")
TREE_EDGE = "#6b6b6b"

#: The crown, as (x, y) points in a unit cell with y downwards (rows grow down), and the
#: balls on its five tips. Everything lies within [0.08, 0.92] of the cell.
CROWN = (
    (0.20, 0.86), (0.80, 0.86), (0.82, 0.74), (0.87, 0.31), (0.70, 0.56), (0.68, 0.23),
    (0.58, 0.52), (0.50, 0.17), (0.42, 0.52), (0.32, 0.23), (0.30, 0.56), (0.13, 0.31),
    (0.18, 0.74),
)
CROWN_TIPS = ((0.13, 0.31), (0.32, 0.23), (0.50, 0.17), (0.68, 0.23), (0.87, 0.31))
TIP_RADIUS = 0.055
#: Beyond this board size a queen is a plain disc (the crown's detail is lost).
CROWN_UP_TO = 24

#: Text measures for laying out captions before drawing: the widest common character (a
#: digit in DejaVu Sans is 0.64 em; ", " is less) and the line pitch, both of the font size.
CHAR_WIDTH = 0.62
LINE_HEIGHT = 1.35


def region_colours(grid: tuple[tuple[int, ...], ...]) -> dict[int, str]:
    """A colour for each region label of `grid` (n rows of labels): each label its own
    colour while `REGION_COLOURS` lasts; beyond, labels in order, each the least used colour
    that no neighbouring region (sharing an edge) has, or the least used of all when its
    neighbours take every colour."""
    n = len(grid)
    near: dict[int, set[int]] = {label: set() for row in grid for label in row}
    for r in range(n):
        for c in range(n):
            for a, b in ((r + 1, c), (r, c + 1)):
                if a < n and b < n and grid[a][b] != grid[r][c]:
                    near[grid[r][c]].add(grid[a][b])
                    near[grid[a][b]].add(grid[r][c])
    colour: dict[int, str] = {}
    used = dict.fromkeys(REGION_COLOURS, 0)
    for label in sorted(near):
        taken = {colour[other] for other in near[label] if other in colour}
        tone = min([tone for tone in REGION_COLOURS if tone not in taken] or REGION_COLOURS,
                   key=lambda tone: used[tone])
        colour[label] = tone
        used[tone] += 1
    return colour


def wrap_lines(text: str, width_in: float, points: float) -> list[str]:
    """`text` broken at spaces into lines no wider than `width_in` inches at `points`."""
    most = max(4, int(width_in / (CHAR_WIDTH * points / 72)))
    lines: list[str] = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= most:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines
