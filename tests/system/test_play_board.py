"""The play board in a real browser (the session's one headless Chromium, tests/conftest.py).

The play page runs the propagate order's rules in its own script: it is clicked into random
positions on boards of 4..12, and every cell's classes (`queen`, `forbidden`, `attacked`,
`excluded`, `forced`), the dead rows and columns and the status line must be what
`nqueens.playing.rules` says of the same position. The widget's front end is loaded as the
module anywidget loads, with a stand-in model: its clicks go to a real `PlayWidget` in this
process, whose answer is drawn and checked the same way.

The clicks are mouse events dispatched from a script, a position at a time (a WebDriver
click costs about 0.2 s here); a few real WebDriver clicks show that the mouse does the same.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from itertools import pairwise
from pathlib import Path
from typing import Any

import nqueens
from nqueens.playing.page import play_page_html
from nqueens.playing.rules import Propagation, propagate

from optional import require
from posed_problems import problem_of
from positions import random_posed_position, random_positions

Cell = tuple[int, int]
Clicks = list[tuple[int, int, bool]]

#: Reads the board under arguments[0]: each cell's row, column and classes, the dead lines,
#: and the status line.
READ = """
const root = document.querySelector(arguments[0]);
return {
  cells: [...root.querySelectorAll(".cell")].map(e => [+e.dataset.row, +e.dataset.col, e.className]),
  rows: [...root.querySelectorAll(".rowhead.dead")].map(e => +e.dataset.row),
  cols: [...root.querySelectorAll(".colhead.dead")].map(e => +e.dataset.col),
  status: document.querySelector(arguments[1]).textContent,
};
"""

#: Clicks cells under arguments[0] ([row, col, shift] in arguments[1]), as a mouse would.
CLICK = """
const [selector, clicks] = arguments;
for (const [r, c, shift] of clicks)
  document.querySelector(`${selector} .cell[data-row="${r}"][data-col="${c}"]`)
    .dispatchEvent(new MouseEvent("click", {bubbles: true, shiftKey: shift}));
"""


def clicks_for(queens: list[Cell], forbidden: list[Cell]) -> Clicks:
    """Shift-clicks on the forbidden cells, then clicks on the queens' cells."""
    return [(r, c, True) for r, c in forbidden] + [(r, c, False) for r, c in queens]


def expected(p: Propagation) -> dict[str, Any]:
    n = p.n
    classes: dict[Cell, set[str]] = defaultdict(set)
    for name, cells in (("queen", p.queens), ("forbidden", p.forbidden), ("attacked", p.attacked),
                        ("excluded", p.excluded), ("forced", p.forced_cells),
                        ("dead-cell", p.dead_cells), ("uncovered", p.uncovered)):
        for cell in cells:
            classes[cell].add(name)
    return {"cells": {(r, c): classes[(r, c)] for r in range(n) for c in range(n)},
            "rows": list(p.dead_rows), "cols": list(p.dead_columns), "status": p.describe()}


MARKS = {"queen", "forbidden", "attacked", "excluded", "forced", "dead-cell", "uncovered"}


def shown(read: dict[str, Any]) -> dict[str, Any]:
    return {"cells": {(r, c): set(names.split()) & MARKS for r, c, names in read["cells"]},
            "rows": read["rows"], "cols": read["cols"], "status": read["status"]}


def real_clicks(browser: Any, selector: str, clicks: Clicks) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    for r, c, shift in clicks:
        cell = browser.find_element(By.CSS_SELECTOR, f'{selector} .cell[data-row="{r}"][data-col="{c}"]')
        if shift:
            ActionChains(browser).key_down(Keys.SHIFT).click(cell).key_up(Keys.SHIFT).perform()
        else:
            cell.click()


#: 50 positions on boards of 4..12, grouped by board.
POSITIONS = random_positions(33, 50)


def test_the_pages_rules_are_the_propagation(browser: Any, tmp_path: Path) -> None:
    by_n: dict[int, list[tuple[list[Cell], list[Cell]]]] = defaultdict(list)
    for n, queens, forbidden in POSITIONS:
        by_n[n].append((queens, forbidden))
    settled = sum(propagate(*position).dead or bool(propagate(*position).forced)
                  for position in POSITIONS)
    assert settled >= 20  # the sample has forced queens and dead lines to check
    for n, positions in sorted(by_n.items()):
        page = tmp_path / f"play-{n}.html"
        page.write_text(play_page_html(n))
        browser.get(page.as_uri())
        for queens, forbidden in positions:
            browser.execute_script('document.getElementById("clear").click();' + CLICK, "#board",
                                   clicks_for(queens, forbidden))
            read = browser.execute_script(READ, "#board", "#status")
            assert shown(read) == expected(propagate(n, queens, forbidden)), (n, queens, forbidden)
    browser.save_screenshot(str(tmp_path / "play-page.png"))


#: Posed problems, each with random positions: the page's rules, its words and its regions.
POSED = ("regions-8", "starbattle-10", "domination-5", "two-per-line-6", "independent-domination-5")


def test_the_pages_rules_are_the_propagation_on_posed_problems(browser: Any, tmp_path: Path) -> None:
    """The posed problems' lines and bounds (regions, two a line, touching pairs, coverage):
    each cell's marks, the dead rows and columns and the status line, position by position,
    and the sentence a click on an attacked cell gets; the regions' colours and letters."""
    from nqueens.drawing.style import region_colours
    from nqueens.planning import spec_of

    rng = random.Random(8)
    settled = 0
    for name in POSED:
        spec = spec_of(name)
        page = tmp_path / f"{name}.html"
        page.write_text(play_page_html(name))
        browser.get(page.as_uri())
        problem = problem_of(spec)
        for _ in range(5):
            queens, forbidden = random_posed_position(rng, problem, spec.n)
            browser.execute_script('document.getElementById("clear").click();' + CLICK, "#board",
                                   clicks_for(queens, forbidden))
            p = propagate(spec, queens, forbidden)
            settled += p.dead or bool(p.forced)
            assert shown(browser.execute_script(READ, "#board", "#status")) == expected(p), \
                (name, queens, forbidden)
            open_to_click = sorted(set(p.attacked) - set(forbidden))
            if open_to_click:
                cell = rng.choice(open_to_click)
                browser.execute_script(CLICK, "#board", [(*cell, False)])
                message = browser.execute_script('return document.getElementById("message").textContent')
                assert message == p.why(cell) + ": no queen can stand there", (name, queens, cell)
        if spec.regions:
            colours = region_colours(spec.regions)
            drawn = browser.execute_script(REGIONS, "#board")
            assert drawn == [[r, c, colours[label], f"({r}, {c}), region {chr(65 + label)}"]
                             for r, row in enumerate(spec.regions) for c, label in enumerate(row)]
    assert settled >= 6  # forced queens and dead lines among the positions
    browser.save_screenshot(str(tmp_path / "play-posed.png"))


#: Each cell's row, column, background colour (as #rrggbb) and tooltip under arguments[0].
REGIONS = """
const hex = rgb => "#" + rgb.match(/\\d+/g).slice(0, 3).map(v => (+v).toString(16).padStart(2, "0")).join("");
return [...document.querySelectorAll(arguments[0] + " .cell")].map(e =>
  [+e.dataset.row, +e.dataset.col, hex(e.style.backgroundColor), e.title]);
"""


def test_the_page_refuses_and_undoes(browser: Any, tmp_path: Path) -> None:
    page = tmp_path / "play.html"
    page.write_text(play_page_html("completion-8-a1"))
    browser.get(page.as_uri())
    text = lambda id_: browser.execute_script(f'return document.getElementById("{id_}").textContent')  # noqa: E731
    assert "completion-8-a1" in browser.title
    read = browser.execute_script(READ, "#board", "#status")
    assert {(r, c) for r, c, names in read["cells"] if "given" in names.split()} == {(0, 0)}
    real_clicks(browser, "#board", [(0, 0, False)])  # the mouse, as the scripted clicks do
    assert text("message") == "(0, 0) is a given of the model; it stays"
    browser.execute_script(CLICK, "#board", [(1, 1, False)])
    assert text("message") == "(1, 1) is on the diagonal of the queen at (0, 0): no queen can stand there"
    real_clicks(browser, "#board", [(1, 2, False), (7, 7, True)])
    assert text("status") == propagate(8, [(0, 0), (1, 2)], [(7, 7)]).describe()
    browser.execute_script(CLICK, "#board", [(7, 7, True)])
    browser.execute_script(CLICK, "#board", [(1, 2, False)])
    assert text("message") == "removed the queen at (1, 2)"
    browser.execute_script('document.getElementById("undo").click()')
    assert text("status") == propagate(8, [(0, 0), (1, 2)]).describe()
    browser.execute_script(CLICK, "#board", [(1, 2, True)])
    assert text("message").startswith("(1, 2) holds a queen")


def widget_page(widget: Any, path: Path) -> Path:
    """A page that loads the widget's module as anywidget does (an ES module whose default
    export renders into an element), with a stand-in for the model: it holds the synced
    state, fires change events when Python's answer is set, and keeps what is sent."""
    state = {name: getattr(widget, name) for name in ("board", "status", "message", "page",
                                                      "backends", "can_undo")}
    script = """
class StandIn {
  constructor(state) { this.state = state; this.handlers = {}; this.sent = []; }
  get(name) { return this.state[name]; }
  set(name, value) { this.state[name] = value; for (const f of this.handlers["change:" + name] || []) f(); }
  on(name, f) { (this.handlers[name] = this.handlers[name] || []).push(f); }
  off(name, f) { this.handlers[name] = (this.handlers[name] || []).filter(g => g !== f); }
  save_changes() {}
  send(content) { this.sent.push(content); }
}
window.model = new StandIn(%STATE%);
const url = URL.createObjectURL(new Blob([%ESM%], {type: "text/javascript"}));
const widget = (await import(url)).default;
widget.render({model: window.model, el: document.getElementById("root")});
window.rendered = true;
"""
    script = (script.replace("%STATE%", json.dumps(state)).replace("%ESM%", json.dumps(widget._esm))
              .replace("</", "<\\/"))
    path.write_text(f'<!DOCTYPE html><html><head><meta charset="utf-8"><style>{widget._css}</style>'
                    f'</head><body><div id="root"></div><script type="module">{script}</script>'
                    '</body></html>')
    return path


SYNC = """
for (const [name, value] of Object.entries(arguments[0])) window.model.set(name, value);
"""


def answer(browser: Any, widget: Any) -> None:
    """Hand what the front end sent to the widget, and its new state back to the page."""
    for content in browser.execute_script("return window.model.sent.splice(0)"):
        widget._on_message(widget, content, [])
    browser.execute_script(SYNC, {name: getattr(widget, name) for name in
                                  ("board", "status", "message", "page", "can_undo")})


def test_the_widgets_front_end_draws_what_python_says(browser: Any, tmp_path: Path) -> None:
    require("anywidget", "pip install '.[notebook]'")
    from selenium.webdriver.support.ui import WebDriverWait

    for n in (5, 11):
        widget = nqueens.play(n)
        browser.get(widget_page(widget, tmp_path / f"widget-{n}.html").as_uri())
        WebDriverWait(browser, 10).until(lambda b: b.execute_script("return window.rendered === true"))
        positions = [(queens, forbidden) for size, queens, forbidden in random_positions(n, 6, range(n, n + 1))]
        for queens, forbidden in positions:
            browser.execute_script('document.querySelector("button[data-event=clear]").click();' + CLICK,
                                   "#root", clicks_for(queens, forbidden))
            answer(browser, widget)
            assert sorted(map(tuple, widget.queens)) == sorted(queens)
            read = browser.execute_script(READ, "#root", "#root .nq-status")
            assert shown(read) == expected(propagate(n, queens, forbidden)), (n, queens, forbidden)
    # a region puzzle: Python's propagation on its lines, drawn over its regions' colours
    widget = nqueens.play("regions-8")
    browser.get(widget_page(widget, tmp_path / "widget-regions.html").as_uri())
    WebDriverWait(browser, 10).until(lambda b: b.execute_script("return window.rendered === true"))
    rng, problem = random.Random(3), problem_of(widget.propagation.board)
    for _ in range(3):
        queens, forbidden = random_posed_position(rng, problem, 8)
        browser.execute_script('document.querySelector("button[data-event=clear]").click();' + CLICK,
                               "#root", clicks_for(queens, forbidden))
        answer(browser, widget)
        read = browser.execute_script(READ, "#root", "#root .nq-status")
        assert shown(read) == expected(propagate(widget.propagation.board, queens, forbidden))
    colours = widget.board["regions"]["colour"]
    assert [colour for *_, colour, _ in browser.execute_script(REGIONS, "#root")] == colours
    widget = nqueens.play(11)
    browser.get(widget_page(widget, tmp_path / "widget-11.html").as_uri())
    WebDriverWait(browser, 10).until(lambda b: b.execute_script("return window.rendered === true"))
    browser.execute_script('document.querySelector("button[data-event=clear]").click()')
    real_clicks(browser, "#root", [(0, 1, False), (3, 3, True)])  # the mouse
    answer(browser, widget)
    assert widget.queens == [[0, 1]] and widget.forbidden == [[3, 3]]
    assert shown(browser.execute_script(READ, "#root", "#root .nq-status")) == expected(widget.propagation)
    # the buttons: the backend chosen goes with "complete", whose answer is drawn
    browser.execute_script('document.querySelector(".nq-backend").value = "backtrack";'
                           'document.querySelector("button[data-event=complete]").click()')
    assert browser.execute_script('return document.querySelector(".nq-message").textContent') == "working..."
    answer(browser, widget)
    read = browser.execute_script(READ, "#root", "#root .nq-status")
    assert "[backend backtrack," in widget.message or widget.message.startswith("no completion")
    assert shown(read) == expected(widget.propagation)
    browser.execute_script('document.querySelector("button[data-event=trace]").click()')
    answer(browser, widget)
    assert browser.execute_script('return document.querySelector(".nq-page iframe").srcdoc.length') > 1000
    browser.save_screenshot(str(tmp_path / "play-widget.png"))


#: The rendered boxes of the column numbers' text under arguments[0] ([left, right] in px).
HEADER_TEXT = """
return [...document.querySelectorAll(arguments[0] + " .colhead")].map(e => {
  const range = document.createRange(); range.selectNodeContents(e);
  const box = range.getBoundingClientRect(), cell = e.getBoundingClientRect();
  return [+e.dataset.col, e.textContent, box.left, box.right, cell.left, cell.right,
          parseFloat(getComputedStyle(e).fontSize)];
});
"""


def test_two_digit_column_numbers_stay_apart(browser: Any, tmp_path: Path) -> None:
    from nqueens.playing.board import PLAY_MAX_N

    for n in (10, 12, 29, PLAY_MAX_N):
        page = tmp_path / f"play-{n}.html"
        page.write_text(play_page_html(n))
        browser.get(page.as_uri())
        heads = browser.execute_script(HEADER_TEXT, "#board")
        assert [(col, text) for col, text, *_ in heads] == [(c, str(c)) for c in range(n)]
        for col, _, left, right, cell_left, cell_right, points in heads:
            # each number is whole inside its own header cell, so none touches the next
            assert cell_left < left < right < cell_right, (n, col, left, right, cell_left, cell_right)
            assert points >= 9, (n, col, points)  # and not shrunk past reading
        gaps = [b[2] - a[3] for a, b in pairwise(heads)]
        assert min(gaps) >= 2, (n, min(gaps))
    browser.save_screenshot(str(tmp_path / "play-40.png"))
