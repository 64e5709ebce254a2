"""The play page: one self-contained HTML file (inline style and script, nothing fetched,
no kernel) with the board of `nqueens.play` to click on: place and remove queens, mark cells
forbidden, and see the attacked cells, the forced queens and the dead lines, on a queens
board or a posed problem (its regions coloured).

With no Python behind it, the page runs the propagate order's rules in its own script
(`assets/play-rules.js`) on the board's lines, which Python lists with their words
(`const L`, `board.board_words`), so the page words nothing of its own; a browser test
holds the script to `nqueens.playing.rules` on random positions. The board's drawing code
and style are the widget's (`board.py`), the page's frame the step-through page's
(`pictures.page.BASE_STYLE`).
"""

from __future__ import annotations

import json
from html import escape

from ..pictures.page import BASE_STYLE, HEAD
from ..spec import Spec
from .board import asset, board_script, board_style, board_words, play_spec


def play_page_html(board: int | Spec | str) -> str:
    """The play page for a board size, a queens Spec, a posed problem or a model (its fixed
    queens and forbidden cells are givens that stay), as one HTML string.

    Raises:
        InputError, SpecError: as `play.play_spec`.
    """
    spec = play_spec(board)
    data = {"n": spec.n, "given": [list(cell) for cell in spec.fixed],
            "given_forbidden": [list(cell) for cell in spec.forbidden]}
    name = spec.name or spec.describe()
    words = json.dumps(board_words(spec), separators=(",", ":"))
    script = "\n".join((board_script(), asset("play-rules.js"),
                        f"const D = {json.dumps(data)};", f"const L = {words};",
                        asset("play-page.js")))
    return (_TEMPLATE.replace("%BASE_STYLE%", BASE_STYLE)
            .replace("%BOARD_STYLE%", board_style())
            .replace("%TITLE%", escape(f"{name}: place the queens yourself"))
            .replace("%SCRIPT%", script.replace("</", "<\\/")))


_TEMPLATE = HEAD + """%BOARD_STYLE%
</style>
</head>
<body class="nq-play">
<h1>%TITLE%</h1>
<div class="controls">
 <button id="undo" title="Ctrl+Z">&#x21B6; undo</button>
 <button id="clear">clear</button>
 <span class="hint">rows and columns are numbered from 0, as in nqueens' Python API</span>
</div>
<div class="nq-main">
 <div id="board"></div>
 <div class="nq-side">
  <div id="status" class="nq-status"></div>
  <div id="message" class="nq-message"></div>
  <div id="legend" class="nq-legend"></div>
 </div>
</div>
<script>
"use strict";
%SCRIPT%
</script>
</body>
</html>
"""
