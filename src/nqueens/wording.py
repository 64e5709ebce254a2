"""How messages word what recurs in them: a count with its noun ("1 solution", "2
solutions"), and how to install an extra, from PyPI or from a clone of the repository.

One place, so that every message says it the same way. No solver imports.
"""

from __future__ import annotations

__all__ = ["install_hint", "plural"]


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """`singular` for a count of one, else the plural (`singular` + "s" unless given): the
    caller writes the number, in whatever form it wants it ("1,000", "about 10^6")."""
    if count == 1:
        return singular
    return plural_form if plural_form is not None else singular + "s"


def install_hint(extra: str) -> str:
    """The commands that install the optional dependencies of `extra`: the released package
    by name, and a clone of the repository by its path, as the README installs it."""
    return f"pip install 'nqueens[{extra}]', or pip install '.[{extra}]' in a clone of the repository"
