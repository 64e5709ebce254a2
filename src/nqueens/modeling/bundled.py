"""The model files shipped with the package, so a user can name one without a path
(`nqueens count superqueens-11`) wherever nqueens is installed.

They live at the top of the repository, in `models/`, and `pip install` puts them inside the
package as `nqueens/models/` (pyproject.toml maps the one folder to the other). A source
checkout run without installing (PYTHONPATH=src, or an editable install that points at src/)
has no `nqueens/models/`, and finds the repository's `models/` instead."""

from __future__ import annotations

from pathlib import Path

__all__ = ["MODELS_DIR", "bundled_model", "bundled_names"]



def _models_dir() -> Path:
    package = Path(__file__).resolve().parent.parent
    installed = package / "models"
    if installed.is_dir():
        return installed
    return package.parent.parent / "models"  # src/nqueens/ -> the repository's models/


MODELS_DIR = _models_dir()


def bundled_names() -> list[str]:
    """The names of the bundled models (file names without .toml), sorted."""
    return sorted(path.stem for path in MODELS_DIR.glob("*.toml"))


def bundled_model(name: str) -> Path | None:
    """The bundled model file called `name` (with or without .toml, no directory), or None."""
    if "/" in name or "\\" in name:
        return None
    stem = name[:-5] if name.endswith(".toml") else name
    if not stem or stem not in bundled_names():  # (a name too long to stat is none of them)
        return None
    return MODELS_DIR / f"{stem}.toml"
