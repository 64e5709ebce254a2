"""The counting route "ganak": counting without enumerating, the spec's CNF handed to the
exact model counter Ganak (`pyganak`, optional extra `count`), projected on the cell
variables so that the encoding's auxiliary variables do not multiply the count. The caller
names it (`count --counter ganak`), for the backend whose model is a CNF.

A SAT call runs first and answers 0 for an unsatisfiable CNF: measured here (pyganak 2.8.0),
Ganak took 45-55 s to count the zero models of the 6x6 torus, which CaDiCaL refutes in
milliseconds. Ganak cannot be interrupted from Python, so with a time limit it runs in a
child process that is ended when the deadline expires or is stopped. No solution is ever
produced: the result is a count.
"""

from __future__ import annotations

import time
from typing import Any

from ..errors import InputError, WorkerError
from ..result import Deadline, Outcome, Status
from ..spec import Spec
from ..wording import install_hint
from .route import Ask, Count, CountingRoute, Fit

__all__ = ["ROUTE", "ganak_count"]

#: Seconds between looks at the deadline while the child process counts.
_POLL = 0.05


def _require_pyganak() -> None:
    try:
        import pyganak  # noqa: F401
    except ImportError:
        raise InputError(
            f"--counter ganak needs the pyganak package; install it with "
            f"{install_hint('count')} (or pip install pyganak alone)"
        ) from None


def _count_cnf(clauses: list[list[int]], variables: int, projection: int) -> int:
    import pyganak

    counter = pyganak.Counter()
    counter.new_vars(variables)
    counter.add_clauses(clauses)
    counter.set_sampling_set(range(1, projection + 1))
    return int(counter.count())


def _child(conn: Any, clauses: list[list[int]], variables: int, projection: int) -> None:
    try:
        conn.send(("ok", _count_cnf(clauses, variables, projection)))
    except Exception as error:  # reported in the parent
        conn.send(("error", repr(error)))
    finally:
        conn.close()


def ganak_count(spec: Spec, encoding: str | None = None, deadline: Deadline | None = None,
                backend: str = "sat") -> Outcome:
    """The exact number of solutions of `spec`, counted by Ganak on `encode_cnf(spec, encoding)`.

    Returns an Outcome with status COMPLETE, or TIMEOUT (count 0, unknown) when the
    `deadline` (one with a time limit) expired or was stopped first.

    Raises:
        InputError: pyganak is not installed, or an unknown encoding.
        WorkerError: the child process that counts under a time limit failed.
    """
    from pysat.solvers import Solver

    from ..backends.sat import DEFAULT_ENCODING, DEFAULT_SOLVER, encode_cnf

    _refuse_native(encoding)
    _require_pyganak()
    started = time.perf_counter()
    compiled = encode_cnf(spec, encoding or DEFAULT_ENCODING)
    clauses, variables, cells = compiled.cnf.clauses, compiled.cnf.nv, compiled.cell_vars
    stats = {"counter": "ganak", "encoding": compiled.encoding, "variables": variables,
             "aux_variables": compiled.aux_vars, "clauses": len(clauses), "projection": cells}

    def outcome(status: Status, count: int) -> Outcome:
        return Outcome(status, count, elapsed=time.perf_counter() - started, backend=backend,
                       stats=stats)

    with Solver(name=DEFAULT_SOLVER, bootstrap_with=clauses) as solver:
        if not solver.solve():
            stats["counter"] = f"{DEFAULT_SOLVER} (unsatisfiable, ganak not needed)"
            return outcome(Status.COMPLETE, 0)
    if deadline is None or deadline.at is None:
        return outcome(Status.COMPLETE, _count_cnf(clauses, variables, cells))
    if deadline.expired():
        return outcome(Status.TIMEOUT, 0)
    # spawn, not fork: forking a process that holds solver threads is unsafe; and started
    # without the caller's main module, so that a script without a main guard or read from
    # standard input counts here as the other parallel routes do
    from .processes import SpawnedContext

    context = SpawnedContext()
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(sender, clauses, variables, cells), daemon=True)
    child.start()
    sender.close()
    try:
        while not receiver.poll(_POLL):
            if deadline.expired():
                return outcome(Status.TIMEOUT, 0)
        try:
            kind, value = receiver.recv()
        except EOFError:
            kind, value = "error", f"the counting process exited with code {child.exitcode}"
    finally:
        if child.is_alive():
            child.terminate()
        child.join()
        receiver.close()
    if kind != "ok":
        raise WorkerError(f"ganak's counting process failed: {value}; the count is unknown")
    return outcome(Status.COMPLETE, value)


def _refuse_native(encoding: str | None) -> None:
    from ..backends.sat_facts import LARGE_ENCODING, NATIVE

    if encoding == NATIVE:
        raise InputError("Ganak counts plain CNF, and the native encoding's cardinality "
                         f"constraints are not clauses; use --encoding pairwise or {LARGE_ENCODING}")


def _fit(ask: Ask) -> Fit:
    """The backend whose model is a CNF, with an encoding of clauses, pyganak installed."""
    from ..backends import first_by_formalism

    cnf = first_by_formalism()["cnf"]
    if ask.info.name != cnf:
        raise InputError(f"--counter ganak counts the CNF of the {cnf} backend; add "
                         f"--backend {cnf}")
    _refuse_native(ask.options.get("encoding"))
    _require_pyganak()
    return Fit("ganak")


def _run(count: Count) -> Outcome:
    return ganak_count(count.spec, count.options.get("encoding"), count.deadline, count.backend)


ROUTE = CountingRoute(
    "ganak", "Ganak model counter", _fit, _run, default=False, own_pace=True,
    alone="--counter ganak counts the whole CNF at once; drop --unique, --checkpoint, "
          "--split-depth, --executor and --cross-check",
    counter="count the CNF's models with Ganak, projected on the cells (--backend sat; needs "
            "the 'count' extra)")
