"""Types of the compiled join counter (`_join.c`), so the strict type check sees the same
signatures whether or not the extension was built."""

from collections.abc import Callable

MAX_N: int
HARDWARE_POPCOUNT: int

def count(
    n: int,
    offset: int = ...,
    stride: int = ...,
    poll: Callable[[], bool] | None = ...,
    portable: bool = ...,
) -> tuple[int, int, bool]: ...
def table_bytes() -> int: ...
