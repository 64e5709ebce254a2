"""Counting without enumerating: the spec's CNF handed to the exact model counter Ganak
(`pyganak`, optional extra `count`), projected on the cell variables so that the encoding's
auxiliary variables do not multiply the count.

A SAT call runs first and answers 0 for an unsatisfiable CNF: measured here (pyganak 2.8.0),
Ganak took 45-55 s to count the zero models of the 6x6 torus, which CaDiCaL refutes in
milliseconds. Ganak cannot be interrupted from Python, so with a time limit it runs in a child process
that is terminated at the deadline. No solution is ever produced: the result is a count.
"""

from __future__ import annotations

import time
from typing import Any

from ..errors import InputError
from ..result import Outcome, Status
from ..spec import Spec

__all__ = ["COUNTERS", "ganak_count"]

#: --counter choices of `nqueens count`: "enumerate" is the backend's own solution loop.
COUNTERS = ("enumerate", "ganak")


def _require_pyganak() -> None:
    try:
        import pyganak  # noqa: F401
    except ImportError:
        raise InputError(
            "--counter ganak needs the pyganak package; install it with "
            "pip install 'nqueens[count]' (or pip install pyganak)"
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


def ganak_count(spec: Spec, encoding: str | None = None, timeout: float | None = None) -> Outcome:
    """The exact number of solutions of `spec`, counted by Ganak on `encode_cnf(spec, encoding)`.

    Returns an Outcome with status COMPLETE, or TIMEOUT (count 0, unknown) when `timeout`
    seconds passed first.

    Raises:
        InputError: pyganak is not installed, or an unknown encoding.
    """
    from pysat.solvers import Solver

    from ..backends.sat import DEFAULT_ENCODING, DEFAULT_SOLVER, NATIVE, encode_cnf

    if encoding == NATIVE:
        raise InputError("Ganak counts plain CNF, and the native encoding's cardinality "
                         "constraints are not clauses; use --encoding pairwise or seqcounter")
    _require_pyganak()
    started = time.perf_counter()
    compiled = encode_cnf(spec, encoding or DEFAULT_ENCODING)
    clauses, variables, cells = compiled.cnf.clauses, compiled.cnf.nv, compiled.cell_vars
    stats = {"counter": "ganak", "encoding": compiled.encoding, "variables": variables,
             "aux_variables": compiled.aux_vars, "clauses": len(clauses), "projection": cells}
    with Solver(name=DEFAULT_SOLVER, bootstrap_with=clauses) as solver:
        if not solver.solve():
            stats["counter"] = f"{DEFAULT_SOLVER} (unsatisfiable, ganak not needed)"
            return Outcome(Status.COMPLETE, 0, elapsed=time.perf_counter() - started,
                           backend="sat", stats=stats)
    if timeout is None:
        total = _count_cnf(clauses, variables, cells)
        return Outcome(Status.COMPLETE, total, elapsed=time.perf_counter() - started,
                       backend="sat", stats=stats)
    # spawn, not fork: forking a process that holds solver threads is unsafe (and deprecated)
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(sender, clauses, variables, cells), daemon=True)
    child.start()
    sender.close()
    try:
        ready = receiver.poll(timeout)
        if not ready:
            return Outcome(Status.TIMEOUT, 0, elapsed=time.perf_counter() - started,
                           backend="sat", stats=stats)
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
        raise RuntimeError(f"ganak failed: {value}")
    return Outcome(Status.COMPLETE, value, elapsed=time.perf_counter() - started,
                   backend="sat", stats=stats)
