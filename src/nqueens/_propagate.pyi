"""Types of the compiled propagating search (`_propagate.c`), so the strict type check sees
the same signature whether or not the extension was built."""

from collections.abc import Callable, Sequence

def search(
    n: int,
    fixed: Sequence[int],
    forbidden: Sequence[int],
    sink: Callable[[tuple[int, ...]], bool],
    poll: Callable[[], bool] | None = ...,
) -> tuple[int, int, int]: ...

def search_logged(
    n: int,
    fixed: Sequence[int],
    forbidden: Sequence[int],
    sink: Callable[[tuple[int, ...]], bool],
    proof: int,
    poll: Callable[[], bool] | None = ...,
) -> tuple[int, int, int, int, int]: ...
