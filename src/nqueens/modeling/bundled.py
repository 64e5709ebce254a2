"""The model files shipped inside the package (`src/nqueens/models/`), so a user can name
one without a path (`nqueens count superqueens-11`) wherever nqueens is installed."""

from __future__ import annotations

from pathlib import Path

__all__ = ["MODELS_DIR", "bundled_model", "bundled_names"]

MODELS_DIR = Path(__file__).resolve().parent.parent / "models"


def bundled_names() -> list[str]:
    """The names of the bundled models (file names without .toml), sorted."""
    return sorted(path.stem for path in MODELS_DIR.glob("*.toml"))


def bundled_model(name: str) -> Path | None:
    """The bundled model file called `name` (with or without .toml, no directory), or None."""
    if "/" in name or "\\" in name:
        return None
    stem = name[:-5] if name.endswith(".toml") else name
    path = MODELS_DIR / f"{stem}.toml"
    return path if stem and path.is_file() else None
