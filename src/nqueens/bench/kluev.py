"""The join beside E. Kluev's quadrant counter ("N-Queens-Count-Sol", C++20), the fastest
CPU counter of its kind found: CPU time of whole processes, taken in turn, medians.

Kluev's program is not part of nqueens and is never bundled: give the folder of a checkout
of it (https://github.com/EvgenyKluev/N-Queens-Count-Sol). Its board size and tuning are
compile-time constants, so it is built here once per size, in a temporary folder, with
the parameters its author's table gives for that size, BMI2 and prefetching on, and
`g++ -std=c++20 -O3 -march=native`.

    python -m nqueens.bench.kluev --source DIR [--jobs J] [--repeats R] N [N ...]

For each n it runs `nqueens count N --jobs J` and the program with J threads in turn, R
rounds (A, B, A, B, ...), and prints each one's CPU seconds (user + system of the whole
process and the processes it started, median of the rounds), the wall seconds, the ratio of the medians, the answers
(which must agree, and match OEIS A000170 where it is known) and the load average before
and after. CPU time is what two programs on a shared machine can fairly be compared by;
wall time says what a user waits.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..limits import known_solutions
from ..spec import Spec
from .cputime import run_timed

#: Kluev's tuning table (solcounter.h): sieve cuts and the matcher's least size by n, for
#: n = 16 to 22; smaller boards take 16's, larger ones 22's.
_SIEVE_CUTS = {16: 0, 17: 0, 18: 0, 19: 0, 20: 3, 21: 3, 22: 6}
_MATCH_MIN = {16: 40, 17: 40, 18: 40, 19: 40, 20: 60, 21: 60, 22: 80}


def _tuning(table: dict[int, int], n: int) -> int:
    return table[min(max(n, min(table)), max(table))]


@dataclass
class Run:
    cpu: float
    wall: float
    answer: int | None


def configure(folder: Path, n: int) -> None:
    """Set a copy of Kluev's sources in `folder` to count an n-board with its author's
    parameters for that size, BMI2 and prefetching on.

    Raises:
        RuntimeError: the sources are not what this expects.
    """
    settings = {
        "solcounter.h": [(r"inline constexpr int size = \d+;", f"inline constexpr int size = {n};"),
                         (r"\.sieveCuts = \d+,", f".sieveCuts = {_tuning(_SIEVE_CUTS, n)},"),
                         (r"\.matchMinSize = \d+,", f".matchMinSize = {_tuning(_MATCH_MIN, n)},"),
                         (r"\.bmiIntrin = \w+,", ".bmiIntrin = true,"),
                         (r"\.prefetch = \w+,", ".prefetch = true,")],
        "bmintrin.h": [(r'(//\s*)?#include "bmi2.h"', '#include "bmi2.h"')],
        "prefetch.h": [(r'(//\s*)?#include "prefetchx86.h"', '#include "prefetchx86.h"')],
    }
    for name, edits in settings.items():
        path = folder / name
        if not path.is_file():
            raise RuntimeError(f"{folder} has no {name}: is it Kluev's N-Queens-Count-Sol?")
        text = path.read_text()
        for pattern, replacement in edits:
            text, found = re.subn(pattern, replacement, text)
            if found != 1:
                raise RuntimeError(f"{path}: expected one {pattern!r}: is this Kluev's N-Queens-Count-Sol?")
        path.write_text(text)


def build(source: Path, n: int, directory: Path) -> Path:
    """Kluev's counter for size n in `directory` (its sources copied and configured there).

    Raises:
        RuntimeError: the sources are not what this expects, or the build fails.
    """
    work = directory / f"kluev-{n}"
    shutil.copytree(source, work, ignore=shutil.ignore_patterns(".git", "build"))
    configure(work, n)
    binary = directory / f"kluev{n}"
    done = subprocess.run(["g++", "-std=c++20", "-O3", "-march=native", "-mtune=native", "-pthread",
                           "-o", str(binary), str(work / "main.cpp")], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"building Kluev's counter for n = {n} failed:\n{done.stderr[-2000:]}")
    return binary


def timed(command: list[str], pattern: str) -> Run:
    """Run `command`: its CPU time (its own and every process it started, `cputime`), its
    wall time and the integer that `pattern` finds in its output."""
    done = run_timed(command)
    found = re.search(pattern, done.stdout)
    if done.returncode != 0 or found is None:
        sys.stderr.write(f"{' '.join(command)} failed: {done.stderr.strip()[-300:]}\n")
    return Run(done.cpu, done.wall, int(found.group(1)) if found else None)


def compare(source: Path, sizes: list[int], jobs: int, repeats: int) -> list[str]:
    """The table's lines: per n, each program's median CPU and wall seconds and the ratio."""
    lines = [f"load average before: {os.getloadavg()[0]:.2f}; jobs {jobs}; medians of {repeats}",
             f"{'n':>3} {'program':<34} {'cpu s':>9} {'wall s':>9} {'cpu ratio':>9}  answer"]
    with tempfile.TemporaryDirectory(prefix="nqueens-kluev-") as folder:
        for n in sizes:
            binary = build(source, n, Path(folder))
            ours = [sys.executable, "-m", "nqueens", "count", str(n), "--jobs", str(jobs)]
            theirs = [str(binary), str(jobs)]
            runs: dict[str, list[Run]] = {"nqueens": [], "kluev": []}
            for _ in range(repeats):  # in turn, so both see the same load
                runs["nqueens"].append(timed(ours, r"(\d+) solutions"))
                runs["kluev"].append(timed(theirs, r"Result: (\d+)"))
            cpu = {name: statistics.median(r.cpu for r in got) for name, got in runs.items()}
            labels = {"kluev": f"Kluev's counter, {jobs} thread(s)",
                      "nqueens": f"nqueens count {n} --jobs {jobs}"}
            for name, label in labels.items():
                got = runs[name]
                answers = {r.answer for r in got}
                answer = answers.pop() if len(answers) == 1 else None
                known = known_solutions(Spec(n))
                verdict = "" if answer is None or known is None else (
                    " (OEIS)" if answer == known else " WRONG")
                lines.append(f"{n:>3} {label:<34} {cpu[name]:>9.2f} "
                             f"{statistics.median(r.wall for r in got):>9.2f} "
                             f"{cpu[name] / cpu['kluev']:>9.3f}  {answer}{verdict}")
    lines.append(f"load average after: {os.getloadavg()[0]:.2f}")
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m nqueens.bench.kluev", description=__doc__.split("\n\n")[0])
    parser.add_argument("sizes", type=int, nargs="+", metavar="N")
    parser.add_argument("--source", type=Path, required=True, metavar="DIR",
                        help="a checkout of Kluev's N-Queens-Count-Sol")
    parser.add_argument("--jobs", type=int, default=1, help="processes (nqueens), threads (Kluev's)")
    parser.add_argument("--repeats", type=int, default=3, help="rounds, the median is reported")
    args = parser.parse_args(argv)
    if not (args.source / "solcounter.h").is_file():
        parser.error(f"{args.source} holds no solcounter.h: give a checkout of N-Queens-Count-Sol")
    try:
        for line in compare(args.source, args.sizes, args.jobs, args.repeats):
            print(line, flush=True)
    except RuntimeError as error:
        print(f"nqueens.bench.kluev: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
