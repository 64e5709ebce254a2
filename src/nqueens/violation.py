"""What a broken rule is: the record every checker reports (the validator of the n-queens
problem and its variants, the posed problems' own validator, `verify`), and its sentence.

It lives apart from both checkers so that each can report it without importing the other.
"""

from __future__ import annotations

from dataclasses import dataclass

from .variants import Cell

__all__ = ["Violation"]


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: `rule` is a short key, `cells` the queens (or cell) involved."""

    rule: str
    cells: tuple[Cell, ...] = ()
    detail: str = ""
    #: for "range": the board size, so the sentence can give the valid range
    n: int = 0

    @property
    def pairs(self) -> int:
        """Attacking pairs this violation stands for (k queens on one line: k(k-1)/2)."""
        if self.rule in _SHARED_LINE_RULES or self.rule == "knight":
            k = len(self.cells)
            return k * (k - 1) // 2
        return 0

    def describe(self, one_based: bool = False) -> str:
        """A sentence naming the cells in the numbering asked for, e.g. "queens at (0, 0)
        and (3, 3) share a diagonal"."""
        shift = 1 if one_based else 0
        names = [f"({r + shift}, {c + shift})" for r, c in self.cells]
        if self.rule in _SHARED_LINE_RULES and len(names) == 2:
            return f"queens at {names[0]} and {names[1]} share {_SHARED_LINE_RULES[self.rule]}"
        if self.rule in _SHARED_LINE_RULES:
            shown = names if len(names) <= 20 else names[:20] + [f"{len(names) - 20} more"]
            return (f"queens at {', '.join(shown[:-1])} and {shown[-1]} share "
                    f"{_SHARED_LINE_RULES[self.rule]}: {self.pairs:,} attacking pairs")
        if self.rule == "range" and names:
            (r, c), = self.cells
            return (f"row {r + shift}: column {c + shift} is off the board "
                    f"({shift}..{self.n - 1 + shift})")
        if self.rule == "knight" and len(names) == 2:
            return f"queens at {names[0]} and {names[1]} are a knight's move apart"
        if self.rule == "fixed":
            return f"cell {names[0]} must hold a queen (fixed) but is empty"
        if self.rule == "forbidden":
            return f"queen at {names[0]} stands on a forbidden cell"
        return self.detail

    def _repr_html_(self) -> str:
        """The broken rule in a sentence, for notebooks."""
        from html import escape

        return (f'<span class="nqueens-violation"><b>{escape(self.rule)}</b>: '
                f"{escape(self.describe())}</span>")



_SHARED_LINE_RULES = {
    "row": "a row",
    "column": "a column",
    "diagonal": "a diagonal",
    "anti-diagonal": "an anti-diagonal",
}
