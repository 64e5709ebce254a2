"""One decision per job: `plan` refuses what cannot work, resolves `auto`, picks the counting
route, estimates memory and time, and returns a Plan that says what will run and why;
`Plan.run` runs it. The API's solve, solutions, count and search and the CLI's commands all
go through here, so each of these is decided once per job, in one place.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .backends import (
    DEFAULT_BACKEND,
    BackendInfo,
    backend_info,
    backend_names,
    check,
    check_options,
)
from .counting.registry import counters, counting_route, counting_routes, run_count
from .counting.route import (
    SHUTDOWN_GRACE,
    Ask,
    Count,
    CountingRoute,
    ExecutorName,
    Fit,
    RouteName,
    Split,
)
from .errors import CountMismatchError, InputError, SpecError
from .forecast import Forecast, amount_text, forecast, seconds_text
from .job_kinds import JOBS, Job
from .limits import check_exhaustive, time_limit
from .policy import Rule, choose
from .result import Deadline, Outcome, SolutionSink
from .spec import Spec, as_spec

if TYPE_CHECKING:  # the certificates (tempfile, threads, the checkers' metadata) load with a
    # certified answer, the partitions with a count
    from .counting.partition import Progress, ProgressCallback
    from .modeling.modelfile import Model
    from .proofs.certificates import Certification
    from .proofs.certify import AnswerHook

__all__ = ["Plan", "Split", "check_agreement", "check_path", "cross_check_plan", "model_of",
           "plan", "refuse_posed", "spec_of"]

#: A job forecast to take longer than this (seconds) is worth a word before it starts.
SLOW_SECONDS = 5.0
#: Longest a cross-check's second count may be forecast to take without a time limit
#: (seconds): a longer one is refused, naming its forecast, until a limit gives it the time.
CROSS_CHECK_UNBOUNDED_SECONDS = 600.0
#: A forecast is rough (one machine's rates, a heavy-tailed tree estimate): a cross-check is
#: refused under a time limit only when its counts are forecast beyond this many times it.
FORECAST_SLACK = 2.0

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
            from .counting.executors import start_fork_server

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
        if self.certification is not None:
            from .proofs.certify import run_certified

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
        from .counting.search import search_with_classes

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
    _check_limit(limit)
    _check_jobs(jobs)
    timeout = time_limit(timeout)
    spec = board_of(spec_or_n, options)
    bounded = bounded or timeout is not None
    _check_job(job, unique, split, counter, certify, proof)
    if spec.is_open:
        return _plan_posed(spec, job, backend, options, limit=limit, unique=unique,
                           jobs=jobs, split=split, counter=counter, certify=certify)
    certified_count = certify and job == "count"
    if certified_count:
        _check_certified_count(spec, backend, jobs)
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
    inputs = [name for name in (model_file, spec_or_n if isinstance(spec_or_n, str) else None)
              if name is not None]
    certification = (_certification(spec, info, options, job, proof, overwrite, inputs)
                     if certify else None)
    expected = _forecast(spec, info, job, options, counting)
    return Plan(
        spec, job, backend, options, limit=limit, unique=unique, rule=rule,
        counting_route=counting.name if counting is not None else None, jobs=jobs or 1, split=split,
        forecast=expected, memory=_memory(spec, info, options, job, counting, jobs or 1),
        warning=_warning(spec, backend, job, options, limit, expected, bounded, timeout),
        notes=tuple(notes), certification=certification)


def refuse_posed(spec: Spec, what: str) -> None:
    """Refuse, in one line, a job that only the n-queens problem and its variants have (its
    code reads their lines as queens' lines) on a posed problem.

    Raises:
        InputError: naming the job and what serves a posed problem.
    """
    if spec.is_open:
        raise InputError(f"{what} works on the n-queens problem and its variants; "
                         f"{spec.describe()} is a posed problem: use `nqueens solve` or "
                         "`nqueens count` (solve, count in Python)")


def _plan_posed(spec: Spec, job: Job, backend: str, options: dict[str, Any], *,
                limit: int | None, unique: bool, jobs: int | None, split: Split | None,
                counter: str | None, certify: bool) -> Plan:
    """The plan of a posed problem: one search by a compiler of any lines (a count meets
    every placement; with an objective, the optimum first, then the optimal placements).
    What only the n-queens problem's routes do is refused here, in one line each."""
    refusals = (
        (unique, ("unique (--unique) reduces by the n-queens board's symmetries, which a "
                  "posed problem's lines need not keep; drop it")),
        (split is not None or counter is not None or (jobs or 1) > 1,
         ("a posed problem is counted by one search in this process; drop --jobs, "
          "--checkpoint, --split-depth, --executor and --counter")),
        (certify, ("certified answers cover the n-queens problem and its variants only; "
                   "drop --certify (every placement of a posed problem is still checked by "
                   "the validator)")),
    )
    for refused, why in refusals:
        if refused:
            raise InputError(why)
    rule: Rule | None = None
    if backend == DEFAULT_BACKEND:
        rule = choose(spec, job, limit)
        _check_auto_options(rule, options)
        backend, options = rule.backend, {**rule.options, **options}
    info = check_options(backend, options)
    if job != "find" and not info.exhaustive:
        raise InputError(f"backend {backend!r} does not search exhaustively; choose one of: "
                         + ", ".join(name for name in backend_names(exhaustive_only=True)
                                     if backend_info(name).posed))
    check(info, spec, options, job)
    return Plan(spec, job, backend, options, limit=limit, rule=rule,
                counting_route="enumerate" if job == "count" else None,
                memory=info.memory(spec, options, job) if info.memory is not None else None)


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
    _check_auto_options(rule, options)
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


def cross_check_plan(first: Plan, timeout: float | None = None) -> Plan:
    """The second count of `first.spec` for a cross-check: of the exhaustive backends whose
    model is in another formalism than the first count's (CP-SAT, CNF or the lines walked
    by a search), so that the two share no compiled model and no search code, the one
    forecast quickest (registry order where nothing is forecast). A cross-check that could
    not compare anything is refused with the forecasts: without a time limit, a second count
    forecast beyond CROSS_CHECK_UNBOUNDED_SECONDS; with one, counts forecast beyond
    FORECAST_SLACK times it.

    Raises:
        InputError: the first count is not one whole count (a split, the fundamental count,
            a route that counts only alone), no other backend can take the instance, or
            the counts cannot finish as said above.
    """
    route = counting_routes().get(first.counting_route or "")
    if route is not None and route.alone is not None:
        raise InputError(route.alone)
    if first.split is not None or first.unique:
        raise InputError("--cross-check compares two whole counts; drop --unique, --checkpoint, "
                         "--split-depth and --executor")
    formalism = backend_info(first.backend).formalism
    candidates: list[Plan] = []
    for name in backend_names(exhaustive_only=True):
        info = backend_info(name)
        if info.formalism == formalism:
            continue
        try:
            check(info, first.spec, {}, "count")
            candidates.append(plan(first.spec, "count", name, timeout=timeout, jobs=1))
        except InputError:
            continue
    if not candidates:
        raise InputError(f"no second backend can count {first.spec.describe()} independently "
                         f"of {first.backend}; drop --cross-check")
    second = min(candidates, key=lambda p: (p.forecast is None,
                                           p.forecast.seconds if p.forecast else 0.0))
    return _cross_check_in_time(first, second, timeout)


def _cross_check_in_time(first: Plan, second: Plan, timeout: float | None) -> Plan:
    """`second`, with a note when it is slow (and without the warning that a quicker
    route exists: that route is the first count's formalism); refused when the two counts
    cannot finish (see `cross_check_plan`)."""
    second = replace(second, warning=None)
    mine = first.forecast.seconds if first.forecast is not None else 0.0
    theirs = second.forecast.seconds if second.forecast is not None else None
    which = (f"the second count of {first.spec.describe()}, by {second.backend} (the quickest "
             f"backend of another formalism than {first.backend})")
    if theirs is None:
        return second
    if timeout is None and theirs > CROSS_CHECK_UNBOUNDED_SECONDS:
        raise InputError(f"--cross-check: {which}, is forecast at roughly "
                         f"{seconds_text(theirs)}; give it the time with a time limit "
                         "(--timeout S, timeout=S) of about that, or cross-check a smaller board")
    if timeout is not None and mine + theirs > FORECAST_SLACK * timeout:
        counts = (f"the first count, by {first.backend}, alone is forecast at roughly "
                  f"{seconds_text(mine)}" if mine > FORECAST_SLACK * timeout else
                  f"{which}, is forecast at roughly {seconds_text(theirs)}")
        raise InputError(f"--cross-check: {counts}, beyond the time limit of "
                         f"{seconds_text(timeout)}, so nothing would be compared; give a "
                         f"limit of about {seconds_text(mine + theirs)}, or drop --cross-check")
    if theirs > SLOW_SECONDS:
        note = f"{which}, is forecast at roughly {seconds_text(theirs)}"
        return replace(second, notes=(*second.notes, note))
    return second


def check_agreement(first: Outcome, second: Outcome) -> None:
    """Raise CountMismatchError when both counts are complete and differ."""
    if first.complete and second.complete and first.count != second.count:
        raise CountMismatchError(
            f"the counts disagree: {first.backend} counted {first.count:,}, {second.backend} "
            f"counted {second.count:,}; at least one route is wrong, please report it",
            {first.backend: first.count, second.backend: second.count})


def _check_job(job: Job, unique: bool, split: Split | None, counter: str | None,
               certify: bool, proof: str | None) -> None:
    """Refuse a job that contradicts itself, whatever the board."""
    if job not in JOBS:
        raise InputError(f"unknown job {job!r}; one of {', '.join(JOBS)}")
    if unique and job == "find":
        raise InputError("unique needs every solution: the classes of symmetric solutions "
                         "are known only once all have been found; count or enumerate instead")
    if split is not None and job != "count":
        raise InputError("a split runs counts only")
    if counter is not None and (job != "count" or counter not in counters()):
        raise InputError(f"counter {counter!r} is not a counting route a count can be asked "
                         f"for; choose one of: {', '.join(counters())} (for a count)")
    if proof is not None and not certify:
        raise InputError("a proof file is written only for a certified answer; add certify "
                         "(--certify) or drop the proof file")
    if proof is not None:
        check_path("proof", proof)
    if certify and job == "count":
        if unique:
            raise InputError("a certified count lists every solution and proves there are no "
                             "others; the fundamental count is reduced by symmetry, which no "
                             "such proof covers: drop --unique (unique=) or --certify")
        if split is not None or counter is not None:
            raise InputError("a certified count is one search that writes its own proof; drop "
                             "--checkpoint, --split-depth, --executor and --counter")


#: Bytes a certified count holds per solution: the placement, its blocking clause as text
#: and as the checker reads it, and its line in the JSON list (measured here: n = 12,
#: 14,200 solutions, about 60 MB above the search's own).
CERTIFIED_BYTES_PER_SOLUTION = 4_000


def _check_certified_count(spec: Spec, backend: str, jobs: int | None) -> None:
    """Refuse, before any work, a certified count no proving search can make: a backend
    whose search writes no proof, more than one process, or a board whose solution list
    would not fit in memory.

    Raises:
        InputError, SizeLimitError: naming the reason and the fix.
    """
    from .limits import BASE_BYTES, known_solutions, memory_limit, memory_text

    if backend != DEFAULT_BACKEND and not backend_info(backend).search_proof:
        provers = [name for name in backend_names() if backend_info(name).search_proof]
        raise InputError(f"the {backend} backend's search writes no proof, so its count cannot "
                         f"be certified; certified counts come from a search that proves what "
                         f"it met: --backend {' or '.join(provers)}, or auto")
    if jobs is not None and jobs > 1:
        raise InputError("a certified count is one search that writes its own proof; drop "
                         "--jobs (or give 1)")
    known = known_solutions(spec)
    limit = memory_limit()
    if known is not None and limit is not None:
        needed = BASE_BYTES + CERTIFIED_BYTES_PER_SOLUTION * known
        if needed > limit[0]:
            from .errors import SizeLimitError

            raise SizeLimitError(f"a certified count lists all {known:,} solutions of "
                                 f"{spec.describe()}: about {memory_text(needed)}, and "
                                 f"{limit[1]}; count without --certify, or certify a smaller n")


def _certification(spec: Spec, info: BackendInfo, options: Mapping[str, Any], job: Job,
                   proof: str | None, overwrite: bool, inputs: list[str]) -> Certification:
    """How the answer will be proved (`certificates.certification`): by the search's own
    proof where its backend writes one, else on the CNF of the backend that writes proofs
    (with the options given when that backend runs, else its defaults); refused when it
    cannot give a proof that checks, or when a file it would write is the model itself."""
    from .proofs.certificates import certification
    from .proofs.scratch import cnf_path_for, solutions_path_for

    if proof is not None:
        written = [Path(proof), cnf_path_for(Path(proof)), solutions_path_for(Path(proof))]
        for source in inputs:
            model = Path(source.rpartition("#")[0] or source)
            for path in written:
                if model.resolve() == path.resolve():
                    raise InputError(f"{path} is the model being solved; write the proof "
                                     "elsewhere (--proof FILE)")
    return certification(spec, options if info.proof is not None else {}, proof,
                              overwrite=overwrite, count=job == "count")


def _check_limit(limit: int | None) -> None:
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise InputError(f"limit must be a positive integer or None, got {limit!r}")


def check_path(name: str, path: object) -> None:
    """Refuse a file argument that is not a path (a str or an os.PathLike), naming it, before
    the operating system's own TypeError would."""
    if not isinstance(path, (str, os.PathLike)) or not os.fspath(path):
        raise InputError(f"{name} must be a file's path (a str or an os.PathLike), got {path!r}")


def _check_jobs(jobs: int | None) -> None:
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
        raise InputError(f"jobs must be a positive integer, or None to let the counting route "
                         f"decide (all cores where they pay), got {jobs!r}")


#: Keywords that describe the board rather than a backend: `plan` (and so the API) builds
#: the Spec from them, so that `solve(8, fixed=[(0, 0)])` means what it says.
BOARD_KEYWORDS = ("variant", "fixed", "forbidden")


def board_of(spec_or_n: Spec | int | str, options: dict[str, Any]) -> Spec:
    """The spec named, with the board keywords (BOARD_KEYWORDS) taken out of `options`:
    `variant` for a bare size (or the variant the spec has already), `fixed` and
    `forbidden` cells added to the spec's own.

    Raises:
        SpecError, InputError: a bad cell, or a variant other than the spec's.
    """
    given = {key: options.pop(key) for key in BOARD_KEYWORDS if key in options}
    spec = spec_of(spec_or_n)
    if not given:
        return spec
    variant = given.get("variant")
    if variant is None:
        variant = spec.variant
    elif variant != spec.variant and not isinstance(spec_or_n, int):
        raise InputError(f"variant={variant!r} conflicts with the spec's variant "
                         f"{spec.variant!r}; build the Spec with the variant you want")
    extra = {key: given.get(key) or () for key in ("fixed", "forbidden")}
    for key, cells in extra.items():
        if isinstance(cells, (str, bytes)) or not hasattr(cells, "__iter__"):
            raise SpecError(f"{key} must be a list of (row, col) pairs, got {cells!r}")
    if spec.is_open:  # a posed problem keeps its rules; only its givens grow
        return replace(spec, fixed=spec.fixed + tuple(extra["fixed"]),
                       forbidden=spec.forbidden + tuple(extra["forbidden"]))
    return Spec(spec.n, variant, spec.fixed + tuple(extra["fixed"]),
                spec.forbidden + tuple(extra["forbidden"]), spec.name)


def _check_auto_options(route: Rule, options: Mapping[str, Any]) -> None:
    """Options meant for a backend the user did not name: say so in the user's terms
    (auto's choice is not the user's), naming the backends that take each option."""
    from .backends import backend_info, option_owners

    taken = backend_info(route.backend).option_names
    for option in options:
        if option not in taken:
            owners = option_owners(option)
            fix = (f"name one of the backends that take it: backend={owners[0]!r}"
                   + (f" (or {', '.join(map(repr, owners[1:]))})" if owners[1:] else "")
                   if owners else "no backend takes it; drop it")
            raise InputError(f"option {option!r} is not one the default route takes (auto "
                             f"chose {route.backend} for this job); {fix}")


def spec_of(spec_or_n: Spec | int | str) -> Spec:
    """A Spec, a board size, or a model: a bundled model's name (`nqueens models`) or a
    model file's path."""
    if not isinstance(spec_or_n, str):
        return as_spec(spec_or_n)
    return model_of(spec_or_n).spec


def model_of(spec_or_n: Spec | int | str) -> Model:
    """What `spec_of` reads, as a Model: a model file's keeps its givens as the file
    states them (`modeling.givens`), which explanations need."""
    from .modeling.modelfile import Model

    if not isinstance(spec_or_n, str):
        return Model(as_spec(spec_or_n))
    from .modeling.bundled import bundled_model
    from .modeling.formats import read_instance, split_take

    path = bundled_model(spec_or_n)
    if path is None and not Path(split_take(spec_or_n)[0]).is_file():
        raise SpecError(f"expected a Spec or a board size (int), or a bundled model's name "
                        f"(see `nqueens models`) or a model file's path, got {spec_or_n!r}")
    return read_instance(str(path) if path is not None else spec_or_n)


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


# explanations and most queens

#: Seconds per clause to build the pairwise CNF in Python, which nothing interrupts
#: (measured here: n = 100, 1.6 million clauses, 3.1 s; rounded up).
CNF_BUILD_SECONDS_PER_CLAUSE = 2.5e-6
#: Seconds per cell to build the CP-SAT grid of most queens in Python (measured here:
#: n = 300, 0.5 s; rounded up).
CPSAT_BUILD_SECONDS_PER_CELL = 6e-6

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .explanations import Explanation, MostQueens
    from .modeling.givens import Given


@dataclass(frozen=True)
class ExplanationPlan:
    """What `explain` will run, decided (and refused) before any work: the instance as
    loaded and the givens it is explained with, the oracle ("auto" resolved), the parts
    asked for and, with `certify`, where the proof of the set's "no" goes."""

    model: Model
    givens: tuple[Given, ...]
    oracle: str
    smallest: bool = False
    repair: bool = False
    certify: bool = False
    proof: str | None = None
    overwrite: bool = False
    inputs: tuple[str, ...] = ()

    @property
    def spec(self) -> Spec:
        return self.model.spec

    def run(self, deadline: Deadline | None = None) -> Explanation:
        """The explanation (`explanations.explain`), then, with `certify`, the certificate
        of its set's "no" (`Explanation.certificate`; None when a stop came first)."""
        from .explanations import explain

        answer = explain(self.model, givens=self.givens, smallest=self.smallest,
                         repair=self.repair, oracle=self.oracle, deadline=deadline)
        if not self.certify:
            return answer
        certificate = None
        if answer.satisfiable is False and not (deadline is not None and deadline.expired()):
            chosen = plan(answer.core_spec, "find", "auto", certify=True, proof=self.proof,
                          overwrite=self.overwrite, model_file=next(iter(self.inputs), None))
            outcome = chosen.run(deadline)
            if outcome.solution is not None:  # the set has a solution after all: a bug
                raise RuntimeError(f"the explanation's set has a solution "
                                   f"{list(outcome.solution)}")
            certificate = outcome.certificate
        return replace(answer, certify=True, certificate=certificate)


def plan_explanation(
    instance: Spec | Model | int | str, *, givens: Sequence[Given] | None = None,
    smallest: bool = False, repair: bool = False, oracle: str = "auto",
    certify: bool = False, proof: str | None = None, overwrite: bool = False,
    timeout: float | None = None, model_file: str | None = None,
) -> ExplanationPlan:
    """Decide how `explain` runs, for the CLI and the API alike: the instance loaded as
    `model_of` reads it, its givens checked, the oracle chosen, and refused in well under a
    second what cannot finish within memory (the oracle's and RC2's models, estimated from
    formulas; the hitting sets' model has a Boolean per given only) or whose uninterruptible
    CNF build would outlast `timeout`, naming the estimate and the way out. With `certify`
    the bare board of the same size meets the certificate's refusals (its proof's files,
    `overwrite` honoured), before the explanation rather than after it.

    Raises:
        InputError, SizeLimitError: naming the problem and the fix.
    """
    from .errors import SizeLimitError
    from .explanations.oracles import oracle_name
    from .modeling.givens import check_givens
    from .modeling.modelfile import Model

    timeout = time_limit(timeout)
    model = instance if isinstance(instance, Model) else model_of(instance)
    spec = model.spec
    refuse_posed(spec, "explain")
    chosen = tuple(givens) if givens is not None else model.grouped()
    if proof is not None and not certify:
        raise InputError("a proof file is written only for a certified answer; add --certify "
                         "(certify=True) or drop the proof file")
    name = oracle_name(spec, oracle)
    _refuse_oracle(spec, name, timeout)
    if repair:
        _refuse_cnf(spec, "repair (RC2 on the pairwise CNF)", timeout,
                    "drop --repair (repair=) or use a smaller board")
    check_givens(spec, chosen)
    inputs = tuple(source for source in (model_file, instance if isinstance(instance, str)
                                         else None) if source is not None)
    if certify:
        if proof is not None:
            check_path("proof", proof)
        # the set's spec is known only later; the bare board of the same size and variant
        # meets the same refusals (the checker, the proof's files, the board's size)
        try:
            plan(Spec(spec.n, spec.variant), "find", "auto", certify=True, proof=proof,
                 overwrite=overwrite, model_file=next(iter(inputs), None))
        except SizeLimitError as error:
            why = str(error).split(";")[0]  # its way out is a solve's, not this one
            raise SizeLimitError(f"the set's 'no' cannot be certified: {why}; drop --certify "
                                 "(certify=) or explain a smaller board") from error
    return ExplanationPlan(model, chosen, name, smallest, repair, certify, proof, overwrite,
                           inputs)


def _refuse_oracle(spec: Spec, oracle: str, timeout: float | None) -> None:
    """The oracle's board within its size, this machine's memory and the time limit."""
    from .explanations.oracles import PROPAGATE_BYTES_PER_CELL, PROPAGATE_MAX_N
    from .limits import BASE_BYTES, refuse_oversized

    if oracle == "propagate":
        refuse_oversized(
            spec, "propagate", PROPAGATE_MAX_N,
            BASE_BYTES + PROPAGATE_BYTES_PER_CELL * spec.n * spec.n,
            lambda: "the explanation's oracle runs it; explain a smaller board")
        return
    _refuse_cnf(spec, "sat oracle", timeout,
                "use --oracle propagate (oracle='propagate', queens boards) or a smaller board"
                if spec.variant == "queens" else "explain a smaller board")


def _refuse_cnf(spec: Spec, what: str, timeout: float | None, instead: str) -> None:
    """A part built on the board's pairwise CNF: refused beyond the sat backend's clause
    limit, its memory, or (the build cannot be interrupted) a time limit it would outlast."""
    from .backends.sat_facts import refuse_clauses, sat_bytes
    from .limits import refuse_oversized

    board = Spec(spec.n, spec.variant)
    refuse_oversized(spec, "sat", backend_info("sat").max_n or spec.n,
                     sat_bytes(board, "pairwise"), lambda: f"the {what} runs on it; {instead}")
    clauses = refuse_clauses(board, "pairwise", instead, f"the {what}")
    _refuse_build(spec, what, clauses * CNF_BUILD_SECONDS_PER_CLAUSE, timeout, instead)


def _refuse_build(spec: Spec, what: str, seconds: float, timeout: float | None,
                  instead: str) -> None:
    """A model whose build (Python, not interruptible) would outlast the time limit."""
    from .errors import SizeLimitError

    if timeout is not None and seconds > timeout:
        raise SizeLimitError(f"the {what} for a {spec.n}x{spec.n} board takes about "
                             f"{seconds_text(seconds)} to build, which no stop interrupts, and "
                             f"the time limit is {seconds_text(timeout)}; give a longer time "
                             f"limit, or {instead}")


@dataclass(frozen=True)
class MostQueensPlan:
    """What `most_queens` will run, decided before any work: the instance and the solvers
    (in order; two are held to each other)."""

    spec: Spec
    solvers: tuple[str, ...]

    def run(self, deadline: Deadline | None = None) -> MostQueens:
        from .explanations.mostqueens import most_queens

        return most_queens(self.spec, solvers=self.solvers, deadline=deadline)


def plan_most_queens(instance: Spec | int | str, *, method: str = "auto",
                     timeout: float | None = None) -> MostQueensPlan:
    """Decide how `most_queens` runs, for the CLI and the API alike: the instance loaded
    as `spec_of` reads it, the solvers of `method` (`mostqueens.METHODS`), and refused in
    well under a second a board whose models would not fit in memory, or whose
    uninterruptible build would outlast `timeout`, with the estimate and the way out.

    Raises:
        InputError, SizeLimitError: naming the problem and the fix.
    """
    from .backends.cpsat_facts import cpsat_bytes
    from .explanations.mostqueens import METHODS
    from .limits import refuse_oversized

    timeout = time_limit(timeout)
    if method not in METHODS:
        raise InputError(f"unknown most-queens method {method!r}; choose one of: "
                         f"{', '.join(METHODS)}")
    spec = spec_of(instance)
    refuse_posed(spec, "most queens (--most-queens) of a board")
    solvers = METHODS[method]
    for solver in solvers:
        if solver == "cpsat":
            instead = ("use --backend sat (backend='sat') or a smaller board"
                       if "rc2" not in solvers else "use a smaller board")
            refuse_oversized(spec, "cpsat", backend_info("cpsat").max_n or spec.n,
                             cpsat_bytes(spec), _saying(f"most queens runs on it; {instead}"))
            _refuse_build(spec, "most-queens CP-SAT model", spec.n * spec.n
                          * CPSAT_BUILD_SECONDS_PER_CELL, timeout, instead)
        else:
            _refuse_cnf(spec, "most-queens RC2 model", timeout,
                        "use --backend cpsat (backend='cpsat') or a smaller board"
                        if "cpsat" not in solvers else "use a smaller board")
    return MostQueensPlan(spec, solvers)


def _saying(text: str) -> Callable[[], str]:
    """`text`, as the way out a size refusal asks for (a function: built only if refused;
    made here, not as a lambda in a loop, which would see the loop's last value)."""
    return lambda: text
