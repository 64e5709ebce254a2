"""The code map of the architecture page (docs/explanation/architecture.md, "The code")
names every module under src/nqueens/ and nothing that does not exist."""

from __future__ import annotations

import re
from pathlib import Path

from paths import DOCS

SOURCE = Path(__file__).resolve().parents[2] / "src" / "nqueens"
#: A module's name in the map: a Python file or a C extension's source.
MODULE = re.compile(r"^[\w.]+\.(?:py|c)$")


def _map() -> str:
    page = (DOCS / "explanation" / "architecture.md").read_text()
    section = page.split("## The code", 1)[1]
    return section.split("```text\n", 1)[1].split("```", 1)[0]


def mapped_modules() -> set[str]:
    """Each module the map names, as a path under src/nqueens/: a folder line (`name/`)
    opens a folder for the lines indented below it; a line's names are its words up to the
    first run of two spaces (its description follows)."""
    lines = _map().splitlines()
    assert lines[0] == "src/nqueens/"
    folders: list[tuple[int, str]] = []  # (indent, folder) from the outermost
    found: set[str] = set()
    for line in lines[1:]:
        indent = len(line) - len(line.lstrip())
        names = re.split(r" {2,}", line.strip(), maxsplit=1)[0]
        while folders and folders[-1][0] >= indent:
            folders.pop()
        if names.endswith("/"):
            folders.append((indent, names))
            continue
        words = [word.strip(",") for word in names.split()]
        if not all(MODULE.match(word) for word in words):
            continue  # a description carried on to the next line
        prefix = "".join(folder for _, folder in folders)
        found.update(prefix + word for word in words)
    return found


def modules() -> set[str]:
    return {str(path.relative_to(SOURCE)) for path in SOURCE.rglob("*")
            if path.suffix in (".py", ".c") and "egg-info" not in str(path)}


def test_the_code_map_names_every_module_and_no_other() -> None:
    named, present = mapped_modules(), modules()
    assert not present - named, f"modules the map leaves out: {sorted(present - named)}"
    assert not named - present, f"modules the map names that do not exist: {sorted(named - present)}"
