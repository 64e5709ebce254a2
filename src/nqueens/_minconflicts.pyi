"""Types of the compiled min-conflicts loop (`_minconflicts.c`), so the strict type check sees
the same signature whether or not the extension was built."""

from collections.abc import Callable, Sequence

def solve(
    n: int,
    diag: int,
    knight: int,
    fixed: Sequence[int],
    starts: Sequence[int],
    cols: Sequence[int],
    seed: int,
    max_steps: int,
    restart_steps: int,
    full_scan_n: int,
    sample_empty: int,
    sample_any: int,
    expired: Callable[[], bool] | None,
    /,
) -> tuple[list[int] | None, int, int, int]: ...
