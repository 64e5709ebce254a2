"""The play widget from Python (`nqueens.play`), without a kernel: its state set and read,
the clicks and buttons the front end sends, `complete` and `count` against brute force,
and `play` without anywidget. The front end itself is clicked in the browser test
(tests/system/test_play_board.py), the widget shown by a real kernel in test_notebook.py."""

from __future__ import annotations

import sys
from typing import Any

import pytest

import nqueens
from nqueens.backends import backend_names
from nqueens.errors import InputError, SpecError
from nqueens.validator import find_violations

from brute_force import brute_force_solutions
from optional import require
from positions import random_positions

require("anywidget", "pip install '.[notebook]'")


def test_placing_a_queen_attacks_its_lines() -> None:
    w = nqueens.play(8)
    w.queens = [[0, 0]]
    assert [1, 1] in w.attacked and [0, 5] in w.attacked and [1, 2] not in w.attacked
    assert w.board["attacked"] == w.attacked and w.board["queens"] == [[0, 0]]  # what is drawn
    assert w.status == "8x8: 1 queen; 21 attacked"


def test_a_row_with_one_free_cell_forces_its_queen() -> None:
    w = nqueens.play(5)
    w.forbidden = [[2, 0], [2, 1], [2, 3], [2, 4]]
    assert w.forced[0] == [2, 2] and w.board["forced"][0] == [2, 2]
    w.queens = [[0, 1]]  # (2, 2) forced, whose lines leave row 1 one cell, and so on
    assert w.forced == [[2, 2], [1, 4], [3, 0], [4, 3]] and not w.dead_rows
    w.queens = [[0, 0]]  # on (2, 2)'s diagonal: row 2 has no free cell left
    assert w.forced == [] and w.dead_rows == [2] and "dead: row 2" in w.status


def test_clicks_place_remove_and_forbid() -> None:
    w = nqueens.play(6)
    assert w.click(0, 1) == "placed a queen at (0, 1)" and w.queens == [[0, 1]]
    assert w.click(1, 1).endswith("on the column of the queen at (0, 1): no queen can stand there")
    assert w.queens == [[0, 1]]
    assert w.click(3, 3, shift=True) == "(3, 3) is forbidden" and w.forbidden == [[3, 3]]
    assert w.click(3, 3) == "(3, 3) is forbidden; shift-click it to allow it again"
    assert w.click(0, 1, shift=True).startswith("(0, 1) holds a queen")
    assert w.click(0, 1) == "removed the queen at (0, 1)" and w.queens == []
    w.undo()
    assert w.queens == [[0, 1]] and w.forbidden == [[3, 3]] and w.can_undo
    w.clear()
    assert w.queens == [] and w.forbidden == []
    w.undo()
    w.undo()
    w.undo()
    assert w.queens == [] and w.forbidden == [] and not w.can_undo
    w.undo()
    assert w.message == "nothing to undo"


def test_the_models_givens_stay() -> None:
    w = nqueens.play("completion-8-a1")
    assert w.queens == [[0, 0]] and w.board["given"] == [[0, 0]]
    assert w.click(0, 0) == "(0, 0) is a given of completion-8-a1; it stays"
    with pytest.raises(InputError, match=r"the queen at \(0, 0\) is a given of completion-8-a1"):
        w.queens = [[1, 2]]
    w.click(1, 2)
    w.clear()
    assert w.queens == [[0, 0]]


def test_bad_positions_from_python_change_nothing() -> None:
    w = nqueens.play(8)
    w.queens = [[0, 0]]
    with pytest.raises(SpecError, match="attack each other"):
        w.queens = [[0, 0], [3, 3]]
    with pytest.raises(SpecError, match="off the 8x8 board"):
        w.forbidden = [[9, 0]]
    with pytest.raises(InputError, match="off the 8x8 board"):
        w.click(8, 0)
    assert w.queens == [[0, 0]] and w.forbidden == []


def test_the_front_ends_messages_reach_the_actions() -> None:
    w = nqueens.play(4)
    w._on_message(w, {"event": "click", "row": 0, "col": 1, "shift": False}, [])
    assert w.queens == [[0, 1]] and w.forced == [[1, 3], [2, 0], [3, 2]]
    w._on_message(w, {"event": "complete", "backend": "backtrack"}, [])
    assert w.queens == [[0, 1], [1, 3], [2, 0], [3, 2]] and "[backend backtrack," in w.message
    w._on_message(w, {"event": "undo"}, [])
    w._on_message(w, {"event": "count", "backend": "auto"}, [])
    assert w.message.startswith("1 completion from here [auto: ")
    w._on_message(w, {"event": "complete", "backend": "nosuch"}, [])
    assert "nosuch" in w.message and w.queens == [[0, 1]]  # an error is the message line
    w._on_message(w, {"event": "click", "row": "x"}, [])
    assert w.message.startswith("a message the board does not understand") and w.queens == [[0, 1]]
    w._on_message(w, {"event": "trace"}, [])
    assert w.page.startswith("<!DOCTYPE html>") and "step by step" in w.page


#: Positions on boards of 4..8 with their completions, found by brute force.
SMALL = [(n, queens, forbidden, brute_force_solutions(n, tuple(queens), tuple(forbidden)))
         for n, queens, forbidden in random_positions(1, 25, range(4, 9))]


@pytest.mark.parametrize("backend", ["auto", *backend_names(exhaustive_only=True)])
def test_complete_extends_the_position_or_says_none_exists(backend: str) -> None:
    assert sum(bool(completions) for *_, completions in SMALL) in range(5, 21)  # both answers
    for n, queens, forbidden, completions in SMALL:
        w = nqueens.play(n)
        w.forbidden = forbidden
        w.queens = queens
        outcome = w.complete(backend=backend)
        where = (backend, n, queens, forbidden)
        if completions:
            assert outcome.solution in completions, where
            assert find_violations(w.spec, outcome.solution) == [], where
            assert w.queens == [[r, c] for r, c in enumerate(outcome.solution)], where
            added = n - len(queens)
            assert w.message.startswith(
                f"completed: {added} {'queen' if added == 1 else 'queens'} added"), where
        else:
            assert outcome.unsatisfiable, where
            assert sorted(map(tuple, w.queens)) == sorted(queens), where  # the board stays
            assert w.message.startswith("no completion exists from here"), where


def test_count_and_explain() -> None:
    w = nqueens.play(8)
    w.queens = [[0, 0]]
    assert w.count().count == len(brute_force_solutions(8, ((0, 0),)))
    w.complete()
    assert w.count(backend="backtrack").count == 1  # a full board completes only itself
    w.queens = [[0, 0], [1, 2], [2, 4]]
    text = w.explain()
    assert text.startswith("no completion: no free cell is left in column 5\ncolumn 5:\n")
    # the dead line, then the queens to blame: (0, 0) and (1, 2) alone leave no completion
    assert not brute_force_solutions(8, ((0, 0), (1, 2)))
    assert all(brute_force_solutions(8, (queen,)) for queen in ((0, 0), (1, 2)))
    assert "\nno completion: 2 queens (0, 0), (1, 2) already leave none (the set less any one" in text
    assert w.message == text
    w = nqueens.play("completion-6-corner")
    assert not brute_force_solutions(6, ((0, 0),))
    assert w.explain().startswith("no completion: 1 queen (0, 0) already leaves none (the bare "
                                  "board has a completion) [")
    w = nqueens.play(6)
    w.forbidden = [[0, 1], [0, 2], [0, 3], [0, 4]]  # no line dead, yet no completion:
    forbidden = ((0, 1), (0, 2), (0, 3), (0, 4))  # each of the four solutions needs one
    assert not w.dead_rows and not w.dead_columns and not brute_force_solutions(6, (), forbidden)
    assert all(brute_force_solutions(6, (), tuple(set(forbidden) - {cell})) for cell in forbidden)
    assert w.explain().startswith("no completion: 4 forbidden cells (0, 1), (0, 2), (0, 3), "
                                  "(0, 4) already leave none (the set less any one of them")
    w = nqueens.play(6)
    assert w.explain().startswith("a completion exists")
    w = nqueens.play(3)
    assert w.explain().startswith("no completion: a 3x3 board has no solution even without")


def test_outside_a_live_notebook_the_widget_is_a_picture() -> None:
    w = nqueens.play(6)
    w.queens = [[0, 1]]
    data, _ = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    html = data["text/html"]
    assert html.count('class="queen"') == 1 and html.count('class="attacked"') == len(w.attacked)


def test_play_refuses_what_cannot_be_played() -> None:
    with pytest.raises(InputError, match="queens' lines"):
        nqueens.play("torus-6")
    with pytest.raises(InputError, match="too large to play on"):
        nqueens.play(41)
    with pytest.raises(SpecError):
        nqueens.play(0)


def test_without_anywidget_play_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "anywidget", None)  # an import of it now fails
    with pytest.raises(InputError) as caught:
        nqueens.play(8)
    message: Any = str(caught.value)
    assert "\n" not in message
    assert "pip install 'nqueens[notebook]'" in message and "pip install '.[notebook]'" in message


def test_a_posed_problem_is_played_by_its_own_lines() -> None:
    """A region puzzle: its regions drawn (a colour and a letter per cell), its lines' words
    in the messages, a completion placed from the solver's cells, the givens none."""
    w = nqueens.play("regions-8")
    spec = w.propagation.board
    assert w.board["posed"] == {"regions": True, "coverage": False}
    assert w.board["regions"]["name"][:8] == list("ABBBBCDD")  # the model file's first row
    assert len(set(w.board["regions"]["colour"])) == 8  # eight regions, eight colours
    assert w.click(0, 2) == "placed a queen at (0, 2)"
    assert w.click(1, 3) == "(1, 3) is on region B of the queen at (0, 2): no queen can stand there"
    assert w.click(1, 1) == "(1, 1) is touching the queen at (0, 2): no queen can stand there"
    outcome = w.complete(backend="backtrack")
    assert outcome.solution == (2, 0, 3, 7, 4, 6, 1, 5)  # the puzzle's one solution
    assert w.message.startswith("completed: 7 queens added") and w.status.endswith("; a solution")
    assert find_violations(spec, outcome.solution) == []
    w.clear()
    w.forbidden = [[7, c] for c in range(8)]  # row 7 left without a cell: dead, not an error
    assert w.dead_rows == [7] and "dead: row 7, region H (no completion)" in w.status  # H: row 7
    w._on_message(w, {"event": "count", "backend": "auto"}, [])
    assert w.message.startswith("the forbidden cells leave row 7, region H too few cells for their")
    dominating = nqueens.play("domination-5")
    dominating.queens = [[2, 2]]
    assert dominating.board["uncovered"] and dominating.status.endswith("; 8 cells to cover")
