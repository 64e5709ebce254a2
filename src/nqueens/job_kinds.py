"""What is asked of a board: the three jobs every layer speaks of (the policy chooses per
job, backends estimate their memory per job, the plan decides one), as one type.

- "count": the number of solutions only;
- "enumerate": every solution, one by one;
- "find": up to a limit of solutions (one, or K); "no solution" must be proved.

No imports beyond `typing`.
"""

from __future__ import annotations

from typing import Literal, get_args

__all__ = ["JOBS", "Job", "job_of"]

Job = Literal["count", "enumerate", "find"]
JOBS: tuple[Job, ...] = get_args(Job)


def job_of(limit: int | None, wants_solutions: bool) -> Job:
    """find (a limit), enumerate (every solution to a callback) or count (the number only)."""
    if limit is not None:
        return "find"
    return "enumerate" if wants_solutions else "count"
