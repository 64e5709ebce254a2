"""What a run of lines asks, in words, for the notes and comments of the exported files
(XCSP3 block notes, OPB comment lines): "exactly 1 each", "at most 1 each", "at least 1
each" (every cell allowed above it), or "bounds per line" when the lines differ."""

from __future__ import annotations

from collections.abc import Sequence

from ..spec import Line

__all__ = ["amount", "words"]


def words(line: Line) -> str:
    """One line's bounds: "exactly k", "at most hi", "at least lo" or "lo to hi"."""
    lo, hi = line.lo, line.hi
    if lo == hi:
        return f"exactly {lo}"
    if lo == 0:
        return f"at most {hi}"
    return f"at least {lo}" if hi >= len(line.cells) else f"{lo} to {hi}"


def amount(lines: Sequence[Line]) -> str:
    """The bounds of a run of lines, "... each" when they agree."""
    said = {words(line) for line in lines}
    return f"{said.pop()} each" if len(said) == 1 else "bounds per line"
