"""The one place that writes output files: checks before the work, then a temp file in the
target's directory and a rename, so a reader (or a crash) never sees a partial file and a
failed write leaves no trace. Every operating-system failure (a directory, /proc, a device,
a name too long, a full disk, a file-size limit, a symlink loop) becomes one InputError
naming the path and what to do."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from .errors import InputError

__all__ = ["atomic_output", "check_output_path", "command_outputs", "ensure_directory",
           "note_written", "remove_written", "scratch_directory", "write_all_atomic", "write_bytes_atomic",
           "write_failure_reason", "write_text_atomic"]

#: The files written so far by the command that runs (`command_outputs`), None outside one.
_WRITTEN: list[Path] | None = None

_REASONS = {
    errno.EISDIR: "is a directory; give a file name",
    errno.ENOTDIR: "a part of the path is not a directory",
    errno.ENAMETOOLONG: "the file name is too long for the file system; use a shorter name",
    errno.ELOOP: "the path has a symbolic link loop",
    errno.EFBIG: "the file is too large (file-size limit); write a smaller output or raise the limit",
    errno.ENOSPC: "no space left on the device; free some space or write elsewhere",
    errno.EDQUOT: "disk quota exceeded; free some space or write elsewhere",
    errno.EACCES: "permission denied; write to a directory you own",
    errno.EPERM: "operation not permitted; write to a directory you own",
    errno.EROFS: "read-only file system; write elsewhere",
    errno.ENOENT: "cannot create a file there (no such directory, or one that takes no new "
                  "files such as /proc); write elsewhere",
    errno.EEXIST: "already exists",
}


def write_failure_reason(error: OSError) -> str:
    """Why a write failed and what to do, for any output: a file, or standard output."""
    return _REASONS.get(error.errno or 0, f"cannot write: {error.strerror or error}")


def _failure(path: str | os.PathLike[str], error: OSError) -> InputError:
    return InputError(f"{os.fspath(path)}: {write_failure_reason(error)}")


def check_output_path(path: str | os.PathLike[str], *, overwrite: bool = False) -> Path:  # noqa: C901 - each refusal of a bad output path is one branch, in the order they are checked
    """Refuse, before any work, a path that cannot take the output: an existing file
    without `overwrite`, anything that is not a regular file (a directory, a device, a
    pipe), a missing or non-directory parent, a name the file system cannot hold.

    Raises:
        InputError: naming the path and the fix.
    """
    text = os.fspath(path)
    if not text:
        raise InputError("the output file name is empty; give a file name")
    if text.endswith(tuple(sep for sep in (os.sep, os.altsep) if sep)):
        # Path() would drop the slash and write a file where the user named a directory
        raise InputError(f"{text}: ends in {text[-1]!r}, so it names a directory; give a file "
                         "name (drop the trailing slash)")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError(f"{text!r}: the file name is not valid UTF-8; use a plain name") from None
    target = Path(text)
    try:
        info = os.stat(target)
    except FileNotFoundError:
        info = None
    except OSError as error:
        raise _failure(target, error) from None
    if info is not None:
        if not stat.S_ISREG(info.st_mode):
            raise InputError(f"{target}: is not a regular file (a directory, device or pipe); "
                             "give the name of a file to write")
        if not overwrite:
            raise InputError(f"{target}: already exists; use --force to overwrite it")
    parent = target.parent
    try:
        parent_info = os.stat(parent)
    except OSError as error:
        raise InputError(f"{target}: cannot write in {str(parent)!r}: "
                         f"{_REASONS.get(error.errno or 0, error.strerror)}") from None
    if not stat.S_ISDIR(parent_info.st_mode):
        raise InputError(f"{target}: {str(parent)!r} is not a directory")
    max_name = _max_name(parent)
    if len(os.fsencode(target.name)) + 16 > max_name:  # room for the temp file's affixes
        raise InputError(f"{target}: the file name is too long for the file system "
                         f"(at most {max_name - 16} bytes here); use a shorter name")
    # the surest test that a directory takes new files (/proc, /sys, read-only mounts, no
    # rights) is to make one: a probe, removed at once
    import tempfile  # here: it costs start-up (shutil, random) to every command, writing or not

    try:
        fd, probe = tempfile.mkstemp(dir=parent, prefix=".nqueens-probe-")
    except OSError as error:
        raise _failure(target, error) from None
    os.close(fd)
    _remove(probe)
    return target


def _max_name(directory: Path) -> int:
    try:
        return os.pathconf(directory, "PC_NAME_MAX")
    except (OSError, ValueError):
        return 255


@contextmanager
def atomic_output(path: str | os.PathLike[str], *, overwrite: bool = False) -> Iterator[BinaryIO]:
    """A binary handle on a temp file beside `path`, renamed onto `path` when the block ends
    without error; on any error the temp file is removed and OSErrors become InputError."""
    import tempfile

    target = check_output_path(path, overwrite=overwrite)
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name[:200]}.",
                                   suffix=".tmp")
    except OSError as error:
        raise _failure(target, error) from None
    # (Python ignores SIGXFSZ, so a write past the file-size limit raises EFBIG)
    try:
        # mkstemp makes the file private (0600); give it the usual mode, or the old file's
        mode = target.stat().st_mode & 0o777 if target.exists() else 0o666 & ~_umask()
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as handle:
            yield handle
        os.replace(tmp, target)
        note_written(target)
    except OSError as error:
        _remove(tmp)
        raise _failure(target, error) from None
    except BaseException:
        _remove(tmp)
        raise


def note_written(path: str | os.PathLike[str]) -> None:
    """Record a file the running command has put in place (see `command_outputs`)."""
    if _WRITTEN is not None:
        _WRITTEN.append(Path(path))


@contextmanager
def command_outputs() -> Iterator[list[Path]]:
    """The files one command writes (atomically, or a proof moved into place): `cli.main`
    removes them when the command ends in an error of exit code 2 after writing them (a
    full standard output after the proof was written), since such a run writes nothing."""
    global _WRITTEN
    outer, _WRITTEN = _WRITTEN, []
    try:
        yield _WRITTEN
    finally:
        _WRITTEN = outer


def remove_written(paths: list[Path]) -> None:
    """Remove the files of `command_outputs` (those still there)."""
    for path in paths:
        _remove(str(path))
    paths.clear()


def write_bytes_atomic(path: str | os.PathLike[str], data: bytes, *, overwrite: bool = False) -> None:
    """Write `data` to `path` atomically (see `atomic_output`)."""
    with atomic_output(path, overwrite=overwrite) as handle:
        handle.write(data)


def write_text_atomic(path: str | os.PathLike[str], text: str, *, overwrite: bool = False) -> None:
    """Write `text` (UTF-8, "\\n" line ends) to `path` atomically. Without `overwrite`, an
    existing file is an error. Characters UTF-8 cannot hold (surrogates from a non-UTF-8
    command-line argument) are written as "?" rather than failing.

    Raises:
        InputError: the file exists (and not `overwrite`) or cannot be written.
    """
    write_bytes_atomic(path, text.encode("utf-8", errors="replace"), overwrite=overwrite)


def write_all_atomic(files: dict[Path, bytes], *, overwrite: bool = False) -> list[Path]:
    """Write a set of files that belong together (one run's results), each atomically: a
    failed write removes the files of the set written before it, so a directory never holds
    part of one set. Returns the paths, in order.

    Raises:
        InputError: naming the file that could not be written and why.
    """
    written: list[Path] = []
    try:
        for path, data in files.items():
            write_bytes_atomic(path, data, overwrite=overwrite)
            written.append(path)
    except BaseException:
        for path in written:
            path.unlink(missing_ok=True)
        raise
    return written


def ensure_directory(path: str | os.PathLike[str]) -> Path:
    """Create directory `path` (and its parents) if needed.

    Raises:
        InputError: a part of the path is a file, a symlink loop, or cannot be created.
    """
    target = Path(path)
    try:
        target.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise InputError(f"{target}: exists and is not a directory; give a directory") from None
    except OSError as error:
        raise _failure(target, error) from None
    return target


@contextmanager
def scratch_directory(prefix: str) -> Iterator[Path]:
    """A new temporary folder for work files (compiled references, exported models), removed
    afterwards; a folder that cannot be made (a full disk, no rights) is one InputError
    naming where and what to do. Files written in it go through `write_text_atomic`."""
    import tempfile

    try:
        folder = tempfile.TemporaryDirectory(prefix=prefix, ignore_cleanup_errors=True)
    except OSError as error:
        where = tempfile.gettempdir()
        raise InputError(f"{where}: cannot make a temporary folder there "
                         f"({_REASONS.get(error.errno or 0, error.strerror)}); set TMPDIR to a "
                         "folder with room") from None
    with folder as name:
        yield Path(name)


def _remove(name: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(name)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
