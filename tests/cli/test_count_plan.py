"""`nqueens count N --plan`: the cost of a count by the join, and no count."""

from __future__ import annotations

import json

import pytest

from nqueens.counting import halfboards as joins
from nqueens.counting import join as route

pytestmark = pytest.mark.skipif(not joins.join_available(), reason="compiled join not built")


@pytest.fixture(autouse=True)
def short_sample(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(route, "SAMPLE_SECONDS", 0.05)


def test_the_plan_says_units_parts_cpu_memory_and_wall(run_cli):
    result = run_cli("count", "13", "--plan", "--jobs", "2")
    assert result.code == 0 and result.err == ""
    lines = result.out.splitlines()
    assert lines[0] == "13-queens: the plan of a count by the join of partial boards (nothing counted)"
    assert lines[1].startswith(f"  units: {joins.unit_count(13):,} in 64 parts (split depth 3)")
    assert lines[2].startswith("  CPU: about ") and "measured here on" in lines[2]
    assert lines[3].startswith("  memory: about ") and "2 fit in this machine's" in lines[3]
    assert lines[4].startswith("  wall: about ") and "on 2 processes here" in lines[4]
    assert lines[5].startswith("  a part: about ") and "loses everything without --checkpoint" in lines[5]
    assert "solutions" not in result.out


def test_the_plan_of_a_resume_names_the_parts_recorded(run_cli, tmp_path):
    path = tmp_path / "c.ckpt"
    assert run_cli("count", "13", "--checkpoint", str(path), "--jobs", "1").code == 0
    lines = run_cli("count", "13", "--plan", "--checkpoint", str(path)).out.splitlines()
    assert lines[2:] == [(f"  checkpoint: {path} holds 64 of the 64 parts: nothing is left to count "
                          "(the same command without --plan reports the total)")]
    path.write_text("\n".join(path.read_text().splitlines()[:-40]) + "\n")  # 24 parts kept
    lines = run_cli("count", "13", "--plan", "--checkpoint", str(path)).out.splitlines()
    assert lines[2] == f"  checkpoint: {path} holds 24 of the 64 parts; the figures below are for the 40 left"
    assert lines[6].endswith("only the parts in flight: the checkpoint keeps the others for a rerun")


def test_the_plan_as_json_for_a_cluster(run_cli):
    result = run_cli("count", "13", "--plan", "--executor", "dask", "--jobs", "8", "--format", "json")
    assert result.code == 0
    doc = json.loads(result.out)
    assert doc["n"] == 13 and doc["plan"]["executor"] == "dask" and doc["plan"]["processes"] == 8
    assert doc["plan"]["units"] == joins.unit_count(13) and doc["plan"]["fit"] is None


@pytest.mark.parametrize(("extra", "message"), [
    (["--backend", "cpsat"], "drop --backend or --plan"),
    (["--unique"], "drop --unique"),
])
def test_what_the_plan_does_not_cover_is_refused(run_cli, extra, message):
    result = run_cli("count", "13", "--plan", *extra)
    assert result.code == 2 and message in result.err and result.out == ""


def test_the_plan_leaves_a_checkpoint_byte_identical(run_cli, tmp_path):
    """--plan counts nothing, so it writes nothing: a torn last line stays for the count
    to drop (issue 39 item 11)."""
    path = tmp_path / "c.ckpt"
    assert run_cli("count", "13", "--checkpoint", str(path), "--jobs", "1").code == 0
    lines = path.read_text().splitlines()
    torn = "\n".join(lines[:-40]) + "\n" + lines[-40][:20]  # 24 parts whole, one torn
    path.write_text(torn)
    result = run_cli("count", "13", "--plan", "--checkpoint", str(path))
    assert result.code == 0, result.err
    assert "holds 24 of the 64 parts" in result.out
    assert path.read_text() == torn


def test_the_plan_writes_no_new_checkpoint(run_cli, tmp_path):
    path = tmp_path / "new.ckpt"
    assert run_cli("count", "13", "--plan", "--checkpoint", str(path)).code == 0
    assert not path.exists() and list(tmp_path.iterdir()) == []


def test_the_plan_refuses_a_checkpoint_the_count_would_refuse(run_cli, tmp_path):
    """A checkpoint the count could not create is refused by the plan too, at once."""
    where = str(tmp_path / "missing" / "c.ckpt")
    for command in (("count", "13"), ("count", "13", "--plan")):
        result = run_cli(*command, "--checkpoint", where)
        assert result.code == 2 and result.out == ""
        assert "directory" in result.err and "does not exist" in result.err


def test_the_plan_is_cut_to_the_processes_that_fit(run_cli, monkeypatch):
    """When fewer processes fit than were asked for, the plan is the count's (on those
    that fit), and says so."""
    monkeypatch.setattr(route, "join_processes", lambda n, wanted: 1)
    result = run_cli("count", "13", "--plan", "--jobs", "2")
    assert result.code == 0, result.err
    assert "only 1 of the 2 processes asked for fit" in result.out
    assert "planned on 1" in result.out and "on this process" in result.out
    assert "on 2 processes" not in result.out


def test_the_plan_is_refused_when_not_one_process_fits(run_cli, monkeypatch):
    monkeypatch.setattr(route, "join_processes", lambda n, wanted: 0)
    result = run_cli("count", "13", "--plan")
    assert result.code == 2 and result.out == ""
    [line] = result.err.splitlines()
    assert line.startswith("nqueens: error: a count of the 13-board by the join of partial "
                           "boards needs about ") and "--executor dask" in line


def test_the_plan_under_a_spent_limit_says_what_it_knows(run_cli):
    """A stop during the sample: the parts and the memory, no times, exit 3."""
    result = run_cli("count", "22", "--plan", "--timeout", "0.05")
    assert result.code == 3
    assert "  CPU: not measured: the time limit ran out" in result.out
    assert "  memory: about " in result.out and "wall" not in result.out
    assert "while the plan sampled the join" in result.err
