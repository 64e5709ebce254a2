"""The performance page, written from committed `nqueens bench` results.

Each file in docs/benchmarks/results/ is a `bench.json` as `nqueens bench` wrote it (its
`meta` names the date, the processor, the load average and the settings). The newest run is
shown first with its plot; older runs stay below it as history. Nothing on the page is typed
by hand, so a figure on it is always one a run printed.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

RESULTS = Path(__file__).resolve().parent.parent / "benchmarks" / "results"


def runs(directory: Path = RESULTS) -> list[tuple[Path, dict[str, Any]]]:
    """Every committed run, newest first (by the date the bench recorded)."""
    found = [(path, json.loads(path.read_text())) for path in sorted(directory.glob("*.json"))]
    return sorted(found, key=lambda item: str(item[1]["meta"].get("when", "")), reverse=True)


def _seconds(row: dict[str, Any], limit: float) -> str:
    if row["median"] is not None:
        return f"{row['median']:.3f}"
    return f"> {limit:g} (timeout)" if row["status"] == "timeout" else row["status"]


def header(meta: dict[str, Any]) -> str:
    """Where and when: the machine, its load, and the settings of the run."""
    load = meta.get("load_average")
    load_text = (f"load average {load[0]:g} at the start, {load[1]:g} at the end"
                 if load else "load average not recorded")
    machine = meta.get("machine", "processor not recorded")
    kind = "quick run" if meta.get("quick") else "full grid"
    if meta.get("only"):
        kind += f" of the workloads named '{meta['only']}'"
    if meta.get("kluev_reference") not in (None, "not given"):
        kind += f" beside Kluev's counter ({meta['kluev_reference']})"
    limit = meta.get("limit_seconds")
    limit_text = f"{limit:g} s" if isinstance(limit, int | float) else "a limit not recorded"
    return (f"{meta.get('when', 'date not recorded')}: {machine}, {meta.get('cpus', '?')} cores "
            f"({meta.get('platform', 'platform not recorded')}), Python {meta.get('python', '?')}; "
            f"{load_text}. {kind.capitalize()}, median of {meta.get('repeats', '?')} runs "
            f"(runs over 10 s once), each run given up after {limit_text}.")


def run_table(results: list[dict[str, Any]], limit: float) -> str:
    """Median seconds and the ratio to the workload's reference (its first subject); the
    median CPU seconds (of the process and those it started) and their ratio too, where
    the run measured them."""
    cpu = any(row.get("cpu_median") is not None for row in results)
    lines = (["| workload | n | subject | median s | ratio | CPU s | CPU ratio | answer |",
              "|---|---:|---|---:|---:|---:|---:|---|"] if cpu else
             ["| workload | n | subject | median s | ratio | answer |", "|---|---:|---|---:|---:|---|"])
    previous = (None, None)
    for row in results:
        same = (row["group"], row["n"]) == previous
        previous = (row["group"], row["n"])
        ratio = f"{row['ratio']:.3f}" if row.get("ratio") is not None else ""
        answer = row["answer"] if row["status"] == "ok" else f"{row['status']} {row['answer']}".strip()
        group, n = ("", "") if same else (row["group"], f"{row['n']:,}")
        cells = [group, n, row["subject"], _seconds(row, limit), ratio]
        if cpu:
            cells += [f"{row['cpu_median']:.3f}" if row.get("cpu_median") is not None else "",
                      f"{row['cpu_ratio']:.3f}" if row.get("cpu_ratio") is not None else ""]
        lines.append("| " + " | ".join([*cells, answer]) + " |")
    return "\n".join(lines)


def page_markdown(directory: Path = RESULTS, plot: str | None = "bench.png") -> str:
    """The latest run (with the plot), then every earlier one."""
    found = runs(directory)
    if not found:
        return "No benchmark results are committed yet (`docs/benchmarks/results/` is empty)."
    parts = []
    for index, (path, doc) in enumerate(found):
        meta = doc["meta"]
        title = "Latest run" if index == 0 else f"Earlier run: {meta.get('when', path.stem)}"
        parts += [f"## {title}", "", header(meta), "",
                  f"Source: `docs/benchmarks/results/{path.name}`.", ""]
        if index == 0 and plot:
            parts += [f"![Median time against n, one panel per workload, references dashed]({plot})", ""]
        parts += [run_table(doc["results"], float(meta.get("limit_seconds", 0))), ""]
    return "\n".join(parts)


def draw_latest(path: Path, directory: Path = RESULTS) -> None:
    """The bench plot of the newest run, drawn by the bench's own plotting code."""
    from nqueens.pictures.benchplot import bench_png

    found = runs(directory)
    results = [SimpleNamespace(**row) for row in found[0][1]["results"]] if found else []
    path.write_bytes(bench_png(results))
