"""The exit codes of `nqueens`: one table, the only place a code and its meaning are written.

The command line returns these (`cli.common`'s EXIT_* constants are its members), each
`QueensError` subclass carries the one it exits with (`errors`), and `nqueens --help`, the
docs page (docs/reference/exit-codes.md) and README's "Exit codes" are written from or held
to `EXIT_CODES` (tests/unit/test_exit_codes_table.py), so that the three cannot drift apart.
The meanings are Markdown (a command in backticks); `plain` is how a terminal shows them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = ["EXIT_CODES", "ExitCode", "ExitCodeRow", "help_text", "plain"]


class ExitCode(enum.IntEnum):
    """What a run of `nqueens` ended with; the values are the process's exit status."""

    OK = 0
    NO = 1
    USAGE = 2
    UNKNOWN = 3
    UNCERTIFIED = 4
    MISMATCH = 5


@dataclass(frozen=True)
class ExitCodeRow:
    """One code of the table: its member, and what it means for every command (Markdown)."""

    code: ExitCode
    meaning: str


EXIT_CODES: tuple[ExitCodeRow, ...] = (
    ExitCodeRow(ExitCode.OK, (
        "found / complete / valid (a complete count exits 0 even when it is 0); `explain` "
        "answered (a set of givens with its minimality checked, or the instance's solution)")),
    ExitCodeRow(ExitCode.NO, (
        "`solve` proved there is no solution (with `--most-queens`: fewer than n queens fit), "
        "or `verify` found the placement invalid")),
    ExitCodeRow(ExitCode.USAGE, (
        "bad usage or input, work refused up front, or an output that cannot be written (a "
        "file, or standard output and standard error on a full disk): one line on stderr, "
        "`nqueens: error: ...` (argparse's own errors too), naming the problem and the fix; "
        "nothing on stdout and no file written")),
    ExitCodeRow(ExitCode.UNKNOWN, (
        "time limit, Ctrl-C or SIGTERM before a definite answer (or a local search that used "
        "up its steps or generations): what was found is printed, counts are lower bounds. "
        "Also a Ctrl-C or SIGTERM while the program is still starting (one line, `nqueens: "
        "interrupted`), a count whose workers failed (a worker process died, a cluster task "
        "failed on every attempt; what finished stays in the checkpoint), and a `bench` with "
        "a measurement that failed or disagreed")),
    ExitCodeRow(ExitCode.UNCERTIFIED, (
        "`solve --certify`, `count --certify`, `explain --certify` or `verify --proof`: the "
        "evidence for the answer does not check (a DRAT proof the checker rejects, a solution "
        "the validator rejects or a count's solution listed twice)")),
    ExitCodeRow(ExitCode.MISMATCH, (
        "`count --cross-check`: the two independent counts differ; `solve --most-queens "
        "--cross-check`: CP-SAT and RC2 disagree")),
)


def plain(markdown: str) -> str:
    """A meaning as a terminal shows it: without the backticks around commands."""
    return markdown.replace("`", "")


def help_text(width: int = 78) -> str:
    """The "exit codes:" section of `nqueens --help`: every row of the table, wrapped."""
    import textwrap  # only when the help is shown

    lines = ["exit codes:"]
    for row in EXIT_CODES:
        lines += textwrap.wrap(plain(row.meaning), width, initial_indent=f"  {row.code.value}  ",
                               subsequent_indent="     ", break_on_hyphens=False)
    return "\n".join(lines)
