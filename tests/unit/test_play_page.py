"""The play page as a file (`playing/page.py`): self-contained, with the board's rules and
drawing inside, the model's givens, and the same refusals as the widget. Its rules are held
to the propagation in a browser by tests/system/test_play_board.py."""

from __future__ import annotations

import json
import re

import pytest

from nqueens.errors import InputError, SpecError
from nqueens.playing.page import play_page_html


@pytest.mark.parametrize("board", [1, 8, "completion-8-a1"])
def test_the_page_is_self_contained(board: int | str) -> None:
    html = play_page_html(board)
    assert html.startswith("<!DOCTYPE html>") and html.count("<script>") == 1
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html)  # nothing fetched
    assert "<link" not in html and "import(" not in html
    script = html[html.index("<script>"):html.index("</script>")]
    assert "</" not in script.replace("<\\/", "")  # nothing in the script closes it early
    for function in ("nqPropagate", "nqDraw", "nqDescribe", "nqLegend"):
        assert f"function {function}(" in script


def test_the_models_givens_are_in_the_page() -> None:
    html = play_page_html("completion-8-a1")
    data = json.loads(re.search(r"const D = (\{.*?\});", html).group(1))  # type: ignore[union-attr]
    assert data == {"n": 8, "given": [[0, 0]], "given_forbidden": []}
    assert "<title>completion-8-a1: place the queens yourself</title>" in html


@pytest.mark.parametrize(("board", "error", "words"), [
    (41, InputError, "too large to play on"),
    ("torus-6", InputError, "queens' lines"),
    (0, SpecError, "positive integer"),
    ("no-such-model", SpecError, "bundled model"),
])
def test_what_cannot_be_played_is_refused(board: int | str, error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        play_page_html(board)
