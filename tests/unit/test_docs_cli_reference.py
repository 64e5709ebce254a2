"""The command-line reference page (generated from the parser when the docs are built)
documents every command and every option that `nqueens COMMAND --help` prints."""

from __future__ import annotations

import argparse
import re

import pytest

from nqueens.cli import build_parser

from docgen import cli_reference  # docs/docgen/, the generator the docs build runs
from paths import DOCS

PARSER = build_parser()
COMMANDS = cli_reference.commands(PARSER)
PAGE = cli_reference.reference_markdown(PARSER)
#: an option as --help prints it: -k, --split-depth (not the "-queens" of "8-queens")
OPTION = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*)")


def section(name: str) -> str:
    start = PAGE.index(f"## `nqueens {name}`")
    end = PAGE.find("\n## `nqueens ", start + 1)
    return PAGE[start:] if end < 0 else PAGE[start:end]


def options_listed(help_text: str) -> set[str]:
    """The options of a --help text's argument lists (the indented lines below the usage)."""
    listed = help_text.split("\n\n", 1)[1]  # past the usage
    return {m for line in listed.splitlines() if line.startswith("  -")
            for m in OPTION.findall(line.split("  ", 2)[1] if line.count("  ") > 1 else line)}


def test_every_command_has_a_section() -> None:
    assert set(COMMANDS) >= {"solve", "count", "verify", "trace", "bench"}
    for name in COMMANDS:
        assert f"## `nqueens {name}`" in PAGE


def shown(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """The options `--help` prints: an old spelling kept with help=SUPPRESS is not one."""
    return [a for a in parser._actions if a.help != argparse.SUPPRESS]


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_option_of_help_is_documented(name: str) -> None:
    parser = COMMANDS[name]
    text = section(name)
    from_help = options_listed(parser.format_help())
    from_parser = {o for a in shown(parser) for o in a.option_strings}
    assert from_help, f"no option found in `nqueens {name} --help`"
    assert from_help <= from_parser  # the help and the parser agree on what exists
    for option in sorted(from_parser):
        assert re.search(rf"`[^`]*(?<![\w-]){re.escape(option)}(?![\w-])[^`]*`", text), (
            f"`nqueens {name}`: option {option} is missing from the reference")
    for action in shown(parser):
        if action.help and not action.option_strings:  # a positional: its name is shown
            assert f"`{action.metavar or action.dest}`" in text


def test_help_texts_are_on_the_page() -> None:
    """Each option's help (its first words) is on the page, not only its name."""
    for name, parser in COMMANDS.items():
        text = " ".join(section(name).split())
        for action in shown(parser):
            if action.help and "%" not in action.help:
                words = " ".join(action.help.split()[:6])
                assert words in text, f"`nqueens {name}`: help of {action.dest!r} missing"


def test_the_reference_page_is_this_generator() -> None:
    """docs/reference/cli.md holds the marker the build replaces with this very page."""
    import hooks  # docs/hooks.py: what `mkdocs build` runs

    assert hooks.SNIPPETS["cli-reference"] is cli_reference.reference_markdown
    page = (DOCS / "reference" / "cli.md").read_text()
    assert hooks.MARKER.search(page) and hooks.MARKER.search(page).group(1) == "cli-reference"
