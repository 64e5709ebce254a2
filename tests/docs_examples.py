"""The examples in README.md and docs/**/*.md, read as the tests run them.

A ```console block is a session: each line `$ COMMAND` is followed by what it prints
(stdout and stderr as a terminal interleaves them). A block whose commands are all plain
`nqueens ...` lines runs in process (the quick lane); a block with a pipe, a redirection or
another program, or one that draws a picture, starts OR-Tools (about a second each) or
worker processes, runs in tests/system (its shell lines in bash, the others in process).
Each block runs in a fresh directory, its commands in order, so a file one writes is there
for the next. A time in seconds (`0.032 s`, `"elapsed": 0.002`) matches any time; every
other character must match. ```text blocks are not run. A ```pycon block is a doctest; the
blocks of one page share their names.

An output line that is a JSON document is compared as JSON, where `...` stands for what a
page leaves out: a member (`{"n": 8, ...}`: other keys may follow), a value (`"count": ...`:
any), or the end of a string (`"route": "count, plain board, ..."`: any text after). The
values of `"elapsed"` and of keys ending in `_s` (`"task_mean_s"`) are times: any number
matches. Every other value must be equal. A command's JSON output is shown in a
```console block, never in one that is not run (tests/cli/test_docs_console.py).

Any Markdown page under docs/ is picked up, whoever wrote it.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import os
import re
import shlex
import shutil
import stat
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from optional import missing, require
from paths import DOCS, README, REPO

FENCE = re.compile(r"^(?P<indent>[ \t]*)```(?P<lang>[\w-]*)[^\n]*$")
#: a command line bash must run: a pipe, a redirection, a list, a substitution, a glob, quotes
#: or a program other than nqueens
SHELL_SYNTAX = re.compile(r"""[|;&<>$`*?'"\\()]""")
#: commands for tests/system: a second or more in process (matplotlib drawing, OR-Tools'
#: import: cpsat, explain --smallest, a cross-check) or worker processes started (a split count)
SLOW = re.compile(r"\.(png|svg)\b|cpsat|--checkpoint|--jobs|--split-depth|--executor|--scheduler"
                  r"|--smallest|--cross-check")
TIME = re.compile(r"\b\d+\.\d+ s\b")
ELAPSED = re.compile(r'"elapsed": [0-9.e+-]+')
#: What `normalise` writes for an "elapsed" time.
_SECONDS = "<seconds>"


def pages() -> list[Path]:
    """README.md and every Markdown page of the docs site."""
    return [README, *sorted(DOCS.rglob("*.md"))]


def page_id(path: Path) -> str:
    return str(path.relative_to(REPO))


@dataclass(frozen=True)
class Command:
    text: str
    expected: str
    line: int  # 1-based line of the `$ ` in its page

    @property
    def needs_shell(self) -> bool:
        """Anything but a plain `nqueens ...` line: bash runs it."""
        words = self.text.split()
        return not words or words[0] != "nqueens" or bool(SHELL_SYNTAX.search(self.text))

    @property
    def quick(self) -> bool:
        """A plain `nqueens ...` line that runs in well under a second in process."""
        return not self.needs_shell and not SLOW.search(self.text)


#: What only the `certify` extra runs: a certified answer, a proof replayed.
CERTIFIES = re.compile(r"--certify|--proof|certify=True|verify_proof")


@dataclass(frozen=True)
class Block:
    page: Path
    line: int  # 1-based line of the opening fence
    lang: str
    body: str
    commands: tuple[Command, ...] = ()

    @property
    def quick(self) -> bool:
        return all(c.quick for c in self.commands)

    @property
    def id(self) -> str:
        return f"{page_id(self.page)}:{self.line}"

    def require_extras(self) -> None:
        """An example that certifies needs the `certify` extra, one that plays the `notebook`
        extra: skipped without it (failed under NQUEENS_REQUIRE_OPTIONAL=1, as every
        optional dependency is)."""
        if CERTIFIES.search(self.body):
            require("dratify", "pip install '.[certify]'")
        if "nqueens.play(" in self.body:
            require("anywidget", "pip install '.[notebook]'")
        if re.search(r"cpmpy|\.py exact|ACE-", self.body) and any(c.needs_shell
                                                                 for c in self.commands):
            require("cpmpy", "pip install '.[ecosystem]'")
            require("exact", "pip install '.[ecosystem]'")
            if importlib.util.find_spec("pycsp3") is None:  # found, not imported: it prints
                missing("needs pycsp3, which ships ACE (pip install '.[ecosystem]')")
        if "java -jar" in self.body and shutil.which("java") is None:
            missing("needs Java for ACE (apt-get install default-jre-headless)")


def fenced_blocks(path: Path) -> list[Block]:
    """Every fenced block of a page with its language and first line."""
    blocks: list[Block] = []
    lines = path.read_text().splitlines()
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        indent, lang, start = opening["indent"], opening["lang"], i
        body: list[str] = []
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
            i += 1
        i += 1
        commands = tuple(_commands(body, start + 2)) if lang == "console" else ()
        blocks.append(Block(path, start + 1, lang, "\n".join(body) + "\n", commands))
    return blocks


def _commands(body: list[str], first_line: int) -> list[Command]:
    found: list[tuple[str, list[str], int]] = []
    for offset, text in enumerate(body):
        if text.startswith("$ "):
            found.append((text[2:].strip(), [], first_line + offset))
        elif found:
            found[-1][1].append(text)
    return [Command(text, "\n".join(out).rstrip() + "\n" if any(out) else "", line)
            for text, out, line in found]


def blocks(lang: str) -> list[Block]:
    return [b for page in pages() for b in fenced_blocks(page) if b.lang == lang]


def normalise(text: str) -> str:
    """Times in seconds replaced by one token; trailing spaces and blank lines dropped."""
    text = ELAPSED.sub(f'"elapsed": {_SECONDS}', TIME.sub("<t> s", text))
    return "\n".join(line.rstrip() for line in text.rstrip().splitlines()) + "\n" if text.strip() else ""


#: A JSON string, or the `...` a page writes for what it leaves out (outside strings only).
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|(?P<colon>:\s*)?\.\.\.')
#: What stands for an elided member or value once the line is parsed.
_ANY = "\u2026"
#: Keys whose numbers are times (seconds): they vary from run to run.
_TIME_KEY = re.compile(r"elapsed|\w+_s")


def json_pattern(line: str) -> object | None:
    """The JSON document an output line shows, `...` read as above; None if it is not one."""
    if not line.lstrip().startswith(("{", "[")):
        return None

    def token(match: re.Match[str]) -> str:
        if match.group(0).startswith('"'):
            return match.group(0)
        if match["colon"] is not None:
            return f'{match["colon"]}"{_ANY}"'  # "key": ...  -> any value
        return f'"{_ANY}": "{_ANY}"'  # ..., as a member -> other keys may be there

    try:
        return json.loads(_JSON_TOKEN.sub(token, line.replace(_SECONDS, "0")))
    except ValueError:
        return None


def json_shows(pattern: object, value: object, key: str = "") -> bool:
    """Whether `value` (parsed output) is what `pattern` (from `json_pattern`) shows."""
    if pattern == _ANY:
        return True
    if isinstance(pattern, dict):
        if not isinstance(value, dict):
            return False
        shown = {k: v for k, v in pattern.items() if k != _ANY}
        if _ANY not in pattern and set(shown) != set(value):
            return False
        return all(k in value and json_shows(v, value[k], k) for k, v in shown.items())
    if isinstance(pattern, list):
        return (isinstance(value, list) and len(pattern) == len(value)
                and all(json_shows(p, v) for p, v in zip(pattern, value, strict=True)))
    if isinstance(pattern, str) and pattern.endswith("...") and isinstance(value, str):
        return value.startswith(pattern[:-3])
    if _TIME_KEY.fullmatch(key) and isinstance(pattern, (int, float)) \
            and not isinstance(pattern, bool):
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return type(pattern) is type(value) and pattern == value


def shows(expected: str, got: str) -> bool:
    """Whether the output `got` is what a page shows as `expected`: equal once normalised,
    JSON lines compared as JSON (see the module's docstring)."""
    want, have = normalise(expected), normalise(got)
    if want == have:
        return True
    want_lines, have_lines = want.splitlines(), have.splitlines()
    if len(want_lines) != len(have_lines):
        return False
    for shown, printed in zip(want_lines, have_lines, strict=True):
        if shown == printed:
            continue
        pattern = json_pattern(shown)
        try:
            value = json.loads(printed.replace(_SECONDS, "0"))
        except ValueError:
            return False
        if pattern is None or not json_shows(pattern, value):
            return False
    return True


def shows_json_output(block: Block) -> bool:
    """Whether a block that is not run shows a command (`$ `) and a JSON document after it."""
    lines = block.body.splitlines()
    first = next((i for i, text in enumerate(lines) if text.startswith("$ ")), None)
    return first is not None and any(json_pattern(text) is not None for text in lines[first + 1:])


#: Folders of the repository that examples read by a relative path, as a reader in the clone's
#: root would: linked into each example's scratch directory.
DATA_FOLDERS = ("benchmarks",)


def link_data(cwd: Path) -> None:
    """Link the repository's data folders into `cwd` (once)."""
    for name in DATA_FOLDERS:
        link = cwd / name
        if not link.exists():
            link.symlink_to(REPO / name, target_is_directory=True)


def run_in_process(command: Command, cwd: Path) -> str:
    """`nqueens ARGS` through `nqueens.cli.main`, stdout and stderr into one stream."""
    from nqueens.cli import main

    stream = io.StringIO()
    link_data(cwd)
    with contextlib.chdir(cwd), contextlib.redirect_stdout(stream), contextlib.redirect_stderr(stream):
        main(shlex.split(command.text)[1:])
    return stream.getvalue()


def shell_path(scratch: Path) -> str:
    """A PATH whose `nqueens` is this interpreter's package (installed or from src/)."""
    bin_dir = scratch / ".bin"
    bin_dir.mkdir(exist_ok=True)
    shim = bin_dir / "nqueens"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m nqueens "$@"\n')
    shim.chmod(shim.stat().st_mode | stat.S_IXUSR)
    return f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"


def run_in_shell(command: Command, cwd: Path, path: str, timeout: float = 60) -> str:
    """The line run by bash, stderr merged into stdout as a terminal shows them."""
    env = {**os.environ, "PATH": path}
    link_data(cwd)
    done = subprocess.run(["bash", "-c", command.text], cwd=cwd, env=env, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout,
                          check=False)
    return done.stdout


def mismatch(block: Block, command: Command, got: str) -> str:
    return (f"{page_id(block.page)}:{command.line}: `$ {command.text}` printed\n{got}\n"
            f"but the page shows\n{command.expected}")
