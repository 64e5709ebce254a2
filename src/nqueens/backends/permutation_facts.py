"""The permutation backend's facts (`permutation.py` is its search): its registry row. No
solver imports.
"""

from __future__ import annotations

from .facts import BackendInfo, lines_bytes, per_spec

ROW = BackendInfo(
    "permutation", "nqueens.backends.permutation", "PermutationBackend",
    "permutations of the columns pruned by diagonal sets (the textbook's seed program)",
    True, max_n=3000, memory=per_spec(lines_bytes),
)
