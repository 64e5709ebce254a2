"""One decision per job: `plan` refuses what cannot work, resolves `auto`, picks the counting
route, estimates memory and time, and returns a Plan that says what will run and why;
`Plan.run` runs it. The API's solve, solutions, count and search and the CLI's commands all
go through here, so each of these is decided once per job, in one place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..backends import (
    DEFAULT_BACKEND,
    BackendInfo,
    backend_info,
    backend_names,
    check,
    check_options,
)
from ..counting.registry import counting_route, counting_routes, run_count
from ..counting.route import (
    SHUTDOWN_GRACE,
    Ask,
    Count,
    CountingRoute,
    ExecutorName,
    Fit,
    RouteName,
    Split,
)
from ..errors import InputError
from ..forecast import Forecast, amount_text, forecast, seconds_text
from ..job_kinds import Job
from ..limits import check_exhaustive, time_limit
from ..policy import Rule, choose
from ..result import Deadline, Outcome, SolutionSink
from ..spec import Spec
from .loading import board_of
from .refusals import (
    check_auto_options,
    check_certified_count,
    check_job,
    check_jobs,
    check_limit,
    plan_certification,
    refuse_posed_cnf,
)

if TYPE_CHECKING:  # the certificates (tempfile, threads, the checkers' metadata) load with a
    # certified answer, the partitions with a count
    from ..counting.partition import Progress, ProgressCallback
    from ..proofs.certificates import Certification
    from ..proofs.certify import AnswerHook

__all__ = ["SLOW_SECONDS", "Plan", "plan"]


#: A job forecast to take longer than this (seconds) is worth a word before it starts.
SLOW_SECONDS = 5.0


_VERBS = {"count": "counting", "enumerate": "listing every solution of",
          "find": "finding a solution of"}


@dataclass(frozen=True)
class Plan:
    """What one job will run, and why (see `plan`).

    Attributes:
        spec, job, limit, unique: what was asked ("count", "enumerate" or "find").
        backend, options: what runs (a registry name and its constructor options).
        rule: the `policy.Rule` that `auto` took (None when the caller named a backend).
        counting_route: for a count, the counting route's name (`counting.registry.counting_routes`).
        jobs: processes (1: this process only).
        split: where a split count runs (None: not split).
        forecast: the expected time, when measured for this route.
        memory: the model's estimated bytes, when the backend has an estimate.
        warning: one line to show before the work, when a better route exists.
        notes: decisions the caller may want to know about (one line each).
        certification: how the answer is certified (None: not asked for).
    """

    spec: Spec
    job: Job
    backend: str
    options: Mapping[str, Any]
    limit: int | None = None
    unique: bool = False
    rule: Rule | None = None
    counting_route: RouteName | None = None
    jobs: int = 1
    split: Split | None = None
    forecast: Forecast | None = None
    memory: int | None = None
    warning: str | None = None
    notes: tuple[str, ...] = field(default=())
    certification: Certification | None = None

    @property
    def executor(self) -> ExecutorName:
        """Where the work runs (`counting.route.EXECUTORS`): "dask" for a count split onto
        a Dask cluster, "local" for one on a process pool here, else "inline" (this process;
        a split count on one process too)."""
        if self.job == "count" and self.split is not None and self.split.executor == "dask":
            return "dask"
        return "local" if self.job == "count" and self.jobs > 1 else "inline"

    @property
    def stop_grace(self) -> float | None:
        """Seconds the work needs after a stop to hand back its partial result and end its
        workers (`counting.route.SHUTDOWN_GRACE`); None: no more than the caller's own."""
        return SHUTDOWN_GRACE.get(self.executor)

    def prepare(self) -> None:
        """Start, from this thread, what the work's processes come from: the process pools'
        fork server, signal-safe (`counting.executors.start_fork_server`), when the work
        runs on a local pool or starts a private Dask cluster. The command line calls this
        from its main thread before the work moves to a worker thread, where a signal
        arriving while the server starts could no longer be kept; a run that was not
        prepared starts the server itself."""
        if self.executor == "local" or (self.executor == "dask" and self.split is not None
                                        and self.split.scheduler is None):
            from ..counting.executors import start_fork_server

            start_fork_server()

    @property
    def meets_each_solution(self) -> bool:
        """Whether the search meets every solution one by one, so that a progress bar fed
        per solution costs little (a count's bitboard, mirror or split route does not)."""
        return self.job != "count" or self.counting_route == "enumerate"

    def run(
        self,
        deadline: Deadline | None = None,
        *,
        on_solution: SolutionSink | None = None,
        on_progress: ProgressCallback | None = None,
        on_resume: Callable[[Progress], None] | None = None,
        on_answer: AnswerHook | None = None,
    ) -> Outcome:
        """Run the plan: a count on its counting route, a search on its backend (handing the
        rest of the time to the route's exhaustive fallback when a strategy that cannot
        prove finds nothing, so "no solution" stays a proof). With `unique`, `on_solution`
        meets each class of symmetric solutions once, as its smallest image, and the
        outcome counts the classes (`count`) beside every solution met (`total`). A
        certified plan runs through `certified.run_certified`, which calls `on_answer` with
        the answer before its proof is replayed."""
        deadline = deadline or Deadline(None)
        if self.certification is not None and self.spec.is_open:
            from ..proofs.posed import run_posed_certified

            return replace(run_posed_certified(
                self.spec, self.certification,
                lambda until, sink: self._search(self.backend, self.options, until, sink),
                deadline, on_solution, on_answer), rule=self.rule)
        if self.certification is not None:
            from ..proofs.certify import run_certified

            return self._fundamental(run_certified(self, deadline, on_solution, on_answer))
        if self.job == "count":
            outcome = run_count(self.counting_route or "enumerate", Count(
                self.spec, self.backend, self.options, deadline, jobs=self.jobs,
                unique=self.unique, split=self.split, on_solution=on_solution,
                on_progress=on_progress, on_resume=on_resume))
            return replace(self._fundamental(outcome), rule=self.rule)
        outcome = self._search(self.backend, self.options, deadline, on_solution)
        route = self.rule
        if route is not None and route.fallback is not None and outcome.count == 0 \
                and not deadline.expired():
            fallback, fallback_options = route.fallback
            route = route._replace(backend=fallback, options=fallback_options,
                                   why=f"{route.backend} found none; {fallback} searched exhaustively")
            outcome = self._search(fallback, fallback_options, deadline, on_solution)
        return replace(self._fundamental(outcome), rule=route)

    def _fundamental(self, outcome: Outcome) -> Outcome:
        """With `unique`, the outcome as the command line reports it: `count` the
        fundamental solutions (the classes the route counted; none claimed when it
        stopped before knowing them) and `total` every solution met."""
        if not self.unique:
            return outcome
        return replace(outcome, count=int(outcome.stats.get("unique", 0)), total=outcome.count)

    def _search(self, backend: str, options: Mapping[str, Any], deadline: Deadline,
                on_solution: SolutionSink | None) -> Outcome:
        from ..counting.search import search_with_classes

        return search_with_classes(self.spec, backend, options, unique=self.unique,
                                   limit=self.limit, deadline=deadline, on_solution=on_solution)


def plan(
    spec_or_n: Spec | int | str,
    job: Job = "find",
    backend: str = DEFAULT_BACKEND,
    *,
    limit: int | None = None,
    unique: bool = False,
    bounded: bool = False,
    timeout: float | None = None,
    per_solution: bool = False,
    jobs: int | None = None,
    split: Split | None = None,
    counter: str | None = None,
    certify: bool = False,
    proof: str | None = None,
    overwrite: bool = False,
    model_file: str | None = None,
    **options: Any,
) -> Plan:
    """Decide how `job` runs on `spec`, refusing before any work what cannot succeed.

    Args:
        spec_or_n: a Spec, a board size, or a bundled model's name or a model file's path.
        job: "count" (the number), "enumerate" (every solution) or "find" (up to `limit`).
        backend: a registry name, or "auto" for the policy table (`policy.choose`).
        unique: the fundamental solutions (count and enumerate): the outcome's `count` is
            theirs and `total` every solution met; each solution passed on is the smallest
            image of a class not met before (see `Plan.run`).
        bounded: a stoppable deadline bounds the work (a count beyond any known count is
            refused without one or a `timeout`).
        timeout: the time limit in seconds, if any (the warning says where it stops).
        per_solution: the caller wants each solution of a count (a callback), so the
            count meets each one.
        jobs: processes for a count, a positive integer (1: this process only), as
            `--jobs J`; None: the counting route decides (all cores on boards large
            enough to pay for them, else one).
        split: count by explicit subproblems (checkpoint, depth, executor).
        counter: a counting route the caller names for a count (`counting.routes.counters`:
            "ganak" counts the CNF's models), instead of the one the plan would choose.
        certify: certify the answer: a solution by the validator, "no solution" by a DRAT
            proof replayed by a checker (`certificates`), a count by its solutions and the
            search's proof that there are no others; refused where no proof can be made.
        proof: where the proof of a "no" or a count goes (the CNF beside it, and a count's
            solution list; None: a temporary folder).
        overwrite: the proof's files may replace existing files (else they are refused).
        model_file: the file the spec was read from, which is never written (a string
            `spec_or_n` naming a file counts as one too).
        options: the backend's constructor options.

    Raises:
        InputError, SizeLimitError, UnknownBackendError: naming the problem and the fix.
    """
    check_limit(limit)
    check_jobs(jobs)
    timeout = time_limit(timeout)
    spec = board_of(spec_or_n, options)
    bounded = bounded or timeout is not None
    check_job(job, unique, split, counter, certify, proof)
    inputs = [name for name in (model_file, spec_or_n if isinstance(spec_or_n, str) else None)
              if name is not None]
    if spec.is_open:
        return _plan_posed(spec, job, backend, options, limit=limit, unique=unique,
                           jobs=jobs, split=split, counter=counter, certify=certify,
                           proof=proof, overwrite=overwrite, inputs=inputs, timeout=timeout)
    certified_count = certify and job == "count"
    if certified_count:
        check_certified_count(spec, backend, jobs)
    rule, backend, options = _resolve(spec, job, backend, options, limit, unique,
                                      per_solution or certified_count)
    info = _check_backend(spec, job, backend, options, bounded)
    notes: list[str] = []
    counting: CountingRoute | None = None
    if job == "count":
        fit, rule = _count_route(Ask(spec, info, options, unique, per_solution or certified_count,
                                     jobs, split, _count_seconds(spec, backend, options), notes,
                                     timeout),
                                 rule, limit, counter)
        counting, jobs, split = counting_route(fit.route), fit.jobs, fit.split
    certification = (plan_certification(spec, info, options, job, proof, overwrite, inputs)
                     if certify else None)
    expected = _forecast(spec, info, job, options, counting)
    return Plan(
        spec, job, backend, options, limit=limit, unique=unique, rule=rule,
        counting_route=counting.name if counting is not None else None, jobs=jobs or 1, split=split,
        forecast=expected, memory=_memory(spec, info, options, job, counting, jobs or 1),
        warning=_warning(spec, backend, job, options, limit, expected, bounded, timeout),
        notes=tuple(notes), certification=certification)


def _plan_posed(spec: Spec, job: Job, backend: str, options: dict[str, Any], *,
                limit: int | None, unique: bool, jobs: int | None, split: Split | None,
                counter: str | None, certify: bool, proof: str | None, overwrite: bool,
                inputs: list[str], timeout: float | None) -> Plan:
    """The plan of a posed problem: one search by a compiler of any lines (a count meets
    every placement; with an objective, the optimum first, then the optimal placements).
    What only the n-queens problem's routes do is refused here, in one line each."""
    refusals = (
        (unique, ("unique (--unique) reduces by the n-queens board's symmetries, which a "
                  "posed problem's lines need not keep; drop it")),
        (split is not None or counter is not None or (jobs or 1) > 1,
         ("a posed problem is counted by one search in this process; drop --jobs, "
          "--checkpoint, --split-depth, --executor and --counter")),
        (certify and job != "find", ("a certified count or list covers the n-queens problem "
                                     "and its variants only; drop --certify (every placement "
                                     "of a posed problem is still checked by the validator), "
                                     "or certify one answer with `nqueens solve --certify`")),
    )
    for refused, why in refusals:
        if refused:
            raise InputError(why)
    rule: Rule | None = None
    if backend == DEFAULT_BACKEND:
        rule = choose(spec, job, limit)
        check_auto_options(rule, options)
        backend, options = rule.backend, {**rule.options, **options}
    info = check_options(backend, options)
    if job != "find" and not info.exhaustive:
        raise InputError(f"backend {backend!r} does not search exhaustively; choose one of: "
                         + ", ".join(name for name in backend_names(exhaustive_only=True)
                                     if backend_info(name).posed))
    check(info, spec, options, job)
    if info.formalism == "cnf":
        refuse_posed_cnf(spec, options, job, timeout)
    certification = (plan_certification(spec, info, options, job, proof, overwrite, inputs)
                     if certify else None)
    return Plan(spec, job, backend, options, limit=limit, rule=rule,
                counting_route="enumerate" if job == "count" else None,
                memory=info.memory(spec, options, job) if info.memory is not None else None,
                certification=certification)


def _resolve(spec: Spec, job: Job, backend: str, options: dict[str, Any], limit: int | None,
             unique: bool, per_solution: bool) -> tuple[Rule | None, str, dict[str, Any]]:
    """The backend that runs and its options: the one named, or `auto`'s rule for the job
    (a count whose solutions or classes must each be met is chosen as an enumeration)."""
    if backend != DEFAULT_BACKEND:
        return None, backend, options
    classes_walked = unique and spec.is_plain and spec.variant == "queens"
    chosen_job = "enumerate" if job == "count" and (per_solution or (
        unique and not classes_walked)) else job
    rule = choose(spec, chosen_job, limit)
    check_auto_options(rule, options)
    return rule, rule.backend, {**rule.options, **options}


def _check_backend(spec: Spec, job: Job, backend: str, options: Mapping[str, Any],
                   bounded: bool) -> BackendInfo:
    """The backend's row, after refusing its options, a count or enumeration by a backend
    that cannot prove it met every solution, one beyond any known count, and a board
    beyond the backend."""
    info = check_options(backend, options)
    whole = job != "find"
    if whole and not info.exhaustive:
        exhaustive = ", ".join(backend_names(exhaustive_only=True))
        if job == "count":
            raise InputError(f"backend {backend!r} does not search exhaustively, so it cannot "
                             f"count; choose one of: {exhaustive}")
        raise InputError(f"backend {backend!r} cannot prove it found every solution, so it "
                         f"cannot enumerate them; ask for K solutions (--limit K, limit=K), "
                         f"or use one of: {exhaustive}")
    if whole:
        check_exhaustive(spec, bounded=bounded)
    check(info, spec, options, job)
    return info


def _count_seconds(spec: Spec, backend: str, options: Mapping[str, Any]) -> Callable[[], float | None]:
    """The forecast seconds of a count on the backend's own search, worked out if asked."""

    def seconds() -> float | None:
        expected = forecast(spec, backend, "count", options)
        return None if expected is None else expected.seconds

    return seconds


def _count_route(ask: Ask, rule: Rule | None, limit: int | None,
                 counter: str | None) -> tuple[Fit, Rule | None]:
    """A count's counting route (with its processes and split) and the `auto` rule that
    names it: the route the caller or `auto`'s rule names, when it serves (a caller's that
    cannot is refused), else the first default route of the table that serves (and the
    rule that walks, when the rule's route could not)."""
    named = counter if counter is not None else rule.counting if rule is not None else None
    if named is not None:
        route = counting_route(named)
        if route.alone is not None and (ask.unique or ask.split is not None):
            raise InputError(route.alone)
        fit = route.fit(ask)
        if fit is not None:
            return fit, rule
        if counter is not None:
            raise InputError(f"the {route.label} cannot count {ask.spec.describe()}")
        rule = choose(ask.spec, "count", limit, counting=False)
    for route in counting_routes().values():
        fit = route.fit(ask) if route.default else None
        if fit is not None:
            return fit, rule
    raise AssertionError("the enumerate route serves every count")


def _forecast(spec: Spec, info: BackendInfo, job: Job, options: Mapping[str, Any],
              counting: CountingRoute | None) -> Forecast | None:
    """The job's expected time: at the counting route's own rate when it has one, else at
    the backend's (None: nothing measured for it)."""
    if counting is not None and counting.rate is not None:
        return forecast(spec, info.name, job, options, rate=counting.rate)
    if counting is not None and counting.own_pace:
        return None  # the backend's rates do not forecast it
    return forecast(spec, info.name, job, options)


def _memory(spec: Spec, info: BackendInfo, options: Mapping[str, Any], job: Job,
            counting: CountingRoute | None, jobs: int) -> int | None:
    """The estimated bytes: the counting route's per process (and the parent's, a process
    that holds no board: `memory(0)`) when it has an estimate, else the backend's model."""
    if counting is not None and counting.memory is not None:
        return counting.memory(spec.n) * jobs + (counting.memory(0) if jobs > 1 else 0)
    return info.memory(spec, options, job) if info.memory is not None else None


def _warning(
    spec: Spec, backend: str, job: Job, options: Mapping[str, Any], limit: int | None,
    expected: Forecast | None, bounded: bool, timeout: float | None,
) -> str | None:
    """One line before a job forecast to be slow, when a route forecast at least twice as
    fast exists (a forecast alone is information, not a warning). A time limit already
    bounds a count or an enumeration; a find is still warned about, since the faster route
    would find a solution instead of none."""
    if expected is None or expected.seconds <= SLOW_SECONDS or (bounded and job != "find"):
        return None
    best = choose(spec, job, limit)
    if (best.backend, dict(best.options)) == (backend, {**best.options, **options}):
        return None
    quicker = forecast(spec, best.backend, job, best.options)
    if quicker is None or quicker.seconds >= expected.seconds / 2:
        return None
    if expected.solutions is not None:
        amount = f"about {amount_text(expected.solutions)} solutions, "
    elif expected.nodes is not None:
        amount = f"a search tree of about {amount_text(expected.nodes)} nodes, "
    else:
        amount = ""
    how = f"the default route ({best.describe()})" if best.options else f"--backend {best.backend}"
    took = seconds_text(quicker.seconds)
    stops = (f" (--timeout stops it after {seconds_text(timeout)})"
             if timeout is not None and timeout < expected.seconds else "")
    return (f"{_VERBS[job]} {spec.describe()} with {backend}: {amount}roughly "
            f"{seconds_text(expected.seconds)} at this backend's rate{stops}; {how} takes "
            f"{'' if took.startswith('under') else 'about '}{took}")
