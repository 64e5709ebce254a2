"""The step-through page: one self-contained HTML file (inline CSS, SVG and a small script,
nothing fetched) that retells the textbook's backtracking walk one event at a time.

It shows the board with the queens placed so far and the cell being checked (and the queen
attacking it), the book's sentence for the event under its step label (a), (b), ..., the
state-space tree growing node by node, and the running counts of nodes checked and
promising nodes; next / previous / play buttons and the arrow keys move through it.

Python computes everything the page shows (sentences from `textbook.trace.event_text`, the
board after each event, the tree layout from `pictures.tree`), so the script only draws.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from ..drawing import style
from ..errors import InputError
from ..spec import Spec
from ..textbook.trace import event_text, step_label, steps, textbook_spec, walk
from .tree import build_tree, node_kind, place_leaves, preorder

#: Largest boards a page holds: the whole walk for n = 8 is 17,641 events (n = 9: 80,290),
#: the walk to the first solution for n = 13 is 1,448 (n = 14: 28,174). Beyond, the page
#: would be megabytes and the tree too wide to follow.
PAGE_MAX_N_ALL = 8
PAGE_MAX_N_FIRST = 13
#: Most events a posed problem's page holds, about the whole walk of 8-queens (the largest
#: page the sizes above allow): a region puzzle's walk is not told by its size (a 10x10
#: map may take longer than a 12x12 one), so it is counted first.
PAGE_MAX_EVENTS = 20_000


def check_page_size(n: int, all_solutions: bool, spec: Spec | None = None) -> None:
    """Refuse, before any page is built, a page too large to step through: by the board's
    size, and for a posed problem (`spec`) by its walk's events, counted up to the limit.

    Raises:
        InputError: naming the limit and what to use instead.
    """
    if spec is not None and spec.is_open:
        from itertools import islice

        events = sum(1 for _ in islice(walk(spec, all_solutions=all_solutions),
                                       PAGE_MAX_EVENTS + 1))
        if events > PAGE_MAX_EVENTS:
            scope = "whole walk" if all_solutions else "walk to the first solution"
            raise InputError(
                f"a step-through page of the {scope} of {spec.name or spec.describe()} is too "
                f"large to use (more than {PAGE_MAX_EVENTS:,} events, at most "
                f"{PAGE_MAX_EVENTS:,}); use `nqueens trace` without --output for the text, "
                "or --format json for the events")
    if all_solutions and n > PAGE_MAX_N_ALL:
        raise InputError(
            f"a step-through page of the whole walk for n = {n} is too large to use (at most "
            f"n = {PAGE_MAX_N_ALL}); drop --all to step to the first solution "
            f"(n <= {PAGE_MAX_N_FIRST}), or use `nqueens stats {n}`")
    if n > PAGE_MAX_N_FIRST:
        raise InputError(
            f"a step-through page of the walk for n = {n} is too large to use (at most "
            f"n = {PAGE_MAX_N_FIRST}); use `nqueens trace {n} --format json` for the events")


def page_data(board: int | Spec, all_solutions: bool) -> dict[str, Any]:
    """What the page shows, event by event, with 1-based rows and columns as in the book
    (and a completion board's fixed queens and forbidden cells, drawn throughout; a posed
    problem's regions, a colour and a letter per cell)."""
    spec = textbook_spec(board, posed=True)
    n = spec.n
    fixed = {row + 1: col + 1 for row, col in spec.fixed}
    events: list[dict[str, Any]] = []
    cols: list[int] = []  # cols[i]: column of the queen on row i + 1 on the current path
    checked = promising = found = 0
    for index, group in enumerate(steps(walk(spec, all_solutions=all_solutions))):
        label = step_label(index)
        for event in group:
            item: dict[str, Any] = {"k": event.kind, "s": label, "t": event_text(event)}
            if event.kind == "check":
                checked += 1
                del cols[event.row - 1:]
                item["b"] = list(cols)
                item["c"] = [event.row, event.col]
                item["p"] = event.promising
                item["v"] = checked
                if event.reason is not None and event.reason.line == "forbidden":
                    item["x"] = True
                elif event.reason is not None and event.reason.queen > 0:
                    # an earlier queen, or a later fixed one (a posed line that ends short
                    # of its queens blames none)
                    queen = event.reason.queen
                    item["a"] = [queen, cols[queen - 1] if queen <= len(cols) else fixed[queen]]
                if event.promising:
                    promising += 1
                    cols.append(event.col)
            elif event.kind == "backtrack":
                del cols[event.row:]
                item["b"] = list(cols)
            else:
                found += 1
                item["b"] = list(event.columns)
            item["n"] = [checked + 1, promising + 1, found]  # the root counted, as the book does
            events.append(item)
    root = build_tree(spec, all_solutions=all_solutions)
    place_leaves(root, [0.0])
    parents = {child.visit: node.visit for node, _ in preorder(root) for child in node.children}
    nodes = [[node.visit, parents.get(node.visit, -1), node.x, level,
              "root" if node.visit == 0 else f"{node.row},{node.col}", node_kind(node)]
             for node, level in preorder(root)]
    return {"n": n, "all": all_solutions, "events": events, "nodes": nodes,
            "fixed": [[row, col] for row, col in sorted(fixed.items())],
            "forbidden": [[row + 1, col + 1] for row, col in spec.forbidden],
            "regions": _regions(spec),
            "crown": style.CROWN, "tips": style.CROWN_TIPS, "tip": style.TIP_RADIUS}


def _regions(spec: Spec) -> dict[str, list[str]] | None:
    """A posed problem's regions for the board: a colour and a letter per cell (row * n +
    col, 0-based), as the play board colours them; None without regions."""
    if not spec.regions:
        return None
    from ..modeling.modelfile import region_letters

    colour, letter = style.region_colours(spec.regions), region_letters(spec.regions)
    cells = [label for row in spec.regions for label in row]
    return {"colour": [colour[label] for label in cells],
            "name": [letter.get(label, str(label)) for label in cells]}


def page_html(board: int | Spec, *, all_solutions: bool = False) -> str:
    """The whole page for an n x n board (or a completion board, or a posed problem whose
    every row holds one queen: its regions coloured) as one HTML string."""
    spec = textbook_spec(board, posed=True)
    check_page_size(spec.n, all_solutions, spec)
    data = page_data(spec, all_solutions)
    scope = "the whole walk, every solution" if all_solutions else "up to the first solution"
    title = f"{spec.describe()} by backtracking, step by step ({scope})"
    payload = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    colours = {
        "light": style.LIGHT, "dark": style.DARK, "queen": style.QUEEN_FILL,
        "edge": style.QUEEN_EDGE, "checking": style.CHECKING, "attacker": style.ATTACKER,
        "good": style.GREEN, "solution": style.ORANGE,
        "promising": style.TREE_PROMISING, "pruned": style.TREE_PRUNED,
        "solnode": style.TREE_SOLUTION, "line": style.TREE_EDGE,
        "fixnode": style.TREE_FIXED, "forbnode": style.TREE_FORBIDDEN,
        "fixed": style.FIXED_FILL, "forbidden": style.FORBIDDEN, "edge2": style.REGION_EDGE,
    }
    regions = ("" if not spec.regions else
               f'<br>regions: <span class="key" style="border-color:{style.REGION_EDGE};'
               f'background:{style.REGION_COLOURS[0]}"></span>one colour each, a thick rule '
               "between them (hover a cell for its region's letter)")
    completion = ("" if not (spec.fixed or spec.forbidden) else
                  '<br>completion: <span class="key" style="border-color:#0072B2;'
                  'background:#cfe8f7"></span>fixed queen (pre-placed on a shaded cell, its row\'s only child) '
                  '<span class="key" style="border-color:#D55E00;background:#eeeeee"></span>'
                  "forbidden cell (crossed on the board, pruned at once)")
    return (_TEMPLATE.replace("%BASE_STYLE%", BASE_STYLE)
            .replace("%TITLE%", escape(title))
            .replace("%COMPLETION%", completion + regions)
            .replace("%COLOURS%", json.dumps(colours))
            .replace("%DATA%", payload))


#: The look both self-contained pages share (this one and the play page, `playing/page.py`).
BASE_STYLE = """ body { font-family: system-ui, "DejaVu Sans", sans-serif; margin: 16px 24px; color: #111;
        background: #fff; }
 h1 { font-size: 22px; margin: 0 0 10px; }
 .controls { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin-bottom: 12px; }
 button { font-size: 16px; padding: 6px 14px; border: 1px solid #0072B2; background: #eef6fc;
          border-radius: 6px; cursor: pointer; }
 button:focus-visible { outline: 3px solid #E69F00; }
 .hint { color: #444; font-size: 14px; }
 .key { display: inline-block; width: 14px; height: 14px; vertical-align: -2px;
        border: 2px solid; border-radius: 3px; margin: 0 4px 0 10px; }"""

#: The head both pages share, up to their own style (a page replaces %TITLE% and
#: %BASE_STYLE%, and goes on with its style, `</style>` and its body).
HEAD = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%TITLE%</title>
<style>
%BASE_STYLE%
"""

_TEMPLATE = HEAD + """ .top { display: grid; grid-template-columns: auto 1fr; gap: 24px; align-items: start; }
 #sentence { font-size: 22px; font-weight: 600; margin: 4px 0 10px; min-height: 1.4em; }
 #step-lines { font-size: 16px; line-height: 1.5; margin: 0; padding-left: 0; list-style: none; }
 #step-lines li.current { font-weight: 700; }
 #counts { font-size: 17px; margin: 12px 0; }
 #counts b { font-variant-numeric: tabular-nums; }
 #tree-box { overflow: auto; border: 1px solid #bbb; border-radius: 6px; margin-top: 16px;
             height: 420px; background: #fcfcfc; }
</style>
</head>
<body>
<h1>%TITLE%</h1>
<div class="controls">
 <button id="first" title="Home">&#x21E4; start</button>
 <button id="prev" title="left arrow">&#x25C0; previous</button>
 <button id="play" title="space">&#x25B6; play</button>
 <button id="next" title="right arrow">next &#x25B6;</button>
 <button id="last" title="End">end &#x21E5;</button>
 <label>speed <select id="speed"><option value="1500">slow</option>
  <option value="700" selected>normal</option><option value="250">fast</option>
  <option value="40">very fast</option></select></label>
 <span class="hint">keys: &larr; &rarr; step, space play/pause, Home / End</span>
</div>
<div class="top">
 <div id="board"></div>
 <div>
  <div id="where" class="hint"></div>
  <div id="sentence"></div>
  <ol id="step-lines"></ol>
  <div id="counts"></div>
  <div class="hint">
   board: <span class="key" style="border-color:#0072B2"></span>cell being checked
   <span class="key" style="border-color:#D55E00"></span>queen attacking it
   <span class="key" style="border-color:#009E73"></span>promising: the queen stays<br>
   tree: <span class="key" style="border-color:#0072B2;background:#d4e9f7"></span>promising
   <span class="key" style="border-color:#D55E00"></span>nonpromising (pruned)
   <span class="key" style="border-color:#000;background:#E69F00"></span>solution;
   each node is &lt;row,col&gt; over its visit number%COMPLETION%
  </div>
 </div>
</div>
<div id="tree-box"><svg id="tree" xmlns="http://www.w3.org/2000/svg"></svg></div>
<script>
"use strict";
const C = %COLOURS%;
const D = %DATA%;
const N = D.n, EV = D.events, SVGNS = "http://www.w3.org/2000/svg";
let at = 0, timer = null;
const UNIT = Math.max(24, Math.min(56, Math.floor(400 / N)));
const LEAF = 50, LEVEL = 62, BW = 44, BH = 34;

function crown(x, y, u) {
  const pts = D.crown.map(p => (x + p[0] * u).toFixed(1) + "," + (y + p[1] * u).toFixed(1)).join(" ");
  const tips = D.tips.map(p => `<circle cx="${(x + p[0] * u).toFixed(1)}" cy="${(y + p[1] * u).toFixed(1)}" r="${(D.tip * u).toFixed(1)}"/>`).join("");
  return `<g fill="${C.queen}" stroke="${C.edge}" stroke-width="${Math.max(0.8, u * 0.035).toFixed(1)}"><polygon points="${pts}"/>${tips}</g>`;
}
function frame(r, c, colour, cls) {
  const w = Math.max(3, UNIT * 0.09);
  return `<rect class="${cls}" data-row="${r}" data-col="${c}" x="${(c - 1) * UNIT + w / 2}" y="${(r - 1) * UNIT + w / 2}" width="${UNIT - w}" height="${UNIT - w}" fill="none" stroke="${colour}" stroke-width="${w}"/>`;
}
function queen(r, c, cls) {
  return `<g class="${cls}" data-row="${r}" data-col="${c}">${crown((c - 1) * UNIT, (r - 1) * UNIT, UNIT)}</g>`;
}
function drawBoard(e) {
  const side = N * UNIT, L = 22;
  let s = `<svg xmlns="${SVGNS}" width="${side + L + 2}" height="${side + L + 2}" viewBox="${-L} ${-L} ${side + L + 2} ${side + L + 2}">`;
  for (let i = 1; i <= N; i++) {
    s += `<text x="${(i - 0.5) * UNIT}" y="-6" text-anchor="middle" font-size="13" fill="#444">${i}</text>`;
    s += `<text x="-7" y="${(i - 0.5) * UNIT + 4}" text-anchor="end" font-size="13" fill="#444">${i}</text>`;
  }
  const R = D.regions, name = (r, c) => R.name[r * N + c];
  for (let r = 0; r < N; r++) for (let c = 0; c < N; c++)
    s += `<rect x="${c * UNIT}" y="${r * UNIT}" width="${UNIT}" height="${UNIT}" fill="${R ? R.colour[r * N + c] : (r + c) % 2 ? C.dark : C.light}">${R ? `<title>&lt;${r + 1},${c + 1}&gt;, region ${name(r, c)}</title>` : ""}</rect>`;
  if (R) {  // a thick rule between two regions
    for (let r = 0; r < N; r++) for (let c = 0; c < N; c++) {
      if (c + 1 < N && name(r, c) !== name(r, c + 1)) s += `<line class="region-edge" x1="${(c + 1) * UNIT}" y1="${r * UNIT}" x2="${(c + 1) * UNIT}" y2="${(r + 1) * UNIT}" stroke="${C.edge2}" stroke-width="2.5"/>`;
      if (r + 1 < N && name(r, c) !== name(r + 1, c)) s += `<line class="region-edge" x1="${c * UNIT}" y1="${(r + 1) * UNIT}" x2="${(c + 1) * UNIT}" y2="${(r + 1) * UNIT}" stroke="${C.edge2}" stroke-width="2.5"/>`;
    }
  }
  s += `<rect width="${side}" height="${side}" fill="none" stroke="#555"/>`;
  for (const [r, c] of D.forbidden) {  // a completion board's forbidden cells, crossed
    const x0 = (c - 1) * UNIT + UNIT * 0.2, y0 = (r - 1) * UNIT + UNIT * 0.2, d = UNIT * 0.6;
    s += `<g class="forbidden" data-row="${r}" data-col="${c}" stroke="${C.forbidden}" stroke-width="${Math.max(2, UNIT * 0.06)}"><line x1="${x0}" y1="${y0}" x2="${x0 + d}" y2="${y0 + d}"/><line x1="${x0 + d}" y1="${y0}" x2="${x0}" y2="${y0 + d}"/></g>`;
  }
  const b = e ? e.b : [];
  for (const [r, c] of D.fixed) {  // fixed queens: pre-placed on shaded cells, from the start
    s += `<rect class="fixed" data-row="${r}" data-col="${c}" x="${(c - 1) * UNIT}" y="${(r - 1) * UNIT}" width="${UNIT}" height="${UNIT}" fill="${C.fixed}" opacity="0.55"/>`;
    if (b.length < r) s += queen(r, c, "queen fixed");
  }
  if (e && e.k === "solution") for (let r = 1; r <= b.length; r++) s += frame(r, b[r - 1], C.solution, "solved");
  b.forEach((c, i) => { s += queen(i + 1, c, "queen"); });
  if (e && e.k === "check") {
    const [r, c] = e.c;
    if (e.a) {
      const [ar, ac] = e.a;
      s += frame(ar, ac, C.attacker, "attacker");
      s += `<line x1="${(ac - 0.5) * UNIT}" y1="${(ar - 0.5) * UNIT}" x2="${(c - 0.5) * UNIT}" y2="${(r - 0.5) * UNIT}" stroke="${C.attacker}" stroke-width="3" stroke-dasharray="6 4"/>`;
    }
    s += `<g opacity="${e.p ? 1 : 0.45}">${queen(r, c, "queen checking")}</g>`;
    s += frame(r, c, e.p ? C.good : C.checking, "checked");
  }
  document.getElementById("board").innerHTML = s + "</svg>";
}

const tree = document.getElementById("tree"), made = new Map();
const byVisit = new Map(D.nodes.map(n => [n[0], n]));
const width = (Math.max(...D.nodes.map(n => n[2])) + 1) * LEAF + 40;
const depth = Math.max(...D.nodes.map(n => n[3]));
tree.setAttribute("width", width); tree.setAttribute("height", (depth + 1) * LEVEL + 20);
document.getElementById("tree-box").style.height = Math.min(440, (depth + 1) * LEVEL + 40) + "px";
const edges = document.createElementNS(SVGNS, "g"), boxes = document.createElementNS(SVGNS, "g");
tree.append(edges, boxes);
const X = n => 20 + (n[2] + 0.5) * LEAF, Y = n => 10 + (n[3] + 0.5) * LEVEL;
function makeNode(v) {
  if (made.has(v)) return made.get(v);
  const n = byVisit.get(v), x = X(n), y = Y(n);
  const [fill, stroke, ink] = {solution: C.solnode, pruned: C.pruned, fixed: C.fixnode,
                               forbidden: C.forbnode}[n[5]] || C.promising;
  const g = document.createElementNS(SVGNS, "g");
  g.setAttribute("class", "node " + n[5]); g.dataset.visit = v;
  g.innerHTML = `<rect x="${x - BW / 2}" y="${y - BH / 2}" width="${BW}" height="${BH}" rx="5" fill="${fill}" stroke="${stroke}" stroke-width="${n[5] === "solution" ? 2.5 : 1.5}"/>` +
    `<text x="${x}" y="${y - 2}" text-anchor="middle" font-size="13" font-weight="${n[5] === "pruned" || n[5] === "forbidden" ? 400 : 700}" fill="${ink}">${n[4]}</text>` +
    `<text x="${x}" y="${y + 12}" text-anchor="middle" font-size="10" fill="${ink}">${v}</text>`;
  let path = null;
  if (n[1] >= 0) {
    const p = byVisit.get(n[1]), px = X(p), py = Y(p) + BH / 2, top = y - BH / 2, bus = (py + top) / 2;
    path = document.createElementNS(SVGNS, "path");
    path.setAttribute("d", `M${px},${py}V${bus}H${x}V${top}`);
    path.setAttribute("fill", "none"); path.setAttribute("stroke", C.line); path.setAttribute("stroke-width", "1.3");
    edges.append(path);
  }
  boxes.append(g);
  const item = [g, path];
  made.set(v, item);
  return item;
}
let shownUpTo = 0, current = null;
function showTree(visit, focus) {
  for (let v = shownUpTo + 1; v <= visit; v++) { const [g, p] = makeNode(v); g.style.display = ""; if (p) p.style.display = ""; }
  for (let v = shownUpTo; v > visit; v--) { const [g, p] = makeNode(v); g.style.display = "none"; if (p) p.style.display = "none"; }
  shownUpTo = visit;
  if (current) current.querySelector("rect").setAttribute("stroke-width", current.dataset.sw);
  current = makeNode(focus)[0];
  const rect = current.querySelector("rect");
  current.dataset.sw = current.dataset.sw || rect.getAttribute("stroke-width");
  rect.setAttribute("stroke-width", "4.5");
  const box = document.getElementById("tree-box"), n = byVisit.get(focus);
  box.scrollLeft = X(n) - box.clientWidth / 2;
  box.scrollTop = Y(n) - box.clientHeight / 2;
}
makeNode(0);

function render() {
  const e = at > 0 ? EV[at - 1] : null;
  drawBoard(e);
  const counts = e ? e.n : [1, 1, 0];
  document.getElementById("where").textContent = e ? `event ${at} of ${EV.length}` : `start: event 0 of ${EV.length}`;
  document.getElementById("sentence").textContent = e ? `(${e.s}) ${e.t}` : (D.fixed.length ? "the root: the fixed queens pre-placed; press next (or \\u2192) to start the walk" : "the root: an empty board; press next (or \\u2192) to check <1,1>");
  const lines = document.getElementById("step-lines");
  lines.innerHTML = "";
  if (e) {
    let i = at - 1;
    while (i > 0 && EV[i - 1].s === e.s) i--;
    for (let j = i; j < at; j++) {
      const li = document.createElement("li");
      li.textContent = EV[j].t;
      if (j === at - 1) li.className = "current";
      lines.append(li);
    }
  }
  document.getElementById("counts").innerHTML =
    `nodes checked: <b id="checked">${counts[0]}</b> &nbsp; promising nodes: <b id="promising">${counts[1]}</b> (the root included) &nbsp; solutions: <b id="solutions">${counts[2]}</b>`;
  let visit = 0;
  for (let j = at - 1; j >= 0; j--) if (EV[j].k === "check") { visit = EV[j].v; break; }
  let focus = visit;
  if (e && e.k === "backtrack") {  // the node returned to: on the current path at row b.length
    focus = 0;
    for (let j = at - 2; j >= 0; j--) if (EV[j].k === "check" && EV[j].p && EV[j].c[0] === e.b.length) { focus = EV[j].v; break; }
    if (e.b.length === 0) focus = 0;
  }
  showTree(visit, focus);
}
function go(to) { at = Math.max(0, Math.min(EV.length, to)); render(); if (at === EV.length) stop(); }
function stop() { if (timer) { clearInterval(timer); timer = null; } document.getElementById("play").innerHTML = "&#x25B6; play"; }
function play() {
  if (timer) { stop(); return; }
  if (at === EV.length) at = 0;
  timer = setInterval(() => go(at + 1), +document.getElementById("speed").value);
  document.getElementById("play").innerHTML = "&#x2016; pause";
}
document.getElementById("first").onclick = () => { stop(); go(0); };
document.getElementById("prev").onclick = () => { stop(); go(at - 1); };
document.getElementById("next").onclick = () => { stop(); go(at + 1); };
document.getElementById("last").onclick = () => { stop(); go(EV.length); };
document.getElementById("play").onclick = play;
document.getElementById("speed").onchange = () => { if (timer) { stop(); play(); } };
document.addEventListener("keydown", ev => {
  if (ev.target.tagName === "SELECT") return;
  const keys = { ArrowRight: () => go(at + 1), ArrowLeft: () => go(at - 1), Home: () => go(0), End: () => go(EV.length), " ": play };
  if (keys[ev.key]) { ev.preventDefault(); if (ev.key !== " ") stop(); keys[ev.key](); }
});
render();
</script>
</body>
</html>
"""
