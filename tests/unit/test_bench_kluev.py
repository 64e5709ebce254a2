"""The comparison with Kluev's counter (`bench.kluev`): how a checkout of it is set for a
board size (on stand-in files holding just the lines it edits; the program itself is
never bundled), and what wrong sources get."""

from __future__ import annotations

from pathlib import Path

import pytest

from nqueens.bench import kluev


def _stand_in(folder: Path) -> None:
    (folder / "solcounter.h").write_text(
        "inline constexpr int size = 18;\n    .sieveCuts = 0,\n    .matchMinSize = 40,\n"
        "    .bmiIntrin = false,\n    .prefetch = false,\n")
    (folder / "bmintrin.h").write_text('//#include "bmi2.h"\n')
    (folder / "prefetch.h").write_text('// #include "prefetchx86.h"\n')


def test_a_checkout_is_set_for_the_size_with_bmi2_and_prefetch(tmp_path):
    _stand_in(tmp_path)
    kluev.configure(tmp_path, 21)
    text = (tmp_path / "solcounter.h").read_text()
    assert "size = 21;" in text and ".sieveCuts = 3," in text and ".matchMinSize = 60," in text
    assert ".bmiIntrin = true," in text and ".prefetch = true," in text
    assert (tmp_path / "bmintrin.h").read_text() == '#include "bmi2.h"\n'
    assert (tmp_path / "prefetch.h").read_text() == '#include "prefetchx86.h"\n'
    kluev.configure(tmp_path, 20)  # set again: the edits find their lines as left
    assert "size = 20;" in (tmp_path / "solcounter.h").read_text()


def test_other_sources_are_refused(tmp_path):
    with pytest.raises(RuntimeError, match=r"has no solcounter\.h"):
        kluev.configure(tmp_path, 18)
    _stand_in(tmp_path)
    (tmp_path / "solcounter.h").write_text("int size = 18;\n")
    with pytest.raises(RuntimeError, match="expected one"):
        kluev.configure(tmp_path, 18)


def test_the_command_wants_a_checkout(tmp_path, capsys):
    with pytest.raises(SystemExit) as stopped:
        kluev.main(["--source", str(tmp_path), "18"])
    assert stopped.value.code == 2 and "holds no solcounter.h" in capsys.readouterr().err


def test_with_a_checkout_kluev_is_the_reference_of_the_join():
    from nqueens.bench.run import REF, workloads

    grid = workloads(False, None, None, kluev=lambda n: Path(f"/built/kluev{n}"))
    join = next(w for w in grid if w.group == "count: join of partial boards")
    first, second = join.subjects[:2]
    assert (first.label, first.role) == ("Kluev's counter, 1 thread", REF)
    assert first.command(18)[:2] == ["sh", "-c"] and "'/built/kluev18' 1 |" in first.command(18)[2]
    assert "'/built/kluev20' " in second.command(20)[2]
    assert 21 in join.sizes and 21 not in join.sizes_of(first)


@pytest.mark.system  # runs subprocesses
def test_a_command_is_timed_in_cpu_and_wall():
    import subprocess
    import sys

    from nqueens.bench.cputime import run_timed

    done = run_timed([sys.executable, "-c", "print(sum(range(3 * 10**6)))"])
    assert done.returncode == 0 and done.stdout.strip() == str(sum(range(3 * 10**6)))
    assert done.cpu > 0 and done.wall > 0
    with pytest.raises(subprocess.TimeoutExpired):
        run_timed([sys.executable, "-c", "import time; time.sleep(5)"], timeout=0.3)
