"""The exception hierarchy. Library code raises these; only the CLI turns them into
messages and exit codes, so every message must name the bad value and the fix."""

from __future__ import annotations


class QueensError(Exception):
    """Base class of every error this package raises on purpose."""


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
