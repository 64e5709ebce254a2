"""The exit-code table of docs/reference/exit-codes.md, written from the code's one table
(`nqueens.exit_codes`) when the docs are built, with the exceptions that exit with each
code (`errors.exit_code`), so the page cannot drift from what the command line returns.
tests/unit/test_exit_codes_table.py holds the page to this generator.
"""

from __future__ import annotations


def exit_codes_markdown() -> str:
    """The table: code, meaning, and the `QueensError` classes that exit with it."""
    from nqueens.errors import errors_exiting_with
    from nqueens.exit_codes import EXIT_CODES

    lines = ["| code | meaning | raised as (Python API) |", "|---|---|---|"]
    for row in EXIT_CODES:
        errors = ", ".join(f"`{error.__name__}`" for error in errors_exiting_with(row.code))
        lines.append(f"| {row.code.value} | {row.meaning} | {errors or '-'} |")
    return "\n".join(lines)
