"""What a run of `nqueens bench --suite` reports: medians and percentiles per subject and
parameter, the proofs' table, the machine it ran on, and the result files (CSV, JSON, the
plot) written together or not at all.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import platform
import sys
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from ..atomicfile import ensure_directory, write_all_atomic
from .suite_runs import Run
from .suites import Suite


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100) by linear interpolation between closest ranks."""
    ordered = sorted(values)
    if not ordered:
        return math.nan
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def effective_seconds(run: Run | dict[str, Any], limit: float) -> float:
    """A run's time for medians and percentiles: its wall time if it answered, else the
    limit (a lower bound: the unanswered count as at least the limit)."""
    status = run.status if isinstance(run, Run) else run["status"]
    seconds = run.seconds if isinstance(run, Run) else float(run["seconds"])
    return seconds if status in ("sat", "unsat") else limit


def summary(runs: list[Run], limit: float) -> list[dict[str, Any]]:
    """Per subject: answered, yes, no (certified), unanswered, total, median, p90, max."""
    rows = []
    for subject in dict.fromkeys(r.subject for r in runs):
        mine = [r for r in runs if r.subject == subject]
        times = [effective_seconds(r, limit) for r in mine]
        rows.append({
            "subject": subject, "instances": len(mine),
            "sat": sum(r.status == "sat" for r in mine),
            "unsat": sum(r.status == "unsat" for r in mine),
            "certified": sum(r.certified for r in mine),
            "unanswered": sum(r.status not in ("sat", "unsat") for r in mine),
            "total": sum(times), "median": percentile(times, 50), "p90": percentile(times, 90),
            "max": max(times), "cpu": sum(r.cpu for r in mine),
            "reported": (sum(r.elapsed for r in mine if r.elapsed is not None)
                         if all(r.elapsed is not None for r in mine) else None),
            **_proof_summary(mine),
        })
    return rows


def _proof_summary(runs: list[Run]) -> dict[str, Any]:
    """A certifying subject's proofs: how many by each route, their steps and their
    checkers' seconds (medians, largest, total); empty for a subject that proves nothing."""
    proved = [r for r in runs if r.proof_steps is not None]
    if not proved:
        return {}
    steps = [float(r.proof_steps or 0) for r in proved]
    checks = [float(r.check_seconds or 0.0) for r in proved]
    return {"by_search": sum(r.proof_route == "search" for r in proved),
            "by_solver": sum(r.proof_route == "solver" for r in proved),
            "steps_median": percentile(steps, 50), "steps_max": max(steps),
            "check_median": percentile(checks, 50), "check_max": max(checks),
            "check_total": sum(checks)}


def proof_table(rows: list[dict[str, Any]]) -> str:
    """The certified "no" answers of each certifying subject: which route proved them, how
    long the proofs are and how long the checkers took (empty when no subject certified)."""
    rows = [row for row in rows if "by_search" in row]
    if not rows:
        return ""
    head = (f"{'subject':18} {'search':>6} {'solver':>6} {'median steps':>13} "
            f"{'max steps':>11} {'median check s':>15} {'max check s':>12} {'check s':>9}")
    lines = [head, "-" * len(head)]
    lines.extend(f"{row['subject']:18} {row['by_search']:>6} {row['by_solver']:>6} "
                 f"{row['steps_median']:>13,.0f} {row['steps_max']:>11,.0f} "
                 f"{row['check_median']:>15.3f} {row['check_max']:>12.2f} "
                 f"{row['check_total']:>9.2f}" for row in rows)
    lines.append("(the proofs of the certified 'no' answers and optima: by the search's own "
                 "route or CaDiCaL's; check s: CPU of every checker that replayed them)")
    return "\n".join(lines)


def table(rows: list[dict[str, Any]], published_total: float | None) -> str:
    head = (f"{'subject':18} {'answered':>9} {'yes':>4} {'no':>4} {'cert.':>5} "
            f"{'total s':>9} {'median s':>9} {'p90 s':>8} {'max s':>8} {'CPU s':>8} "
            f"{'search s':>9}")
    lines = [head, "-" * len(head)]
    for row in rows:
        answered = row["sat"] + row["unsat"]
        lines.append(f"{row['subject']:18} {answered:>4}/{row['instances']:<4} {row['sat']:>4} "
                     f"{row['unsat']:>4} {row['certified']:>5} {row['total']:>9.2f} "
                     f"{row['median']:>9.3f} {row['p90']:>8.3f} {row['max']:>8.2f} "
                     f"{row['cpu']:>8.2f} "
                     + (f"{row['reported']:>9.2f}" if row["reported"] is not None else
                        f"{'-':>9}"))
    lines.append("(unanswered runs count at the limit; search s: the time nqueens reports, "
                 "without start-up)")
    if published_total is not None:
        lines.append(f"Lingeling (published): total {published_total:.2f} s; whole-process "
                     "totals are " + ", ".join(f"{row['subject']} {row['total'] / published_total:.2f}x"
                                               for row in rows))
    return "\n".join(lines)


def machine() -> dict[str, Any]:
    """What the figures were measured on (no host name): CPU model, cores, load, Python."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg() if hasattr(os, "getloadavg") else (math.nan,) * 3
    return {"cpu": model, "cores": os.cpu_count(), "system": platform.system(),
            "python": sys.version.split()[0], "load": [round(v, 2) for v in load]}


def result_files(family: str, directory: Path) -> list[Path]:
    """The files a run of `family`'s set writes into `directory`."""
    return [directory / f"hard-{family}.{suffix}" for suffix in ("csv", "json", "png")]


def write_results(suite: Suite, runs: list[Run], limit: float, directory: Path,
                  meta: dict[str, Any], *, overwrite: bool = False) -> list[Path]:
    """hard-SUITE.csv (a '#' header line with the meta), hard-SUITE.json and hard-SUITE.png,
    all or none (`write_all_atomic`: rendered first, a failed write removes the others);
    earlier files are replaced only with `overwrite`."""
    ensure_directory(directory)
    rows = [asdict(r) for r in runs]
    buffer = io.StringIO()
    buffer.write("# " + json.dumps(meta, sort_keys=True) + "\n")
    writer = csv.DictWriter(buffer, fieldnames=list(rows[0]) if rows else ["instance"],
                            lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    doc = {"meta": meta, "summary": summary(runs, limit), "runs": rows}
    # one run per line: a results file stays small and reads well in a diff
    text = ('{"meta": ' + json.dumps(meta, sort_keys=True) + ',\n "summary": [\n  '
            + ",\n  ".join(json.dumps(row) for row in doc["summary"]) + '\n ],\n "runs": [\n  '
            + ",\n  ".join(json.dumps(row) for row in rows) + "\n ]}\n")
    from ..pictures.hardness import hardness_png

    data = (buffer.getvalue().encode("utf-8"), text.encode("utf-8"), hardness_png(doc))
    return write_all_atomic(dict(zip(result_files(suite.family, directory), data, strict=True)),
                            overwrite=overwrite)
