"""Min-conflicts local search (Minton, Johnston, Philips and Laird, 1990/92) for large boards
with fixed queens, forbidden cells or a variant, where no construction formula applies.

One queen per row. A greedy start puts each free row's queen on a least-attacked open cell;
then, repeatedly, a queen of a conflicted row moves to a least-attacked open cell of its row,
ties broken at random (seeded). Counters per line make a cell's attack count O(lines per
cell): for the built-in variants the lines are indexed arithmetically (column, r - c, r + c,
wrapped on the torus, plus the knight cells of superqueens), so nothing of size n^2 is ever
built and n = 10^6 fits in a few tens of MB; a variant with other line families falls back
to counters over `spec.lines`. Beyond `FULL_SCAN_N` a row's candidates are sampled (random
empty columns and random columns), as in the million-queens papers, so a step stays O(1).

Fixed queens never move; forbidden cells are never used. It proves nothing: when it gives up
the status is CAPPED at the step limit and TIMEOUT at the deadline, with a note, never "no
solution", and the registry marks it non-exhaustive so `count` refuses it. For `limit` K > 1 each further
solution is a fresh run with the next seed, duplicates dropped, all within the one step
budget (the registry keeps it from `--all` and `count`).

The inner loop is the C extension `nqueens._minconflicts`; without it the same algorithm
runs here in Python, drawing the same random numbers (splitmix64), so a seed gives the same
placement either way (a test holds the two to each other). No solver imports.
"""

from __future__ import annotations

import time
from typing import ClassVar

from ..errors import InputError
from ..limits import peak_memory_mb
from ..result import Deadline, Outcome, SolutionSink
from ..spec import Spec
from ..validator import find_violations
from ..variants import (
    VARIANTS,
    anti_diagonals,
    columns,
    diagonals,
    knight_pairs,
    rows,
    wrapped_anti_diagonals,
    wrapped_diagonals,
)
from ..wording import plural
from .base import Emitter
from .minconflicts_facts import default_max_steps

try:
    import nqueens._minconflicts as _kernel
except ImportError:  # no C compiler at install time: the pure-Python loop below
    # the stub types the name as the module; None stands for "not built"
    _kernel = None  # type: ignore[assignment]

#: Rows up to this size are scanned whole for the least-attacked cell; beyond, sampled.
FULL_SCAN_N = 2000
#: Candidates drawn per step on large boards: from the empty columns, and from all columns.
SAMPLE_EMPTY = 16
SAMPLE_ANY = 16
#: Moves between deadline checks (the C loop runs this many with the GIL released).
CHUNK = 4096


def default_restart_steps(n: int) -> int:
    """Moves before a fresh greedy start: small boards can cycle on a plateau."""
    return 10 * n + 1000


_MASK = (1 << 64) - 1
_KNIGHT = ((1, 2), (1, -2), (2, 1), (2, -1), (-1, 2), (-1, -2), (-2, 1), (-2, -1))
_DIAG_NONE, _DIAG_PLAIN, _DIAG_WRAPPED = 0, 1, 2


def geometry(variant: str) -> tuple[int, bool] | None:
    """(diagonal kind, knight?) when the variant's lines can be indexed arithmetically
    (rows and columns, optional plain or wrapped diagonals in both directions, optional
    knight pairs); None for any other set of line families."""
    families = set(VARIANTS[variant])
    if not {rows, columns} <= families:
        return None
    families -= {rows, columns}
    knight = knight_pairs in families
    families.discard(knight_pairs)
    if not families:
        return _DIAG_NONE, knight
    if families == {diagonals, anti_diagonals}:
        return _DIAG_PLAIN, knight
    if families == {wrapped_diagonals, wrapped_anti_diagonals}:
        return _DIAG_WRAPPED, knight
    return None


class _Random:
    """splitmix64, the same generator as the C loop's."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def below(self, k: int) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (z ^ (z >> 31)) % k


class _ArithmeticBoard:
    """Counters per column and per (wrapped) diagonal, knight cells looked up in `col`."""

    def __init__(self, n: int, diag: int, knight: bool) -> None:
        self.n, self.diag, self.knight = n, diag, knight
        lines = {_DIAG_NONE: 0, _DIAG_PLAIN: 2 * n - 1, _DIAG_WRAPPED: n}[diag]
        self.colcount = [0] * n
        self.down = [0] * lines
        self.up = [0] * lines
        # sums of the rows of the queens on each line: with one queen on it, its row
        self.colsum = [0] * n
        self.downsum = [0] * lines
        self.upsum = [0] * lines
        self.col = [-1] * n

    def _diagonals(self, r: int, c: int) -> tuple[int, int]:
        n = self.n
        if self.diag == _DIAG_PLAIN:
            return r - c + n - 1, r + c
        return (r - c) % n, (r + c) % n

    def attack(self, r: int, c: int) -> int:
        """Queens attacking (r, c), row r's own queen lifted off the board."""
        count = self.colcount[c]
        if self.diag:
            d, a = self._diagonals(r, c)
            count += self.down[d] + self.up[a]
        if self.knight:
            n, col = self.n, self.col
            for dr, dc in _KNIGHT:
                r2 = r + dr
                if 0 <= r2 < n and c + dc >= 0 and col[r2] == c + dc:
                    count += 1
        return count

    def add(self, r: int, c: int, delta: int) -> None:
        self.colcount[c] += delta
        self.colsum[c] += delta * r
        if self.diag:
            d, a = self._diagonals(r, c)
            self.down[d] += delta
            self.up[a] += delta
            self.downsum[d] += delta * r
            self.upsum[a] += delta * r
        self.col[r] = c if delta > 0 else -1

    def attackers(self, r: int, c: int) -> list[int]:
        """Rows of the queens that row r's queen, just placed on (r, c), attacks and that
        were unattacked along that line before (the only other queen on it); knights too."""
        found = []
        if self.colcount[c] == 2:
            found.append(self.colsum[c] - r)
        if self.diag:
            d, a = self._diagonals(r, c)
            if self.down[d] == 2:
                found.append(self.downsum[d] - r)
            if self.up[a] == 2:
                found.append(self.upsum[a] - r)
        if self.knight:
            n, col = self.n, self.col
            for dr, dc in _KNIGHT:
                r2 = r + dr
                if 0 <= r2 < n and c + dc >= 0 and col[r2] == c + dc:
                    found.append(r2)
        return found


class _LineBoard:
    """Counters over `spec.lines` (rows left out: one queen per row by construction), for
    variants whose lines have no arithmetic index."""

    def __init__(self, spec: Spec) -> None:
        n = spec.n
        self.n = n
        self.colcount = [0] * n
        self.count = [0] * len(spec.lines)
        self.sum = [0] * len(spec.lines)
        self.col = [-1] * n
        self._ids = {
            (r, c): tuple(i for i in spec.line_ids_of((r, c)) if spec.lines[i].kind != "row")
            for r in range(n) for c in range(n)
        }

    def attack(self, r: int, c: int) -> int:
        count = self.count
        return sum(count[i] for i in self._ids[(r, c)])

    def add(self, r: int, c: int, delta: int) -> None:
        self.colcount[c] += delta
        for i in self._ids[(r, c)]:
            self.count[i] += delta
            self.sum[i] += delta * r
        self.col[r] = c if delta > 0 else -1

    def attackers(self, r: int, c: int) -> list[int]:
        return [self.sum[i] - r for i in self._ids[(r, c)] if self.count[i] == 2]


class _Search:
    """The pure-Python loop; `_minconflicts.c` is the same, statement for statement."""

    def __init__(self, board: _ArithmeticBoard | _LineBoard, fixed: list[int],
                 forbidden: set[tuple[int, int]], seed: int) -> None:
        self.board = board
        self.n = board.n
        self.fixed = fixed
        self.forbidden = forbidden
        self.rng = _Random(seed)
        self.empty: list[int] = []
        self.where: list[int] = []
        self.pending: list[int] = []
        self.listed: list[bool] = []

    def allowed(self, r: int, c: int) -> bool:
        f = self.fixed[r]
        return c == f if f >= 0 else (r, c) not in self.forbidden

    def place(self, r: int, c: int) -> None:
        if self.board.colcount[c] == 0:  # c leaves the empty columns
            pos, last = self.where[c], self.empty.pop()
            if last != c:
                self.empty[pos] = last
                self.where[last] = pos
            self.where[c] = -1
        self.board.add(r, c, 1)

    def lift(self, r: int, c: int) -> None:
        self.board.add(r, c, -1)
        if self.board.colcount[c] == 0:
            self.where[c] = len(self.empty)
            self.empty.append(c)

    def best_column(self, r: int, current: int) -> int:  # noqa: C901 - the search's inner loop, statement for statement as in _minconflicts.c
        """A least-attacked open cell of row r (its queen lifted), ties at random; on large
        boards among sampled candidates (and `current`, if any), stopping at an unattacked one.
        (The greedy start, `current` -1, samples empty columns only: there are always as
        many as rows left to place.)"""
        n, rng, attack, allowed = self.n, self.rng, self.board.attack, self.allowed
        best, best_attack, ties = -1, 1 << 62, 0
        if n <= FULL_SCAN_N:
            candidates: range | list[int] = range(n)
        else:
            candidates = [current] if current >= 0 else []
            empty = self.empty
            if empty:
                candidates += [empty[rng.below(len(empty))] for _ in range(SAMPLE_EMPTY)]
            if current >= 0:  # a repair; the greedy start looks at empty columns only
                candidates += [rng.below(n) for _ in range(SAMPLE_ANY)]
        for c in candidates:
            if not allowed(r, c):
                continue
            a = attack(r, c)
            if a < best_attack:
                best, best_attack, ties = c, a, 1
                if a == 0 and n > FULL_SCAN_N:
                    break
            elif a == best_attack:
                ties += 1
                if rng.below(ties) == 0:
                    best = c
        if best < 0:  # every sampled cell forbidden: scan the whole row
            for c in range(n):
                if allowed(r, c):
                    a = attack(r, c)
                    if a < best_attack:
                        best, best_attack = c, a
        return best

    def start(self) -> bool:
        """Greedy placement; False when a row has no open cell at all."""
        n, board = self.n, self.board
        for r in range(n):
            if board.col[r] >= 0:
                board.add(r, board.col[r], -1)
        self.empty = list(range(n))
        self.where = list(range(n))
        for r in range(n):
            if self.fixed[r] >= 0:
                self.place(r, self.fixed[r])
        for r in range(n):
            if self.fixed[r] < 0:
                c = self.best_column(r, -1)
                if c < 0:
                    return False
                self.place(r, c)
        self.rescan()
        return True

    def rescan(self) -> None:
        """Every free row whose queen is attacked goes on the pending list."""
        board = self.board
        self.pending = []
        self.listed = [False] * self.n
        for r in range(self.n):
            if self.fixed[r] < 0:
                c = board.col[r]
                board.add(r, c, -1)
                attacked = board.attack(r, c) > 0
                board.add(r, c, 1)
                if attacked:
                    self.pending.append(r)
                    self.listed[r] = True

    def run(self, steps: int, restart_steps: int, since_restart: int) -> tuple[int, int, int, bool]:
        """At most `steps` moves; returns (moves made, restarts, moves since the last
        restart, solved?)."""
        board, rng = self.board, self.rng
        moves = restarts = 0
        while moves < steps:
            if not self.pending:
                self.rescan()
                if not self.pending:
                    return moves, restarts, since_restart, True
            pending = self.pending
            i = rng.below(len(pending))
            r = pending[i]
            c = board.col[r]
            self.lift(r, c)
            if board.attack(r, c) == 0:  # no longer attacked: off the list, no move
                self.place(r, c)
                pending[i] = pending[-1]
                pending.pop()
                self.listed[r] = False
                continue
            c2 = self.best_column(r, c)
            self.place(r, c2)
            for other in board.attackers(r, c2):  # newly attacked queens join the list
                if self.fixed[other] < 0 and not self.listed[other]:
                    self.listed[other] = True
                    self.pending.append(other)
            moves += 1
            since_restart += 1
            if since_restart >= restart_steps:
                restarts += 1
                since_restart = 0
                if not self.start():
                    return moves, restarts, since_restart, False
        return moves, restarts, since_restart, False


class MinConflictsBackend:
    """Min-conflicts local search; finds one solution or says it stopped, never proves."""

    name: ClassVar[str] = "minconflicts"

    def __init__(self, seed: int | None = None, max_steps: int | None = None) -> None:
        """`seed` None draws a fresh one (reported in `stats`); `max_steps` None:
        `default_max_steps(n)`."""
        for name, value in (("seed", seed), ("max_steps", max_steps)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise InputError(f"{name} must be an integer, got {value!r}")
        if max_steps is not None and max_steps < 1:
            raise InputError(f"max_steps must be a positive integer, got {max_steps!r}")
        self.seed = seed
        self.max_steps = max_steps

    def search(
        self,
        spec: Spec,
        on_solution: SolutionSink | None = None,
        *,
        limit: int | None = None,
        deadline: Deadline | None = None,
    ) -> Outcome:
        started = time.perf_counter()
        n = spec.n
        seed = (self.seed if self.seed is not None else time.time_ns()) & _MASK
        max_steps = self.max_steps or default_max_steps(n)
        restart_steps = default_restart_steps(n)
        fixed = [-1] * n
        for r, c in spec.fixed:
            fixed[r] = c
        shape = geometry(spec.variant)
        use_c = _kernel is not None and shape is not None
        run = self._run_c if use_c else self._run_python
        emitter = Emitter(on_solution, limit)
        moves = restarts = runs = 0
        timed_out = False
        while moves < max_steps and not emitter.stopped:
            # each further solution is a fresh run with the next seed (duplicates dropped)
            placement, done, again, timed_out = run(
                spec, shape, fixed, (seed + runs) & _MASK, max_steps - moves, restart_steps,
                deadline)
            runs += 1
            moves += max(done, 1)  # a start that is already a solution still costs a step
            restarts += again
            if placement is None:
                break
            problems = find_violations(spec, placement)
            if problems:  # the counters and the validator disagree: a bug here, never hidden
                raise RuntimeError(f"minconflicts: an invalid placement: {problems[0].describe()}")
            emitter.emit(placement)
        stats: dict[str, int | float | str] = {
            "seed": seed, "steps": moves, "restarts": restarts, "runs": runs,
            "loop": "C" if use_c else "python",
        }
        if not emitter.stopped:
            why = "the deadline" if timed_out else f"{max_steps:,} {plural(max_steps, 'step')}"
            if not timed_out:
                stats["cap"] = why
            stats["note"] = (
                f"min-conflicts stopped after {why} with {emitter.count} "
                f"{plural(emitter.count, 'solution')} ({moves:,} {plural(moves, 'move')}, "
                f"{restarts:,} {plural(restarts, 'restart')}); this proves nothing: raise "
                "--max-steps or --timeout, or use an exhaustive backend"
            )
        return Outcome(status=emitter.status(exhausted=False, timed_out=True,
                                             capped=not timed_out),
                       count=emitter.count, elapsed=time.perf_counter() - started,
                       backend=self.name, stats={**stats, **peak_memory_mb()})

    def _run_c(self, spec: Spec, shape: tuple[int, bool] | None, fixed: list[int], seed: int,
               max_steps: int, restart_steps: int, deadline: Deadline | None,
               ) -> tuple[tuple[int, ...] | None, int, int, bool]:
        starts = [0] * (spec.n + 1)  # spec.forbidden is sorted: row r's columns follow
        for r, _ in spec.forbidden:
            starts[r + 1] += 1
        for r in range(spec.n):
            starts[r + 1] += starts[r]
        cols = [c for _, c in spec.forbidden]
        assert shape is not None
        expired = deadline.expired if deadline is not None else None
        result, moves, restarts, timed_out = _kernel.solve(
            spec.n, shape[0], int(shape[1]), fixed, starts, cols, seed, max_steps,
            restart_steps, FULL_SCAN_N, SAMPLE_EMPTY, SAMPLE_ANY, expired)
        return (tuple(result) if result is not None else None), moves, restarts, bool(timed_out)

    def _run_python(self, spec: Spec, shape: tuple[int, bool] | None, fixed: list[int],
                    seed: int, max_steps: int, restart_steps: int, deadline: Deadline | None,
                    ) -> tuple[tuple[int, ...] | None, int, int, bool]:
        board = _ArithmeticBoard(spec.n, *shape) if shape is not None else _LineBoard(spec)
        search = _Search(board, fixed, set(spec.forbidden), seed)
        if not search.start():
            return None, 0, 0, False
        moves = restarts = since = 0
        while moves < max_steps:
            if deadline is not None and deadline.expired():
                return None, moves, restarts, True
            done, again, since, solved = search.run(min(CHUNK, max_steps - moves),
                                                    restart_steps, since)
            moves += done
            restarts += again
            if solved:
                return tuple(board.col), moves, restarts, False
            if done == 0:  # a restart found a row with no open cell
                break
        return None, moves, restarts, False

