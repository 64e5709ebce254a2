"""A picture of the pruned state-space tree, built from the textbook walk's events
(`trace.walk`): children left to right in the order they were checked, promising nodes
and nonpromising leaves drawn differently, solutions highlighted, each node labelled with
its cell <row,col> (1-based, as in the book) and its visit number. matplotlib is imported
lazily through `pictures.save`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from .save import picture_format, pyplot, save_figure
from ..textbook.trace import walk

#: Largest board drawn unless forced: n = 5 already has 220 nodes; n = 6 has 895.
MAX_TREE_N = 5


@dataclass
class Node:
    """One checked node (the root is visit 0, level 0)."""

    row: int
    col: int
    visit: int
    promising: bool
    solution: bool = False
    children: list[Node] = field(default_factory=list)
    x: float = 0.0


def build_tree(n: int, *, all_solutions: bool = True) -> Node:
    """The pruned tree as nodes, from the walk's check and solution events."""
    root = Node(0, 0, 0, True)
    path = [root]  # path[i]: the promising node at level i on the current branch
    visits = 0
    for event in walk(n, all_solutions=all_solutions):
        if event.kind == "check":
            visits += 1
            node = Node(event.row, event.col, visits, event.promising)
            path[event.row - 1].children.append(node)
            del path[event.row:]
            if event.promising:
                path.append(node)
        elif event.kind == "solution":
            path[-1].solution = True
    return root


def _layout(node: Node, next_x: list[float]) -> None:
    """Leaves take consecutive x positions; a parent sits midway over its children."""
    if not node.children:
        node.x = next_x[0]
        next_x[0] += 1
        return
    for child in node.children:
        _layout(child, next_x)
    node.x = (node.children[0].x + node.children[-1].x) / 2


def _nodes(node: Node, level: int = 0) -> list[tuple[Node, int]]:
    out = [(node, level)]
    for child in node.children:
        out.extend(_nodes(child, level + 1))
    return out


PROMISING = {"facecolor": "#dbe9f6", "edgecolor": "#2b6cb0"}
NONPROMISING = {"facecolor": "#fbf3f3", "edgecolor": "#e0a0a0"}
SOLUTION = {"facecolor": "#fde68a", "edgecolor": "#b7791f"}


#: Trees with more leaves than this are cut into stacked panels of at most this many leaves.
MAX_PANEL_LEAVES = 60
LEAF_WIDTH = 0.62  # inches per leaf
LEVEL_HEIGHT = 1.1  # inches per level


@dataclass
class Panel:
    """Consecutive sibling subtrees drawn together: their tops sit at `level`, under the
    promising nodes `path` (root first)."""

    tops: list[Node]
    level: int
    path: list[Node]

    def caption(self) -> str:
        if len(self.path) == 0:
            return ""
        if len(self.path) == 1:
            return "below the root"
        cells = " \u2192 ".join(f"<{node.row},{node.col}>" for node in self.path[1:])
        return f"below {cells}"


def _leaves(node: Node) -> int:
    return 1 if not node.children else sum(_leaves(child) for child in node.children)


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


def draw_tree(n: int, path: str | os.PathLike[str], *, all_solutions: bool = True) -> int:
    """Draw the pruned tree for an n x n board to `path` (.svg or .png); returns the number
    of nodes drawn. Wide trees are cut into panels stacked top to bottom, in visiting order."""
    picture_format(path)  # fail on a bad name before any work
    root = build_tree(n, all_solutions=all_solutions)
    nodes = _nodes(root)
    depth = max(level for _, level in nodes)
    panels = _panels(root, 0, [])
    widths = []
    for panel in panels:
        counter = [0.0]
        for top in panel.tops:
            _layout(top, counter)
        widths.append(counter[0])
    plt = pyplot()
    from matplotlib.patches import Patch

    heights = [LEVEL_HEIGHT * (depth - panel.level + 1) + 0.5 for panel in panels]
    total_height = sum(heights) + 1.0
    figure, axes_list = plt.subplots(
        len(panels), 1, squeeze=False, gridspec_kw={"height_ratios": heights},
        figsize=(max(6.0, LEAF_WIDTH * max(widths)), total_height),
    )
    for panel, axes in zip(panels, axes_list[:, 0]):
        _draw_panel(axes, panel, max(widths), depth)
        if panel.caption():
            axes.set_title(panel.caption(), fontsize=9, loc="left")
    checked = len(nodes)
    promising = sum(node.promising for node, _ in nodes)
    found = sum(node.solution for node, _ in nodes)
    scope = "whole pruned tree" if all_solutions else "until the first solution"
    figure.suptitle(
        f"{n}-queens: pruned state-space tree ({scope}): {checked} nodes checked (root "
        f"included), {promising} promising, {found} solution(s)\nnodes: <row,col> of the queen "
        f"placed (1-based), visit number below; children left to right in visiting order",
        fontsize=10,
    )
    figure.legend(
        handles=[Patch(label="promising", **PROMISING),
                 Patch(label="nonpromising (pruned here)", **NONPROMISING),
                 Patch(label="solution", **SOLUTION)],
        loc="lower center", ncol=3, fontsize=9, frameon=False,
    )
    figure.tight_layout(rect=(0, 0.35 / total_height, 1, 1 - 0.75 / total_height))
    save_figure(figure, path)
    return checked


def _draw_panel(axes: Any, panel: Panel, width: float, depth: int) -> None:
    """Draw a panel's subtrees on one axes; tops below a parent get a stub edge upwards."""
    first_level = panel.level
    nodes = [item for top in panel.tops for item in _nodes(top, first_level)]
    if panel.path:
        for top in panel.tops:
            axes.plot([top.x, top.x], [-first_level, -first_level + 0.45],
                      "-" if top.promising else ":",
                      color="#7a8ba3" if top.promising else "#c4c4c4", lw=1.0, zorder=1)
    for node, level in nodes:
        for child in node.children:
            style = "-" if child.promising else ":"
            axes.plot([node.x, child.x], [-level, -level - 1], style,
                      color="#7a8ba3" if child.promising else "#c4c4c4", lw=1.0, zorder=1)
    for node, level in nodes:
        if node.visit == 0:
            label, colours, weight = "root", PROMISING, "bold"
        else:
            label = f"{node.row},{node.col}"
            colours = SOLUTION if node.solution else (PROMISING if node.promising else NONPROMISING)
            weight = "bold" if node.solution or node.promising else "normal"
        kind = "solution" if node.solution else ("promising" if node.promising else "pruned")
        axes.text(node.x, -level, label, ha="center", va="center", fontsize=8,
                  gid=f"{kind}-{node.visit}",
                  fontweight=weight, color="#222" if node.promising else "#888", zorder=3,
                  bbox={"boxstyle": "round,pad=0.3", "linewidth": 1.6 if node.solution else 1.0,
                        **colours})
        axes.text(node.x, -level - 0.2, str(node.visit), ha="center", va="top",
                  fontsize=6.5, color="#555", zorder=3,
                  bbox={"boxstyle": "square,pad=0.05", "facecolor": "white", "linewidth": 0})
    axes.set_xlim(-0.8, width - 0.2)
    axes.set_ylim(-depth - 0.6, -first_level + 0.5)
    levels = range(first_level, depth + 1)
    axes.set_yticks([-level for level in levels],
                    ["root" if level == 0 else f"row {level}" for level in levels], fontsize=8)
    axes.set_xticks([])
    for side in ("top", "right", "bottom", "left"):
        axes.spines[side].set_visible(False)
    axes.tick_params(left=False)
