/* The propagate order's rules for the play page, which has no Python behind it: the same
   rules, in the same order, as nqueens.propagation (a browser test holds the two to each
   other on random positions). A queen takes its row, column and diagonals off the board; a
   row or column without a queen and with no free cell is dead; one with a single free cell
   forces its queen there, rows first, then columns, the first such line first, until no line
   has a single free cell or one is dead. */

function nqLineCells(n, row, col) {
  const cells = [];
  for (let c = 0; c < n; c++) if (c !== col) cells.push([row, c]);
  for (let r = 0; r < n; r++) if (r !== row) cells.push([r, col]);
  for (let r = 0; r < n; r++) if (r !== row && col + r - row >= 0 && col + r - row < n) cells.push([r, col + r - row]);
  for (let r = 0; r < n; r++) if (r !== row && col - r + row >= 0 && col - r + row < n) cells.push([r, col - r + row]);
  return cells;
}

function nqPropagate(n, queens, forbidden) {
  const free = new Uint8Array(n * n).fill(1), count = new Array(2 * n).fill(n);
  const done = new Array(2 * n).fill(false), attacked = new Set(), excluded = new Set();
  const take = (r, c) => {
    if (free[r * n + c]) { free[r * n + c] = 0; count[r]--; count[n + c]--; }
  };
  const place = (r, c) => {
    take(r, c);
    done[r] = done[n + c] = true;
    for (const [a, b] of nqLineCells(n, r, c)) take(a, b);
  };
  for (const [r, c] of forbidden) take(r, c);
  for (const [r, c] of queens) {
    for (const [a, b] of nqLineCells(n, r, c)) attacked.add(a * n + b);
    place(r, c);
  }
  const forced = [];
  let dead = [];
  for (;;) {
    const open = [];
    for (let line = 0; line < 2 * n; line++) if (!done[line]) open.push(line);
    dead = open.filter(line => count[line] === 0);
    const single = open.find(line => count[line] === 1);
    if (dead.length || single === undefined) break;
    let cell = null;
    for (let k = 0; k < n && !cell; k++) {
      const [r, c] = single < n ? [single, k] : [k, single - n];
      if (free[r * n + c]) cell = [r, c];
    }
    forced.push(cell);
    for (const [a, b] of nqLineCells(n, cell[0], cell[1])) if (!attacked.has(a * n + b)) excluded.add(a * n + b);
    place(cell[0], cell[1]);
  }
  const cells = set => [...set].sort((x, y) => x - y).map(k => [Math.floor(k / n), k % n]);
  return {attacked: cells(attacked), excluded: cells(excluded), forced,
          dead_rows: dead.filter(line => line < n), dead_columns: dead.filter(line => line >= n).map(line => line - n)};
}

/* Why a queen may not stand on (row, col): the queen whose line it is on, or "" if none. */
function nqAttacker(n, queens, row, col) {
  for (const [r, c] of queens) {
    const line = r === row ? "row" : c === col ? "column" : r - c === row - col ? "diagonal" :
      r + c === row + col ? "anti-diagonal" : "";
    if (line) return `(${row}, ${col}) is on the ${line} of the queen at (${r}, ${c})`;
  }
  return "";
}
