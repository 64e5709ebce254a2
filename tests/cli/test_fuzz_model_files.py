"""Model files and inputs, fuzz-style: huge integers in any base, a byte-order mark, valid
TOML the pre-scan once refused (brackets in comments, digits in strings), a dotted key of
many parts, boards with cells as large as a bare N, and error lines that echo a huge input.
Each ends with its exit code and at most one short line on stderr, never a traceback."""

from __future__ import annotations

import io
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import CliResult

from brute_force import brute_force_solutions
from known_counts import A000170

HUGE = [
    pytest.param("n = " + "9" * 4301, id="4301-digits"),
    pytest.param("n = 0x" + "f" * 200, id="hex-200"),
    pytest.param("n = 0x" + "f" * 4000, id="hex-4000"),
    pytest.param("n = 0o" + "7" * 5000, id="octal-5000"),
    pytest.param("n = 0b" + "1" * 20000, id="binary-20000"),
    pytest.param("n = -" + "9" * 5000, id="negative"),
    pytest.param("n = 8\nfixed = [[0, " + "1" * 5000 + "]]", id="cell"),
    pytest.param("n = 8\n[expected]\ncount = " + "9" * 5000, id="expected-count"),
    pytest.param("n = 1_000_000_000", id="n-beyond-any-board"),
    pytest.param("n = 8\n" + ".".join(["a"] * 30_000) + " = 1", id="dotted-key"),
    pytest.param("n = 8\nexpected = {" + ".".join(["a"] * 30_000) + " = 1}", id="dotted-inline"),
]


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _one_short_line(got: CliResult) -> str:
    assert got.code == 2, got.err
    assert got.out == "" and "Traceback" not in got.err
    assert got.err.count("\n") == 1 and got.err.startswith("nqueens: error: "), got.err
    assert len(got.err) < 500
    return got.err


@pytest.mark.parametrize("text", HUGE)
@pytest.mark.parametrize("command", ["count", "solve", "describe", "verify"])
def test_huge_values_in_a_model_are_one_line(command: str, text: str, here: Path,
                                             monkeypatch: pytest.MonkeyPatch,
                                             run_cli: Callable[..., CliResult]) -> None:
    (here / "m.toml").write_text(text + "\n")
    argv = ["verify", "--model", "m.toml"] if command == "verify" else [command, "m.toml"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("1 3 0 2"))
    started = time.perf_counter()
    _one_short_line(run_cli(*argv))
    assert time.perf_counter() - started < 5  # refused before parsing (once: 25 s)


def test_valid_toml_the_prescan_once_refused_is_read(here: Path,
                                                     run_cli: Callable[..., CliResult]) -> None:
    (here / "m.toml").write_text(
        '# a comment with brackets [[[[[[[[[[[[ and ]]]\n'
        'n = 7\n'
        'description = """a multi-line string [[[[[[[[[[\n'
        'with a 40-digit run 1234567890123456789012345678901234567890 \\""" ]]"""\n'
        "name = 'ends in a backslash\\' # [[[[[[[[[[[[\n"
        'fixed = [[0, 1]]  # [[[[[[[[[[[[[\n'
        'forbidden = [[2, 0]]\n'
        '[expected]\n'
        'source = "0x1234567890123456789012345678901234567890"\n'
        f'count = {len(brute_force_solutions(7, ((0, 1),), ((2, 0),)))}\n')
    got = run_cli("count", "m.toml", "-b", "backtrack")
    assert got.code == 0, got.err
    assert f"{len(brute_force_solutions(7, ((0, 1),), ((2, 0),)))} solutions" in got.out


def test_a_byte_order_mark_is_no_reason_to_refuse(here: Path,
                                                 run_cli: Callable[..., CliResult]) -> None:
    (here / "bom.toml").write_bytes(b"\xef\xbb\xbfn = 8\n")
    got = run_cli("count", "bom.toml", "-b", "backtrack")
    assert got.code == 0 and f"{A000170[8]} solutions" in got.out


def test_a_model_that_is_not_utf8_says_so(here: Path,
                                         run_cli: Callable[..., CliResult]) -> None:
    (here / "latin.toml").write_bytes(b"n = 8\nname = \"caf\xe9\"\n")
    assert "not UTF-8 text" in _one_short_line(run_cli("count", "latin.toml"))


@pytest.mark.parametrize("argv", [
    ["count", "100000000", "--fixed", "0,0"],
    ["solve", "50000000", "--fixed", "0,0", "-b", "permutation", "--all"],
    ["count", "100000000", "--forbidden", "5,5", "-b", "sat"],
    ["solve", "100000000", "--variant", "torus", "-b", "cpsat"],
])
def test_a_board_with_cells_is_bounded_like_a_bare_n(argv: list[str], memory_cap: None,
                                                     run_cli: Callable[..., CliResult]) -> None:
    started = time.perf_counter()
    assert "beyond the" in _one_short_line(run_cli(*argv))
    assert time.perf_counter() - started < 5  # from formulas (once: a MemoryError after 10 s)


@pytest.mark.parametrize("argv", [
    ["solve", "x" * 5000],
    ["solve", "x" * 5000 + ".toml"],
    ["solve", "8", "--fixed", "1," * 3000],
    ["trace", "4", "-o", "a" * 1000 + ".html"],
    ["count", "8", "--backend", "b" * 100_000],
])
def test_an_error_echoing_a_huge_input_is_cut_keeping_the_point(
    argv: list[str], run_cli: Callable[..., CliResult],
) -> None:
    err = _one_short_line(run_cli(*argv))
    assert "characters]" in err  # the echo is cut and its size told


def test_the_point_of_a_cut_error_line_is_kept() -> None:
    from nqueens.cli import one_line

    line = one_line("N must be a board size, got " + "9" * 10_000 + "; give a smaller N")
    assert line.startswith("N must be a board size, got 9999") and "[10,001 characters]" in line  # the word ends in ";"
    assert line.endswith("; give a smaller N") and len(line) < 200


def test_verify_refuses_a_check_beyond_memory(monkeypatch: pytest.MonkeyPatch,
                                              run_cli: Callable[..., CliResult]) -> None:
    from nqueens import limits

    monkeypatch.setattr(limits, "VALIDATION_BYTES_PER_QUEEN", 2**50)  # as if each took a PB
    monkeypatch.setattr(sys, "stdin", io.StringIO("1 3 0 2"))
    assert "checking 4 queens needs about" in _one_short_line(run_cli("verify"))
