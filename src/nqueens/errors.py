"""The exception hierarchy. Library code raises these; only the CLI turns them into
messages and exit codes, so every message must name the bad value and the fix. Each class
carries the code of the exit-code table (`exit_codes`) the command line exits with."""

from __future__ import annotations

from typing import ClassVar

from .exit_codes import ExitCode


class QueensError(Exception):
    """Base class of every error this package raises on purpose. Unless a subclass says
    otherwise, an error is bad usage or input (exit 2)."""

    exit_code: ClassVar[ExitCode] = ExitCode.USAGE


class SpecError(QueensError, ValueError):
    """The instance contradicts itself as written (bad size, off-board or duplicate cells,
    fixed queens that attack each other). A valid spec may still have no solution."""


class ModelFileError(SpecError):
    """A model file could not be read or is not a valid model; the message names the file
    and, where there is one, the key."""


class UnknownBackendError(QueensError, LookupError):
    """A backend name that is not in the registry; the message lists every known name."""


class InputError(QueensError, ValueError):
    """User-supplied data (a placement to verify, an option value) cannot be read."""


class CheckpointError(InputError):
    """A checkpoint file is corrupt or was written for another problem, backend or split;
    it is never silently reused."""


class SizeLimitError(InputError):
    """A request that cannot work at this size (billions of clauses, millions of boards to a
    terminal); the message names the size and an alternative that does work."""


class CertificateError(QueensError):
    """An answer asked to be certified whose evidence does not check (a proof the checker
    rejects, a solution the validator rejects): never reported as a plain answer.
    `certificate` is the failed `certificates.Certificate` (None when there is none)."""

    exit_code = ExitCode.UNCERTIFIED

    def __init__(self, message: str, certificate: object = None) -> None:
        super().__init__(message)
        self.certificate = certificate


class WorkerError(QueensError):
    """A count could not finish because its workers failed (not its input): a process of
    the local pool died (killed, out of memory) or a task failed on every attempt on a
    cluster. The count is incomplete; what finished is kept in the checkpoint, if any."""

    exit_code = ExitCode.UNKNOWN


class WorkerDiedError(WorkerError):
    """A worker process of the local pool died while nobody asked the count to stop."""


class CountMismatchError(QueensError):
    """Two independent counting routes gave different counts: at least one is wrong.
    `counts` maps each route to its count."""

    exit_code = ExitCode.MISMATCH

    def __init__(self, message: str, counts: dict[str, int] | None = None) -> None:
        super().__init__(message)
        self.counts = dict(counts or {})


def errors_exiting_with(code: ExitCode) -> list[type[QueensError]]:
    """The exceptions of this module the command line turns into `code`, base classes
    first (the exit-code table's "errors" column)."""
    found: list[type[QueensError]] = []
    pending: list[type[QueensError]] = [QueensError]
    while pending:
        error = pending.pop(0)
        if error.__module__ != __name__ or error in found:
            continue
        if error.exit_code is code:
            found.append(error)
        pending += error.__subclasses__()
    return found
