"""Atomic text-file writes: a temp file in the target's directory, then a rename, so a
reader (or a crash) never sees a partial file and a failed write leaves no trace."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import InputError

__all__ = ["write_text_atomic"]


def write_text_atomic(path: str | os.PathLike[str], text: str, *, overwrite: bool = False) -> None:
    """Write `text` to `path` through a temp file and a rename, so readers never see a
    partial file. Without `overwrite`, an existing file is an error.

    Raises:
        InputError: the file exists (and not `overwrite`) or cannot be written.
    """
    target = Path(path)
    if not overwrite and target.exists():
        raise InputError(f"{target}: already exists; use --force to overwrite it")
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent or ".", prefix=f".{target.name}.",
                                   suffix=".tmp")
    except OSError as error:
        raise InputError(f"{target}: cannot write: {error.strerror or error}") from None
    try:
        # mkstemp makes the file private (0600); give it the usual mode, or the old file's
        os.fchmod(fd, target.stat().st_mode & 0o777 if target.exists() else 0o644)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.replace(tmp, target)
    except OSError as error:
        os.unlink(tmp)
        raise InputError(f"{target}: cannot write: {error.strerror or error}") from None
    except BaseException:
        os.unlink(tmp)
        raise
