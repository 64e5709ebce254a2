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
