"""The minconflicts backend's facts (`minconflicts.py` is its search): its step limit, its
memory from n, its options and its registry row. No solver imports.
"""

from __future__ import annotations

from ..limits import BASE_BYTES
from ..spec import Spec
from .facts import BackendInfo, Option, per_spec
from .genetic_facts import SEED

#: Bytes per row of the min-conflicts counters, its Python lists and the validator's pass.
MINCONFLICTS_BYTES_PER_ROW = 600


def default_max_steps(n: int) -> int:
    """The default step limit: generous at every size (n = 10^6 needed about 11,000)."""
    return 100 * n + 1_000_000


def minconflicts_bytes(spec: Spec) -> int:
    """Min-conflicts: a few arrays of n, whatever the variant (its lines are indexed
    arithmetically), plus the forbidden cells."""
    return BASE_BYTES + MINCONFLICTS_BYTES_PER_ROW * spec.n + 100 * len(spec.forbidden)


ROW = BackendInfo(
    "minconflicts", "nqueens.backends.minconflicts", "MinConflictsBackend",
    "min-conflicts local search for large boards with constraints; finds, never proves",
    False,
    options=(
        SEED,
        Option("max_steps", "give up after MOVES moves", default_text="100 n + 10^6",
               flag="--max-steps", metavar="MOVES", value="positive integer"),
    ),
    max_n=10_000_000, memory=per_spec(minconflicts_bytes),
    large="finds one solution of a board with fixed queens, forbidden cells or a variant in "
          "O(n) memory",
)
