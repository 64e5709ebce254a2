/* The play board, shared by the notebook widget (nqueens.play) and the play page: draws a
   position and what it implies from a state {n, queens, given, given_forbidden, forbidden,
   attacked, excluded, forced, dead_rows, dead_columns, dead_cells, uncovered, regions}
   (cells as [row, col], 0-based; `regions`, a posed problem's, {colour, name} per cell
   row * n + col, or null) and reports clicks. It only draws: the widget's state comes from
   Python (nqueens.playing.rules), the page's from play-rules.js. `NQ` (the crown and the
   colours of drawing/style.py) is set before it. */

function nqCrown() {
  const points = NQ.crown.map(p => p[0] + "," + p[1]).join(" ");
  const tips = NQ.tips.map(p => `<circle cx="${p[0]}" cy="${p[1]}" r="${NQ.tip}"/>`).join("");
  return `<svg class="crown" viewBox="0 0 1 1"><g fill="${NQ.queen}" stroke="${NQ.edge}" ` +
    `stroke-width="0.035"><polygon points="${points}"/>${tips}</g></svg>`;
}

const NQ_CROSS = `<svg class="cross" viewBox="0 0 1 1"><path d="M.2,.2L.8,.8M.2,.8L.8,.2" ` +
  `stroke="${NQ.forbidden}" stroke-width=".08" stroke-linecap="round" fill="none"/></svg>`;

/* Pixels per cell: a board about 460 px across, cells 16 to 52 px. */
function nqUnit(n) { return Math.max(16, Math.min(52, Math.floor(460 / n))); }

/* The cell classes: the state's list name -> the class its cells get. */
const NQ_CLASSES = [["queens", "queen"], ["given", "given"], ["forbidden", "forbidden"],
                    ["attacked", "attacked"], ["excluded", "excluded"], ["forced", "forced"],
                    ["dead_cells", "dead-cell"], ["uncovered", "uncovered"]];

/* A region cell's colour, its region's name in the tooltip, and a thick rule on each side
   where the next cell is another region's (inline, so every mark's class still applies). */
function nqRegion(regions, n, r, c) {
  const k = r * n + c, other = (a, b) => a >= 0 && a < n && b >= 0 && b < n && regions.name[a * n + b] !== regions.name[k];
  const edge = `2px solid ${NQ.regionEdge}`, sides = [["top", r - 1, c], ["right", r, c + 1], ["bottom", r + 1, c], ["left", r, c - 1]];
  const style = `background-color:${regions.colour[k]};` + sides.filter(([, a, b]) => other(a, b)).map(([side]) => `border-${side}:${edge};`).join("");
  return [style, `, region ${regions.name[k]}`];
}

function nqDraw(root, s, onCell) {
  const n = s.n, unit = nqUnit(n), crown = nqCrown(), has = {};
  for (const [name] of NQ_CLASSES) has[name] = new Set((s[name] || []).map(([r, c]) => r * n + c));
  for (const [r, c] of s.given_forbidden || []) has.given.add(r * n + c);  // givens stay, both kinds
  const deadRows = new Set(s.dead_rows || []), deadCols = new Set(s.dead_columns || []);
  const parts = [`<div class="nq-grid" style="--nq-unit:${unit}px;grid-template-columns:24px ` +
                 `repeat(${n},${unit}px);grid-template-rows:20px repeat(${n},${unit}px)">` +
                 `<div class="rowhead"></div>`];
  for (let c = 0; c < n; c++)
    parts.push(`<div class="colhead${deadCols.has(c) ? " dead" : ""}" data-col="${c}">${c}</div>`);
  for (let r = 0; r < n; r++) {
    parts.push(`<div class="rowhead${deadRows.has(r) ? " dead" : ""}" data-row="${r}">${r}</div>`);
    for (let c = 0; c < n; c++) {
      const k = r * n + c, cls = ["cell", (r + c) % 2 ? "dark" : "light"];
      for (const [name, label] of NQ_CLASSES) if (has[name].has(k)) cls.push(label);
      if (deadRows.has(r)) cls.push("dead", "dead-row");
      if (deadCols.has(c)) cls.push(deadRows.has(r) ? "dead-col" : "dead", "dead-col");
      const inside = has.queens.has(k) || has.forced.has(k) ? crown : has.forbidden.has(k) ? NQ_CROSS : "";
      const [style, named] = s.regions ? nqRegion(s.regions, n, r, c) : ["", ""];
      if (s.regions) cls.push("region");
      parts.push(`<div class="${cls.join(" ")}" data-row="${r}" data-col="${c}" ` +
                 `${style ? `style="${style}" ` : ""}title="(${r}, ${c})${named}">${inside}</div>`);
    }
  }
  root.innerHTML = parts.join("") + "</div>";
  root.firstChild.addEventListener("click", event => {
    const cell = event.target.closest(".cell");
    if (cell) onCell(+cell.dataset.row, +cell.dataset.col, event.shiftKey);
  });
}

/* What each mark means; `forced` says that forcing runs to a fixpoint. `posed`: a posed
   problem's board ({regions: whether it has regions, coverage: whether cells are to be
   covered}), whose lines are more than rows, columns and diagonals; null for a queens board. */
function nqLegend(posed) {
  const key = (style, inside) => `<span class="nq-key" style="${style}">${inside || ""}</span>`;
  const tint = opacity => posed && posed.regions  // striped on the regions' colours, as on the board
    ? `background:repeating-linear-gradient(135deg,${NQ.attacked} 0 3px,transparent 3px 7px);opacity:${opacity < 0.3 ? 0.4 : 0.9}`
    : `background:${NQ.attacked};opacity:${opacity}`;
  return [
    "click a cell: place or remove a queen; shift-click: mark it forbidden (or allow it again)",
    key(tint(NQ.attackedOpacity)) + (posed ? "attacked: on a line that the queens fill to its most " +
      "(their row, their region, a cell touching one, ... as the rules say)" : "attacked: on the row, column or a diagonal of a queen"),
    key(`outline:2px dashed ${NQ.forced};outline-offset:-2px;border:0;width:18px;height:18px`,
        nqCrown().replace('class="crown"', `style="position:absolute;inset:0;opacity:${NQ.forcedOpacity}"`)) +
      (posed ? "forced: a free cell that a line needs, as it needs every free cell it has left" :
       "forced: the only free cell left in its row or column") + "; a forced queen takes its " +
      "lines in turn, which may force more, until nothing changes (as the propagate search does)",
    key(tint(NQ.excludedOpacity)) + "excluded: taken off by a forced queen",
    key(`background:${NQ.dead}`) + (posed ? "dead: a line left too few free cells for the queens it " +
      "needs (outlined, or its row or column number dark)" : "dead: a row or column with no free cell and no queen") +
      ": no completion from here",
    ...(posed && posed.coverage ? [key(`background:${NQ.light}`, `<span style="position:absolute;inset:4px;border-radius:50%;background:${NQ.uncovered}"></span>`) +
      "to cover: a cell that no queen occupies or attacks yet"] : []),
    ...(posed && posed.regions ? [key(`background:${NQ.regionKey}`) + "regions: one colour each, " +
      "a thick rule between them; hover a cell for its region's letter"] : []),
    key(`background:${NQ.fixedFill};border-color:${NQ.fixedEdge}`) + "given by the model",
    key(`background:${NQ.light}`, NQ_CROSS.replace('class="cross"', 'style="position:absolute;inset:0"')) +
      "forbidden",
  ].join("<br>");
}

/* The position in one line, as nqueens.playing.rules.Propagation.describe() words it, from
   the state and the board's words (`s.bound`: the bound on the queens, `s.to_cover`: cells
   are to be covered, `s.solved`: what "a solution" adds, `s.dead_names`, and `s.holds`,
   whether the queens and the cells given make every line hold). */
function nqDescribe(s) {
  const q = s.queens.length, parts = [`${s.n}x${s.n}: ${q} queen${q !== 1 ? "s" : ""}` + (s.bound ? ` (${s.bound} on the board)` : "")];
  if (s.forbidden.length) parts.push(`${s.forbidden.length} forbidden`);
  parts.push(`${s.attacked.length} attacked`);
  if (s.to_cover) parts.push(`${s.uncovered.length} cell${s.uncovered.length !== 1 ? "s" : ""} to cover`);
  if (s.forced.length) parts.push("forced: " + s.forced.map(([r, c]) => `(${r}, ${c})`).join(", "));
  if (s.dead_names.length) parts.push(`dead: ${s.dead_names.join(", ")} (no completion)`);
  else if (s.holds([])) parts.push("a solution" + s.solved);
  else if (s.holds(s.forced.map(([r, c]) => r * s.n + c))) parts.push("the forced queens complete a solution" + s.solved);
  return parts.join("; ");
}
