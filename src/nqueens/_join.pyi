"""Types of the compiled join counter (`_join.c`), so the strict type check sees the same
signatures whether or not the extension was built."""

from collections.abc import Callable, Sequence

MAX_N: int
KERNELS: tuple[str, ...]
KERNEL: str

def count(
    n: int,
    offset: int = ...,
    stride: int = ...,
    poll: Callable[[], bool] | None = ...,
    kernel: str | None = ...,
    symmetric: bool = ...,
) -> tuple[int, int, bool]: ...
def pairs(
    west: Sequence[Sequence[int]],
    east: Sequence[Sequence[int]],
    weights: tuple[tuple[int, int], tuple[int, int]],
    bits: int,
    kernel: str | None = ...,
) -> int: ...
def table_bytes() -> int: ...
def table_n() -> int: ...
def build(n: int, poll: Callable[[], bool] | None = ...) -> bool: ...
