"""The Python API: solve, solutions, count and validate on a Spec or a bare board size.

Backends push solutions through a callback; `solutions()` turns that into a generator by
running the search in a worker thread behind a small bounded queue, so solutions stream
as they are found and closing the generator stops the search.
"""

from __future__ import annotations

import os
import queue
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence, Sized
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .backends import DEFAULT_BACKEND
from .backends.sat_facts import DEFAULT_ENCODING
from .counting.route import Split
from .errors import CertificateError, InputError
from .job_kinds import job_of
from .limits import check_validation, time_limit
from .planning import (
    Plan,
    check_agreement,
    check_path,
    cross_check_plan,
    plan,
    spec_of,
)
from .result import Deadline, Outcome
from .spec import Placement, Spec
from .validator import Violation, find_violations

if TYPE_CHECKING:  # the certificates (tempfile, threads) load with a certified answer
    from .counting.join import JoinPlan
    from .explanations import Explanation, MostQueens
    from .modeling.givens import Given
    from .proofs.certificates import Certificate

__all__ = ["Plan", "Split", "count", "cross_check", "explain", "most_queens", "plan", "plan_count",
           "search", "solutions", "solve", "validate", "verify_proof"]

def _check_callbacks(on_solution: Any, deadline: Any) -> None:
    if on_solution is not None and not callable(on_solution):
        raise InputError(f"on_solution must be a function of one placement, got {on_solution!r}")
    if deadline is not None and not isinstance(deadline, Deadline):
        raise InputError(f"deadline must be a nqueens.result.Deadline, got {deadline!r}")


def _reject(options: dict[str, Any], names: tuple[str, ...], where: str, instead: str) -> None:
    for name in names:
        if name in options:
            raise InputError(f"{where}() takes no {name!r}; {instead}")


def search(
    spec_or_n: Spec | int | str,
    *,
    backend: str = DEFAULT_BACKEND,
    limit: int | None = None,
    timeout: float | None = None,
    on_solution: Callable[[Placement], Any] | None = None,
    collect: bool = True,
    deadline: Deadline | None = None,
    unique: bool = False,
    jobs: int | None = None,
    **options: Any,
) -> Outcome:
    """Run one search and return its Outcome, with the solutions collected if `collect`.

    `options` go to the backend's constructor (e.g. `encoding="ladder"` for `sat`). A
    `deadline` (instead of `timeout`) lets the caller stop the search from outside, e.g.
    on a signal; the time limit starts before the backend is imported and compiled.

    `backend="auto"` (the default) runs the route `policy.choose` picks for this job
    (count, enumerate or find); `outcome.backend` is the backend that ran and
    `outcome.rule` the table row that chose it. A non-exhaustive route that finds nothing
    hands the rest of the time to its exhaustive fallback, so "no solution" stays a proof.

    With `unique` (every solution wanted), the answer is about the fundamental solutions,
    as `nqueens solve --all --unique` lists them: one per class of solutions that are
    rotations or reflections of each other (under the symmetries the board with its cells
    has), each the smallest of its images, in the order the classes were first met;
    `outcome.count` is their number and `outcome.total` every solution met, and
    `on_solution` and `outcome.solutions` get the fundamental ones only.
    """
    timeout = time_limit(timeout)  # inf: none; beyond limits.MAX_TIMEOUT: refused
    _check_callbacks(on_solution, deadline)
    if deadline is None:
        deadline = Deadline(timeout)
    wants_solutions = collect or on_solution is not None
    chosen = plan(spec_or_n, job_of(limit, wants_solutions), backend, limit=limit,
                  unique=unique, bounded=deadline.at is not None, timeout=timeout,
                  per_solution=wants_solutions, jobs=jobs, **options)
    found: list[Placement] = []

    def sink(placement: Placement) -> bool | None:
        if collect:
            found.append(placement)
        return None if on_solution is None else on_solution(placement)

    outcome = chosen.run(deadline, on_solution=sink if wants_solutions else None)
    if found:
        outcome = replace(outcome, solutions=tuple(found))
    certificate = outcome.certificate
    if certificate is not None and not certificate.certified:
        raise CertificateError(f"the answer is not certified: {certificate.reason}", certificate)
    return outcome


def solve(
    spec_or_n: Spec | int | str,
    *,
    backend: str = DEFAULT_BACKEND,
    timeout: float | None = None,
    **options: Any,
) -> Outcome:
    """Find one solution. `outcome.solution` is the placement, or None when the search
    proved there is none (`outcome.unsatisfiable`) or ran out of time (status TIMEOUT).

    With `certify=True`, `outcome.certificate` carries the evidence: the validator's check
    of the solution, or for "no solution" a DRAT proof replayed by a checker (the proof the
    backtracker's search wrote of its own tree, else CaDiCaL's; written to `proof=FILE`, the
    CNF beside it, an existing file only with `overwrite=True`; default a temporary
    folder). Evidence that does not check raises CertificateError; what cannot be certified
    is refused up front."""
    _reject(options, ("limit", "collect"), "solve", "use solutions(..., limit=K) for several")
    _reject(options, ("all",), "solve",
            "for every solution iterate nqueens.solutions(N), or call nqueens.count(N) for "
            "their number")
    return search(spec_or_n, backend=backend, limit=1, timeout=timeout, **options)


def count(
    spec_or_n: Spec | int | str,
    *,
    backend: str = DEFAULT_BACKEND,
    timeout: float | None = None,
    on_solution: Callable[[Placement], Any] | None = None,
    unique: bool = False,
    **options: Any,
) -> Outcome:
    """Count all solutions; `outcome.count` is exact when `outcome.complete`. With
    `on_solution`, each placement is also passed to it (return False to stop). With
    `unique`, as `nqueens count --unique`: `outcome.count` is the number of fundamental
    solutions (classes under the rotations and reflections the board has) and
    `outcome.total` the number of all solutions; `on_solution` then gets one solution
    per class (see `search`). `jobs=J` counts on at most J processes, as `nqueens count
    --jobs J` does (a positive integer; by default the counting route decides: all cores
    on boards large enough to pay for them, else this process).

    With `certify=True` the count is certified: `outcome.solutions` lists every solution,
    each checked by the validator, and `outcome.certificate` is the replayed DRAT proof, the
    search's own, that the CNF with one blocking clause per listed solution has no model
    (written to `proof=FILE`, with the CNF and the list beside it). Refused up front for
    `unique`, a backend whose search writes no proof, and a list too large for memory.

    >>> outcome = count(8, unique=True)
    >>> outcome.count, outcome.total
    (12, 92)
    """
    _reject(options, ("limit", "collect"), "count", "use solutions(..., limit=K) to stop early")
    _reject(options, ("all",), "count", "count always counts every solution; drop all=")
    return search(
        spec_or_n, backend=backend, timeout=timeout, on_solution=on_solution, collect=False,
        unique=unique, **options,
    )


def cross_check(
    spec_or_n: Spec | int | str,
    *,
    backend: str = DEFAULT_BACKEND,
    timeout: float | None = None,
    **options: Any,
) -> tuple[Outcome, Outcome]:
    """Count twice, by the route `backend` takes and by a backend of another formalism
    (`planning.cross_check_plan`); returns both outcomes.

    Raises:
        CountMismatchError: both counts are complete and differ.
    """
    timeout = time_limit(timeout)  # inf: none; beyond limits.MAX_TIMEOUT: refused
    deadline = Deadline(timeout)
    first = plan(spec_or_n, "count", backend, timeout=timeout, **options)
    second = cross_check_plan(first, timeout)
    outcomes = first.run(deadline), second.run(deadline)
    check_agreement(*outcomes)
    return outcomes


def plan_count(
    spec_or_n: Spec | int | str,
    *,
    jobs: int | None = None,
    split: Split | None = None,
    timeout: float | None = None,
    deadline: Deadline | None = None,
) -> JoinPlan:
    """What a count of the plain board by the join of partial boards will cost, counting
    nothing, as `nqueens count N --plan` says it: its units and parts, the CPU time from a
    short sample measured here, the memory of each process, the wall time on `jobs`
    processes (or on a Dask cluster: `split=Split(executor="dask")`). A checkpoint
    (`split=Split(checkpoint=FILE)`) is read, never written: the plan is that of the parts
    it does not hold. `plan.as_json()` is the plan as JSON fields.

    The sample obeys `timeout` (or `deadline`): stopped before it timed a unit, the plan
    has no times (`plan.complete` False).

    Raises:
        InputError: not a plain board within the join's reach, or bad arguments.
        SizeLimitError: not one process of the join fits in this machine's memory.
        CheckpointError: the count would refuse the checkpoint.
    """
    from .counting.join import join_plan

    timeout = time_limit(timeout)
    _check_callbacks(None, deadline)
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
        raise InputError(f"jobs must be a positive integer, got {jobs!r}")
    if split is not None and not isinstance(split, Split):
        raise InputError(f"split must be a nqueens.Split, got {split!r}")
    if deadline is None:
        deadline = Deadline(timeout)
    return join_plan(spec_of(spec_or_n), jobs=jobs, split=split, deadline=deadline)


def verify_proof(spec_or_n: Spec | int | str, proof: str | os.PathLike[str], *,
                 encoding: str = DEFAULT_ENCODING, timeout: float | None = None,
                 solutions: Iterable[Sequence[int]] | None = None,
                 optimum: int | None = None) -> Certificate:
    """Replay a DRAT proof file against the CNF rebuilt from the spec (a model's name or
    file, a Spec or a board size); `certificate.certified` says whether it shows that the
    spec has no solution, or with `solutions` (a certified count's list, e.g.
    `count(..., certify=True).solutions`) that it has no solution but those: each is
    checked by the validator, none may repeat, and the CNF gets one blocking clause per
    solution. With a `timeout` the checkers run in a child process ended at the limit (then
    not certified, the reason says it stopped). A posed problem's proof is replayed against
    its own CNF; for one with an objective, `optimum` names the optimum the proof is about
    (`solve(..., certify=True).optimum`), and a certified replay shows that no placement
    beats it. Raises InputError when no checker is installed, the proof is not a path, the
    timeout is not a positive number, a solution is not a list of n columns, or the optimum
    does not fit the problem."""
    from .proofs.verify import verify_proof as replay

    check_path("proof", proof)
    timeout = time_limit(timeout)  # inf: none; beyond limits.MAX_TIMEOUT: refused
    spec = spec_of(spec_or_n)
    listed = None
    if solutions is not None:
        listed = [tuple(p) for p in solutions]
        for index, placement in enumerate(listed):
            if len(placement) != spec.n or not all(
                    isinstance(c, int) and not isinstance(c, bool) for c in placement):
                raise InputError(f"solutions: solution {index + 1} is not a list of {spec.n} "
                                 "columns")
    if optimum is not None and (isinstance(optimum, bool) or not isinstance(optimum, int)
                                or optimum < 0):
        raise InputError(f"optimum must be a number of queens (an integer >= 0), got {optimum!r}")
    return replay(spec, proof, encoding, Deadline(timeout), listed, optimum)


_DONE = object()


def solutions(
    spec_or_n: Spec | int | str,
    *,
    backend: str = DEFAULT_BACKEND,
    limit: int | None = None,
    timeout: float | None = None,
    unique: bool = False,
    **options: Any,
) -> Iterator[Placement]:
    """Yield solutions one by one as the backend finds them (at most `limit`). Without a
    limit only an exhaustive backend may list them, and none is yielded twice. With
    `unique` (no limit), the fundamental solutions, as `nqueens solve --all --unique` lists
    them: one per class of symmetric solutions, the smallest of its images, each as soon
    as its class is first met.

    >>> len(list(solutions(8, unique=True)))
    12
    """
    timeout = time_limit(timeout)  # inf: none; beyond limits.MAX_TIMEOUT: refused
    deadline = Deadline(timeout)
    _reject(options, ("on_solution", "collect", "deadline"), "solutions",
            "iterate the generator, and close it to stop")
    _reject(options, ("all",), "solutions", "solutions() yields every solution unless limit=K")
    chosen = plan(spec_or_n, job_of(limit, True), backend, limit=limit, timeout=timeout,
                  per_solution=True, unique=unique, **options)
    channel: queue.Queue[Any] = queue.Queue(maxsize=64)
    stop = threading.Event()

    def put(item: Any) -> bool:
        while not stop.is_set():
            try:
                channel.put(item, timeout=0.05)
                return True
            except queue.Full:
                continue
        return False

    def produce() -> None:
        try:
            chosen.run(deadline, on_solution=lambda p: put(p) and not stop.is_set())
        except BaseException as error:  # re-raised in the consumer's thread
            put(error)
        put(_DONE)

    worker = threading.Thread(target=produce, name="nqueens-search", daemon=True)
    worker.start()
    try:
        while True:
            item = channel.get()
            if item is _DONE:
                return
            if isinstance(item, BaseException):
                raise item
            yield item
    finally:
        stop.set()
        worker.join()


def validate(spec_or_n: Spec | int | str, placement: Any) -> list[Violation]:
    """Every rule `placement` breaks (empty list: it is a solution). Never raises on a
    malformed placement (see `validator.find_violations`); a placement whose check would
    not fit in this machine's memory is refused up front (SizeLimitError), as `verify`
    refuses it."""
    spec = spec_of(spec_or_n)
    if isinstance(placement, Sized):
        check_validation(len(placement))
    return find_violations(spec, placement)


def explain(
    spec_or_n: Spec | int | str,
    *,
    smallest: bool = False,
    repair: bool = False,
    timeout: float | None = None,
    givens: Sequence[Given] | None = None,
    oracle: str = "auto",
    certify: bool = False,
    proof: str | os.PathLike[str] | None = None,
    overwrite: bool = False,
    **unknown: Any,
) -> Explanation:
    """After a "no": which givens cause it. For an instance without solution, a set of
    its givens (fixed queens, forbidden or blocked cells, excluded diagonals: a model
    file's as the file states them) that has no solution on its own, minimal: every one is
    needed, and `removals` holds, for each, a solution of the set less that given.
    `smallest=True` looks for a set of fewest givens, `repair=True` also for the fewest
    givens to drop (`explanation.repair`, with the solution then). An instance with a
    solution gets it (`satisfiable` True, no set); a board with none even without givens
    (n = 2, 3) says so (`board_unsatisfiable`). A `timeout` keeps what was proved
    (`complete` False). `certify=True` certifies the set's "no" by a DRAT proof replayed
    by a checker (`explanation.certificate`), written to `proof` (its CNF beside it;
    `overwrite=True` may replace them) or a temporary folder. What cannot finish within
    memory is refused at once (`planning.plan_explanation`).

        >>> import nqueens
        >>> why = nqueens.explain("completion-8-unsat")
        >>> [given.source for given in why.core], why.minimal
        (['fixed [0, 0]', 'fixed [1, 2]'], True)

    See `nqueens.explanations.Explanation` for every field."""
    from .planning import plan_explanation

    _refuse_unknown("explain", unknown, _EXPLAIN_KEYWORDS)
    if proof is not None:
        check_path("proof", proof)
    timeout = time_limit(timeout)  # inf: none; beyond limits.MAX_TIMEOUT: refused
    chosen = plan_explanation(spec_or_n, givens=givens, smallest=smallest, repair=repair,
                              oracle=oracle, certify=certify,
                              proof=os.fspath(proof) if proof is not None else None,
                              overwrite=overwrite, timeout=timeout)
    return chosen.run(Deadline(timeout))


_EXPLAIN_KEYWORDS = ("smallest", "repair", "timeout", "givens", "oracle", "certify", "proof",
                     "overwrite")
_MOST_QUEENS_KEYWORDS = ("backend", "cross_check", "timeout")


def _refuse_unknown(where: str, unknown: dict[str, Any], accepted: tuple[str, ...]) -> None:
    """A keyword the call does not take: an InputError naming it and those it takes (a
    Python TypeError would not be a QueensError)."""
    if unknown:
        name = sorted(unknown)[0]
        raise InputError(f"{where}() takes no keyword {name!r}; it takes: "
                         f"{', '.join(accepted)}")


#: most_queens's backend= and the most-queens method each stands for.
MOST_QUEENS_BACKENDS = {"auto": "auto", "cpsat": "cpsat", "sat": "rc2"}


def most_queens(
    spec_or_n: Spec | int | str,
    *,
    backend: str = DEFAULT_BACKEND,
    cross_check: bool = False,
    timeout: float | None = None,
    **unknown: Any,
) -> MostQueens:
    """How close a "no" comes: the most non-attacking queens that fit with every given
    (`count`, `queens` as (row, col) cells, `empty_rows` and `empty_columns`, `optimal`
    False when stopped first; n when the instance has a solution). `backend` "cpsat"
    maximizes with CP-SAT, "sat" runs RC2 on the CNF, "auto" the one measured faster;
    `cross_check=True` runs both and raises CountMismatchError if they disagree. What
    cannot finish within memory is refused at once (`planning.plan_most_queens`).

        >>> import nqueens
        >>> nqueens.most_queens("completion-8-unsat").count
        7
    """
    from .planning import plan_most_queens

    _refuse_unknown("most_queens", unknown, _MOST_QUEENS_KEYWORDS)
    if backend not in MOST_QUEENS_BACKENDS:
        raise InputError(f"most_queens runs on backend 'cpsat' (CP-SAT) or 'sat' (RC2), not "
                         f"{backend!r}; use one of them or 'auto'")
    if cross_check and backend != DEFAULT_BACKEND:
        raise InputError("cross_check=True runs both cpsat and sat; drop backend=")
    timeout = time_limit(timeout)  # inf: none; beyond limits.MAX_TIMEOUT: refused
    method = "both" if cross_check else MOST_QUEENS_BACKENDS[backend]
    return plan_most_queens(spec_or_n, method=method, timeout=timeout).run(Deadline(timeout))
