"""`python -m nqueens.bench.explanations`: explanations and most-queens answers of a set of
instances, timed one by one in this process (CPU seconds, the measure for one-core
comparisons on a shared machine), with the sizes of the sets found.

    python -m nqueens.bench.explanations benchmarks/asp-blocked-28 --task explain
    python -m nqueens.bench.explanations DIR --task explain --oracle sat
    python -m nqueens.bench.explanations DIR --task smallest --timeout 60
    python -m nqueens.bench.explanations DIR --task most-queens --method both
    python -m nqueens.bench.explanations d20/*.param --task explain --csv out.csv

Instances with a solution are counted and left out of the figures. Whole-process times
(interpreter start-up and imports included) are for the `nqueens explain` command itself.
"""

from __future__ import annotations

import argparse
import csv
import io
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..errors import QueensError
from ..modeling.formats import read_instance
from ..result import Deadline

TASKS = ("explain", "smallest", "repair", "most-queens")
_SKIP = (".md", ".tsv", ".csv", ".json", ".png")


def instance_paths(arguments: Sequence[str]) -> list[str]:
    """Files as given, and the instance files of each directory given (sorted)."""
    paths: list[str] = []
    for argument in arguments:
        folder = Path(argument)
        if folder.is_dir():
            paths += [str(p) for p in sorted(folder.iterdir())
                      if p.is_file() and not p.name.startswith(".") and p.suffix not in _SKIP]
        else:
            paths.append(argument)
    return paths


def measure(path: str, task: str, *, oracle: str = "auto", method: str = "auto",
            timeout: float | None = None) -> dict[str, Any]:
    """One instance, one task: a row of figures (`yes` True when it has a solution)."""
    from ..explanations import explain, most_queens

    model = read_instance(path)
    deadline = Deadline(timeout)
    cpu, wall = time.process_time(), time.perf_counter()
    row: dict[str, Any] = {"instance": Path(path).name if "#" not in path else path,
                           "givens": len(model.grouped())}
    if task == "most-queens":
        answer = most_queens(model.spec, method=method, deadline=deadline)
        row.update(yes=answer.satisfiable, most_queens=answer.count, optimal=answer.optimal,
                   upper_bound=answer.upper_bound,
                   **{f"{name}_cpu": stats["cpu_seconds"] for name, stats in answer.stats.items()})
    else:
        result = explain(model, smallest=task == "smallest", repair=task == "repair",
                         oracle=oracle, deadline=deadline)
        row.update(yes=bool(result.satisfiable), size=len(result.core), minimal=result.minimal,
                   smallest=result.smallest, lower_bound=result.lower_bound,
                   checks=result.stats["checks"], oracle=result.stats["oracle"])
        if result.repair is not None:
            row.update(repair=len(result.repair.removed), repair_optimal=result.repair.optimal)
    row.update(cpu=round(time.process_time() - cpu, 3), seconds=round(time.perf_counter() - wall, 3))
    return row


def summary(rows: list[dict[str, Any]], task: str) -> str:
    """The figures over the instances without solution: times and sizes."""
    nos = [row for row in rows if not row["yes"]]
    lines = [f"{len(rows)} instances, {len(rows) - len(nos)} with a solution, {len(nos)} without"]
    if not nos:
        return lines[0]
    cpu = sorted(row["cpu"] for row in nos)
    lines.append(f"CPU s: median {statistics.median(cpu):.2f}, p90 "
                 f"{cpu[min(len(cpu) - 1, int(0.9 * len(cpu)))]:.2f}, max {cpu[-1]:.2f}, "
                 f"total {sum(cpu):.1f}")
    if task == "most-queens":
        optimal = sum(row["optimal"] for row in nos)
        counts = sorted(row["most_queens"] for row in nos)
        lines.append(f"most queens: {counts[0]}..{counts[-1]}, proved optimal {optimal}/{len(nos)}")
        for key in sorted(key for key in nos[0] if key.endswith("_cpu")):
            each = sorted(row[key] for row in nos)
            lines.append(f"{key.removesuffix('_cpu')} CPU s: median {statistics.median(each):.2f}, "
                         f"max {each[-1]:.2f}")
        return "\n".join(lines)
    sizes = sorted(row["size"] for row in nos)
    lines.append(f"set size: min {sizes[0]}, median {statistics.median(sizes):g}, max "
                 f"{sizes[-1]}; minimal {sum(row['minimal'] for row in nos)}/{len(nos)}, "
                 f"smallest proved {sum(row['smallest'] for row in nos)}/{len(nos)}")
    if task == "smallest":
        gaps = [row["size"] - row["lower_bound"] for row in nos]
        lines.append(f"gap to the proved lower bound: median {statistics.median(gaps):g}, "
                     f"max {max(gaps)}")
    if task == "repair":
        lines.append(f"repair: {sorted(row.get('repair', 0) for row in nos)}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nqueens.bench.explanations",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("instances", nargs="+", help="instance files (FILE#D too) or folders")
    parser.add_argument("--task", choices=TASKS, default="explain")
    parser.add_argument("--oracle", default="auto", help="auto, propagate or sat")
    parser.add_argument("--method", default="auto", help="most queens: auto, cpsat, rc2, both")
    parser.add_argument("--timeout", type=float, default=None, help="seconds per instance")
    parser.add_argument("--csv", help="write every row to this CSV file")
    args = parser.parse_args(argv)
    rows = []
    try:
        for path in instance_paths(args.instances):
            rows.append(measure(path, args.task, oracle=args.oracle, method=args.method,
                                timeout=args.timeout))
            print(", ".join(f"{key}={value}" for key, value in rows[-1].items()), flush=True)
    except QueensError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.csv and rows:
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=sorted({key for row in rows for key in row}))
        writer.writeheader()
        writer.writerows(rows)
        Path(args.csv).write_text(out.getvalue())
    print(summary(rows, args.task))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
