"""The published hard-instance formats and generators (CSPLib 079/080, the ASP competition).

Known answers come from outside the package: the generators' check values are the instances
printed in the published description of the CSPLib generators; the forbidden cells of a
blocked square or an excluded diagonal are computed here from the formats' definitions; the
counts come from `brute_force.py`; the n = 28 answers from Lingeling's published results.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import nqueens
from nqueens.errors import ModelFileError, SpecError
from nqueens.modeling import generators
from nqueens.modeling.formats import (
    INSTANCE_FORMATS,
    detect_format,
    diagonals_of,
    instance_text,
    read_instance,
)

from brute_force import brute_force_solutions
from paths import REPO

ASP28 = REPO / "benchmarks" / "asp-blocked-28"


# --- the generators reproduce the published instances ----------------------------------

def test_blocked_generator_reproduces_the_published_check_instance() -> None:
    made = generators.blocked(10, 24, 4, 833)
    assert made.text == (
        "letting n =  10\nletting blocks =  [[1, 2], [1, 3], [1, 7], [1, 10], [2, 3], [2, 8], "
        "[3, 9], [4, 1], [4, 2], [5, 5], [5, 7], [6, 4], [6, 7], [6, 10], [7, 1], [7, 6], "
        "[7, 7], [9, 2], [9, 3], [9, 4], [9, 10], [10, 4], [10, 6], [10, 8]]\n")


def test_diagonals_generator_reproduces_the_published_check_instance() -> None:
    made = generators.diagonals(10, 4, 83)
    assert made.text == (
        "n =  10\nnumdiags =  15\ndiags =  [[15, 1], [14, 1], [17, 0], [6, 0], [2, 1], "
        "[15, 0], [7, 0], [13, 0], [4, 1], [6, 1], [16, 0], [0, 1], [2, 0], [10, 1], [18, 1]]\n")
    first5 = generators.diagonals(10, 4, 83, take=5)
    assert "numdiags =  5\n" in first5.text
    assert "diags =  [[15, 1], [14, 1], [17, 0], [6, 0], [2, 1]]" in first5.text


def test_completion_generator_makes_the_described_draws() -> None:
    made = generators.completion(20, 8, 7)
    assert made.text == ("letting n =  20\nletting init =  [[10, 4], [12, 1], [2, 17], [6, 18], "
                         "[17, 13], [16, 16], [3, 14], [0, 9]]\n")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_blocked_generator_keeps_k_free_per_line(seed: int) -> None:
    """A square is blocked only while its row and column have more than K free squares, so
    each keeps at least K (here K = 4 on a 12-board, 80 of the 96 squares that allows)."""
    spec = generators.blocked(12, 80, 4, seed).spec
    assert len(spec.forbidden) == 80
    for line in range(12):
        assert sum(1 for r, _ in spec.forbidden if r == line) <= 12 - 4
        assert sum(1 for _, c in spec.forbidden if c == line) <= 12 - 4


def test_generator_refusals_name_the_fix() -> None:
    with pytest.raises(nqueens.QueensError, match=r"must be 0\.\.80"):
        generators.blocked(10, 81, 2, 1)
    with pytest.raises(nqueens.QueensError, match=r"take 0\.\.15"):
        generators.diagonals(10, 4, 83, take=16)
    with pytest.raises(nqueens.QueensError, match=r"must be 0\.\.20"):
        generators.completion(20, 21, 1)


# --- coordinates, as each format says ------------------------------------------------------

def _write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_param_init_is_zero_based_and_blocks_one_based(tmp_path: Path) -> None:
    spec = read_instance(_write(tmp_path, "a.param", "letting n = 5\nletting init = [[1, 2]]\n"
                                "letting blocks = [[1, 2],\n[5,5],\n]\n")).spec
    assert spec.fixed == ((1, 2),)
    assert spec.forbidden == ((0, 1), (4, 4))


def test_asp_blocks_are_one_based(tmp_path: Path) -> None:
    text = " ".join(f"num({i})." for i in range(1, 7)) + "\nblock(1,2). block(6,1).\n"
    spec = read_instance(_write(tmp_path, "a.lp", text)).spec
    assert (spec.n, spec.forbidden) == (6, ((0, 1), (5, 0)))


def _diagonal_cells_by_definition(n: int, index: int, kind: int) -> set[tuple[int, int]]:
    """[d, 1]: the squares with r + c = d; [d, 0]: those with r - c = d - (n - 1)."""
    return {(r, c) for r in range(n) for c in range(n)
            if (r + c == index if kind == 1 else r - c == index - (n - 1))}


@pytest.mark.parametrize("pair", [(0, 1), (0, 0), (8, 0), (8, 1), (5, 0), (3, 1)])
def test_an_excluded_diagonal_forbids_its_cells(tmp_path: Path, pair: tuple[int, int]) -> None:
    path = _write(tmp_path, "d.param", f"n = 5\nnumdiags = 1\ndiags = [[{pair[0]}, {pair[1]}]]\n")
    assert set(read_instance(path).spec.forbidden) == _diagonal_cells_by_definition(5, *pair)


@pytest.mark.parametrize("pair", [(0, 1), (0, 0)])
def test_a_one_square_board_has_both_diagonals(tmp_path: Path, pair: tuple[int, int]) -> None:
    path = _write(tmp_path, "d.param", f"n = 1\ndiags = [[{pair[0]}, {pair[1]}]]\n")
    assert read_instance(path).spec.forbidden == ((0, 0),)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_every_generated_diagonals_file_reads_back(tmp_path: Path, n: int) -> None:
    for seed in (1, 2, 3):
        made = generators.diagonals(n, 0, seed)
        pairs = ast.literal_eval(made.text.split("\ndiags =", 1)[1])
        cells = set().union(*(_diagonal_cells_by_definition(n, *p) for p in pairs))
        path = _write(tmp_path, f"d{seed}.param", made.text)
        assert set(read_instance(path).spec.forbidden) == cells == set(made.spec.forbidden)


def test_file_hash_d_takes_the_first_d_diagonals(tmp_path: Path) -> None:
    path = _write(tmp_path, "d.param", generators.diagonals(10, 4, 83).text)
    pairs = [(15, 1), (14, 1), (17, 0), (6, 0), (2, 1), (15, 0), (7, 0)]
    for take in (0, 3, 7):
        want = set().union(*(_diagonal_cells_by_definition(10, *p) for p in pairs[:take]))
        assert set(read_instance(f"{path}#{take}").spec.forbidden) == want
    assert len(read_instance(path).spec.forbidden) > len(read_instance(f"{path}#7").spec.forbidden)


def test_formats_are_told_by_their_text(tmp_path: Path) -> None:
    assert detect_format("x.param", "letting n = 4\n") == "param"
    assert detect_format("x", "n = 4\nnumdiags = 0\ndiags = []\n") == "diagonals"
    assert detect_format("x", "num(1).\n") == "asp"
    assert detect_format("x.toml", "letting = 1\n") == "toml"


# --- round trips -------------------------------------------------------------------------

ROUND_TRIP_SPECS = {
    "param": [nqueens.Spec(8, fixed=((0, 1), (2, 4))), nqueens.Spec(7, forbidden=((0, 0), (6, 3))),
              nqueens.Spec(6, fixed=((1, 3),), forbidden=((0, 0),))],
    "asp": [nqueens.Spec(7, forbidden=((0, 0), (6, 3), (2, 2))), nqueens.Spec(3)],
    "diagonals": [generators.diagonals(9, 4, 5).spec, generators.diagonals(10, 4, 83, 6).spec],
    "toml": [nqueens.Spec(6, fixed=((1, 3),), forbidden=((0, 0),))],
}


@pytest.mark.parametrize("fmt", INSTANCE_FORMATS)
def test_every_format_round_trips(tmp_path: Path, fmt: str) -> None:
    for index, spec in enumerate(ROUND_TRIP_SPECS[fmt]):
        path = _write(tmp_path, f"m{index}.{'toml' if fmt == 'toml' else 'txt'}",
                      instance_text(spec, fmt))
        back = read_instance(path).spec
        assert (back.n, back.fixed, back.forbidden) == (spec.n, spec.fixed, spec.forbidden)
        # and written again from what was read: the same text
        assert instance_text(back, fmt) == instance_text(spec, fmt)


def test_published_asp_instance_round_trips_through_every_format(tmp_path: Path) -> None:
    source = ASP28 / "blockedqueens.28.1449787798.param"
    spec = read_instance(str(source)).spec
    pairs = source.read_text().count("[") - 1  # one "[" opens the list, one each pair
    assert (spec.n, len(spec.forbidden)) == (28, pairs)
    for fmt in ("param", "asp", "toml"):
        back = read_instance(_write(tmp_path, f"x.{fmt}", instance_text(spec, fmt))).spec
        assert back == spec


def test_forbidden_cells_that_are_no_whole_diagonals_cannot_be_written_as_diagonals() -> None:
    with pytest.raises(SpecError, match="lies on no wholly forbidden diagonal"):
        diagonals_of(nqueens.Spec(5, forbidden=((1, 1),)))
    with pytest.raises(SpecError, match="no fixed queens"):
        instance_text(nqueens.Spec(5, fixed=((1, 1),)), "asp")


# --- the cells forbidden are the right ones: brute-force counts ---------------------------

def _family_cases() -> list[tuple[str, nqueens.Spec, tuple, tuple]]:
    """Small instances of each family: (label, spec read from its file text, fixed and
    forbidden cells computed here from the text by the formats' definitions)."""
    cases = []
    for seed in (1, 2, 3):
        made = generators.blocked(7, 14, 2, seed)
        pairs = ast.literal_eval(made.text.split("=", 2)[2])  # the published list, 1-based
        cases.append((f"blocked-s{seed}", made, (), tuple((r - 1, c - 1) for r, c in pairs)))
    for seed, take in ((1, 4), (2, 5), (4, 6)):
        made = generators.diagonals(7, 2, seed, take)
        pairs = ast.literal_eval(made.text.split("\ndiags =", 1)[1])
        cells = set().union(*(_diagonal_cells_by_definition(7, *p) for p in pairs))
        cases.append((f"diagonals-s{seed}#{take}", made, (), tuple(sorted(cells))))
    for seed, m in ((1, 2), (2, 3), (5, 1)):
        made = generators.completion(7, m, seed)
        pairs = ast.literal_eval(made.text.split("init =", 1)[1])  # 0-based
        cases.append((f"completion-s{seed}", made, tuple(map(tuple, pairs)), ()))
    return [(label, made.spec, fixed, forbidden) for label, made, fixed, forbidden in cases]


FAMILY_CASES = _family_cases()


@pytest.mark.parametrize(("label", "spec", "fixed", "forbidden"), FAMILY_CASES,
                         ids=[case[0] for case in FAMILY_CASES])
def test_exhaustive_backends_agree_with_brute_force(
    tmp_path: Path, backend: str, label: str, spec: nqueens.Spec, fixed: tuple, forbidden: tuple
) -> None:
    assert set(spec.fixed) == set(fixed) and set(spec.forbidden) == set(forbidden)
    expected = brute_force_solutions(spec.n, fixed, forbidden)
    found = list(nqueens.solutions(spec, backend=backend))
    for placement in found:
        assert nqueens.validate(spec, placement) == []
    assert set(found) == expected and len(found) == len(expected)


def test_family_cases_include_both_answers() -> None:
    answers = {bool(brute_force_solutions(spec.n, fixed, forbidden))
               for _, spec, fixed, forbidden in FAMILY_CASES}
    assert answers == {True, False}


# --- bad files: one line naming the file and the line ------------------------------------

BAD_FILES = [
    ("b.param", "letting n = 4\nletting blocks = [[1, 2],\n[5, 1],\n]\n", "line 3", "off the board"),
    ("b.param", "letting n = 4\nletting blocks = [[1, 2],\n[1, 2]]\n", "line 3", "listed twice"),
    ("b.param", "letting n = 4\nletting init = [[0, 0],\n[1, 1]]\n", "line 3", "attack each other"),
    ("b.param", "letting n = 4\nletting blocks = [[1, 2] [2, 2]]\n", "line 2", "expected ','"),
    ("b.param", "letting n = 4\nletting squares = []\n", "line 2", "unknown name"),
    ("b.param", "letting blocks = []\n", "line 2", "board size n is missing"),
    ("b.param", "letting n = 4\nletting n = 5\n", "line 2", "given twice"),
    ("b.param", "letting n = 4\nletting blocks = [[[[1]]]]\n", "line 2", "nested"),
    ("b.param", "letting n = 1" + "0" * 40 + "\n", "line 1", "digits"),
    # the board sizes a TOML model takes, in every format (issue 32, item 20)
    ("b.param", "letting n = 1000000000\n", "line 1", "a board size of at most 100,000,000"),
    ("d.txt", "n = 100000001\ndiags = [[0, 1]]\n", "line 1", "a board size of at most 100,000,000"),
    ("d.txt", "n = 5\nnumdiags = 3\ndiags = [[1, 1], [2, 0]]\n", "line 2", "numdiags = 3"),
    ("d.txt", "n = 5\nnumdiags = 1\ndiags = [[9, 1]]\n", "line 3", "off the board"),
    ("d.txt", "n = 5\nnumdiags = 1\ndiags = [[3, 2]]\n", "line 3", "second number"),
    ("a.lp", "num(1). num(2).\nnum(3). queen(1,1).\n", "line 2", "unknown fact"),
    ("a.lp", "num(1). num(2).\nblock(3,1).\n", "line 2", "off the board"),
    ("a.lp", "num(1). num(3).\n", "line 1", "num(3)"),
    ("a.lp", "num(1) num(2).\n", "line 1", "'.' ending the fact"),
]


@pytest.mark.parametrize(("name", "text", "line", "problem"), BAD_FILES)
def test_bad_files_give_one_line_naming_file_and_line(
    tmp_path: Path, name: str, text: str, line: str, problem: str
) -> None:
    path = _write(tmp_path, name, text)
    with pytest.raises(ModelFileError) as caught:
        read_instance(path)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: {line}: ")
    assert problem in message


def test_hash_d_on_another_format_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "a.param", "letting n = 4\n")
    with pytest.raises(ModelFileError, match="not one"):
        read_instance(f"{path}#2")


def test_published_answers_hold_for_a_few_asp_instances() -> None:
    published = {}
    for row in (ASP28 / "lingeling-results.tsv").read_text().splitlines():
        _n, ident, answer, _seconds = row.split("\t")
        published[ident] = answer == "SATISFIABLE"
    assert len(published) == 100
    for ident in ("1449787798", "1449787894"):
        spec = read_instance(str(ASP28 / f"blockedqueens.28.{ident}.param")).spec
        found = list(nqueens.solutions(spec, backend="backtrack", order="first-fail", limit=1))
        assert bool(found) == published[ident]
        for placement in found:
            assert nqueens.validate(spec, placement) == []


def test_a_huge_instance_file_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    path = _write(tmp_path, "big.param", "letting n = 5\nletting blocks = ["
                  + "[1,1]," * 900_000 + "]\n")
    with pytest.raises(ModelFileError, match="larger than 4 MiB"):
        read_instance(path)


@pytest.mark.parametrize(("name", "text", "problem"), [
    ("m.toml", "n = 5\nforbidden = [[0, 0], [0, 1], [0, 2]]\n", "3 fixed and forbidden cells"),
    ("b.param", "letting n = 5\nletting blocks = [[1, 1], [1, 2], [1, 3]]\n",
     "3 fixed and forbidden cells"),
    ("a.lp", "num(1). num(2). num(3).\nblock(1,1). block(1,2). block(1,3).\n",
     "3 fixed and forbidden cells"),
    ("d.txt", "n = 5\ndiags = [[4, 1]]\n", "5 cells on the 1 diagonals"),
])
def test_every_format_holds_as_many_cells_as_a_toml_model(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, text: str,
        problem: str) -> None:
    """One bound on the cells of a model, counted before they are built: a diagonal is
    counted by its length, not expanded (issue 32, item 20)."""
    from nqueens.modeling import modelfile

    monkeypatch.setattr(modelfile, "MAX_MODEL_CELLS", 2, raising=False)
    with pytest.raises(ModelFileError, match=f"{problem}, more than any model holds \\(at most 2 "):
        read_instance(_write(tmp_path, name, text))


@pytest.mark.usefixtures("memory_cap")
def test_a_file_of_every_sum_diagonal_is_refused_at_once(tmp_path: Path) -> None:
    """n = 2000 and its 3,999 sum diagonals, a 43 KB file, took 80 s and 0.8 GB to expand."""
    diagonals = ", ".join(f"[{d}, 1]" for d in range(3999))
    path = _write(tmp_path, "all.diags", f"n = 2000\ndiags = [{diagonals}]\n")
    with pytest.raises(ModelFileError, match="4,000,000 cells on the 3,999 diagonals"):
        read_instance(path)
    assert read_instance(f"{path}#2").spec.forbidden == ((0, 0), (0, 1), (1, 0))


@pytest.mark.parametrize("name", ["f.toml", "f.param"])
def test_a_fifo_is_refused_before_it_is_opened(tmp_path: Path, name: str) -> None:
    """Opening a FIFO waits for a writer, deaf to a time limit (issue 32, item 21)."""
    import os
    import threading

    fifo = tmp_path / name
    os.mkfifo(fifo)
    refused: list[str] = []

    def read() -> None:
        try:
            read_instance(str(fifo))
        except ModelFileError as error:
            refused.append(str(error))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(10)
    if reader.is_alive():  # blocked in open(): a writer lets it go
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    assert refused == [(f"{fifo}: not a regular file (a pipe, a socket or a device); save the "
                        "model to a file and give that")]
