"""What the package knows about a backend without running it: the shape of its facts.

Each backend is two modules side by side: `NAME.py`, the search (it may import a solver
library), and `NAME_facts.py`, its registry row (a `BackendInfo`) with the facts its search
and the rest of the package share: its options with their defaults, help and choices, its
size limit and memory estimate, the counting routes its counts may take, whether it proves a
"no" itself, and the measured rates the forecast and the `auto` policy's reasons read. A
facts module imports no solver library, so the registry reads every row at start-up and
`nqueens count 8 --backend backtrack` imports neither OR-Tools nor PySAT; the records are
named tuples, which cost less than dataclasses to create at start-up.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Literal, NamedTuple

from ..job_kinds import Job
from ..limits import BASE_BYTES, line_shapes
from ..spec import Spec

__all__ = ["BackendInfo", "Estimate", "Option", "Rate", "lines_bytes", "per_spec"]

#: A memory estimate: bytes for `spec` with these constructor options, for a job
#: ("count", "enumerate" or "find").
Estimate = Callable[[Spec, Mapping[str, Any], Job], int]


class Rate(NamedTuple):
    """How the seconds of a whole search on the plain board grow with n, through two points
    measured here: "exp" (log-linear) or "power" (log-log). The forecast interpolates them;
    the `auto` policy's reasons quote them (`at`), so a figure is written once."""

    shape: Literal["exp", "power"]
    points: tuple[tuple[int, float], tuple[int, float]]

    def seconds(self, n: int) -> float:
        """The seconds forecast for board size n."""
        (n1, s1), (n2, s2) = self.points
        if self.shape == "exp":
            exponent = math.log(s1) + math.log(s2 / s1) * (n - n1) / (n2 - n1)
        else:
            exponent = math.log(s1) + math.log(n / n1) * math.log(s2 / s1) / math.log(n2 / n1)
        return math.exp(min(exponent, 700.0))  # far beyond any wait: no float overflow

    def at(self, n: int) -> str:
        """The seconds measured at n, as the reasons quote them ("1.26 s").

        Raises:
            KeyError: n is not one of the measured points.
        """
        for point, measured in self.points:
            if point == n:
                return f"{measured:g} s"
        raise KeyError(f"no point measured at n = {n} (measured: {[p for p, _ in self.points]})")


class Option(NamedTuple):
    """One constructor option of a backend, as the API takes it and the command line shows it.

    Attributes:
        name: the keyword argument (`max_steps`).
        help: what it does, one phrase for --help (the default and the choices are added).
        default: the value that holds when none is given (None: worked out per board and
            job, as `default_text` says, or no value at all).
        default_text: how --help states the default when it is not a plain value.
        choices: the values it takes (empty: any value of its type).
        choice_help: a phrase per choice, for --help.
        flag: its command-line spelling (None: the API only).
        metavar: the value's name in --help.
        value: how the command line reads it: "text", "integer" or "positive integer".
        commands: the commands whose --help offers the flag.
        implies: naming the flag without --backend picks this backend (instead of
            refusing the flag under `auto`).
    """

    name: str
    help: str
    default: Any = None
    default_text: str | None = None
    choices: tuple[str, ...] = ()
    choice_help: Mapping[str, str] = MappingProxyType({})
    flag: str | None = None
    metavar: str | None = None
    value: Literal["text", "integer", "positive integer"] = "text"
    commands: tuple[str, ...] = ("solve",)
    implies: bool = False

    def shown_default(self) -> str:
        """The default as --help states it."""
        if self.default_text is not None:
            return self.default_text
        return "none" if self.default is None else str(self.default)


def _no_routes(options: Mapping[str, Any]) -> tuple[str, ...]:
    return ()


class BackendInfo(NamedTuple):
    """One registry row: everything the package needs to know about a backend without
    importing its module.

    Attributes:
        name: what the user types (`--backend NAME`).
        module, cls: where the implementation lives (imported on first use).
        summary: one line for `--help` and the docs.
        exhaustive: True when the backend explores the whole space, so its counts and its
            "no solution" are proofs; False for strategies that only find.
        options: the keyword arguments its constructor takes, in its signature's order.
        max_n: the largest board it accepts (None: only memory limits it).
        memory: its memory estimate (None: negligible).
        refuse: a further refusal of its own before any work (e.g. a CNF too large).
        counting: the counting routes (`counting.routes`) a pure count with these options
            may take beside the backend's own search.
        formalism: what `describe` shows of its compiled model: "cpsat", "cnf" or "lines".
        rates: (job, setting) -> Rate, the forecast's measured points; the setting is the
            value of the option `rated_by` (backtrack's order), "" when rates do not depend
            on an option.
        rated_by: the option whose value selects the rate (None: one rate per job).
        plain_only: it handles plain queens boards only (no variant, fixed or forbidden).
        finds_at_most: the most solutions it can give (construct: one), None: any number.
        proof: None when the backend writes no proof of a "no" (a certified "no" is then
            proved on the CNF of the backend that does); else, for options, why they cannot
            give a checkable proof (None: they can).
        search_proof: its search writes a DRAT proof of its own tree of the pairwise CNF
            while it answers (`base.ProvingBackend.search_proving`), for every board and
            option it takes: a certified "no" or count then needs no second solve.
        large: for a backend that reaches boards too large for a model, how a refusal
            recommends it ("builds a verified solution of a plain board in O(n)").
        posed: it compiles any lines and bounds, so it takes posed problems (`Spec.is_open`:
            regions, coverage, k per line, an objective) beside the n-queens variants.
    """

    name: str
    module: str
    cls: str
    summary: str
    exhaustive: bool
    options: tuple[Option, ...] = ()
    max_n: int | None = None
    memory: Estimate | None = None
    refuse: Callable[[Spec, Mapping[str, Any], Job], None] | None = None
    counting: Callable[[Mapping[str, Any]], tuple[str, ...]] = _no_routes
    formalism: str = "lines"
    rates: Mapping[tuple[str, str], Rate] = MappingProxyType({})
    rated_by: str | None = None
    plain_only: bool = False
    finds_at_most: int | None = None
    proof: Callable[[Mapping[str, Any]], str | None] | None = None
    search_proof: bool = False
    large: str | None = None
    posed: bool = False

    @property
    def option_names(self) -> tuple[str, ...]:
        return tuple(option.name for option in self.options)

    @property
    def defaults(self) -> dict[str, Any]:
        """The option values that hold when none is given (what the plan and the forecast
        assume); options whose default is worked out per board are left out."""
        return {o.name: o.default for o in self.options if o.default is not None}

    def option(self, name: str) -> Option | None:
        return next((option for option in self.options if option.name == name), None)

    def settings(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The defaults with `options` over them."""
        return {**self.defaults, **{k: v for k, v in options.items() if v is not None}}

    def counts_by(self, route: str, options: Mapping[str, Any]) -> bool:
        """Whether a pure count with these options may take counting route `route`."""
        return route in self.counting(self.settings(options))

    def rate(self, job: Job, options: Mapping[str, Any]) -> Rate | None:
        """The forecast's points for this job with these options, if measured."""
        setting = str(self.settings(options).get(self.rated_by, "")) if self.rated_by else ""
        return self.rates.get((job, setting))

    def measured(self, job: Job, n: int, **options: Any) -> str:
        """The seconds this backend's rate for `job` (with `options`) measured at n, as the
        `auto` policy's reasons quote them.

        Raises:
            KeyError: no rate, or no point at n.
        """
        rate = self.rate(job, options)
        if rate is None:
            raise KeyError(f"{self.name} has no rate for {job} with {options}")
        return rate.at(n)

    def proof_refusal(self, options: Mapping[str, Any]) -> str | None:
        """Why a certified "no" cannot be proved by this backend with these options (None:
        it can; only meaningful for a backend that writes proofs, `proof` not None)."""
        return None if self.proof is None else self.proof(self.settings(options))



#: Bytes per cell of each line in `Spec.lines` and its cell index (Python tuples), which
#: the backtracking backends build (measured here: 188 at n = 600; rounded up).
LINES_BYTES_PER_CELL = 250


def lines_bytes(spec: Spec) -> int:
    """`Spec.lines` and its cell index, as the backtracking backends build them."""
    return BASE_BYTES + LINES_BYTES_PER_CELL * sum(k * count for _, k, count, _ in line_shapes(spec))


def per_spec(estimate: Callable[[Spec], int]) -> Estimate:
    """An estimate that depends on the spec only (not on the options or the job)."""
    return lambda spec, options, job: estimate(spec)
