"""Measure how far past `--timeout S` the `nqueens` command returns, per backend.

Runs the real command in a subprocess (as a user would) and reports, per case, the worst
wall-clock time over the repetitions minus S; "startup" is the time of `nqueens --version`
(interpreter start and package import), which is part of any command's wall time.

    PYTHONPATH=src python benchmarks/timeout_margins.py [--repeat 3] [--timeout 1]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

CASES = [
    # (label, command after `nqueens`): searches that cannot finish within the limit
    ("count 20, backtrack", ["count", "20", "--backend", "backtrack"]),
    ("count 20, sat", ["count", "20", "--backend", "sat"]),
    ("count 20, cpsat", ["count", "20", "--backend", "cpsat"]),
    ("solve 14 --all, backtrack", ["solve", "14", "--all", "-f", "jsonl", "--backend", "backtrack"]),
    ("solve 14 --all, sat", ["solve", "14", "--all", "-f", "jsonl", "--backend", "sat"]),
    ("solve 14 --all, cpsat", ["solve", "14", "--all", "-f", "jsonl", "--backend", "cpsat"]),
    ("count 14 split, 2 processes", ["count", "14", "--split-depth", "2", "--backend", "backtrack"]),
    # compile-bound: the model is still being built when the limit passes
    ("solve 150, sat (CNF build)", ["solve", "150", "--backend", "sat"]),
    ("solve 400, cpsat (model build)", ["solve", "400", "--backend", "cpsat"]),
]


def wall(command: list[str]) -> tuple[float, int]:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "nqueens", *command], env=os.environ,
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - started, done.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=1.0)
    args = parser.parse_args()
    startup = max(wall(["--version"])[0] for _ in range(args.repeat))
    print(f"startup (nqueens --version): {startup:.2f} s; limit S = {args.timeout} s")
    print(f"{'case':34} {'exit':>4} {'worst wall':>10} {'- S':>6} {'- S - startup':>14}")
    for label, command in CASES:
        runs = [wall([*command, "--timeout", str(args.timeout)]) for _ in range(args.repeat)]
        worst = max(seconds for seconds, _ in runs)
        codes = ",".join(sorted({str(code) for _, code in runs}))
        print(f"{label:34} {codes:>4} {worst:10.2f} {worst - args.timeout:6.2f} "
              f"{worst - args.timeout - startup:14.2f}")


if __name__ == "__main__":
    main()
