/* The propagate order's rules for the play page, which has no Python behind it: the same
   rules, in the same order, as nqueens.playing.rules (a browser test holds the two to each
   other on random positions, on queens boards and posed problems). The lines come from
   Python (`L.lines`, each [cells as row * n + col, lo, hi, kind, name, phrase, covered cell
   or null], in the spec's order, with their words). A line holding its most queens takes
   its other cells off the board; a line that can no longer reach its least is dead; a line
   that needs every free cell it has forces a queen on the first of them, the first such
   line first, until no line needs its free cells or one is dead. */

const NQ_THROUGH = new WeakMap();  // the lines through each cell, once per board's lines

function nqPropagate(n, lines, queens, forbidden) {
  if (!NQ_THROUGH.has(lines)) {
    const through = Array.from({length: n * n}, () => []);
    lines.forEach(([cells], line) => { for (const k of cells) through[k].push(line); });
    NQ_THROUGH.set(lines, through);
  }
  const free = new Uint8Array(n * n).fill(1), through = NQ_THROUGH.get(lines);
  const count = lines.map(([cells]) => cells.length), held = lines.map(() => []);
  const attacked = new Set(), excluded = new Set(), blame = new Map();
  const take = k => { if (free[k]) { free[k] = 0; for (const line of through[k]) count[line]--; } };
  const place = (k, kind) => {  // the cells of the lines the queen fills, taken off
    take(k);
    for (const line of through[k]) held[line].push([kind, k]);
    const off = [];
    for (const line of through[k]) {
      if (held[line].length < lines[line][2]) continue;
      const queens = held[line].slice(), standing = new Set(queens.map(([, q]) => q));
      for (const other of lines[line][0]) if (!standing.has(other)) {
        take(other);
        if (!blame.has(other)) blame.set(other, [line, queens]);
        off.push(other);
      }
    }
    return off;
  };
  for (const [r, c] of forbidden) { take(r * n + c); blame.set(r * n + c, null); }
  for (const [r, c] of queens) for (const k of place(r * n + c, "queen")) attacked.add(k);
  const need = line => lines[line][1] - held[line].length, forced = [];
  let dead = [];
  for (;;) {
    const wanting = lines.map((_, line) => line).filter(line => need(line) > 0);
    dead = wanting.filter(line => count[line] < need(line));
    const single = wanting.find(line => count[line] === need(line));
    if (dead.length || single === undefined) break;
    const k = lines[single][0].find(cell => free[cell]);
    forced.push([Math.floor(k / n), k % n]);
    for (const other of place(k, "forced queen")) if (!attacked.has(other)) excluded.add(other);
  }
  for (const [r, c] of forced) excluded.delete(r * n + c);
  const cells = set => [...set].sort((x, y) => x - y).map(k => [Math.floor(k / n), k % n]);
  const index = line => { const [cells, , , kind] = lines[line]; return kind === "row" ? Math.floor(cells[0] / n) : cells[0] % n; };
  const kinded = kind => dead.filter(line => lines[line][3] === kind).map(index);
  const queenCells = new Set(queens.map(([r, c]) => r * n + c));
  const heldBy = (line, set) => lines[line][0].filter(k => set.has(k)).length;
  const uncovered = new Set(), deadCells = new Set();
  lines.forEach(([, lo, , , , , target], line) => { if (target !== null && heldBy(line, queenCells) < lo) uncovered.add(target); });
  for (const line of dead) if (!["row", "column"].includes(lines[line][3])) for (const k of lines[line][0]) deadCells.add(k);
  return {attacked: cells(attacked), excluded: cells(excluded), forced,
          dead_rows: kinded("row"), dead_columns: kinded("column"), dead_cells: cells(deadCells),
          uncovered: cells(uncovered), dead_names: dead.map(line => lines[line][4]),
          holds: extra => lines.every(([, lo], line) => heldBy(line, new Set([...queenCells, ...extra])) >= lo),
          blame};
}

/* "the queen at (0, 0)", "the queens at (3, 1) and (3, 5)", as Python's _queens_words. */
function nqQueensWords(queens, n) {
  const cells = queens.map(([, k]) => `(${Math.floor(k / n)}, ${k % n})`);
  const kinds = new Set(queens.map(([kind]) => kind));
  const list = xs => xs.length === 1 ? xs[0] : xs.slice(0, -1).join(", ") + " and " + xs[xs.length - 1];
  if (kinds.size === 1) return `the ${[...kinds][0]}${cells.length === 1 ? "" : "s"} at ${list(cells)}`;
  return list(queens.map(([kind], i) => `the ${kind} at ${cells[i]}`));
}

/* Why a queen may not stand on (row, col), taken off by the position's queens, or "". */
function nqAttacker(n, lines, result, row, col) {
  const why = result.blame.get(row * n + col);  // a forced queen's cells stay open to a click
  if (!why || why[1].some(([kind]) => kind !== "queen")) return "";
  const [line, queens] = why;
  return `(${row}, ${col}) is ${lines[line][5]} ${nqQueensWords(queens, n)}`;
}
