"""Types of the compiled counting kernel (`_kernel.c`), so the strict type check sees the
same signatures whether or not the extension was built."""

from collections.abc import Callable, Sequence

MAX_N: int

def count(
    n: int, allowed: Sequence[int], canonical: bool = ..., poll: Callable[[], bool] | None = ...
) -> tuple[int, int, int, bool]: ...
def count_class(
    n: int,
    edge: bool,
    d: int,
    prefix: Sequence[int],
    allowed: Sequence[int],
    poll: Callable[[], bool] | None = ...,
) -> tuple[int, int, bool]: ...
def count_class_parts(
    n: int,
    edge: bool,
    d: int,
    prefix: Sequence[int],
    allowed: Sequence[int],
    stride: int,
    poll: Callable[[], bool] | None = ...,
) -> tuple[int, int, bool, list[int]]: ...
