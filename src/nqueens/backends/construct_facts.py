"""The construct backend's facts (`construct.py` is its construction): its memory from n
and its registry row. No solver imports.
"""

from __future__ import annotations

from ..limits import BASE_BYTES, MAX_BOARD_N
from ..spec import Spec
from .facts import BackendInfo, Rate, per_spec

#: Bytes per row of an explicit construction: the placement as a tuple of Python ints, its
#: lists and the validator's pass over it.
CONSTRUCT_BYTES_PER_ROW = 450


def construct_bytes(spec: Spec) -> int:
    """An explicit construction: a few Python objects per row."""
    return BASE_BYTES + CONSTRUCT_BYTES_PER_ROW * spec.n


ROW = BackendInfo(
    "construct", "nqueens.backends.construct", "ConstructBackend",
    "explicit O(n) construction of one solution (plain boards, any n)", False,
    max_n=MAX_BOARD_N, memory=per_spec(construct_bytes), plain_only=True, finds_at_most=1,
    rates={("find", ""): Rate("power", ((10_000, 0.15), (1_000_000, 1.8)))},
    large="builds a verified solution of a plain board in O(n)",
)
