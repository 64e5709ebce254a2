"""What a certified run leaves on disk when it is stopped or cannot write, with the real
command: a Ctrl-C during the replay leaves no `nqueens-proof-*` folder in a private TMPDIR
(issue 39, 14); a full standard output leaves no proof, CNF or solution list (39, 12)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from cli_process import command, interrupted_once_waiting
from optional import require

pytestmark = pytest.mark.system

require("dratify", "pip install '.[certify]'")

#: Seconds a certified solve of a small board may take on a loaded machine.
BOUND = 60

#: The command with the proof's replay made to hang until a signal: it says "waiting" on
#: stderr, then waits (the stop comes while the proof is in its temporary folder).
_HANGING = (
    "import sys, time\n"
    "import nqueens.proofs.checkers as checkers\n"
    "def replay(*args, **kwargs):\n"
    "    print('waiting', file=sys.stderr, flush=True)\n"
    "    time.sleep(60)\n"
    "checkers._run_checkers = replay\n"
    "from nqueens.entry import main\n"
    "raise SystemExit(main())\n"
)


@pytest.mark.parametrize("argv", [["solve", "3", "--certify"], ["count", "6", "--certify"]])
def test_ctrl_c_during_a_certify_leaves_no_temporary_folder(argv: list[str],
                                                            tmp_path: Path) -> None:
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    def in_use() -> None:  # the folder is made, and in use while the replay waits
        assert [p.name[:14] for p in scratch.iterdir()] == ["nqueens-proof-"]

    code, out, err = interrupted_once_waiting(_HANGING, *argv, timeout=BOUND,
                                              env={**os.environ, "TMPDIR": str(scratch)},
                                              while_waiting=in_use)
    assert code == 3, err
    assert out.startswith(f"{argv[1]}-queens: ")  # the answer the search found stands
    assert "interrupted by SIGINT before the proof was replayed" in err
    assert "kept" not in err and "nqueens-proof-" not in err  # a removed file is not offered
    assert list(scratch.iterdir()) == []


def test_a_full_standard_output_leaves_no_file(tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(command("count", "8", "--certify", "--format", "json", "--proof",
                                      "q.drat"), cwd=tmp_path, stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=BOUND, check=False)
    assert done.returncode == 2, done.stderr
    assert done.stderr == ("nqueens: error: cannot write to standard output: no space left on "
                           "the device; free some space or write elsewhere\n")
    assert list(tmp_path.iterdir()) == []


def test_a_proof_past_the_file_size_limit_is_one_line_and_no_file(tmp_path: Path) -> None:
    # the search's C kernel writes the proof itself: its failed write is the same one line
    import resource

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (2048, resource.RLIM_INFINITY))

    done = subprocess.run(command("count", "10", "--certify", "--proof", "q.drat"),
                          cwd=tmp_path, capture_output=True, text=True, timeout=BOUND,
                          check=False, preexec_fn=small_files)
    assert done.returncode == 2, done.stderr
    assert done.stderr == ("nqueens: error: q.drat: cannot write the proof: the file is too "
                           "large (file-size limit); write a smaller output or raise the limit\n")
    assert done.stdout == "" and list(tmp_path.iterdir()) == []
