"""Reference implementations the benchmark measures nqueens against, each written the plain
way its source shows it: the textbook's recursive backtracker, CP-SAT and PySAT loops as in
the libraries' documentation, and two small C bitboard counters that the bench compiles with
the system C compiler when there is one: one with mirror symmetry (each first-row column
pair walked once) and one that walks one board per symmetry class (Takaken's method, the
method of the package's kernel, written out separately as a plain program).

Run as `python -m nqueens.bench.refs TASK N`; it prints the count, or the placement as a JSON
list, on stdout. Solver libraries are imported inside the task that uses them.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

C_MIRROR_COUNTER = r"""
/* Bitboard n-queens counter, one core: first-row columns in the left half count twice. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t board;

static uint64_t place(uint64_t taken, uint64_t down_left, uint64_t down_right) {
    if (taken == board) return 1;
    uint64_t found = 0;
    uint64_t open = board & ~(taken | down_left | down_right);
    while (open) {
        uint64_t bit = open & (~open + 1);
        open ^= bit;
        found += place(taken | bit, (down_left | bit) << 1, (down_right | bit) >> 1);
    }
    return found;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 8;
    if (n < 1 || n > 63) return 2;
    board = (1ULL << n) - 1;
    uint64_t total = 0;
    for (int c = 0; c < n / 2; c++) {
        uint64_t bit = 1ULL << c;
        total += 2 * place(bit, bit << 1, bit >> 1);
    }
    if (n % 2) {
        uint64_t bit = 1ULL << (n / 2);
        total += place(bit, bit << 1, bit >> 1);
    }
    printf("%llu\n", (unsigned long long)total);
    return 0;
}
"""


C_CLASS_COUNTER = r"""/* Bitboard n-queens counter, one core, one board per symmetry class (Takaken's method):
 * a corner queen in row 0 (classes of 8; the transpose is cut by keeping column 1 free
 * down to the row-1 queen's column), else a row-0 queen at distance d from the left edge
 * with every edge queen at least d from a corner; each finished edge board is compared
 * with its three rotations and weighted 2, 4 or 8. Prints the total; with a second argument
 * "-u", the total and the fundamental count. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int n, d;
static uint64_t full, side, last_cols;
static int bound_row;
static int col[64];
static uint64_t total, unique;

static void corner(int row, uint64_t taken, uint64_t dl, uint64_t dr, int row1_col) {
    uint64_t open = full & ~(taken | dl | dr);
    if (row < row1_col) open &= ~2ULL;
    if (row == n - 1) {
        int k = __builtin_popcountll(open);
        total += 8 * (uint64_t)k;
        unique += (uint64_t)k;
        return;
    }
    while (open) {
        uint64_t bit = open & -open;
        open ^= bit;
        corner(row + 1, taken | bit, ((dl | bit) << 1) & full, (dr | bit) >> 1, row1_col);
    }
}

/* Is the finished board the smallest of its rotations? Returns its class size, or 0. */
static int weigh(void) {
    int inv[64], m = n - 1, size = 8;
    for (int r = 0; r < n; r++) inv[col[r]] = r;
    for (int turn = 1; turn <= 3; turn++) {
        int r, diff = 0;
        for (r = 0; r < n && !diff; r++) {
            int v = turn == 1 ? m - inv[r] : turn == 2 ? m - col[m - r] : inv[m - r];
            diff = (v > col[r]) - (v < col[r]);
        }
        if (diff < 0) return 0;
        if (diff == 0) {
            if (turn == 1) return 2;
            if (turn == 2) size = 4;
        }
    }
    return size;
}

static void edge(int row, uint64_t taken, uint64_t dl, uint64_t dr) {
    uint64_t open = full & ~(taken | dl | dr);
    if (row < d || row > bound_row) open &= ~side;
    if (row == bound_row) {
        uint64_t missing = side & ~taken;
        if (missing == side) return;
        if (missing) open &= missing;
    }
    if (row == n - 1) {
        open &= last_cols;
        while (open) {
            uint64_t bit = open & -open;
            open ^= bit;
            col[row] = __builtin_ctzll(bit);
            int w = weigh();
            total += (uint64_t)w;
            unique += w > 0;
        }
        return;
    }
    while (open) {
        uint64_t bit = open & -open;
        open ^= bit;
        col[row] = __builtin_ctzll(bit);
        edge(row + 1, taken | bit, ((dl | bit) << 1) & full, (dr | bit) >> 1);
    }
}

int main(int argc, char **argv) {
    n = argc > 1 ? atoi(argv[1]) : 8;
    if (n < 1 || n > 63) return 2;
    int both = argc > 2 && argv[2][0] == '-' && argv[2][1] == 'u';
    if (n == 1) {
        printf(both ? "1 1\n" : "1\n");
        return 0;
    }
    full = (1ULL << n) - 1;
    side = 1ULL | (1ULL << (n - 1));
    for (int c1 = 2; c1 <= n - 2; c1++) {
        uint64_t b0 = 1, b1 = 1ULL << c1;
        corner(2, b0 | b1, (((b0 << 1) | b1) << 1) & full, b1 >> 1, c1);
    }
    for (d = 1; 2 * d < n - 1; d++) {
        uint64_t bit = 1ULL << d;
        bound_row = n - 1 - d;
        last_cols = full & ~((1ULL << d) - 1) & ~(full << (n - d));
        col[0] = d;
        edge(1, bit, (bit << 1) & full, bit >> 1);
    }
    if (both) printf("%llu %llu\n", (unsigned long long)total, (unsigned long long)unique);
    else printf("%llu\n", (unsigned long long)total);
    return 0;
}
"""

#: The C references by name: their sources (each program prints the count for argv[1]).
C_SOURCES = {"ref_count": C_MIRROR_COUNTER, "ref_classes": C_CLASS_COUNTER}


def build_c_counter(directory: Path, name: str = "ref_count") -> Path | None:
    """Compile the C reference `name` (see C_SOURCES) with `cc -O2` into `directory`; None
    without a compiler or when it fails to build."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        return None
    from ..atomicfile import write_text_atomic

    source = directory / f"{name}.c"
    binary = directory / name
    write_text_atomic(source, C_SOURCES[name], overwrite=True)  # a failure is one line
    result = subprocess.run([compiler, "-O2", "-o", str(binary), str(source)],
                            capture_output=True, text=True)
    return binary if result.returncode == 0 else None


def textbook_count(n: int) -> int:
    """The textbook's `queens(i)` / `promising(i)` recursion (1-based rows), counting leaves."""
    col = [0] * (n + 1)
    found = 0

    def promising(i: int) -> bool:  # the book's loop, as written (a reference)
        for k in range(1, i):  # noqa: SIM110
            if col[i] == col[k] or abs(col[i] - col[k]) == i - k:
                return False
        return True

    def queens(i: int) -> None:
        nonlocal found
        if promising(i):
            if i == n:
                found += 1
            else:
                for j in range(1, n + 1):
                    col[i + 1] = j
                    queens(i + 1)

    queens(0)
    return found


def cpsat_sample_count(n: int) -> int:
    """OR-Tools' n-queens sample model: one integer per row, three AllDifferent, every
    solution reported to a callback (one worker, as enumeration requires)."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    queens = [model.new_int_var(0, n - 1, f"x_{i}") for i in range(n)]
    model.add_all_different(queens)
    model.add_all_different(queens[i] + i for i in range(n))
    model.add_all_different(queens[i] - i for i in range(n))

    class Printer(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.count = 0

        def on_solution_callback(self) -> None:
            self.count += 1

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    printer = Printer()
    solver.solve(model, printer)
    return printer.count


def cpsat_grid_one(n: int) -> list[int]:
    """One solution from the boolean grid model with CP-SAT's default parameters."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    x = [[model.new_bool_var(f"x_{r}_{c}") for c in range(n)] for r in range(n)]
    for i in range(n):
        model.add_exactly_one(x[i])
        model.add_exactly_one(x[r][i] for r in range(n))
    for d in range(-n + 1, n):
        model.add_at_most_one(x[r][r - d] for r in range(n) if 0 <= r - d < n)
    for s in range(2 * n - 1):
        model.add_at_most_one(x[r][s - r] for r in range(n) if 0 <= s - r < n)
    solver = cp_model.CpSolver()
    solver.solve(model)
    return [next(c for c in range(n) if solver.boolean_value(x[r][c])) for r in range(n)]


def _pysat_clauses(n: int, encoding: int) -> list[list[int]]:
    from pysat.card import CardEnc
    from pysat.formula import IDPool

    def var(r: int, c: int) -> int:
        return r * n + c + 1

    pool = IDPool(start_from=n * n + 1)
    clauses: list[list[int]] = []
    lines = [[var(r, c) for c in range(n)] for r in range(n)]
    lines += [[var(r, c) for r in range(n)] for c in range(n)]
    clauses += [list(line) for line in lines]  # at least one queen per row and column
    lines += [[var(r, r - d) for r in range(n) if 0 <= r - d < n] for d in range(-n + 2, n - 1)]
    lines += [[var(r, s - r) for r in range(n) if 0 <= s - r < n] for s in range(1, 2 * n - 2)]
    for line in lines:
        clauses += CardEnc.atmost(line, bound=1, vpool=pool, encoding=encoding).clauses
    return clauses


def pysat_pairwise_count(n: int) -> int:
    """Pairwise CNF on Cadical 1.5.3, enumerating with blocking clauses on the cells."""
    from pysat.card import EncType
    from pysat.solvers import Solver

    found = 0
    with Solver(name="cadical153", bootstrap_with=_pysat_clauses(n, EncType.pairwise)) as solver:
        while solver.solve():
            model = solver.get_model()
            found += 1
            solver.add_clause([-lit for lit in model[: n * n] if lit > 0])
    return found


def pysat_seqcounter_one(n: int) -> list[int]:
    """One solution of the sequential-counter CNF on Cadical 1.5.3."""
    from pysat.card import EncType
    from pysat.solvers import Solver

    with Solver(name="cadical153", bootstrap_with=_pysat_clauses(n, EncType.seqcounter)) as solver:
        solver.solve()
        model = solver.get_model()
    return [next(c for c in range(n) if model[r * n + c] > 0) for r in range(n)]


def python_bitboard_count(n: int) -> int:
    """nqueens' own pure-Python bitboard walk (the fallback when the kernel is not built)."""
    from ..bitboard import count_masks, initial_rows
    from ..spec import Spec

    return count_masks(n, initial_rows(Spec(n)), compiled=False).solutions


def kernel_classes(n: int) -> int:
    """nqueens' kernel walking one board per symmetry class (`bitboard.count_classes`)."""
    from ..bitboard import count_classes

    return count_classes(n).total


def join(n: int) -> int:
    """nqueens' join of partial boards (`joins.count`: compiled when built), one core."""
    from ..counting.halfboards import count

    return count(n).total


def python_join_count(n: int) -> int:
    """The join of partial boards in pure Python (the fallback when it is not built)."""
    from ..counting.halfboards import count

    return count(n, compiled=False).total


def kernel_tree(n: int) -> int:
    """The textbook's tree statistics (solutions and promising nodes) by the fast walk."""
    from ..bitboard import count_tree
    from ..spec import Spec

    return count_tree(Spec(n)).solutions


TASKS: dict[str, Callable[[int], object]] = {
    "textbook-count": textbook_count,
    "cpsat-sample-count": cpsat_sample_count,
    "cpsat-grid-one": cpsat_grid_one,
    "pysat-pairwise-count": pysat_pairwise_count,
    "pysat-seqcounter-one": pysat_seqcounter_one,
    "python-bitboard-count": python_bitboard_count,
    "kernel-tree": kernel_tree,
    "kernel-classes": kernel_classes,
    "join": join,
    "python-join-count": python_join_count,
}


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in TASKS or not argv[1].isdigit():
        print(f"usage: python -m nqueens.bench.refs {{{','.join(TASKS)}}} N", file=sys.stderr)
        return 2
    print(json.dumps(TASKS[argv[0]](int(argv[1]))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
