"""The play widget of `nqueens.play`: an anywidget whose front end (`assets/play-widget.js`)
draws the board and sends every click and button here; Python keeps the position, asks
`nqueens.playing.rules` what it implies and hands it to the solvers through the package's
own API (`solve`, `count`, the textbook's trace), so the browser holds no rules.

Imported only by `play` (`playing/__init__.py`), once anywidget is known to be installed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

import anywidget
import traitlets

from ..errors import InputError, QueensError
from ..result import Outcome
from ..spec import Cell, Spec
from ..wording import plural
from .board import asset, board_script, board_style, board_words, play_spec
from .rules import Propagation, propagate

#: Seconds the buttons give a solver (a stopped search says so); `complete` and `count`
#: take `timeout=` from Python.
PLAY_TIMEOUT = 10.0


def _cells(cells: Iterable[Cell]) -> list[list[int]]:
    return [[r, c] for r, c in cells]


def _route(outcome: Outcome) -> str:
    """The route that ran, as the command line names it: "auto: backtrack, propagate
    order" or "backend sat"."""
    if outcome.rule is not None:
        return f"auto: {outcome.rule.describe()}"
    return f"backend {outcome.backend}"


class PlayWidget(anywidget.AnyWidget):
    """A board to play on (see `nqueens.play`).

    Readable: `queens`, `forbidden` (also settable, as lists of [row, col]), `attacked`,
    `excluded`, `forced`, `dead_rows`, `dead_columns`, `spec` (the position as a Spec: its
    queens fixed), `propagation` (all of it, `nqueens.playing.rules.Propagation`). Actions,
    the buttons' too: `click(row, col, shift=False)`, `complete(backend=...)`,
    `count(backend=...)`, `explain()`, `undo()`, `clear()`, `trace()`.
    """

    _esm = board_script() + asset("play-widget.js")
    _css = board_style()
    #: What the front end draws: the propagation's state plus the givens.
    board = traitlets.Dict().tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    #: The step-through page of `trace()` (shown below the board), or "".
    page = traitlets.Unicode("").tag(sync=True)
    backends = traitlets.List(traitlets.Unicode()).tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)

    def __init__(self, board: int | Spec | str) -> None:
        spec = play_spec(board)
        super().__init__()
        from ..backends import DEFAULT_BACKEND, backend_names

        self.backends = [DEFAULT_BACKEND, *backend_names()]
        self._board = replace(spec, fixed=(), forbidden=())  # the rules, without the givens
        self._given, self._given_forbidden = spec.fixed, spec.forbidden
        words = board_words(spec)  # the regions and the legend's kind of board; Python words
        self._look = {"regions": words["regions"], "posed": words["posed"]}
        self._history: list[tuple[tuple[Cell, ...], tuple[Cell, ...]]] = []
        self._propagation = self._show(propagate(spec))
        self.on_msg(self._on_message)

    # -- the position ---------------------------------------------------------------------

    @property
    def propagation(self) -> Propagation:
        return self._propagation

    @property
    def spec(self) -> Spec:
        """The position as a Spec: the queens on the board fixed, its forbidden cells (an
        InputError when a posed problem's Spec cannot state it: forbidden cells leaving a
        line too few, a position without completion; the buttons then say so)."""
        return self._propagation.spec

    @property
    def n(self) -> int:
        return self._board.n

    @property
    def queens(self) -> list[list[int]]:
        """Every queen on the board (the givens too), as [row, col], sorted."""
        return _cells(self._propagation.queens)

    @queens.setter
    def queens(self, cells: Iterable[Any]) -> None:
        self._move(cells, self._propagation.forbidden, "")

    @property
    def forbidden(self) -> list[list[int]]:
        return _cells(self._propagation.forbidden)

    @forbidden.setter
    def forbidden(self, cells: Iterable[Any]) -> None:
        self._move(self._propagation.queens, cells, "")

    @property
    def attacked(self) -> list[list[int]]:
        return _cells(self._propagation.attacked)

    @property
    def excluded(self) -> list[list[int]]:
        return _cells(self._propagation.excluded)

    @property
    def forced(self) -> list[list[int]]:
        return _cells(self._propagation.forced_cells)

    @property
    def dead_rows(self) -> list[int]:
        return list(self._propagation.dead_rows)

    @property
    def dead_columns(self) -> list[int]:
        return list(self._propagation.dead_columns)

    def _move(self, queens: Iterable[Any], forbidden: Iterable[Any], message: str) -> None:
        """Go to a new position (recorded for `undo`), refusing one without the givens."""
        propagation = propagate(self._board, queens, forbidden)
        for kind, given, now in (("queen", self._given, propagation.queens),
                                 ("forbidden cell", self._given_forbidden, propagation.forbidden)):
            missing = sorted(set(given) - set(now))
            if missing:
                raise InputError(f"the {kind} at {missing[0]} is a given of {self._name()}; "
                                 "it stays (play a plain board to change it)")
        self._history.append((self._propagation.queens, self._propagation.forbidden))
        self._propagation = self._show(propagation)
        self.message = message

    def _show(self, propagation: Propagation) -> Propagation:
        with self.hold_sync():
            self.board = {**propagation.state(), "given": _cells(self._given),
                          "given_forbidden": _cells(self._given_forbidden), **self._look}
            self.status = propagation.describe()
            self.can_undo = bool(self._history)
        return propagation

    def _name(self) -> str:
        return self._board.name or "the model"

    # -- actions (the buttons call these too) ---------------------------------------------

    def click(self, row: int, col: int, shift: bool = False) -> str:
        """What a click on (row, col) does: place a queen on a cell no queen attacks, remove
        a queen; with `shift`, mark a cell forbidden or allow it again. Returns (and shows)
        what happened, or why nothing did."""
        cell = (row, col)
        p = self._propagation
        if not (0 <= row < self.n and 0 <= col < self.n):
            raise InputError(f"({row}, {col}) is off the {self.n}x{self.n} board")
        if cell in self._given or cell in self._given_forbidden:
            self.message = f"{cell} is a given of {self._name()}; it stays"
        elif shift and cell in p.queens:
            self.message = f"{cell} holds a queen; remove it first (click it)"
        elif shift:
            forbidden = set(p.forbidden) ^ {cell}
            done = "forbidden" if cell in forbidden else "allowed again"
            self._move(p.queens, sorted(forbidden), f"{cell} is {done}")
        elif cell in p.queens:
            self._move(set(p.queens) - {cell}, p.forbidden, f"removed the queen at {cell}")
        elif cell in p.forbidden:
            self.message = f"{cell} is forbidden; shift-click it to allow it again"
        elif cell in p.attacked:
            self.message = p.why(cell) + ": no queen can stand there"
        else:
            self._move([*p.queens, cell], p.forbidden, f"placed a queen at {cell}")
        return str(self.message)

    def undo(self) -> None:
        """Back to the position before the last change (placing, removing, forbidding,
        completing, setting `queens` or `forbidden`)."""
        if not self._history:
            self.message = "nothing to undo"
            return
        queens, forbidden = self._history.pop()
        self._propagation = self._show(propagate(self._board, queens, forbidden))
        self.message = "undone"

    def clear(self) -> None:
        """Back to the givens (the model's fixed queens and forbidden cells); undo returns."""
        self._move(self._given, self._given_forbidden, "cleared: the givens only")

    def complete(self, backend: str = "auto", *, timeout: float | None = PLAY_TIMEOUT) -> Outcome:
        """Find a completion of this position with `backend` (any registry name, or "auto")
        and place its queens on the board; when none exists the board stays and the message
        says so. Returns the search's Outcome (`outcome.unsatisfiable`: none exists)."""
        from ..api import solve
        from ..posed.validation import as_cells
        from ..validator import find_violations

        spec, before = self.spec, len(self._propagation.queens)
        outcome = solve(spec, backend=backend, timeout=timeout)
        timing = f"[{_route(outcome)}, {outcome.elapsed:.3f} s]"
        if outcome.solution is not None:
            broken = find_violations(spec, outcome.solution)
            if broken:  # the shared validator stands between every backend and the board
                raise InputError(f"{_route(outcome)} returned a placement that breaks a rule: "
                                 f"{broken[0].describe()}")
            cells = [tuple(cell) for cell in as_cells(spec, outcome.solution)]
            added = len(cells) - before
            self._move(cells, self._propagation.forbidden,
                       f"completed: {added} {plural(added, 'queen')} added {timing}")
        elif outcome.unsatisfiable:
            dead = f"\n{self._propagation.explain()}" if self._propagation.dead else ""
            self.message = f"no completion exists from here {timing}{dead}"
        else:
            self.message = (f"no completion found before the search stopped "
                            f"({outcome.status.value}) {timing}")
        return outcome

    def count(self, backend: str = "auto", *, timeout: float | None = PLAY_TIMEOUT) -> Outcome:
        """Count the completions of this position with `backend`; shows and returns the
        count (a lower bound when the search stopped)."""
        from ..api import count

        outcome = count(self.spec, backend=backend, timeout=timeout)
        timing = f"[{_route(outcome)}, {outcome.elapsed:.3f} s]"
        if outcome.complete:
            plural = "" if outcome.count == 1 else "s"
            self.message = f"{outcome.count:,} completion{plural} from here {timing}"
        else:
            self.message = (f"at least {outcome.count:,} completions from here (the count "
                            f"stopped: {outcome.status.value}) {timing}")
        return outcome

    def explain(self, *, timeout: float | None = PLAY_TIMEOUT) -> str:
        """Why this position has no completion: its dead rows and columns, cell by cell,
        when it has some, and the queens and forbidden cells to blame (`nqueens.explain`):
        a minimal set of them that leaves no completion on its own, each needed (the set
        less any one has a completion, the other pieces aside), and one to take back for a
        completion. A position
        with a completion says so."""
        from ..api import explain

        p = self._propagation
        why = explain(self.spec, repair=True, timeout=timeout)
        timing = f"[{why.stats.get('oracle', '?')} oracle, {why.elapsed:.3f} s]"
        if why.satisfiable:
            text = f"a completion exists (complete from here places one) {timing}"
        elif why.satisfiable is None:
            text = f"undecided: the search stopped before an answer {timing}"
        else:
            lines = [p.explain()] if p.dead else []
            lines.append(self._blame(why) + f" {timing}")
            text = "\n".join(lines)
        self.message = text
        return text

    def _blame(self, why: Any) -> str:
        """The explanation's set in the board's words: queens and forbidden cells."""
        if why.board_unsatisfiable:
            return (f"no completion: a {self.n}x{self.n} board has no solution even without "
                    "queens or forbidden cells")
        queens = [given.cells[0] for given in why.core if given.places_queen]
        forbidden = [given.cells[0] for given in why.core if not given.places_queen]
        parts = [f"{len(cells)} {noun if len(cells) == 1 else noun + 's'} "
                 f"{', '.join(map(str, cells))}"
                 for noun, cells in (("queen", queens), ("forbidden cell", forbidden)) if cells]
        one = len(why.core) == 1
        # a completion of the set less one piece, not of the position: the others aside
        needed = ("the bare board has a completion" if one
                  else "the set less any one of them has a completion, the other pieces aside")
        kind = needed if why.minimal else "not proved minimal"
        text = (f"no completion: {' and '.join(parts)} already {'leaves' if one else 'leave'} "
                f"none ({kind})")
        if why.repair is not None and why.repair.removed and not one:
            dropped = ", ".join(f"the {'queen' if given.places_queen else 'forbidden cell'} at "
                                f"{given.cells[0]}" for given in why.repair.removed)
            text += f"; without {dropped} one exists"
        return text

    def trace(self) -> Any:
        """The textbook's backtracking walk from this position (its queens pre-placed), to
        the first solution, as the step-through page shown below the board; returns the
        `nqueens.Trace`."""
        from ..pictures.display import Trace

        walk = Trace(self.spec)
        self.page = walk.html()
        self.message = "the textbook's walk from this position, below: step through it"
        return walk

    # -- the front end --------------------------------------------------------------------

    _EVENTS = ("click", "complete", "count", "explain", "undo", "clear", "trace")

    def _on_message(self, _widget: Any, content: Mapping[str, Any], _buffers: Any) -> None:
        """A click or a button from the front end; an error becomes the message line."""
        event = content.get("event")
        try:
            if event == "click":
                self.click(int(content["row"]), int(content["col"]), bool(content.get("shift")))
            elif event in ("complete", "count"):
                getattr(self, event)(backend=str(content.get("backend") or "auto"))
            elif event in self._EVENTS:
                getattr(self, str(event))()
        except QueensError as error:
            self.message = str(error)
        except (KeyError, TypeError, ValueError):  # not what play-widget.js sends
            self.message = f"a message the board does not understand: {dict(content)!r}"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget, and a picture of the position for where no widget runs (a notebook
        rendered to a page, a viewer without the widget's front end)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        picture = self._propagation.svg(given=self._given)
        if data is not None and picture is not None:
            data["text/html"] = f'<div class="nqueens-play-snapshot">{picture}</div>'
        return bundle

    def __repr__(self) -> str:
        return f"play({self._name() if self._board.name else self.n}): {self.status}"
