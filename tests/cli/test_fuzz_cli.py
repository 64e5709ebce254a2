"""The command lines and inputs that acceptance and fuzz testing broke (issue 10), run
in-process through `nqueens.cli.main`: each must end with its exit code, at most one line on
stderr (`nqueens: error: ...` for exit 2), no traceback and no file left behind."""

from __future__ import annotations

import io
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from nqueens.cli import main

from paths import SRC


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A temp directory holding the awkward paths the cases name."""
    (tmp_path / "afile").write_text("not a directory\n")
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    (tmp_path / "zero.txt").symlink_to("/dev/zero")
    (tmp_path / "zero.toml").symlink_to("/dev/zero")
    (tmp_path / "deep.toml").write_text("n = 8\nfixed = " + "[" * 5000 + "]" * 5000 + "\n")
    (tmp_path / "digits.toml").write_text("n = " + "9" * 5000 + "\n")
    (tmp_path / "tables.toml").write_text("n = 8\nexpected = " + "{a = " * 3000 + "1"
                                          + "}" * 3000 + "\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _listing(directory: Path) -> set[str]:
    return {path.name for path in directory.iterdir()}


LONG_NAME = "x" * 300 + ".svg"
DEEP_JSON = "[" * 100_000 + "]" * 100_000
LONG_INT = "[1, " + "9" * 5000 + "]"

# (argv, stdin, exit code); every case is one fuzzed input the suite runs.
CASES = [
    # time limits: absurd values are refused, not a timer traceback
    (["solve", "8", "--timeout", "1e10"], "", 2),
    (["count", "8", "-b", "sat", "--timeout", "1e10"], "", 2),
    (["encodings", "8", "--timeout", "1e300"], "", 2),
    # sizes refused at once, or answered from formulas
    (["describe", "1000000000"], "", 2),
    (["describe", "100000000"], "", 2),
    (["describe", "200", "--backend", "backtrack"], "", 0),
    (["describe", "100000", "--backend", "backtrack", "--format", "json"], "", 0),
    (["describe", "300", "--backend", "sat"], "", 0),
    (["describe", "5000", "--backend", "sat", "--encoding", "seqcounter"], "", 2),
    (["estimate", "18446744073709551616"], "", 2),
    (["estimate", "300", "--samples", "10", "--seed", "1"], "", 0),
    (["estimate", "300"], "", 2),
    (["export", "300", "--to", "dimacs"], "", 2),
    (["export", "5000", "--to", "cpsat"], "", 2),
    (["export", "5000", "--to", "minizinc"], "", 2),
    (["export", "5000", "--to", "xcsp3"], "", 2),
    (["export", "5000", "--to", "opb"], "", 2),
    (["export", "5000", "--to", "cpmpy"], "", 2),
    (["encodings", "1_000", "--timeout", "0.2"], "", 2),
    (["encodings", "300", "--count-up-to", "1", "--timeout", "0.1"], "", 2),
    (["solve", "1000000000", "-b", "construct"], "", 2),
    (["count", "9" * 40], "", 2),
    # output paths: one writing helper refuses them all before the work
    (["export", "8", "--to", "dimacs", "-o", "."], "", 2),
    (["export", "8", "--to", "dimacs", "-o", "afile/out.cnf"], "", 2),
    (["export", "8", "--to", "dimacs", "-o", "/proc/x.cnf"], "", 2),
    (["export", "8", "--to", "cpsat", "-o", "/dev/null", "--force"], "", 2),
    (["model", "8", "-o", "afile"], "", 2),
    (["model", "8", "-o", "loop1/m.toml"], "", 2),
    (["model", "8", "-o", "/sys/m.toml"], "", 2),
    (["solve", "4", "-o", "/proc/x.svg"], "", 2),
    (["solve", "4", "-o", "/sys/x.png"], "", 2),
    (["solve", "4", "-o", LONG_NAME], "", 2),
    (["solve", "4", "-o", "."], "", 2),
    (["solve", "4", "-o", "/dev/null", "--format", "json"], "", 2),
    (["bench", "--quick", "-o", "afile/out"], "", 2),
    (["bench", "--quick", "-o", "afile"], "", 2),
    (["bench", "--quick", "-o", "loop1/out"], "", 2),
    # pictures: too many boards refused before the search prints anything
    (["solve", "10", "--all", "--output", "all10.png"], "", 2),
    (["solve", "8", "--limit", "121", "--output", "many.svg"], "", 2),
    (["solve", "300", "-b", "construct", "--output", "big.svg"], "", 2),
    # verify input: bounded size, depth and digits
    (["verify"], DEEP_JSON, 2),
    (["verify"], LONG_INT, 2),
    (["verify"], "1 " + "9" * 5000, 2),
    (["verify", "zero.txt"], "", 2),
    (["verify", "--model", "zero.toml"], "0 1", 2),
    (["verify"], "0 1 2 3", 1),
    (["verify", "--one-based"], "1 2 3 0", 1),
    # model files: bounded size, depth and digits
    (["count", "deep.toml"], "", 2),
    (["count", "digits.toml"], "", 2),
    (["count", "tables.toml"], "", 2),
    (["count", "zero.toml"], "", 2),
    (["describe", "deep.toml"], "", 2),
    (["stats", "tables.toml"], "", 2),
    (["stats", "torus-7"], "", 2),
    (["estimate", "digits.toml"], "", 2),
    # usage: one prefix, dropped and conflicting options
    (["solve", "8", "-k", "0"], "", 2),
    (["estimate", "8", "-k", "5"], "", 2),
    (["solve", "8", "--unique"], "", 2),
    (["solve", "8", "--fixed", "9,9"], "", 2),
    (["solve", "8", "--forbidden", "x"], "", 2),
    (["count", "nosuch-model"], "", 2),
    (["models", "--format", "yaml"], "", 2),
    # what works must keep working
    (["solve", "8", "--fixed", "0,0", "--forbidden", "1,2", "-b", "backtrack"], "", 0),
    (["solve", "superqueens-10", "-b", "backtrack"], "", 0),
    (["stats", "completion-8-a1"], "", 0),
    (["estimate", "completion-8-a1", "--samples", "50", "--seed", "2"], "", 0),
    (["models"], "", 0),
]


@pytest.mark.parametrize(("argv", "stdin", "code"), CASES,
                         ids=[" ".join(argv)[:60] for argv, _, _ in CASES])
def test_fuzzed_command_line(argv: list[str], stdin: str, code: int, workdir: Path,
                             monkeypatch: pytest.MonkeyPatch,
                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    before = _listing(workdir)
    got = main(argv)
    out, err = capsys.readouterr()
    assert got == code, err
    assert "Traceback" not in err and "Traceback" not in out
    if code == 2:
        assert err.count("\n") == 1 and err.startswith("nqueens: error: "), err
        assert not out  # refused before any work: nothing half-printed
    assert _listing(workdir) == before  # nothing written, no temp file left


def test_surrogate_argument_is_written_not_a_traceback(workdir: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """A non-UTF-8 byte in an argument arrives as a surrogate; the file stays valid UTF-8."""
    assert main(["model", "8", "--description", "caf\udcfe", "-o", "m.toml"]) == 0
    text = (workdir / "m.toml").read_bytes().decode("utf-8")
    assert 'description = "caf?"' in text
    assert main(["count", "m.toml", "-b", "backtrack"]) == 0
    assert "92 solutions" in capsys.readouterr().out


def test_verify_reports_every_pair_as_json(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1 2 3 4"))
    assert main(["verify", "--one-based", "--format", "json"]) == 1
    [doc] = json.loads(capsys.readouterr().out)
    [violation] = doc["violations"]
    assert violation["pairs"] == 6  # C(4, 2): every pair of four queens on one diagonal
    # JSON is 0-based in every document; the message counts as the user does
    assert violation["cells"] == [[0, 0], [1, 1], [2, 2], [3, 3]]
    assert violation["message"].startswith("queens at (1, 1), (2, 2), (3, 3) and (4, 4)")


@pytest.mark.system  # runs a subprocess: the quick lane leaves it out
def test_file_size_limit_leaves_no_file(tmp_path: Path) -> None:
    """A write past the file-size limit (EFBIG) is one line and exit 2, and no partial file."""

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (2000, 2000))

    done = subprocess.run(
        [sys.executable, "-m", "nqueens", "export", "8", "--to", "dimacs", "-o", "q.cnf"],
        cwd=tmp_path, capture_output=True, text=True, preexec_fn=small_files,
        env={**os.environ, "PYTHONPATH": str(SRC)}, timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("nqueens: error: q.cnf: the file is too large")
    assert done.stderr.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_bundled_models_work_outside_the_repository(workdir: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["count", "superqueens-11", "-b", "backtrack"]) == 0
    assert "44 solutions" in capsys.readouterr().out  # OEIS A051223
    assert main(["models", "--format", "json"]) == 0
    names = {row["name"] for row in json.loads(capsys.readouterr().out)["models"]}
    assert {"queens-8", "superqueens-11", "torus-7"} <= names


def test_help_is_true_and_wrapped(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("solve", "count", "verify", "estimate", "stats", "describe", "export",
                    "encodings", "model", "models"):
        assert main([command, "--help"]) == 0
        text = capsys.readouterr().out
        assert "%%" not in text
        assert max(len(line) for line in text.splitlines()
                   if not line.lstrip().startswith(("--backend", "-b", "usage", "["))) <= 100
    for command in ("solve", "verify"):
        main([command, "--help"])
        assert "examples:" in capsys.readouterr().out
    main(["solve", "--help"])
    assert "as its class is first met" in " ".join(capsys.readouterr().out.split())
