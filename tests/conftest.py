"""The suite's layers and shared fixtures.

Layers, by folder (each test is marked after the folder it sits in):
- tests/unit/: functions and modules in process (spec, variants, validator, encoders, plans,
  ledger, bitboard, backends); no subprocess, no server.
- tests/cli/: the `nqueens` command run in process through `nqueens.cli.main` (`run_cli`).
- tests/system/: the real command in subprocesses, signals and time limits, the browser, a
  notebook kernel, a Dask cluster.

A test in unit/ or cli/ that runs a subprocess carries `@pytest.mark.system` as well, so the
quick lane, `python -m pytest -m "not system"`, leaves it out; `.ci/run` runs it first, then
`-m system`. Optional dependencies are skipped or, in CI, required (tests/optional.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from nqueens.backends import backend_names

TESTS = Path(__file__).resolve().parent
LAYERS = ("unit", "cli", "system")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test with its layer: the first folder under tests/."""
    for item in items:
        try:
            layer = item.path.resolve().relative_to(TESTS).parts[0]
        except ValueError:  # collected from outside tests/ (a doctest, say)
            continue
        if layer in LAYERS:
            item.add_marker(getattr(pytest.mark, layer))


@pytest.fixture(params=backend_names(exhaustive_only=True))
def backend(request: pytest.FixtureRequest) -> str:
    """Every backend whose counts are exact (the known-answer tests apply to all of them)."""
    return request.param


@dataclass(frozen=True)
class CliResult:
    """What one in-process run of the command gave: exit code, stdout, stderr."""

    code: int
    out: str
    err: str


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., CliResult]:
    """Run `nqueens ARGS...` in this process (`nqueens.cli.main`) and return its exit code
    and what it printed; output printed before the call is dropped first."""
    from nqueens.cli import main

    def run(*argv: str) -> CliResult:
        capsys.readouterr()
        code = main(list(argv))
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return run


@pytest.fixture
def memory_cap() -> Iterator[None]:
    """Cap this process's address space at 2 GiB above what it uses (RLIMIT_AS) for the
    test: a refusal that regresses then fails with a MemoryError instead of taking the
    shared machine's memory. Tests of sizes refused up front use it."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm") as statm:
        used = int(statm.read().split()[0]) * resource.getpagesize()
    cap = used + 2 * 2**30
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
