"""A picture of the pruned state-space tree, built from the textbook walk's events
(`trace.walk`): children left to right in the order they were checked, promising nodes,
nonpromising leaves and solutions drawn differently, each node a box holding its cell
<row,col> (1-based, as in the book) over its visit number.

The layout (`tree_layout`) is plain data in inches, y down, so its geometry is tested
without drawing: edges are elbows (down from the parent's box, along a bus between the
levels, down into each child's box), so no edge crosses a label and siblings' edges never
merge. A tree too wide for a slide is cut into panels stacked top to bottom, and each panel
repeats, dashed, the path from the root down to its first level, so the root is always
drawn and every node's parent is in its panel. matplotlib is imported lazily.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from ..drawing import style
from ..drawing.figure import pyplot
from ..spec import Spec
from ..textbook.trace import textbook_spec, walk
from .save import picture_format, save_figure

#: Most nodes a tree is drawn with unless `--large`: the whole tree of n = 5 (221 nodes,
#: the root included) is; n = 6's (895) is not. A tree is judged by its own size, so a
#: constrained board of any n whose tree is small is drawn (`tree_size`).
DEFAULT_TREE_NODES = 250
#: Most nodes drawn at all: the whole tree of n = 7 (3,585) is; n = 8's (15,721) is past
#: any picture.
MAX_TREE_NODES = 4000

#: A panel holds at most this many leaves, so a panel is about 20 inches wide: at 1920 px
#: across that is ~95 px per inch, and the 10 pt labels are ~13 px tall.
MAX_PANEL_LEAVES = 36
LEAF_IN = 0.56  # inches per leaf
LEVEL_IN = 0.85  # inches per level
BOX_W, BOX_H = 0.48, 0.40  # a node's box
LABEL_PT, VISIT_PT = 10.0, 8.0
CAPTION_IN = 0.4  # band above each panel for its caption
MARGIN_IN = 0.3


@dataclass
class Node:
    """One checked node (the root is visit 0, level 0)."""

    row: int
    col: int
    visit: int
    promising: bool
    solution: bool = False
    children: list[Node] = field(default_factory=list)
    fixed: bool = False  # a pre-placed queen of a completion board
    forbidden: bool = False  # a forbidden cell, pruned at once
    x: float = 0.0


def build_tree(board: int | Spec, *, all_solutions: bool = True) -> Node:
    """The pruned tree as nodes, from the walk's check and solution events (a completion
    board's fixed queens and forbidden cells are nodes marked as such)."""
    root = Node(0, 0, 0, True)
    path = [root]  # path[i]: the promising node at level i on the current branch
    visits = 0
    for event in walk(board, all_solutions=all_solutions):
        if event.kind == "check":
            visits += 1
            node = Node(event.row, event.col, visits, event.promising, fixed=event.fixed,
                        forbidden=event.reason is not None and event.reason.line == "forbidden")
            path[event.row - 1].children.append(node)
            del path[event.row:]
            if event.promising:
                path.append(node)
        elif event.kind == "solution":
            path[-1].solution = True
    return root


def tree_size(board: int | Spec, *, all_solutions: bool = True, most: int = MAX_TREE_NODES) -> int:
    """The nodes of the tree `draw_tree` would draw (every node checked, the root included),
    counted by walking it, but no further than `most` + 1: a tree too large to draw costs
    no more to refuse than the largest one drawn. A plain board's walk checks at least
    one cell a row (its whole tree every cell of the first row), so a board of `most` rows
    or more is known too large without building its walk (n = 10^8 took 5 s to set up)."""
    spec = board if isinstance(board, Spec) else Spec(board)
    if spec.is_plain and spec.n >= most:
        return most + 1
    nodes = 1
    for event in walk(board, all_solutions=all_solutions):
        nodes += event.kind == "check"
        if nodes > most:
            break
    return nodes


def preorder(node: Node, level: int = 0) -> list[tuple[Node, int]]:
    """The subtree under `node` in visiting order, each node with its level."""
    out = [(node, level)]
    for child in node.children:
        out.extend(preorder(child, level + 1))
    return out


def _leaves(node: Node) -> int:
    return 1 if not node.children else sum(_leaves(child) for child in node.children)


def place_leaves(node: Node, next_x: list[float]) -> None:
    """Leaves take consecutive slots; a parent sits midway over its children."""
    if not node.children:
        node.x = next_x[0]
        next_x[0] += 1
        return
    for child in node.children:
        place_leaves(child, next_x)
    node.x = (node.children[0].x + node.children[-1].x) / 2


@dataclass
class Panel:
    """Consecutive sibling subtrees drawn together: their tops sit at `level`, under the
    promising nodes `path` (root first)."""

    tops: list[Node]
    level: int
    path: list[Node]


def _panels(node: Node, level: int, path: list[Node]) -> list[Panel]:
    """Cut the subtree under `node` into panels of at most MAX_PANEL_LEAVES leaves, keeping
    siblings together where they fit and going one level down where they do not."""
    if _leaves(node) <= MAX_PANEL_LEAVES:
        return [Panel([node], level, path)]
    out: list[Panel] = []
    group: list[Node] = []
    group_leaves = 0
    below = path + [node]
    for child in node.children:
        size = _leaves(child)
        if group and (size > MAX_PANEL_LEAVES or group_leaves + size > MAX_PANEL_LEAVES):
            out.append(Panel(group, level + 1, below))
            group, group_leaves = [], 0
        if size > MAX_PANEL_LEAVES:
            out.extend(_panels(child, level + 1, below))
        else:
            group.append(child)
            group_leaves += size
    if group:
        out.append(Panel(group, level + 1, below))
    return out


@dataclass(frozen=True)
class Box:
    """A node as drawn: its centre (inches, y down), what it is, and `repeat` when it is the
    path from the root repeated at the top of a later panel."""

    x: float
    y: float
    visit: int
    label: str
    kind: str  # "root", "promising", "pruned", "solution", "fixed", "forbidden"
    panel: int
    parent: int | None  # the parent's visit number (None for the root)
    repeat: bool = False


@dataclass
class TreeLayout:
    """Everything `draw_tree` draws, in inches from the top-left corner, y down."""

    width: float
    height: float
    title: list[str]
    boxes: list[Box]
    edges: list[tuple[tuple[float, float], tuple[float, float]]]
    captions: list[tuple[float, float, str]]  # left x, top y, text
    panel_tops: list[float]  # y where each panel's band starts
    checked: int = 0
    promising: int = 0
    solutions: int = 0


def node_kind(node: Node) -> str:
    """How a node is drawn: root, solution, fixed, forbidden, promising or pruned."""
    if node.visit == 0:
        return "root"
    if node.solution:
        return "solution"
    if (node.fixed and node.promising) or node.forbidden:  # a posed walk may prune a fixed one
        return "fixed" if node.fixed else "forbidden"
    return "promising" if node.promising else "pruned"


def tree_layout(board: int | Spec, *, all_solutions: bool = True) -> TreeLayout:  # noqa: C901 - the layout's cases (panels, pruned levels, labels) in one pass
    """Lay out the pruned tree for an n x n board (or a completion board): panels, boxes,
    elbow edges, captions."""
    spec = textbook_spec(board, posed=True)
    root = build_tree(spec, all_solutions=all_solutions)
    every = preorder(root)
    panels = _panels(root, 0, [])
    slots = []
    for panel in panels:
        counter = [0.0]
        for top in panel.tops:
            place_leaves(top, counter)
        slots.append(counter[0])
    width = max(10.0, max(slots) * LEAF_IN + 2 * MARGIN_IN)
    checked = len(every)
    promising = sum(node.promising for node, _ in every)
    found = sum(node.solution for node, _ in every)
    scope = "the whole pruned tree" if all_solutions else "the walk to the first solution"
    title = [f"{spec.describe()}: {scope}",
             (f"{checked} nodes checked (the root included), {promising} promising, "
              f"{found} solution{'s' if found != 1 else ''}")]
    title_height = 0.25 + len(title) * 13 * style.LINE_HEIGHT / 72 + 1.0  # + the legend
    layout = TreeLayout(width, 0.0, title, [], [], [], [], checked, promising, found)
    panel_top = title_height
    for index, (panel, used) in enumerate(zip(panels, slots, strict=True)):
        if index:  # each panel as tall as its own deepest level: a small one is not padded
            panel_top += CAPTION_IN + (_deepest(panels[index - 1]) + 1) * LEVEL_IN
        layout.panel_tops.append(panel_top)
        left = MARGIN_IN + (width - 2 * MARGIN_IN - used * LEAF_IN) / 2

        def at(level: int) -> float:
            return panel_top + CAPTION_IN + (level + 0.5) * LEVEL_IN  # noqa: B023 (used at once)

        def x_of(node: Node) -> float:
            return left + (node.x + 0.5) * LEAF_IN  # noqa: B023

        centre = (x_of(panel.tops[0]) + x_of(panel.tops[-1])) / 2
        # the path from the root, repeated above the panel's first level
        for level, node in enumerate(panel.path):
            parent = panel.path[level - 1].visit if level else None
            layout.boxes.append(Box(centre, at(level), node.visit, _label(node), node_kind(node),
                                    index, parent, repeat=True))
            if level:
                layout.edges.extend(_elbow((centre, at(level - 1)), [(centre, at(level))]))
        if panel.path:
            layout.edges.extend(_elbow((centre, at(panel.level - 1)),
                                       [(x_of(top_node), at(panel.level))
                                        for top_node in panel.tops]))
        for top_node in panel.tops:
            parent_visit = panel.path[-1].visit if panel.path else None
            for node, level in preorder(top_node, panel.level):
                layout.boxes.append(Box(x_of(node), at(level), node.visit, _label(node),
                                        node_kind(node), index, parent_visit if node is top_node
                                        else _parent_of(top_node, node)))
                if node.children:
                    layout.edges.extend(_elbow((x_of(node), at(level)),
                                               [(x_of(child), at(level + 1))
                                                for child in node.children]))
        if len(panels) > 1:
            where = ("the root" if len(panel.path) <= 1 else " \u2192 ".join(
                f"<{node.row},{node.col}>" for node in panel.path[1:]))
            text = (f"part {index + 1} of {len(panels)}" + (
                f": below {where} (the path from the root repeated, dashed)"
                if panel.path else ""))
            layout.captions.append((MARGIN_IN, panel_top + 0.08, text))
    layout.height = panel_top + CAPTION_IN + (_deepest(panels[-1]) + 1) * LEVEL_IN + MARGIN_IN
    return layout


def _deepest(panel: Panel) -> int:
    """The deepest level drawn in a panel (its levels count from the root)."""
    return max(level for top in panel.tops for _, level in preorder(top, panel.level))


def _label(node: Node) -> str:
    return "root" if node.visit == 0 else f"{node.row},{node.col}"


def _parent_of(top: Node, target: Node) -> int | None:
    """The visit number of `target`'s parent within the subtree under `top`."""
    stack = [top]
    while stack:
        node = stack.pop()
        for child in node.children:
            if child is target:
                return node.visit
            stack.append(child)
    return None


def _elbow(parent: tuple[float, float], children: list[tuple[float, float]]
           ) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Segments from the bottom of the parent's box to the top of each child's box: down to
    a bus halfway between the levels, along it, and down into each child."""
    px, py = parent
    cy = children[0][1]
    start, bus = py + BOX_H / 2, (py + BOX_H / 2 + cy - BOX_H / 2) / 2
    xs = [x for x, _ in children]
    segments = [((px, start), (px, bus))]
    low, high = min(xs + [px]), max(xs + [px])
    if high > low:
        segments.append(((low, bus), (high, bus)))
    segments.extend(((x, bus), (x, cy - BOX_H / 2)) for x in xs)
    return segments


_COLOURS = {"root": style.TREE_PROMISING, "promising": style.TREE_PROMISING,
            "pruned": style.TREE_PRUNED, "solution": style.TREE_SOLUTION,
            "fixed": style.TREE_FIXED, "forbidden": style.TREE_FORBIDDEN}


def draw_tree(board: int | Spec, path: str | os.PathLike[str], *, all_solutions: bool = True,
              overwrite: bool = False) -> int:
    """Draw the pruned tree for an n x n board to `path` (.svg or .png); returns the number
    of nodes checked (the root included). An existing file only with `overwrite`."""
    picture_format(path, overwrite=overwrite)  # fail on a bad name before any work
    layout = tree_layout(board, all_solutions=all_solutions)
    save_figure(tree_figure(layout), path, overwrite=overwrite)
    return layout.checked


def tree_figure(layout: TreeLayout) -> Any:
    """The matplotlib figure of a laid-out tree."""
    plt = pyplot()
    from matplotlib.collections import LineCollection
    from matplotlib.patches import FancyBboxPatch

    figure = plt.figure(figsize=(layout.width, layout.height))
    axes = figure.add_axes((0, 0, 1, 1))
    axes.set_axis_off()
    axes.set_xlim(0, layout.width)
    axes.set_ylim(layout.height, 0)
    y = 0.25
    for line in layout.title:
        axes.text(layout.width / 2, y, line, ha="center", va="top", fontsize=13)
        y += 13 * style.LINE_HEIGHT / 72
    legend = [("root", "promising"), ("2,4", "nonpromising: pruned here"),
              ("4,3", "solution")]
    kinds = ["promising", "pruned", "solution"]
    shown = {box.kind for box in layout.boxes}
    for kind, sample, text in (("fixed", "1,2", "fixed queen"),
                               ("forbidden", "3,1", "forbidden cell")):
        if kind in shown:  # a completion board's own kinds, only where they occur
            legend.append((sample, text))
            kinds.append(kind)
    steps = [BOX_W + 0.25 + len(text) * 10 * 0.55 / 72 + 0.5 for _, text in legend]
    x = (layout.width - sum(steps)) / 2 + BOX_W / 2
    for (sample, text), kind, step in zip(legend, kinds, steps, strict=True):
        _box(axes, FancyBboxPatch, x, y + 0.35, sample, "", kind, False, None)
        axes.text(x + BOX_W / 2 + 0.12, y + 0.35, text, ha="left", va="center", fontsize=10)
        x += step
    axes.text(layout.width / 2, y + 0.72, "each box: the queen's cell <row,col> (1-based) over "
              "its visit number; children left to right in visiting order", ha="center",
              va="center", fontsize=9, color="#333333")
    for index, top in enumerate(layout.panel_tops):
        if index:
            axes.plot([MARGIN_IN, layout.width - MARGIN_IN], [top, top], color="#999999",
                      linewidth=0.8)
    for left, top, text in layout.captions:
        axes.text(left, top, text, ha="left", va="top", fontsize=10, color="#222222")
    axes.add_collection(LineCollection(layout.edges, colors=style.TREE_EDGE, linewidths=1.0,
                                       zorder=1))
    for box in layout.boxes:
        gid = f"path-{box.visit}-{box.panel}" if box.repeat else f"{box.kind}-{box.visit}"
        _box(axes, FancyBboxPatch, box.x, box.y, box.label, str(box.visit), box.kind,
             box.repeat, gid)
    return figure


def _box(axes: Any, patch: Any, x: float, y: float, label: str, visit: str, kind: str,
         repeat: bool, gid: str | None) -> None:
    fill, edge, ink = _COLOURS["promising" if kind == "root" else kind]
    axes.add_artist(patch((x - BOX_W / 2, y - BOX_H / 2), BOX_W, BOX_H,
                          boxstyle="round,pad=0,rounding_size=0.06", facecolor=fill,
                          edgecolor=edge, linewidth=2.0 if kind in ("solution", "fixed") else 1.2,
                          linestyle="--" if repeat else "-", zorder=2))
    weight = "normal" if kind in ("pruned", "forbidden") else "bold"
    if visit:
        axes.text(x, y - 0.06, label, ha="center", va="center", fontsize=LABEL_PT, color=ink,
                  fontweight=weight, zorder=3, gid=gid)
        axes.text(x, y + 0.12, visit, ha="center", va="center", fontsize=VISIT_PT,
                  color=ink, zorder=3)
    else:
        axes.text(x, y, label, ha="center", va="center", fontsize=LABEL_PT, color=ink,
                  fontweight=weight, zorder=3, gid=gid)
