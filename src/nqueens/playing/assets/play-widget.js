/* The front end of nqueens.play (an anywidget module): the board (play-board.js, before
   this), the buttons, the status line and the answers. It draws what Python computes (the
   model's `board`, `status`, `message`, `page`) and sends every click and button to Python
   as a message {event, ...}; it holds no rules of its own. */

function render({ model, el }) {
  el.classList.add("nq-play");
  el.innerHTML =
    '<div class="nq-bar">' +
    '<label>backend <select class="nq-backend"></select></label>' +
    '<button data-event="complete" title="place the queens of a completion found by the backend">complete from here</button>' +
    '<button data-event="count" title="count every completion of this position">count completions</button>' +
    '<button data-event="explain" title="why this position has no completion">explain</button>' +
    '<button data-event="undo">undo</button>' +
    '<button data-event="clear" title="back to the model\'s own queens and forbidden cells">clear</button>' +
    '<button data-event="trace" title="the textbook\'s backtracking walk from this position, step by step">step through</button>' +
    '</div><div class="nq-main"><div class="nq-board"></div><div class="nq-side">' +
    '<div class="nq-status"></div><div class="nq-message"></div><div class="nq-legend"></div>' +
    '</div></div><div class="nq-page"></div>';
  const find = selector => el.querySelector(selector);
  const select = find(".nq-backend");
  for (const name of model.get("backends")) {
    const option = document.createElement("option");
    option.value = option.textContent = name;
    select.append(option);
  }
  find(".nq-legend").innerHTML = nqLegend(model.get("board").posed || null);
  for (const button of el.querySelectorAll("button[data-event]")) {
    button.addEventListener("click", () => {
      const event = button.dataset.event;
      if (["complete", "count", "explain", "trace"].includes(event)) find(".nq-message").textContent = "working...";
      model.send({ event, backend: select.value });
    });
  }
  const board = () => {
    nqDraw(find(".nq-board"), model.get("board"), (row, col, shift) => model.send({ event: "click", row, col, shift }));
    find(".nq-status").textContent = model.get("status");
    find("button[data-event=undo]").disabled = !model.get("can_undo");
  };
  const message = () => { find(".nq-message").textContent = model.get("message"); };
  const page = () => {
    const html = model.get("page"), box = find(".nq-page");
    box.innerHTML = "";
    if (html) {
      const frame = document.createElement("iframe");
      frame.srcdoc = html;
      box.append(frame);
    }
  };
  const listeners = [["change:board", board], ["change:status", board], ["change:can_undo", board],
                     ["change:message", message], ["change:page", page]];
  for (const [name, callback] of listeners) model.on(name, callback);
  board(); message(); page();
  return () => { for (const [name, callback] of listeners) model.off(name, callback); };
}

export default { render };
