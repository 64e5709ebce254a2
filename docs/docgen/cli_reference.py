"""The command-line reference, written from the argparse parser itself.

Every command and every option comes from `nqueens.cli.build_parser()`, so the page cannot
drift from `--help`: a new option appears at the next build, with its help text, metavar,
choices and default. tests/unit/test_docs_cli_reference.py holds every option that each
`--help` prints to this page.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator
from contextlib import contextmanager

#: the width usage lines are wrapped to: what a code block of the page shows without scrolling
#: (argparse reads it from $COLUMNS)
WIDTH = 80


@contextmanager
def _columns(width: int) -> Iterator[None]:
    """argparse wraps to $COLUMNS; the page must not depend on the terminal of the build."""
    before = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(width)
    try:
        yield
    finally:
        if before is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = before


def commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The subcommands' parsers, in the order `nqueens --help` lists them."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _cell(text: str) -> str:
    """Text for one Markdown table cell: one line, pipes escaped."""
    return " ".join(text.split()).replace("|", "\\|")


def _paragraph(text: str | None) -> str:
    return " ".join((text or "").split())


def _option_name(action: argparse.Action, formatter: argparse.HelpFormatter) -> str:
    """`-b, --backend BACKEND` in a code span: the spellings, then what the option takes (the
    choices are listed under "meaning", so the metavar stands for them here)."""
    if not action.option_strings:
        return f"`{formatter._metavar_formatter(action, action.dest)(1)[0]}`"
    names = ", ".join(sorted(action.option_strings, key=len))
    if action.nargs == 0:
        return f"`{names}`"
    metavar = action.metavar if action.metavar is not None else action.dest.upper()
    shown = argparse.Action(action.option_strings, action.dest, nargs=action.nargs, metavar=metavar)
    return f"`{names} {formatter._format_args(shown, metavar)}`"


def _meaning(action: argparse.Action, formatter: argparse.HelpFormatter) -> str:
    meaning = formatter._expand_help(action) if action.help else ""
    if action.choices is not None and not isinstance(action, argparse._SubParsersAction):
        listed = ", ".join(f"`{c}`" for c in action.choices)
        if not all(str(c) in meaning for c in action.choices):
            meaning = f"{meaning} (one of {listed})" if meaning else f"one of {listed}"
    return _cell(meaning)


def command_markdown(name: str, parser: argparse.ArgumentParser) -> str:
    """One command's section: what it does, its usage, each argument group as a table,
    and its examples."""
    with _columns(WIDTH):
        formatter = parser._get_formatter()
        usage = parser.format_usage().strip()  # "usage: " kept: the lines below align to it
    lines = [f"## `nqueens {name}`", "", _paragraph(parser.description), "",
             "```text", usage, "```", ""]
    for group in parser._action_groups:
        actions = [a for a in group._group_actions if a.help is not argparse.SUPPRESS]
        if not actions:
            continue
        title = group.title or "options"
        lines += [f"**{title[0].upper()}{title[1:]}**", ""]
        if group.description:
            lines += [_paragraph(group.description), ""]
        lines += ["| argument | meaning |", "|---|---|"]
        lines += [f"| {_option_name(a, formatter)} | {_meaning(a, formatter)} |" for a in actions]
        lines.append("")
    if parser.epilog:
        lines += ["```text", parser.epilog.strip(), "```", ""]
    return "\n".join(lines)


def reference_markdown(parser: argparse.ArgumentParser | None = None) -> str:
    """The whole reference: the top-level usage, a list of commands, then one section each."""
    if parser is None:
        from nqueens.cli import build_parser

        parser = build_parser()
    subcommands = commands(parser)
    helps = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
    lines = ["| command | what it does |", "|---|---|"]
    lines += [f"| [`{name}`](#nqueens-{name}) | {_cell(helps.get(name, ''))} |" for name in subcommands]
    lines.append("")
    if parser.epilog:
        lines += ["```text", parser.epilog.strip(), "```", ""]
    for name, sub in subcommands.items():
        lines.append(command_markdown(name, sub))
    return "\n".join(lines)

