"""Saving matplotlib figures safely: the format follows the file's suffix, the figure is
written to a temporary file beside the target and renamed, so an error never leaves a
partial picture behind. matplotlib is imported lazily (only the picture commands need it).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..atomicfile import atomic_output, check_output_path
from ..drawing.figure import pyplot
from ..errors import InputError

FORMATS = {".svg": "svg", ".png": "png"}


def picture_format(path: str | os.PathLike[str], *, overwrite: bool = False) -> str:
    """The image format for `path` from its suffix, after refusing a path that cannot take
    it (an existing file too, unless `overwrite`: --force, as for every output).

    Raises:
        InputError: for any suffix other than .svg or .png, a file that exists (without
            `overwrite`), a missing directory, a name the file system cannot hold.
    """
    target = Path(path)
    fmt = FORMATS.get(target.suffix.lower())
    if fmt is None:
        raise InputError(f"output file {str(target)!r} must end in .svg or .png")
    check_output_path(path, overwrite=overwrite)  # a directory, device, long name...: refused now
    return fmt


def save_figure(figure: Any, path: str | os.PathLike[str], *, dpi: float = 150,
                overwrite: bool = False) -> None:
    """Write the figure to `path` atomically (temporary file, then rename); an existing file
    only with `overwrite`. Very wide figures get a lower PNG resolution, so no side
    exceeds about 12,000 pixels."""
    width, height = figure.get_size_inches()
    dpi = max(30.0, min(dpi, 12_000 / max(width, height)))
    try:
        fmt = picture_format(path, overwrite=overwrite)
        with atomic_output(path, overwrite=overwrite) as stream:
            figure.savefig(stream, format=fmt, dpi=dpi, bbox_inches="tight",
                           metadata={"Date": None} if fmt == "svg" else None)
    finally:
        pyplot().close(figure)
