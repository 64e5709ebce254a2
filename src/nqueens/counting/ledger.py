"""The ledger: the checkpoint file of a split count, so what was counted survives any crash.

Format: JSON lines, append-only. The first line is a header naming the problem and how
it is split (n, variant, fixed and forbidden cells, backend and its options, split depth,
number of subproblems, plan kind); every further line records one finished subproblem
(`{"key": "0.2", "count": 21, "canonical": 3, "seconds": 0.04, "crc": "1a2b3c4d"}`), `crc`
being the CRC-32 of "key:count" (with ":canonical" when the record has one), so an edited
count is refused, as write-ahead logs do. `canonical`, the subproblem's fundamental
solutions, is written where the task counts them (the plain board's symmetry-class walk),
so a resumed count still knows its fundamental total (version 3).
Version 1 files (written before the checksum and the plan kind) still resume: their
records may lack `crc` (any present is checked) and their plan is "rows"; what is
appended to them carries a checksum. Version 2 and 3 files need it on every record. The header is written to a temporary
file and renamed into place; each record is one `write` on an O_APPEND descriptor followed
by `fsync`, so a record is either wholly on disk or not at all. The only damage a crash can
leave is a torn last line, which is dropped (that subproblem is simply counted again).

A checkpoint is only ever reused for the very problem it was written for: any difference
in the header, a malformed or oversized line (bounded size, nesting and digits), a count
beyond what the subproblem can hold, a failed checksum or an unknown subproblem raises
CheckpointError naming the file and line. No solver imports.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
import zlib
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from ..errors import CheckpointError
from ..spec import Spec

FORMAT = "nqueens-checkpoint"
VERSION = 3
READS = (1, 2, 3)  # 1: before record checksums and the plan kind; 2: before `canonical`
#: Bounds on what is read: a ledger of a million subproblems is ~100 MB.
MAX_FILE_BYTES = 512 * 1024 * 1024
MAX_LINE_BYTES = 64 * 1024
MAX_DIGITS = 60
_DEFAULTS = {"plan": "rows"}  # header fields a version 1 file lacks, as they were then

__all__ = ["Ledger", "check_problem", "check_writable", "identity", "read_header", "recorded_depth",
           "recorded_partition"]


def checksum(key: str, count: int, canonical: int | None = None) -> str:
    """The record checksum: CRC-32 of "key:count" (":canonical" appended when recorded),
    8 hex digits."""
    text = f"{key}:{count}" if canonical is None else f"{key}:{count}:{canonical}"
    return f"{zlib.crc32(text.encode()):08x}"


def identity(
    spec: Spec, backend: str, options: Mapping[str, Any], depth: int, subproblems: int,
    kind: str = "rows",
) -> dict[str, Any]:
    """The header fields that must match for a checkpoint to be reused."""
    return {
        "n": spec.n,
        "variant": spec.variant,
        "fixed": [list(cell) for cell in spec.fixed],
        "forbidden": [list(cell) for cell in spec.forbidden],
        "backend": backend,
        "options": dict(options),
        "split_depth": depth,
        "subproblems": subproblems,
        "plan": kind,
    }


def _describe(fields: Mapping[str, Any]) -> str:
    text = f"n={fields.get('n')} {fields.get('variant')}"
    if fields.get("fixed"):
        text += f" fixed={fields['fixed']}"
    if fields.get("forbidden"):
        text += f" forbidden={fields['forbidden']}"
    text += f", backend {fields.get('backend')}"
    if fields.get("options"):
        text += " (" + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in fields["options"].items()) + ")"
    if "split_depth" not in fields:  # the problem alone (`check_problem`)
        return text
    return text + (f", split depth {fields.get('split_depth')} "
                   f"({fields.get('subproblems')} subproblems)")


def _read_lines(path: Path) -> tuple[list[str], int]:
    """The complete lines of the file and the byte length they span (a torn tail excluded)."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise CheckpointError(
                f"checkpoint {path} holds {size:,} bytes, more than any split count writes "
                f"(limit {MAX_FILE_BYTES:,}); give another --checkpoint file"
            )
        data = path.read_bytes()
    except OSError as error:
        raise CheckpointError(f"cannot read checkpoint {path}: {error.strerror}") from None
    complete = data[: data.rfind(b"\n") + 1]
    try:
        text = complete.decode("utf-8")
    except UnicodeDecodeError:
        raise CheckpointError(
            f"{path} is not an nqueens checkpoint (not UTF-8 text); give another --checkpoint file"
        ) from None
    return text.splitlines(), len(complete)


def _checkpoint_path(path: str | os.PathLike[str]) -> Path:
    """`path`, after refusing one that names a directory (a trailing slash) or that the
    file system cannot look up (a name too long, a loop, no rights), in one line."""
    text = os.fspath(path)
    if text.endswith(tuple(sep for sep in (os.sep, os.altsep) if sep)):
        raise CheckpointError(f"checkpoint {text} ends in {text[-1]!r}, so it names a "
                              "directory; give a file name (drop the trailing slash)")
    try:
        os.stat(text)
    except (FileNotFoundError, NotADirectoryError):
        pass
    except OSError as error:
        raise CheckpointError(f"cannot use checkpoint {text}: {error.strerror or error}; "
                              "give another --checkpoint path") from None
    return Path(text)


def read_header(path: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The header of an existing checkpoint, or None when the file is absent or empty.

    Raises:
        CheckpointError: the file exists but does not start with a checkpoint header.
    """
    path = _checkpoint_path(path)
    if not path.exists() or (path.is_file() and path.stat().st_size == 0):
        return None
    if not path.is_file():
        raise CheckpointError(f"checkpoint {path} is not a regular file; give a file path")
    lines, _ = _read_lines(path)
    header = _parse(lines[0]) if lines else None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise CheckpointError(
            f"{path} is not an nqueens checkpoint (its first line is not a checkpoint header); "
            "give another --checkpoint file, or delete this one if it is yours"
        )
    if header.get("version") not in READS:
        raise CheckpointError(
            f"{path} is a version {header.get('version')!r} checkpoint; this nqueens reads "
            f"versions {', '.join(map(str, READS))}: delete it to start over"
        )
    return {**_DEFAULTS, **header}


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"an integer of {len(text)} digits")
    return int(text)


def _parse(line: str) -> Any:
    """One JSON line, or None when it is not JSON or exceeds the bounds (length, nesting
    depth, digits)."""
    if len(line) > MAX_LINE_BYTES:
        return None
    try:
        return json.loads(line, parse_int=_bounded_int)
    except (ValueError, RecursionError):  # JSONDecodeError is a ValueError
        return None


def recorded_depth(path: str | os.PathLike[str]) -> int | None:
    """The split depth an existing checkpoint was written with, else None."""
    header = read_header(path)
    depth = None if header is None else header.get("split_depth")
    return depth if isinstance(depth, int) and not isinstance(depth, bool) else None


def recorded_partition(path: str | os.PathLike[str]) -> str | None:
    """The plan kind an existing checkpoint was written with ("rows" for version 1 files,
    which predate other kinds), else None."""
    header = read_header(path)
    if header is None:
        return None
    plan = header.get("plan", _DEFAULTS["plan"])
    return plan if isinstance(plan, str) else None


#: The header fields that name the problem (beside them: the split, checked on opening).
_PROBLEM_FIELDS = ("n", "variant", "fixed", "forbidden", "backend", "options")


def check_problem(path: str | os.PathLike[str], fields: Mapping[str, Any]) -> None:
    """Refuse an existing checkpoint written for another problem, backend or options
    before its split (depth, plan kind) is used to plan this one.

    Raises:
        CheckpointError: naming what the file was written for, and what to do.
    """
    header = read_header(path)
    if header is None:
        return
    theirs = {key: header.get(key) for key in _PROBLEM_FIELDS}
    ours = {key: fields.get(key) for key in _PROBLEM_FIELDS}
    if theirs != ours:
        raise CheckpointError(
            f"checkpoint {path} was written for {_describe(theirs)}, not for "
            f"{_describe(ours)}; give another --checkpoint file (or delete this one to "
            "start over)"
        )


def check_writable(path: str | os.PathLike[str]) -> None:
    """Refuse at once a checkpoint that could not be created or appended to.

    Raises:
        CheckpointError: naming the path and what to do.
    """
    path = _checkpoint_path(path)
    if path.exists():
        if not path.is_file():
            raise CheckpointError(f"checkpoint {path} is not a regular file; give a file path")
        if not os.access(path, os.R_OK | os.W_OK):
            raise CheckpointError(f"cannot write checkpoint {path}: permission denied")
        return
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        raise CheckpointError(
            f"cannot create checkpoint {path}: directory {directory} does not exist; check "
            "the directory exists and is writable"
        )
    if not os.access(directory, os.W_OK | os.X_OK):
        raise CheckpointError(
            f"cannot create checkpoint {path}: directory {directory} is not writable; check "
            "the directory exists and is writable"
        )


class Ledger:
    """An open checkpoint: `done` maps finished subproblem keys to their counts, `canonical`
    those recorded with their fundamental solutions to that number."""

    def __init__(self, path: Path, done: dict[str, int], fd: int,
                 canonical: dict[str, int] | None = None) -> None:
        self.path = path
        self.done = done
        self.canonical = canonical if canonical is not None else {}
        self._fd = fd

    @classmethod
    def open(
        cls, path: str | os.PathLike[str], fields: Mapping[str, Any], keys: Collection[str]
    ) -> Ledger:
        """Resume the checkpoint at `path`, or create it with header `fields` (see `identity`).

        Raises:
            CheckpointError: the file is corrupt, or was written for another problem,
                backend or split.
        """
        path = Path(path)
        if read_header(path) is None:
            _create(path, {"format": FORMAT, "version": VERSION, **fields})
        try:
            fd = os.open(path, os.O_WRONLY | os.O_APPEND)
        except OSError as error:
            raise CheckpointError(f"cannot write checkpoint {path}: {error.strerror}") from None
        try:
            _lock(fd, path)
            header = read_header(path)  # again, now that no other run can change it
            theirs = {key: (header or {}).get(key) for key in fields}
            if theirs != dict(fields):
                raise CheckpointError(
                    f"checkpoint {path} was written for {_describe(theirs)}, not for "
                    f"{_describe(fields)}; give another --checkpoint file (or delete this "
                    "one to start over)"
                )
            bound = _max_count(fields)
            canonical: dict[str, int] = {}
            done = _records(path, set(keys), fd, (header or {}).get("version"), bound,
                            canonical)
        except BaseException:
            os.close(fd)
            raise
        return cls(path, done, fd, canonical)

    @staticmethod
    def read(
        path: str | os.PathLike[str], fields: Mapping[str, Any], keys: Collection[str]
    ) -> dict[str, int]:
        """The finished subproblems of the checkpoint at `path`, checked as `open` checks
        them, without writing anything: no file is created, no lock taken, a torn last line
        is left in place (what a plan reads before a count that may never run).

        Raises:
            CheckpointError: the file is missing, corrupt, or was written for another
                problem, backend or split.
        """
        path = Path(path)
        header = read_header(path)
        if header is None:
            raise CheckpointError(f"checkpoint {path} holds no header to read")
        theirs = {key: header.get(key) for key in fields}
        if theirs != dict(fields):
            raise CheckpointError(
                f"checkpoint {path} was written for {_describe(theirs)}, not for "
                f"{_describe(fields)}; give another --checkpoint file (or delete this "
                "one to start over)"
            )
        return _records(path, set(keys), None, header.get("version"), _max_count(fields))

    def record(self, key: str, count: int, seconds: float, canonical: int | None = None) -> None:
        """Append one finished subproblem (and its fundamental solutions, when counted)
        and force it to disk before returning."""
        fields: dict[str, Any] = {"key": key, "count": count}
        if canonical is not None:
            fields["canonical"] = canonical
        line = json.dumps({**fields, "seconds": round(seconds, 6),
                           "crc": checksum(key, count, canonical)}) + "\n"
        data = line.encode("utf-8")
        try:
            # one write on O_APPEND; a short write (disk full) leaves a torn tail, which
            # resuming drops, and nothing more is appended after it
            if os.write(self._fd, data) != len(data):
                raise OSError(28, "short write (disk full?)")
            os.fsync(self._fd)
        except OSError as error:
            raise CheckpointError(
                f"cannot append to checkpoint {self.path}: {error.strerror}; what it holds is "
                "intact, rerun when the problem is fixed"
            ) from None
        self.done[key] = count
        if canonical is not None:
            self.canonical[key] = canonical

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _max_count(fields: Mapping[str, Any]) -> int:
    """More solutions than one subproblem can have: at most one queen per row and column,
    so (n - depth)! (capped: beyond 200 rows no count will ever be recorded)."""
    n, depth = fields.get("n"), fields.get("split_depth")
    if not isinstance(n, int) or not isinstance(depth, int):
        return int(10 ** MAX_DIGITS)  # (int ** int is typed int | float)
    return math.factorial(max(0, min(n - depth, 200)))


def _create(path: Path, header: dict[str, Any]) -> None:
    """Write the header to a temporary file beside `path` and rename it into place."""
    directory = path.parent if str(path.parent) else Path(".")
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    except OSError as error:
        raise CheckpointError(
            f"cannot create checkpoint {path}: {error.strerror}; check the directory exists "
            "and is writable"
        ) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(json.dumps(header) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except OSError as error:
        Path(temp).unlink(missing_ok=True)
        raise CheckpointError(f"cannot create checkpoint {path}: {error.strerror}") from None
    dir_fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def _lock(fd: int, path: Path) -> None:
    """Hold an exclusive lock for as long as the checkpoint is open: two runs appending to
    one file would each count what the other has counted."""
    try:
        import fcntl
    except ImportError:  # not POSIX: no advisory locks, one run at a time is up to the user
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        raise CheckpointError(
            f"checkpoint {path} is in use by another running nqueens count; wait for it to "
            "finish or give another --checkpoint file"
        ) from None


def _records(  # noqa: C901 - each refusal of a corrupt record is one branch
    path: Path, keys: set[str], fd: int | None, version: Any, bound: int,
    canonical: dict[str, int] | None = None,
) -> dict[str, int]:
    """The finished subproblems of a checkpoint whose header matched; drops a torn last line
    (cut off the file open for appending at `fd`; None: only read, the file untouched).
    Records that hold their fundamental solutions add them to `canonical`."""
    lines, length = _read_lines(path)
    if fd is not None and os.fstat(fd).st_size != length:  # a record torn by a crash: cut it off, recount it
        os.ftruncate(fd, length)
    done: dict[str, int] = {}
    failed: tuple[int, str] | None = None
    for number, line in enumerate(lines[1:], start=2):
        record = _parse(line)
        key = record.get("key") if isinstance(record, dict) else None
        count = record.get("count") if isinstance(record, dict) else None
        if (not isinstance(key, str) or isinstance(count, bool) or not isinstance(count, int)
                or count < 0):
            raise CheckpointError(
                f"{path}, line {number}: not a subproblem record; the checkpoint is corrupt, "
                "delete it to start over"
            )
        classes = record.get("canonical")
        if classes is not None and (isinstance(classes, bool) or not isinstance(classes, int)
                                    or not 0 <= classes <= count):
            raise CheckpointError(
                f"{path}, line {number}: subproblem {key!r} cannot have {classes!r} fundamental "
                f"solutions out of {count}; the checkpoint is corrupt, delete it to start over"
            )
        crc = record.get("crc")
        if failed is None and (
            (crc is None and version != 1)
            or (crc is not None and crc != checksum(key, count, classes))
        ):
            failed = (number, key)
        if count > bound:
            raise CheckpointError(
                f"{path}, line {number}: subproblem {key!r} cannot have {count} solutions "
                f"(at most {bound}); the checkpoint is corrupt, delete it to start over"
            )
        if key not in keys:
            raise CheckpointError(
                f"{path}, line {number}: subproblem {key!r} is not part of this split; "
                "the checkpoint is corrupt, delete it to start over"
            )
        if done.get(key, count) != count:
            raise CheckpointError(
                f"{path}, line {number}: subproblem {key!r} is recorded twice with different "
                f"counts ({done[key]} and {count}); the checkpoint is corrupt, delete it"
            )
        done[key] = count
        if classes is not None and canonical is not None:
            canonical[key] = classes
    if failed is not None:  # after the checks above, which name what is wrong more precisely
        raise CheckpointError(
            f"{path}, line {failed[0]}: the record of subproblem {failed[1]!r} fails its "
            "checksum (edited outside nqueens?); the checkpoint is corrupt, delete it to "
            "start over"
        )
    return done
