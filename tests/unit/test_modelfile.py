"""Model files: round trips, and every kind of malformed file rejected with file and key."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nqueens.cli import main
from nqueens.errors import InputError, ModelFileError, SpecError
from nqueens.modeling.modelfile import Expected, dump_model, load_model, model_text, read_model
from nqueens.spec import Spec
from nqueens.variants import VARIANTS


@st.composite
def specs(draw: st.DrawFn) -> Spec:
    """Random valid specs: fixed queens kept only when they do not attack earlier ones."""
    n = draw(st.integers(1, 9))
    variant = draw(st.sampled_from(sorted(VARIANTS)))
    cell = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    fixed: list[tuple[int, int]] = []
    for candidate in draw(st.lists(cell, max_size=4, unique=True)):
        try:
            Spec(n, variant, fixed=fixed + [candidate])
        except SpecError:
            continue
        fixed.append(candidate)
    forbidden = draw(st.lists(cell.filter(lambda c: c not in fixed), max_size=6, unique=True))
    name = draw(st.text(max_size=12))
    return Spec(n, variant, tuple(fixed), tuple(forbidden), name)


@settings(max_examples=60, deadline=None)
@given(spec=specs(), description=st.text(max_size=30))
def test_written_model_reads_back_identical(tmp_path_factory: pytest.TempPathFactory,
                                            spec: Spec, description: str) -> None:
    path = tmp_path_factory.mktemp("rt") / "m.toml"
    expected = Expected(count=3, source="made up for the round trip")
    dump_model(spec, path, description=description, expected=expected)
    model = read_model(path)
    assert model.spec == spec
    assert model.spec.name == spec.name
    assert model.description == description
    assert model.expected == expected


def test_model_text_is_stable_for_a_simple_spec() -> None:
    spec = Spec(8, "queens", ((0, 0),), ((3, 3),), "demo")
    assert model_text(spec) == (
        "# nqueens model file: cells are [row, col], 0-based (see models/README.md)\n"
        'name = "demo"\nn = 8\nvariant = "queens"\nfixed = [[0, 0]]\nforbidden = [[3, 3]]\n'
    )


def test_dump_refuses_to_overwrite(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    path.write_text("keep me")
    with pytest.raises(InputError, match="already exists"):
        dump_model(Spec(4), path)
    assert path.read_text() == "keep me"
    dump_model(Spec(4), path, overwrite=True)
    assert load_model(path) == Spec(4)
    assert [p.name for p in tmp_path.iterdir()] == ["m.toml"]  # no temp file left behind


BAD_MODELS = [
    pytest.param("n = 8\ncolour = 'red'\n", "colour: unknown key", id="unknown-key"),
    pytest.param("variant = 'queens'\n", "n: missing", id="missing-n"),
    pytest.param("n = '8'\n", "n: must be a positive integer", id="n-string"),
    pytest.param("n = 0\n", "n: must be a positive integer", id="n-zero"),
    pytest.param("n = 8\nvariant = 'bishops'\n", "variant: unknown variant", id="bad-variant"),
    pytest.param("n = 8\nname = 3\n", "name: must be a string", id="name-int"),
    pytest.param("n = 8\nfixed = 'a1'\n", "fixed: expected an array", id="fixed-string"),
    pytest.param("n = 8\nfixed = [[0, 8]]\n", r"fixed\[0\]: cell \(0, 8\) is off", id="off-board"),
    pytest.param("n = 8\nforbidden = [[1, 1], [-1, 0]]\n", r"forbidden\[1\]: cell \(-1, 0\) is off",
                 id="off-board-negative"),
    pytest.param("n = 8\nfixed = [[0, 1.5]]\n", r"fixed\[0\]: row and column must be integers",
                 id="float-cell"),
    pytest.param("n = 8\nfixed = [[0, 1, 2]]\n", r"fixed\[0\]: expected a \[row, col\] pair",
                 id="triple"),
    pytest.param("n = 8\nfixed = [[0, 0], [0, 0]]\n", r"fixed\[1\]: .* listed twice", id="dup"),
    pytest.param("n = 8\nfixed = [[0, 0], [2, 2]]\n", "fixed: fixed queens at .* attack",
                 id="attacking-fixed"),
    pytest.param("n = 8\nfixed = [[0, 0]]\nforbidden = [[0, 0]]\n",
                 r"forbidden: cell \(0, 0\) is both fixed and forbidden", id="fixed-and-forbidden"),
    pytest.param("n = 8\nexpected = 92\n", "expected: expected a table", id="expected-int"),
    pytest.param("n = 8\nexpected = { total = 92 }\n", "expected.total: unknown key",
                 id="expected-unknown"),
    pytest.param("n = 8\nexpected = { count = -1 }\n", "expected.count: must be a non-negative",
                 id="expected-negative"),
    pytest.param("n = 8\nexpected = { count = 0, satisfiable = true }\n",
                 "expected.satisfiable: contradicts", id="expected-contradiction"),
    pytest.param("n = 8\nexpected = { source = 'x' }\n", "expected: give count",
                 id="expected-empty"),
    pytest.param("n = 8\nn = 9\n", "not valid TOML", id="not-toml"),
]


@pytest.mark.parametrize(("text", "message"), BAD_MODELS)
def test_malformed_model_is_rejected_naming_file_and_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(ModelFileError, match=f"^{path}: {message}"):
        load_model(path)
    assert main(["count", str(path), "--backend", "backtrack"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"nqueens: error: {path}: ")
    assert captured.err.count("\n") == 1


@pytest.mark.parametrize(("argument", "missing"), [
    ("no/such/model.toml", "no/such/model.toml"), ("nonexist.param", "nonexist.param"),
    ("facts.lp", "facts.lp"), ("d.diags#3", "d.diags"), ("d#17", "d"),
])
def test_a_missing_model_file_is_said_to_be_missing(
        argument: str, missing: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["solve", argument]) == 2
    assert capsys.readouterr().err == (
        f"nqueens: error: {missing}: no such model file; check the path (or give a board size "
        "N or a bundled model's name: `nqueens models` lists them)\n")


def test_a_directory_is_not_a_model_file(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    for argument in (str(tmp_path), f"{tmp_path}#3"):
        assert main(["count", argument]) == 2
        assert capsys.readouterr().err == (f"nqueens: error: {tmp_path}: is a directory, not a "
                                           "model file; give the model file's path\n")


def test_model_command_writes_a_loadable_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    argv = ["model", "8", "--fixed", "0,0", "--forbidden", "3,3", "4,4", "--name", "mine",
            "-o", str(path)]
    assert main(argv) == 0
    assert load_model(path) == Spec(8, fixed=((0, 0),), forbidden=((3, 3), (4, 4)))
    assert main(argv) == 2  # refuses to overwrite
    assert main(argv + ["--force"]) == 0


def test_model_command_rejects_a_contradiction_without_writing(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    assert main(["model", "8", "--fixed", "0,0", "1,1", "-o", str(path)]) == 2
    assert not path.exists()


@pytest.mark.system  # runs a subprocess: the quick lane leaves it out
def test_cli_subprocess_solves_a_written_model(tmp_path: Path) -> None:
    path = tmp_path / "torus.toml"
    assert main(["model", "5", "--variant", "torus", "-o", str(path)]) == 0
    result = subprocess.run(
        [sys.executable, "-m", "nqueens", "count", str(path), "--backend", "backtrack"],
        capture_output=True, text=True, env=os.environ.copy(), timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert ": 10 solutions" in result.stdout  # OEIS A051906(5)
