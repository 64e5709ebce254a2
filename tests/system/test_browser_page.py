"""The step-through page in a real browser (headless Chromium driven by Selenium): `trace 4
--all` is loaded, stepped with the "next" button and the arrow keys, and at every event the
sentence, the board and the running counts must match the book's steps (a) to (k)
(/work/shared/FACTS.md, seed 000), transcribed here by hand.

The browser is the system lane's one Chromium session (the `browser` fixture of
tests/conftest.py).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from nqueens.cli import main

# The book's steps for n = 4 (FACTS.md "The step trace for n = 4"), event by event.
NP = "is nonpromising: "
BOOK = [
    ("a", "<1,1> is promising"),
    ("b", f"<2,1> {NP}queen 1 is in column 1"),
    ("b", f"<2,2> {NP}queen 1 is on the left diagonal"),
    ("b", "<2,3> is promising"),
    ("c", f"<3,1> {NP}queen 1 is in column 1"),
    ("c", f"<3,2> {NP}queen 2 is on the right diagonal"),
    ("c", f"<3,3> {NP}queen 2 is in column 3"),
    ("c", f"<3,4> {NP}queen 2 is on the left diagonal"),
    ("d", "backtrack to <1,1>"),
    ("d", "<2,4> is promising"),
    ("e", f"<3,1> {NP}queen 1 is in column 1"),
    ("e", "<3,2> is promising"),
    ("f", f"<4,1> {NP}queen 1 is in column 1"),
    ("f", f"<4,2> {NP}queen 3 is in column 2"),
    ("f", f"<4,3> {NP}queen 3 is on the left diagonal"),
    ("f", f"<4,4> {NP}queen 2 is in column 4"),
    ("g", "backtrack to <2,4>"),
    ("g", f"<3,3> {NP}queen 2 is on the right diagonal"),
    ("g", f"<3,4> {NP}queen 2 is in column 4"),
    ("h", "backtrack to the root"),
    ("h", "<1,2> is promising"),
    ("i", f"<2,1> {NP}queen 1 is on the right diagonal"),
    ("i", f"<2,2> {NP}queen 1 is in column 2"),
    ("i", f"<2,3> {NP}queen 1 is on the left diagonal"),
    ("i", "<2,4> is promising"),
    ("j", "<3,1> is promising"),
    ("k", f"<4,1> {NP}queen 3 is in column 1"),
    ("k", f"<4,2> {NP}queen 1 is in column 2"),
    ("k", "<4,3> is promising"),
    ("k", "solution: columns (2, 4, 1, 3)"),
]


def expected_states() -> list[tuple[set[tuple[int, int]], int | None, tuple[int, int, int]]]:
    """For each book event: the queens on the board (1-based cells), the row of the queen
    named as attacker (or None) and the counts (nodes checked, promising, solutions), the
    root counted, worked out from the book's text alone."""
    path: dict[int, int] = {}
    checked, promising, found = 1, 1, 0
    out = []
    for _, text in BOOK:
        attacker = None
        if text.startswith("backtrack"):
            cell = re.search(r"<(\d),(\d)>", text)
            keep = int(cell.group(1)) if cell else 0
            path = {r: c for r, c in path.items() if r <= keep}
            queens = set(path.items())
        elif text.startswith("solution"):
            found += 1
            queens = set(path.items())
        else:
            cell = re.match(r"<(\d),(\d)>", text)
            assert cell is not None, text
            row, col = map(int, cell.groups())
            path = {r: c for r, c in path.items() if r < row}
            queens = set(path.items()) | {(row, col)}
            checked += 1
            if "nonpromising" in text:
                named = re.search(r"queen (\d)", text)
                assert named is not None, text
                attacker = int(named.group(1))
            else:
                promising += 1
                path[row] = col
        out.append((queens, attacker, (checked, promising, found)))
    return out


#: What the page shows, read in one call (a WebDriver command costs tens of milliseconds):
#: the sentence, the queens on the board (1-based cells), the row of the queen named as
#: attacker (or null), the three counts and the tree's visible nodes.
READ = """
const text = id => document.getElementById(id).textContent;
const attacker = document.querySelector("#board .attacker");
return [text("sentence"),
        [...document.querySelectorAll("#board g.queen")].map(q => [+q.dataset.row, +q.dataset.col]),
        attacker ? +attacker.dataset.row : null,
        [+text("checked"), +text("promising"), +text("solutions")],
        [...document.querySelectorAll("#tree g.node")].filter(g => getComputedStyle(g).display !== "none").length];
"""


def page_state(driver: Any) -> tuple[str, set[tuple[int, int]], int | None, tuple[int, ...], int]:
    sentence, queens, attacker, counts, nodes = driver.execute_script(READ)
    return sentence, {(r, c) for r, c in queens}, attacker, tuple(counts), nodes


def test_page_steps_through_the_book(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    page = tmp_path / "trace.html"
    assert main(["trace", "4", "--all", "--output", str(page)]) == 0
    browser.get(page.as_uri())
    _, queens, attacker, counts, _ = page_state(browser)
    assert counts[0] == 1 and (queens, attacker) == (set(), None)
    body = browser.find_element(By.TAG_NAME, "body")
    nexts = browser.find_element(By.ID, "next")
    states = expected_states()
    for index, ((step, sentence), (queens, attacker, counts)) in enumerate(zip(BOOK, states, strict=True)):
        if index < len(BOOK) // 2:
            nexts.click()
        else:
            body.send_keys(Keys.ARROW_RIGHT)
        shown = page_state(browser)
        where = f"event {index + 1}: {sentence}"
        assert shown[0] == f"({step}) {sentence}", where
        assert shown[1:3] == (queens, attacker), where
        assert shown[3] == counts, where
        assert shown[4] == counts[0], where  # the tree grew, one node per node checked
    browser.save_screenshot(str(tmp_path / "k.png"))
    body.send_keys(Keys.ARROW_LEFT)
    assert page_state(browser)[0] == "(k) <4,3> is promising"
    body.send_keys(Keys.END)  # the whole tree: FACTS.md, n = 4: 61 checked, 17 promising
    assert page_state(browser)[3] == (61, 17, 2)
    body.send_keys(Keys.HOME)
    _, queens, _, counts, _ = page_state(browser)
    assert counts[0] == 1 and queens == set()


def test_page_is_self_contained(tmp_path: Path) -> None:
    page = tmp_path / "tree.html"
    assert main(["tree", "5", "--output", str(page)]) == 0
    html = page.read_text()
    assert html.startswith("<!DOCTYPE html>") and "<script>" in html
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html)  # nothing fetched
    assert "<link" not in html


@pytest.mark.parametrize("argv", [["trace", "9", "--all"], ["trace", "14"],
                                  ["tree", "9"], ["trace", "4"]])
def test_page_refusals_write_nothing(argv: list[str], tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    name = "out.txt" if argv == ["trace", "4"] else "out.html"
    assert main([*argv, "--output", str(tmp_path / name)]) == 2
    assert capsys.readouterr().err.startswith("nqueens: error: ")
    assert list(tmp_path.iterdir()) == []


def test_page_is_not_overwritten_without_force(tmp_path: Path) -> None:
    page = tmp_path / "t.html"
    page.write_text("mine")
    assert main(["trace", "4", "--output", str(page)]) == 2
    assert page.read_text() == "mine"
    assert main(["trace", "4", "--output", str(page), "--force"]) == 0
    assert page.read_text().startswith("<!DOCTYPE html>")
