/* The play page's controller: keeps the position (the queens and forbidden cells placed,
   the model's givens, an undo list), asks play-rules.js what it implies and draws it with
   play-board.js. `D` (the board size and the givens) and `L` (the board's lines and words,
   its regions) are set before it. */

const N = D.n, key = ([r, c]) => r * N + c, byCell = (a, b) => key(a) - key(b);
let queens = D.given.slice(), forbidden = D.given_forbidden.slice(), history = [];
const has = (list, r, c) => list.some(([a, b]) => a === r && b === c);
const without = (list, r, c) => list.filter(([a, b]) => a !== r || b !== c);

function state() {
  return Object.assign({n: N, queens, forbidden, given: D.given, given_forbidden: D.given_forbidden,
                        regions: L.regions, bound: L.bound, to_cover: L.to_cover, solved: L.solved},
                       nqPropagate(N, L.lines, queens, forbidden));
}

function say(text) { document.getElementById("message").textContent = text; }

function move(q, f, text) {
  history.push([queens, forbidden]);
  queens = q.slice().sort(byCell);
  forbidden = f.slice().sort(byCell);
  draw();
  say(text);
}

function click(r, c, shift) {
  const cell = `(${r}, ${c})`;
  if (has(D.given, r, c) || has(D.given_forbidden, r, c)) say(`${cell} is a given of the model; it stays`);
  else if (shift && has(queens, r, c)) say(`${cell} holds a queen; remove it first (click it)`);
  else if (shift && has(forbidden, r, c)) move(queens, without(forbidden, r, c), `${cell} is allowed again`);
  else if (shift) move(queens, forbidden.concat([[r, c]]), `${cell} is forbidden`);
  else if (has(queens, r, c)) move(without(queens, r, c), forbidden, `removed the queen at ${cell}`);
  else if (has(forbidden, r, c)) say(`${cell} is forbidden; shift-click it to allow it again`);
  else {
    const attacker = nqAttacker(N, L.lines, shown, r, c);
    if (attacker) say(`${attacker}: no queen can stand there`);
    else move(queens.concat([[r, c]]), forbidden, `placed a queen at ${cell}`);
  }
}

let shown = null;  // what the board shows: the position's propagation

function draw() {
  const s = shown = state();
  nqDraw(document.getElementById("board"), s, click);
  document.getElementById("status").textContent = nqDescribe(s);
  document.getElementById("undo").disabled = history.length === 0;
}

document.getElementById("undo").onclick = () => {
  if (!history.length) return;
  [queens, forbidden] = history.pop();
  draw();
  say("undone");
};
document.getElementById("clear").onclick = () => move(D.given, D.given_forbidden, "cleared: the givens only");
document.addEventListener("keydown", event => {
  if ((event.ctrlKey || event.metaKey) && event.key === "z") { event.preventDefault(); document.getElementById("undo").click(); }
});
document.getElementById("legend").innerHTML = nqLegend(L.posed);
draw();
