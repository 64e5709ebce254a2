"""The cpsat backend's facts (`cpsat.py` is its search): its workers per job, its memory
from n, its options and its registry row. No OR-Tools import.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..job_kinds import Job
from ..limits import BASE_BYTES, line_shapes
from ..spec import Spec
from .facts import BackendInfo, Option, Rate

#: Workers when one solution is wanted (enumeration always uses one: with more, CP-SAT
#: loses or repeats solutions).
FIND_ONE_WORKERS = 2
#: From this size one solution of a queens board comes from one worker's short randomized
#: runs (`CpSatBackend._find_one_restarts`).
RESTARTS_FROM_N = 600
#: Bytes per cell of the CP-SAT Boolean grid model and per search worker, solver and the
#: Python model included (measured here, whole process: one worker, n = 600 / 800 / 1000 /
#: 1200: 0.59 / 1.0 / 1.45-1.55 / 2.17 GB, about 1.5 kB per added cell; two workers,
#: n = 200 / 500: 0.18 / 0.65 GB, below the estimate).
CPSAT_BYTES_PER_CELL = 1500


def workers_for(spec: Spec, options: Mapping[str, Any], job: Job) -> int:
    """CP-SAT's search workers for this job (each holds a copy of the model)."""
    if job != "find" or (spec.variant == "queens" and spec.n >= RESTARTS_FROM_N):
        return 1
    return int(options.get("workers") or FIND_ONE_WORKERS)


def cpsat_bytes(spec: Spec, workers: int = 1) -> int:
    """The CP-SAT Boolean grid: n^2 cells (plus the knight pairs of superqueens), each
    search worker holding its own copy (the backend passes the workers of the route that
    will run: one for enumeration and for one solution of a large queens board)."""
    n = spec.n
    cells = sum(k * count for _, k, count, _ in line_shapes(spec))
    extra = cells - 4 * n * n if spec.variant == "superqueens" else 0
    return BASE_BYTES + CPSAT_BYTES_PER_CELL * max(1, workers) * (n * n + max(extra, 0))


def _memory(spec: Spec, options: Mapping[str, Any], job: Job) -> int:
    return cpsat_bytes(spec, workers_for(spec, options, job))


def _routes(settings: Mapping[str, Any]) -> tuple[str, ...]:
    return ("mirror",)


ROW = BackendInfo(
    "cpsat", "nqueens.backends.cpsat", "CpSatBackend",
    "OR-Tools CP-SAT model, solutions through a callback", True,
    options=(Option("workers", "search workers to find one solution (enumeration uses one)",
                    default=0, default_text=f"0: {FIND_ONE_WORKERS}, one from n = "
                    f"{RESTARTS_FROM_N}"),),
    max_n=3000, memory=_memory, counting=_routes, formalism="cpsat",
    rates={("count", ""): Rate("exp", ((12, 2.1), (16, 6900.0))),
           ("enumerate", ""): Rate("exp", ((10, 0.168), (12, 7.24))),
           ("find", ""): Rate("power", ((200, 1.4), (1000, 10.0)))},
    posed=True,
)
