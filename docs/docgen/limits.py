"""The limits reference (docs/reference/limits.md): every size refused up front, written
from the constants the code refuses with when the docs are built, so the page cannot drift
from the code. Each example figure (a clause count, the samples `estimate` suggests) is
worked out by the same formulas the refusal uses. tests/unit/test_docs_limits.py holds the
page to this generator.
"""

from __future__ import annotations


def _millions(value: int) -> str:
    """20_000_000 -> "20 million"."""
    return f"{value // 1_000_000} million" if value % 1_000_000 == 0 else f"{value:,}"


def _names(names: list[str]) -> str:
    """["a", "b", "c"] -> "`a`, `b` and `c`"."""
    shown = [f"`{name}`" for name in names]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def _reach() -> str:
    """The backends' own size limits, grouped, with the one that fits beyond."""
    from nqueens.backends import REGISTRY, large_board_backend
    from nqueens.limits import MAX_BOARD_N
    from nqueens.spec import Spec

    groups: dict[int, list[str]] = {}
    for name, info in REGISTRY.items():
        if info.max_n is not None and info.max_n < MAX_BOARD_N:
            groups.setdefault(info.max_n, []).append(name)
    limits = [f"n > {n:,} for {_names(names)}" for n, names in sorted(groups.items())]
    plain, other = large_board_backend(Spec(10)), large_board_backend(Spec(10, "torus"))
    return (f"boards beyond a backend's reach: {'; '.join(limits)}, with a pointer to "
            f"`--backend {plain.name if plain else '?'}` for a plain board, `--backend "
            f"{other.name if other else '?'}` for any other;")


def _pairwise_refusal(n: int) -> str:
    """The refusal of an explicit pairwise CNF at size n, as the sat backend words it."""
    from nqueens.backends import check
    from nqueens.backends.sat_facts import ROW
    from nqueens.errors import SizeLimitError
    from nqueens.spec import Spec

    try:
        check(ROW, Spec(n), {"encoding": "pairwise"}, "find")
    except SizeLimitError as error:
        return str(error)
    raise AssertionError(f"the pairwise CNF of n = {n} is no longer refused")


def _terminal_n() -> int:
    """The smallest board with more solutions than a terminal is shown."""
    from nqueens.limits import MAX_TERMINAL_SOLUTIONS, known_solutions
    from nqueens.spec import Spec

    return next(n for n in range(1, 30) if (known_solutions(Spec(n)) or 0) > MAX_TERMINAL_SOLUTIONS)


def _export_size(n: int) -> int:
    """Literals and variables of the default DIMACS export of an n-board (as `export`
    counts them before refusing)."""
    from nqueens.backends import first_by_formalism
    from nqueens.modeling.structure import describe_compiled
    from nqueens.spec import Spec

    return int(describe_compiled(Spec(n), first_by_formalism()["cnf"])["literals"])


def _certified_count() -> str:
    """The certified count's memory refusal, with the plain 16-board's figure."""
    from nqueens.limits import BASE_BYTES, known_solutions, memory_text
    from nqueens.planning import CERTIFIED_BYTES_PER_SOLUTION
    from nqueens.spec import Spec

    known = known_solutions(Spec(16)) or 0
    return (f"`count --certify` (and `count(..., certify=True)`) when its list of solutions would "
            f"not fit in this machine's memory, at about {CERTIFIED_BYTES_PER_SOLUTION:,} bytes a "
            f"solution (16-queens: {known:,} solutions, about "
            f"{memory_text(BASE_BYTES + CERTIFIED_BYTES_PER_SOLUTION * known)});")


def limits_markdown() -> str:
    """The page's list of refusals, from the constants."""
    from nqueens.backends.sat_facts import DEFAULT_ENCODING, LARGE_ENCODING, MAX_CLAUSES, PAIRWISE_UP_TO_N
    from nqueens.cli.placement_input import MAX_DEPTH
    from nqueens.cli.stats import MAX_STATS_N
    from nqueens.cli.verify import MAX_INPUT_BYTES
    from nqueens.limits import MAX_BOARD_N, MAX_COUNTED_N, MAX_DIGITS, MAX_TERMINAL_SOLUTIONS, MAX_TIMEOUT
    from nqueens.modeling.export import MAX_EXPORT_LITERALS
    from nqueens.modeling.structure import MAX_DESCRIBE_N
    from nqueens.pictures.board import MAX_BOARDS, MAX_DRAWN_N
    from nqueens.pictures.page import PAGE_MAX_EVENTS
    from nqueens.pictures.tree import DEFAULT_TREE_NODES, MAX_TREE_NODES
    from nqueens.playing.board import PLAY_MAX_N
    from nqueens.playing.rules import MAX_N as PROPAGATE_MAX_N
    from nqueens.textbook.estimate import MAX_ESTIMATE_N, MAX_ESTIMATE_WORK, walk_cost

    big = 300  # the size the examples take
    items = [
        f"any N above {MAX_BOARD_N:,} (or of more than {MAX_DIGITS} digits), for every command;",
        _reach(),
        (f"a CNF estimated above {_millions(MAX_CLAUSES)} clauses (`nqueens/backends/sat_facts.py`). "
        f"The `sat` backend picks {DEFAULT_ENCODING} only up to n = {PAIRWISE_UP_TO_N}; asking "
        f"for it explicitly at n = {big} is refused:\n  `{_pairwise_refusal(big)}`;"),
        (f"counting (or `--all`) a plain board beyond n = {MAX_COUNTED_N}, the largest ever "
        "counted (OEIS A000170), unless a `--timeout` bounds it and the result is a lower bound;"),
        _certified_count(),
        (f"`solve N --all` with stdout on a terminal when N-queens has more than "
        f"{MAX_TERMINAL_SOLUTIONS:,} solutions (N >= {_terminal_n()}): it suggests `nqueens count "
        "N`, `--limit K`, or redirecting `--format jsonl` to a file;"),
        (f"`solve --output FILE` when the boards asked for cannot fit one picture (more than "
        f"{MAX_BOARDS}: `--limit K`, or `--all` on a plain board whose count OEIS gives) or the "
        f"board is larger than {MAX_DRAWN_N};"),
        (f"`describe` above n = {MAX_DESCRIBE_N:,} (below, it answers at once from formulas: "
        "`describe 500`, `describe 100000 --backend backtrack`);"),
        (f"`export` of more than {_millions(MAX_EXPORT_LITERALS)} literals and variables "
        f"(`export {big} --to dimacs` needs {_export_size(big):,}: use `--encoding "
        f"{LARGE_ENCODING}`);"),
        (f"`encodings` when its largest CNF ({DEFAULT_ENCODING}) passes the "
        f"{_millions(MAX_CLAUSES)} clause limit (`encodings {big}`);"),
        (f"`estimate` above n = {MAX_ESTIMATE_N:,}, or when the walks would take more than about "
        f"ten seconds (`estimate {big}` suggests `--samples "
        f"{MAX_ESTIMATE_WORK // walk_cost(big):,}`; `estimate {big} --samples 10` answers, with "
        "exact integer arithmetic: the figures pass a float's range);"),
        f"`stats` above n = {MAX_STATS_N} (the tree is counted exactly);",
        (f"`play` and `nqueens.play` above n = {PLAY_MAX_N} (the cells would be too small to "
        f"click; `nqueens.propagate` answers up to n = {PROPAGATE_MAX_N:,});"),
        (f"`trace --output` of a posed problem whose walk takes more than {PAGE_MAX_EVENTS:,} "
        "events (counted before the page is built, as a region puzzle's walk is not told by "
        "its size: `trace regions-12 -o FILE.html` is refused, its text trace and `--format "
        "json` are not);"),
        (f"`tree` of a tree of more than {DEFAULT_TREE_NODES} nodes without `--large`, or "
         f"{MAX_TREE_NODES:,} with it, judged by walking the tree (whatever the board's n);"),
        (f"a time limit (`--timeout S`, the API's `timeout=`) that is not a positive number of "
        f"seconds, or a finite one above {MAX_TIMEOUT:,} s (about 116 days; `inf` is no limit, "
        "as no `--timeout` is);"),
        (f"input files: `verify` reads at most {MAX_INPUT_BYTES // 2**20} MiB and refuses JSON "
        f"nested more than {MAX_DEPTH} deep or numbers of more than {MAX_DIGITS} digits; model "
        "files as in the [model-file format](model-file.md#what-is-refused);"),
        ("output paths, through one writing helper (`atomicfile.py`): a directory, a device or "
        "pipe (even with `--force`), an existing file without `--force`, a missing or "
        "non-directory parent, a symlink loop, a name too long for the file system, or a "
        "directory that takes no new files (`/proc`, `/sys`, read-only) are refused before the "
        "work; a full disk or file-size limit during the write (`ENOSPC`, `EFBIG`) is one line "
        "and leaves no partial file (the write goes to a temp file that is renamed only when "
        "complete). `bench -o DIR` is checked the same way."),
    ]
    return "\n".join(f"* {item}" for item in items)
