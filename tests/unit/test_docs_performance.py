"""The performance page is written from the committed bench results, every figure as the
bench recorded it, under a header naming the machine, the date and the load."""

from __future__ import annotations

import json
from pathlib import Path

from docgen import performance

RUNS = performance.runs()


def test_results_are_committed_with_their_machine_and_load() -> None:
    assert RUNS, "no bench results in docs/benchmarks/results/"
    for path, doc in RUNS:
        meta = doc["meta"]
        assert {"when", "machine", "load_average", "cpus", "repeats"} <= set(meta), path.name
        assert doc["results"], path.name


def test_the_page_shows_every_measurement_of_the_latest_run() -> None:
    page = performance.page_markdown()
    _, latest = RUNS[0]
    meta = latest["meta"]
    assert page.index("## Latest run") < page.index(meta["machine"])
    assert f"load average {meta['load_average'][0]:g}" in page
    rows = [line for line in page.splitlines() if line.startswith("| ")]
    for m in latest["results"]:
        shown = f"{m['median']:.3f}" if m["median"] is not None else "timeout"
        assert any(m["subject"] in row and shown in row for row in rows), (m["subject"], m["n"])


def test_runs_are_ordered_newest_first(tmp_path: Path) -> None:
    for name, when in (("a.json", "2026-01-02T00:00:00Z"), ("b.json", "2025-12-31T00:00:00Z")):
        (tmp_path / name).write_text(json.dumps({"meta": {"when": when}, "results": []}))
    page = performance.page_markdown(tmp_path, plot=None)
    assert page.index("Latest run") < page.index("Earlier run: 2025-12-31")
    assert "a.json" in page.split("Earlier run")[0]
