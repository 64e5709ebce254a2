"""`count --checkpoint FILE`: a count interrupted (SIGINT) or killed (SIGKILL) mid-run and
rerun with the same file reaches exactly the OEIS total; a corrupt or mismatched checkpoint
is refused with exit 2, never reused."""

from __future__ import annotations

import json
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from nqueens.cli import main

from cli_process import line_count, run, start, wait_for
from known_counts import A000170, A002562, A051223


def _records(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()[1:]]


def _header(path: Path) -> dict[str, object]:
    header: dict[str, object] = json.loads(path.read_text().splitlines()[0])
    return header


@pytest.mark.parametrize(("sig", "n", "backend_name"), [
    pytest.param(signal.SIGINT, 16, "backtrack", id="SIGINT-backtrack-n16"),  # n = 12 now ends too soon
    pytest.param(signal.SIGKILL, 11, "sat", id="SIGKILL-sat-n11"),
])
def test_interrupted_count_resumes_to_the_exact_total(
    tmp_path: Path, sig: signal.Signals, n: int, backend_name: str
) -> None:
    path = tmp_path / "count.ckpt"
    args = ["count", str(n), "--backend", backend_name, "--checkpoint", str(path),
            "--split-depth", "2", "--format", "json"]
    out_file, err_file = tmp_path / "out", tmp_path / "err"
    with out_file.open("w") as out_handle, err_file.open("w") as err_handle:
        process = start(*args, stdout=out_handle, stderr=err_handle)
    wait_for(lambda: line_count(path) >= 6, what="five recorded subproblems")
    assert process.poll() is None, "the count finished before the signal: make it larger"
    process.send_signal(sig)
    process.wait(timeout=60)
    out, err = out_file.read_text(), err_file.read_text()
    subproblems = _header(path)["subproblems"]
    recorded = _records(path)
    assert 5 <= len(recorded) < subproblems  # the signal landed mid-run
    if sig == signal.SIGINT:
        assert process.returncode == 3, err
        doc = json.loads(out)
        assert doc["status"] == "interrupted" and doc["complete"] is False
        # nothing found was lost: the finished subproblems are recorded, the stopped ones'
        # partial counts are in the lower bound
        assert doc["count"] >= sum(r["count"] for r in recorded) == doc["stats"]["recorded"]
    else:
        assert process.returncode == -signal.SIGKILL

    resumed = run(*args)
    assert resumed.returncode == 0, resumed.stderr
    assert f"{len(recorded)} of {subproblems} subproblems already counted" in resumed.stderr
    doc = json.loads(resumed.stdout)
    assert doc["complete"] is True and doc["count"] == A000170[n]
    if backend_name == "backtrack":  # each record holds its fundamental solutions too
        assert doc["stats"]["unique"] == A002562[n]
    final = _records(path)
    assert len(final) == subproblems == len({r["key"] for r in final})
    assert sum(r["count"] for r in final) == A000170[n]


def _count(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["count", *args, "--backend", "backtrack"])
    out, err = capsys.readouterr()
    return code, out, err


def test_completed_checkpoint_is_reused_without_counting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "c.ckpt")
    assert _count(capsys, "8", "--checkpoint", path, "--split-depth", "2")[0] == 0
    code, out, err = _count(capsys, "8", "--checkpoint", path)  # depth taken from the file
    assert code == 0 and out.startswith(f"8-queens: {A000170[8]} solutions")
    assert "already counted" in err


@pytest.mark.parametrize("args", [
    pytest.param(["completion-8-unsat"], id="completion-split-deep"),
    pytest.param(["9", "--variant", "superqueens", "--backend", "sat"], id="superqueens-sat"),
])
def test_finished_checkpoint_rerun_gives_the_same_total(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    """The automatic depth of a small or completion board may be deep (7 of 8 rows); a
    rerun takes it from the file and must not refuse it by the worst case n ** depth."""
    path = str(tmp_path / "c.ckpt")
    expected = A051223[9] if "superqueens" in args else 0  # the completion is unsat
    written = b""
    for run_number in (1, 2):
        code = main(["count", *args, "--checkpoint", path, "--format", "json"])
        out, err = capsys.readouterr()
        assert code == 0, (run_number, err)
        doc = json.loads(out)
        assert doc["complete"] is True and doc["count"] == expected
        if run_number == 1:
            written = Path(path).read_bytes()
    assert Path(path).read_bytes() == written  # the rerun counted nothing again


def test_no_usable_temporary_directory_is_one_line(tmp_path: Path) -> None:
    """A process pool needs a temporary directory; none writable (no file may grow past 0
    bytes) is refused up front, exit 2, one line, no checkpoint written."""
    import resource

    def no_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))

    path = tmp_path / "c.ckpt"
    done = run("count", "10", "-b", "permutation", "--jobs", "2", "--split-depth", "1",
               "--checkpoint", str(path), preexec_fn=no_files)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("nqueens: error: worker processes need a writable "
                                  "temporary directory") and done.stderr.count("\n") == 1
    assert done.stdout == "" and not path.exists()


@pytest.mark.parametrize("other", [
    pytest.param(["9"], id="other-n"),
    pytest.param(["8", "--split-depth", "3"], id="other-depth"),
    pytest.param(["8", "--backend", "sat"], id="other-backend"),
    # the file's "classes" split cannot plan a board with cells: refused by name, first
    pytest.param(["8", "--forbidden", "0,1"], id="other-cells"),
])
def test_mismatched_checkpoint_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], other: list[str]
) -> None:
    path = tmp_path / "c.ckpt"
    assert _count(capsys, "8", "--checkpoint", str(path), "--split-depth", "2")[0] == 0
    before = path.read_bytes()
    code = main(["count", *other, "--checkpoint", str(path)] +
                ([] if "--backend" in other else ["--backend", "backtrack"]))
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith("nqueens: error: checkpoint") and err.count("\n") == 1
    assert "give another --checkpoint file" in err
    assert path.read_bytes() == before  # refused files are left untouched


def test_checkpoint_of_another_model_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from nqueens.counting.ledger import Ledger, identity
    from nqueens.errors import CheckpointError
    from nqueens.spec import Spec

    path = tmp_path / "c.ckpt"
    plain = identity(Spec(8), "backtrack", {}, 2, 42)
    Ledger.open(path, plain, set()).close()
    pinned = identity(Spec(8, fixed=((0, 0),)), "backtrack", {}, 2, 42)
    with pytest.raises(CheckpointError, match="fixed"):
        Ledger.open(path, pinned, set())


@pytest.mark.parametrize(("content", "message"), [
    pytest.param("hello\n", "not an nqueens checkpoint", id="not-a-checkpoint"),
    pytest.param(b"\xff\xfe\n", "not an nqueens checkpoint", id="binary"),
    pytest.param("HEADER\nnot json\n", "line 2: not a subproblem record", id="corrupt-record"),
    pytest.param('HEADER\n{"key": "9.9", "count": 1}\n', "not part of this split", id="unknown-key"),
    pytest.param('HEADER\n{"key": "KEY", "count": -1}\n', "line 2", id="negative-count"),
    pytest.param('HEADER\n{"key": "KEY", "count": 1}\n{"key": "KEY", "count": 2}\n',
                 "recorded twice", id="conflicting-records"),
])
def test_corrupt_checkpoint_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | bytes, message: str
) -> None:
    path = tmp_path / "c.ckpt"
    assert _count(capsys, "8", "--checkpoint", str(path), "--split-depth", "2")[0] == 0
    header, first = path.read_text().splitlines()[:2]
    key = json.loads(first)["key"]  # a subproblem of this file's own plan
    data = (content.replace("HEADER", header).replace("KEY", key) if isinstance(content, str)
            else content)
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    code, out, err = _count(capsys, "8", "--checkpoint", str(path), "--split-depth", "2")
    assert code == 2 and out == "" and message in err and err.count("\n") == 1


def test_torn_last_record_is_dropped_and_recounted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "c.ckpt"
    assert _count(capsys, "8", "--checkpoint", str(path), "--split-depth", "2")[0] == 0
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:10]) + lines[10][:7])  # a crash mid-write of record 10
    code, out, err = _count(capsys, "8", "--checkpoint", str(path))
    assert code == 0 and f": {A000170[8]} solutions" in out
    assert "9 of" in err
    assert len(_records(path)) == len(lines) - 1  # every subproblem recorded exactly once


def test_checkpoint_in_a_missing_directory_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _count(capsys, "8", "--checkpoint", str(tmp_path / "no" / "c.ckpt"))
    assert code == 2 and "cannot create checkpoint" in err and err.count("\n") == 1


def test_checkpoint_in_use_by_another_run_is_refused(tmp_path: Path) -> None:
    from nqueens.counting.ledger import Ledger, identity
    from nqueens.errors import CheckpointError
    from nqueens.spec import Spec

    path = tmp_path / "c.ckpt"
    fields = identity(Spec(8), "backtrack", {}, 2, 42)
    with (Ledger.open(path, fields, set()),
          pytest.raises(CheckpointError, match="in use by another running nqueens count")):
        Ledger.open(path, fields, set())
    Ledger.open(path, fields, set()).close()  # free again once the first run closed it


def _old_header(n: int, depth: int, subproblems: int) -> str:
    """A header exactly as nqueens wrote it before the counting engine (version 1)."""
    return json.dumps({"format": "nqueens-checkpoint", "version": 1, "n": n,
                       "variant": "queens", "fixed": [], "forbidden": [],
                       "backend": "backtrack", "options": {}, "split_depth": depth,
                       "subproblems": subproblems})


def test_checkpoint_written_before_the_engine_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from brute_force import brute_force_solutions

    path = tmp_path / "old.ckpt"
    records = [{"key": f"{a}.{b}", "count": len(brute_force_solutions(8, ((0, a), (1, b)))),
                "seconds": 0.01} for a, b in ((0, 2), (3, 1), (7, 5))]
    path.write_text("\n".join([_old_header(8, 2, 42), *map(json.dumps, records)]) + "\n")
    code, out, err = _count(capsys, "8", "--checkpoint", str(path))
    assert code == 0, err
    assert out.startswith(f"8-queens: {A000170[8]} solutions")
    assert "3 of 42 subproblems already counted" in err
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["version"] == 1 and len(lines) == 1 + 42
    assert all("crc" not in json.loads(line) for line in lines[1:4])  # left as they were
    assert all("crc" in json.loads(line) for line in lines[4:])  # appended with a checksum
    assert _count(capsys, "8", "--checkpoint", str(path))[0] == 0  # and it resumes again


def _finished_checkpoint(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "c.ckpt"
    assert _count(capsys, "8", "--checkpoint", str(path), "--split-depth", "2")[0] == 0
    return path


@pytest.mark.parametrize(("edit", "message"), [
    pytest.param(lambda r: {**r, "count": r["count"] + 1}, "fails its checksum", id="count+1"),
    pytest.param(lambda r: {k: v for k, v in r.items() if k != "crc"}, "fails its checksum",
                 id="no-checksum"),
    pytest.param(lambda r: {**r, "count": 10 ** 30}, "cannot have", id="absurd-count"),
    pytest.param(lambda r: {k: v for k, v in r.items() if k != "canonical"},
                 "fails its checksum", id="no-fundamental-count"),
    pytest.param(lambda r: {**r, "canonical": r["count"] + 1}, "fundamental solutions out of",
                 id="more-fundamental-than-all"),
])
def test_record_edited_outside_nqueens_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], edit: Callable[[Any], Any], message: str
) -> None:
    path = _finished_checkpoint(tmp_path, capsys)
    lines = path.read_text().splitlines()
    lines[5] = json.dumps(edit(json.loads(lines[5])))
    path.write_text("\n".join(lines) + "\n")
    code, out, err = _count(capsys, "8", "--checkpoint", str(path))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("nqueens: error: ") and f"{path}, line 6" in err and message in err


def test_checkpoint_without_fundamental_counts_resumes_to_the_total(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A version 2 file (records without `canonical`) still resumes to the exact total; its
    fundamental count is unknown, so none is claimed."""
    from nqueens.counting.ledger import checksum

    path = _finished_checkpoint(tmp_path, capsys)
    header, *records = [json.loads(line) for line in path.read_text().splitlines()]
    old = [{"key": r["key"], "count": r["count"], "seconds": r["seconds"],
            "crc": checksum(r["key"], r["count"])} for r in records[: len(records) // 2]]
    path.write_text("\n".join(map(json.dumps, [{**header, "version": 2}, *old])) + "\n")
    code, out, err = _count(capsys, "8", "--checkpoint", str(path), "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["count"] == A000170[8] and "unique" not in doc["stats"]
    assert all("canonical" in r for r in _records(path)[len(old):])  # what was appended


def test_record_moved_to_another_subproblem_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The checksum covers the key too: a count given to another subproblem with the same
    count (so that no other check can notice) is refused."""
    path = _finished_checkpoint(tmp_path, capsys)
    lines = path.read_text().splitlines()
    records = [json.loads(line) for line in lines[1:]]
    first = records[4]  # line 6
    later = next(i for i, r in enumerate(records) if i > 4 and r["count"] == first["count"])
    lines[5] = json.dumps({**first, "key": records[later]["key"]})
    del lines[1 + later]
    path.write_text("\n".join(lines) + "\n")
    code, out, err = _count(capsys, "8", "--checkpoint", str(path))
    assert code == 2 and out == "" and f"{path}, line 6" in err and "fails its checksum" in err


def test_old_record_with_a_wrong_checksum_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "old.ckpt"
    record = {"key": "0.2", "count": 0, "seconds": 0.0, "crc": "00000000"}
    path.write_text(_old_header(8, 2, 42) + "\n" + json.dumps(record) + "\n")
    code, _, err = _count(capsys, "8", "--checkpoint", str(path))
    assert code == 2 and "line 2" in err and "checksum" in err


@pytest.mark.parametrize("line", [
    pytest.param("[" * 100_000 + "]" * 100_000, id="deeply-nested"),
    pytest.param('{"key": "0.2", "count": ' + "9" * 5000 + "}", id="5000-digits"),
    pytest.param('{"key": "0.2", "count": 1, "pad": "' + "x" * 2_000_000 + '"}', id="2MB-line"),
])
@pytest.mark.parametrize("where", ["header", "record"])
def test_oversized_checkpoint_lines_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str, where: str
) -> None:
    path = _finished_checkpoint(tmp_path, capsys)
    lines = path.read_text().splitlines()
    lines[0 if where == "header" else 3] = line
    path.write_text("\n".join(lines) + "\n")
    code, out, err = _count(capsys, "8", "--checkpoint", str(path))
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert ("not an nqueens checkpoint" in err if where == "header" else
            f"{path}, line 4: not a subproblem record" in err)


def test_hopeless_checkpointed_count_is_refused_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import time

    started = time.perf_counter()
    for n, message in (("1000000", "beyond the sat backend"), ("12", "does not exist")):
        code = main(["count", n, "-b", "sat", "--timeout", "3", "--jobs", "4",
                     "--checkpoint", str(tmp_path / "nodir" / "c.ckpt")])
        out, err = capsys.readouterr()
        assert code == 2 and out == "" and message in err and err.count("\n") == 1
    assert time.perf_counter() - started < 2.5
    assert not (tmp_path / "nodir").exists()


def test_sigterm_to_the_process_group_keeps_the_partial_count(tmp_path: Path) -> None:
    """SIGTERM reaches the pool's workers too (they ignore and block it): exit 3, a count
    of at least what the checkpoint holds, no BrokenProcessPool traceback."""
    import os

    path = tmp_path / "c.ckpt"
    args = ["count", "12", "--backend", "cpsat", "--checkpoint", str(path), "--split-depth",
            "2", "--format", "json"]
    out_file, err_file = tmp_path / "out", tmp_path / "err"
    with out_file.open("w") as out_handle, err_file.open("w") as err_handle:
        process = start(*args, stdout=out_handle, stderr=err_handle, start_new_session=True)
    wait_for(lambda: line_count(path) >= 3, what="two recorded subproblems")
    os.killpg(process.pid, signal.SIGTERM)
    process.wait(timeout=60)
    err = err_file.read_text()
    assert process.returncode == 3, err
    assert "Traceback" not in err and "BrokenProcessPool" not in err
    doc = json.loads(out_file.read_text())
    assert doc["status"] == "interrupted"
    assert doc["count"] >= sum(r["count"] for r in _records(path)) == doc["stats"]["recorded"]
    assert doc["stats"]["recorded"] > 0


def _dies_on_the_third_part(base: Any, sub: Any, backend: str, options: dict[str, Any],
                            limit: Any, deadline: Any = None) -> tuple[int, float]:
    """A task whose worker process dies (as one killed or out of memory does) on one part."""
    import os

    if sub.key == "2":
        os._exit(1)
    return 1, 0.0


def test_a_part_that_kills_its_worker_every_time_ends_the_count_naming_it(tmp_path: Path) -> None:
    """The engine runs a part whose worker died again, alone, and gives up after the third
    death with a WorkerDiedError (exit 3 on the command line) naming the part and the
    checkpoint, never a BrokenProcessPool, keeping what finished for a rerun."""
    from nqueens.counting.engine import LOCAL_ATTEMPTS, count_parts
    from nqueens.counting.route import Split
    from nqueens.errors import WorkerDiedError
    from nqueens.spec import Spec

    path = tmp_path / "c.ckpt"
    with pytest.raises(WorkerDiedError, match=f"the {LOCAL_ATTEMPTS} times it counted part 2 .*"
                                              f"rerun to resume from {path}"):
        count_parts(Spec(8), task=_dies_on_the_third_part, partition="rows", jobs=2,
                    split=Split(depth=1, checkpoint=path))
    assert all(record["key"] != "2" for record in _records(path))


def _dies_once_on_the_third_part(base: Any, sub: Any, backend: str, options: dict[str, Any],
                                 limit: Any, deadline: Any = None) -> tuple[int, float]:
    """A task whose worker dies the first time it counts one part (a process killed by a
    user or the OOM killer); it counts 1 for every part."""
    import os

    marker = Path(options["marker"])
    if sub.key == "2" and not marker.exists():
        marker.write_text("died")
        os._exit(1)
    return 1, 0.0


def test_a_part_whose_worker_died_is_run_again_and_the_count_completes(tmp_path: Path) -> None:
    from nqueens.counting.engine import count_parts
    from nqueens.counting.route import Split
    from nqueens.spec import Spec

    path = tmp_path / "c.ckpt"
    found = count_parts(Spec(8), task=_dies_once_on_the_third_part, partition="rows", jobs=2,
                        options={"marker": str(tmp_path / "died")},
                        split=Split(depth=1, checkpoint=path))
    assert (tmp_path / "died").exists()  # the worker did die
    assert found.complete and found.count == 8 == len(_records(path))
    assert sorted(record["key"] for record in _records(path)) == [str(c) for c in range(8)]
