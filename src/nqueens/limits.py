"""Refusing, before any work starts, requests that cannot work at their size.

A pairwise CNF for a large board needs hundreds of millions of clauses; a model with
millions of cell variables exhausts memory before it can be searched; millions of boards
printed to a terminal help nobody. Each refusal is a SizeLimitError that names the size
and an alternative that does work. The estimates are computed from formulas, never by
building the model. No solver imports.
"""

from __future__ import annotations

from collections.abc import Callable

from .errors import InputError, SizeLimitError
from .spec import Spec

#: The largest board whose solutions have ever been counted (OEIS A000170 stops at n = 27).
MAX_COUNTED_N = 27
#: More solutions than this are not printed to a terminal.
MAX_TERMINAL_SOLUTIONS = 100_000
#: Largest board size anything accepts, on the command line, in a model file or a JSON
#: document (the construct backend's reach, about 45 GB at 10^8: beyond any machine this runs
#: on); each backend refuses smaller sizes by its own limit.
MAX_BOARD_N = 100_000_000
#: Longest integer read from any input (a board size, a cell, a count, an option's value):
#: board sizes and cells are small; longer digit strings would only cost Python's integer
#: conversion (quadratic in the digits) or a parser's time.
MAX_DIGITS = 30
#: Longest time limit, in seconds (about 116 days): a longer wait is no limit at all, and
#: the waits it would be handed to overflow beyond about 9 x 10^9 s (threading.TIMEOUT_MAX).
MAX_TIMEOUT = 10_000_000


def time_limit(seconds: object, shown: str | None = None) -> float | None:
    """The time limit `seconds` means, for the API's `timeout=` and the command line's
    `--timeout` alike: None or infinity is no limit; a positive number up to MAX_TIMEOUT is
    that many seconds. `shown`: the value as the user wrote it, for the message.

    Raises:
        InputError: not a number, not positive (NaN included), or finite beyond MAX_TIMEOUT.
    """
    if seconds is None:
        return None
    shown = shown if shown is not None else repr(seconds)
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0:
        raise InputError(f"timeout must be a positive number of seconds (inf: no limit), "
                         f"got {shown}")
    if seconds == float("inf"):
        return None
    if seconds > MAX_TIMEOUT:
        raise InputError(f"timeout {shown} is more seconds than the longest time limit, "
                         f"{MAX_TIMEOUT:,} s (about 116 days); give a smaller one, or inf for "
                         "none")
    return float(seconds)

# OEIS A000170 (solutions of plain n-queens) and A002562 (fundamental ones), used only to
# refuse work up front (too many boards for a terminal or a picture), never as answers.
_QUEENS_SOLUTIONS = {
    1: 1, 2: 0, 3: 0, 4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352, 10: 724, 11: 2_680,
    12: 14_200, 13: 73_712, 14: 365_596, 15: 2_279_184, 16: 14_772_512, 17: 95_815_104,
    18: 666_090_624, 19: 4_968_057_848, 20: 39_029_188_884, 21: 314_666_222_712,
    22: 2_691_008_701_644, 23: 24_233_937_684_440, 24: 227_514_171_973_736,
    25: 2_207_893_435_808_352, 26: 22_317_699_616_364_044, 27: 234_907_967_154_122_528,
}
_QUEENS_FUNDAMENTAL = {
    1: 1, 2: 0, 3: 0, 4: 1, 5: 2, 6: 1, 7: 6, 8: 12, 9: 46, 10: 92, 11: 341, 12: 1_787,
    13: 9_233, 14: 45_752, 15: 285_053, 16: 1_846_955, 17: 11_977_939,
}


def known_solutions(spec: Spec, *, unique: bool = False) -> int | None:
    """The published number of solutions of a plain queens board (fundamental ones with
    `unique`), or None when the spec is not one or the figure is not in the table."""
    if spec.variant != "queens" or not spec.is_plain:
        return None
    return (_QUEENS_FUNDAMENTAL if unique else _QUEENS_SOLUTIONS).get(spec.n)

#: Up to this size every diagonal length has its own shape; beyond, the lengths of each
#: power-of-two range share one (their middle length, the range's count of lines), so the
#: estimates of a board of 10^8 cost a few dozen terms instead of 2 * 10^8 tuples.
EXACT_SHAPES_UP_TO = 1 << 16


def _diagonal_lengths(n: int) -> list[tuple[int, int]]:
    """(length, number of diagonals of one direction) for lengths 2..n-1 (twice each) and
    n (once): exact up to EXACT_SHAPES_UP_TO, grouped by powers of two beyond."""
    if n <= EXACT_SHAPES_UP_TO:
        return [(k, 2) for k in range(2, n)] + [(n, 1)]
    lengths: list[tuple[int, int]] = []
    low = 2
    while low < n:
        high = min(2 * low, n) - 1  # lengths low..high
        lengths.append(((low + high) // 2, 2 * (high - low + 1)))
        low = high + 1
    return lengths + [(n, 1)]


def line_shapes(spec: Spec) -> list[tuple[str, int, int, bool]]:
    """(kind, cells per line, number of such lines, exactly one?) of the spec's lines, from
    formulas: the same lines `variants.lines_for` lists, without listing them (a test holds
    the two together; beyond EXACT_SHAPES_UP_TO, diagonal lengths are grouped)."""
    n = spec.n
    shapes = [("row", n, n, True), ("column", n, n, True)]
    if spec.variant == "rooks" or n < 2:
        return shapes
    if spec.variant == "torus":
        return shapes + [("diagonal", n, n, False), ("anti-diagonal", n, n, False)]
    for kind in ("diagonal", "anti-diagonal"):
        shapes += [(kind, k, count, False) for k, count in _diagonal_lengths(n)]
    if spec.variant == "superqueens":
        shapes.append(("knight", 2, 4 * (n - 1) * (n - 2), False))
    return shapes


def check_exhaustive(spec: Spec, bounded: bool) -> None:
    """Refuse an unbounded count or enumeration of a plain board beyond any known count.

    Args:
        bounded: a time limit (or a deadline the caller can stop) bounds the search.

    Raises:
        SizeLimitError: naming the record and the ways that do work.
    """
    if spec.is_plain and spec.n > MAX_COUNTED_N and not bounded:
        raise SizeLimitError(
            f"counting every solution of a plain {spec.n}x{spec.n} board would not finish: "
            f"the largest board ever counted is {MAX_COUNTED_N}x{MAX_COUNTED_N} (OEIS A000170); "
            "give a time limit for a lower bound, or ask for K solutions"
        )


def check_terminal_enumeration(spec: Spec) -> None:
    """Refuse printing every solution to a terminal when there are far too many to read.

    Raises:
        SizeLimitError: with the number of solutions and better ways to get at them.
    """
    if spec.variant != "queens" or not spec.is_plain:
        return
    known = _QUEENS_SOLUTIONS.get(spec.n)
    if spec.n > max(_QUEENS_SOLUTIONS):
        known = _QUEENS_SOLUTIONS[max(_QUEENS_SOLUTIONS)]
    if known is not None and known > MAX_TERMINAL_SOLUTIONS:
        raise SizeLimitError(
            f"{spec.n}-queens has {'more than ' if spec.n > 20 else ''}{known:,} solutions, "
            f"too many to print to a terminal; count them with `nqueens count {spec.n}`, print "
            f"a few with --limit K, or redirect: `nqueens solve {spec.n} --all --format jsonl "
            f"> solutions.jsonl`"
        )


# --- memory: estimated from n and the spec before any model is built ------------------------

#: What any Python process of the package costs before a model exists (each backend's
#: estimate of its model is beside it: `backends/NAME_facts.py`).
BASE_BYTES = 150 * 2**20


def machine_memory() -> int | None:
    """Physical memory of this machine in bytes, or None where the OS does not say."""
    import os

    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return None


def memory_limit() -> tuple[int, str] | None:
    """The memory this process may use, in bytes, and how a message names it: the machine's
    physical memory, or less when an address-space limit (`ulimit -v`, RLIMIT_AS) is
    lower; None where neither is known."""
    found: list[tuple[int, str]] = []
    physical = machine_memory()
    if physical is not None:
        found.append((physical, f"this machine has {_gigabytes(physical)}"))
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    except (ImportError, AttributeError, ValueError, OSError):
        soft = -1
    if soft not in (-1, getattr(resource, "RLIM_INFINITY", -1)) and soft > 0:
        found.append((soft, f"this process may use {_gigabytes(soft)} (ulimit -v)"))
    return min(found) if found else None


def peak_memory_mb() -> dict[str, int]:
    """{"peak_rss_mb": ...}: the process's peak resident memory so far (for `stats`), or {}
    where the OS does not say. Linux's VmHWM first: ru_maxrss of a process started from a
    large one begins at its parent's size (inherited through fork and exec; measured: 613
    MB in a child of a 600 MB process). ru_maxrss is in KiB on Linux."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return {"peak_rss_mb": int(line.split()[1]) // 1024}
    except OSError:
        pass
    try:
        import resource
    except ImportError:
        return {}
    return {"peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024}


def _gigabytes(size: int) -> str:
    for unit, scale in (("PB", 2**50), ("TB", 2**40), ("GB", 2**30)):
        if size >= scale:
            return f"{size / scale:,.1f} {unit}"
    return f"{size / 2**20:.0f} MB"


def refuse_oversized(spec: Spec, backend: str, max_n: int, needed: int | None,
                     instead: Callable[[], str]) -> None:
    """The one size refusal of every backend: beyond `max_n` (where its search stops being
    useful), or when its model, estimated at `needed` bytes from formulas (the registry
    row's estimate), would not fit in this machine's memory; the message names the size,
    the estimate, the memory and, from `instead()`, what works instead (the registry knows
    which backend fits).

    Raises:
        SizeLimitError: before anything is built.
    """
    n = spec.n
    limit = memory_limit()
    if needed is not None and limit is not None and needed > limit[0]:
        raise SizeLimitError(
            f"a {n}x{n} board is beyond the {backend} backend: its model needs about "
            f"{_gigabytes(needed)} and {limit[1]}; " + instead()
        )
    if n > max_n:
        raise SizeLimitError(
            f"a {n}x{n} board is beyond the {backend} backend (it stops at n = {max_n}"
            + (f", where its model would need about {_gigabytes(needed)}" if needed else "")
            + "); " + instead()
        )


#: Bytes the validator holds per queen checked (its cell lists and one dict per line
#: family; measured here: 1 million columns, 607 MB whole process), to refuse up front a
#: placement whose check would not fit in memory.
VALIDATION_BYTES_PER_QUEEN = 600


def check_validation(queens: int) -> None:
    """Refuse checking `queens` queens when the check would not fit in memory, before it
    starts (`verify` and `nqueens.validate`).

    Raises:
        SizeLimitError: naming the estimate, the memory and the fix.
    """
    needed = BASE_BYTES + VALIDATION_BYTES_PER_QUEEN * queens
    limit = memory_limit()
    if limit is not None and needed > limit[0]:
        raise SizeLimitError(f"checking {queens:,} queens needs about {needed / 2**30:.1f} GB "
                             f"and {limit[1]}; check a smaller placement")


def memory_text(size: int) -> str:
    """"250 MB", "1.9 GB"."""
    return _gigabytes(size)
