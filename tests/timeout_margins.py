"""Measure how far past `--timeout S` the `nqueens` command returns, per backend.

Runs the real command in a subprocess (as a user would) and reports, per case, the median
and worst wall-clock time over the repetitions minus S. "startup" is the time of
`nqueens --version` (interpreter start and package import): it is part of every command's
wall time, happens before the limit can start, and is what spikes on a loaded machine.

    PYTHONPATH=src python tests/timeout_margins.py [--repeat 5] [--timeout 1]
"""

from __future__ import annotations

import argparse
import os
import statistics
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
    ("solve 101 torus, sat (MiniCard)", ["solve", "101", "--variant", "torus", "--backend", "sat"]),
    # compile-bound: the model is still being built when the limit passes
    ("solve 200 pairwise, sat (CNF build)",
     ["solve", "200", "--backend", "sat", "--encoding", "pairwise"]),
    ("solve 400, cpsat (model build)", ["solve", "400", "--backend", "cpsat"]),
]


# Runs main() and reports on stderr how long it took from before importing the CLI to its
# return: the command's own share of the wall time, without interpreter start and exit.
_TIMED_MAIN = (
    "import sys, time; started = time.monotonic(); from nqueens.cli import main; "
    "code = main(sys.argv[1:]); "
    "sys.stderr.write(f'\\nin-command {time.monotonic() - started}\\n'); sys.exit(code)"
)


def wall(command: list[str]) -> tuple[float, int]:
    seconds, code, _ = timed(command)
    return seconds, code


def timed(command: list[str]) -> tuple[float, int, float | None]:
    """(wall seconds, exit code, seconds inside main() or None if it exited without returning)."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _TIMED_MAIN, *command], env=os.environ,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          check=False)
    elapsed = time.perf_counter() - started
    inside = [line for line in done.stderr.splitlines() if line.startswith("in-command ")]
    return elapsed, done.returncode, float(inside[-1].split()[1]) if inside else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=1.0)
    args = parser.parse_args()
    startups = sorted(wall(["--version"])[0] for _ in range(args.repeat))
    print(f"startup (nqueens --version): median {statistics.median(startups):.2f} s, "
          f"worst {startups[-1]:.2f} s; limit S = {args.timeout} s")
    print(f"{'case':34} {'exit':>4} {'median wall - S':>16} {'worst wall - S':>15} "
          f"{'worst in-command - S':>21}")
    for label, command in CASES:
        runs = [timed([*command, "--timeout", str(args.timeout)]) for _ in range(args.repeat)]
        seconds = sorted(s - args.timeout for s, _, _ in runs)
        inside = [i - args.timeout for _, _, i in runs if i is not None]
        codes = ",".join(sorted({str(code) for _, code, _ in runs}))
        own = f"{max(inside):21.2f}" if len(inside) == len(runs) else f"{'(exited early)':>21}"
        print(f"{label:34} {codes:>4} {statistics.median(seconds):16.2f} {seconds[-1]:15.2f} {own}")


if __name__ == "__main__":
    main()
