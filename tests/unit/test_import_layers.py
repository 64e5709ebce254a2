"""The package's imports form layers: no module imports, even lazily or for type checking
only, a module that imports it back, and no folder imports a module that imports that
folder back. Read from the source's own import statements (the `ast`), so a lazy import
inside a function counts as much as one at the top: a circle of lazy imports still ties
the modules into one piece that cannot be read, tested or moved apart.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = SRC / "nqueens"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in PACKAGE.rglob("*.py")}


def _imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules that `name` imports anywhere in its text."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            # `from package import module` names the module; any other name, the package
            targets = [f"{stem}.{alias.name}" if f"{stem}.{alias.name}" in known else stem
                       for alias in node.names]
        else:
            continue
        found.update(target for target in targets if target in known and target != name)
    return found


@cache
def _graph() -> dict[str, set[str]]:
    """Each module's imports, read once for the tests of this module (none changes it)."""
    known = _modules()
    return {name: _imports(name, path, known) for name, path in known.items()}


def _reach(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = list(graph.get(start, ()))
    while todo:
        node = todo.pop()
        if node not in seen:
            seen.add(node)
            todo.extend(graph.get(node, ()))
    return seen


def _circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The pieces of nodes that reach each other, each of more than one node."""
    reach = {node: _reach(graph, node) for node in graph}
    pieces: list[set[str]] = []
    for node in sorted(graph):
        if node in reach[node] and not any(node in piece for piece in pieces):
            pieces.append({other for other in reach[node] if node in reach.get(other, ())})
    return pieces


def _room(module: str) -> str:
    """A module's folder (a subpackage of nqueens), or the module itself at the root."""
    parts = module.split(".")
    return ".".join(parts[:2])


def test_the_reader_sees_lazy_and_type_checking_imports() -> None:
    graph = _graph()
    assert "nqueens.posed.validation" in graph["nqueens.validator"]  # inside a function
    assert "nqueens.spec" in graph["nqueens.validator"]  # under TYPE_CHECKING
    assert "nqueens.backends.sat_solving" in graph["nqueens.backends.sat"]


def test_the_reader_finds_a_circle() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]


def test_no_module_imports_a_module_that_imports_it_back() -> None:
    assert _circles(_graph()) == []


def test_no_folder_imports_a_module_that_imports_the_folder_back() -> None:
    rooms: dict[str, set[str]] = {}
    for module, targets in _graph().items():
        if module == "nqueens":
            continue  # the package's face hands names on from every layer
        rooms.setdefault(_room(module), set()).update(
            _room(target) for target in targets if _room(target) != _room(module)
            and target != "nqueens")
    assert _circles(rooms) == []
