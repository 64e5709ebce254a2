"""Where a proof lives when the user asked for none: one temporary folder per certified job
(`nqueens-proof-*`), kept only while a certificate names its files and removed on every other
way out (a solution, a stop, an error), and the side files named after a proof (its CNF and
a count's solution list).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from ..atomicfile import write_failure_reason
from ..errors import InputError

if TYPE_CHECKING:  # drup's thread starts with its first proof
    pass


#: The temporary folders of proofs (`scratch_folder`) that no finished run has kept or
#: removed yet: a command that exits at once on a stop removes them (`remove_scratch`).
_SCRATCH: set[Path] = set()


SCRATCH_PREFIX = "nqueens-proof-"


def scratch_folder() -> Path:
    """A new temporary folder for a proof and its CNF where no place was asked for; it is
    the caller's to keep (`keep_scratch`, when a certificate names its files) or remove
    (`remove_scratch`), and a stop that ends the process removes it.

    Raises:
        InputError: the folder cannot be made (a full disk, no rights), naming where.
    """
    import tempfile

    try:
        folder = Path(tempfile.mkdtemp(prefix=SCRATCH_PREFIX))
    except OSError as error:
        raise InputError(f"{tempfile.gettempdir()}: cannot make a temporary folder for the "
                         f"proof there ({write_failure_reason(error)}); set TMPDIR to a folder "
                         "with room, or give --proof FILE") from None
    _SCRATCH.add(folder)
    return folder


def in_scratch(path: str | os.PathLike[str]) -> bool:
    """Whether `path` lies in a scratch folder that goes away with the run (not kept)."""
    return Path(path).parent in _SCRATCH


def keep_scratch(folder: Path) -> None:
    """`folder` now holds the files a certificate names: it stays (the user's to remove)."""
    _SCRATCH.discard(folder)


def remove_scratch(folder: Path | None = None) -> None:
    """Remove `folder` (None: every scratch folder not yet kept or removed) with its files."""
    import shutil

    for each in [folder] if folder is not None else list(_SCRATCH):
        _SCRATCH.discard(each)
        shutil.rmtree(each, ignore_errors=True)


def cnf_path_for(proof: Path) -> Path:
    """The CNF file written beside a proof file: its name with the suffix .cnf."""
    return proof.with_suffix(".cnf") if proof.suffix != ".cnf" else proof.with_name(proof.name + ".cnf")


def solutions_path_for(proof: Path) -> Path:
    """A certified count's solution list, beside its proof: the name with .solutions.json."""
    return proof.with_name(proof.stem + ".solutions.json")
