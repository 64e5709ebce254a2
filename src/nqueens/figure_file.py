"""Saving matplotlib figures safely: the format follows the file's suffix, the figure is
written to a temporary file beside the target and renamed, so an error never leaves a
partial picture behind. matplotlib is imported lazily (only the picture commands need it).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from .errors import InputError

FORMATS = {".svg": "svg", ".png": "png"}


def picture_format(path: str | os.PathLike[str]) -> str:
    """The image format for `path` from its suffix.

    Raises:
        InputError: for any suffix other than .svg or .png, or a missing directory.
    """
    target = Path(path)
    fmt = FORMATS.get(target.suffix.lower())
    if fmt is None:
        raise InputError(f"output file {str(target)!r} must end in .svg or .png")
    if not target.parent.is_dir():
        raise InputError(f"output directory {str(target.parent)!r} does not exist; create it first")
    return fmt


def pyplot() -> Any:
    """matplotlib.pyplot on the non-interactive Agg backend (no display needed)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def save_figure(figure: Any, path: str | os.PathLike[str], *, dpi: int = 150) -> None:
    """Write the figure to `path` atomically (temporary file, then rename)."""
    fmt = picture_format(path)
    target = Path(path)
    handle, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                         dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            figure.savefig(stream, format=fmt, dpi=dpi, bbox_inches="tight",
                           metadata={"Date": None} if fmt == "svg" else None)
        os.replace(temp_name, target)
    except BaseException:
        os.unlink(temp_name)
        raise
    finally:
        pyplot().close(figure)
