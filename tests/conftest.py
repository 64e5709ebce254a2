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

import shutil
import signal
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from nqueens.backends import backend_names

from optional import missing

TESTS = Path(__file__).resolve().parent

# A suite started as a background job of a script inherits SIGINT ignored, and so would every
# command a test starts (a command keeps an ignored SIGINT ignored, as `nohup` asks): the
# signal tests would then test the launcher. Run as from a terminal, where Ctrl-C reaches it.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
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


# The system lane's one browser: headless Chromium driven by Selenium, started once for the
# session (the step-through page's test and the play board's share it) and quit at the end.
# It needs Debian's `chromium` and `chromium-driver` and the `selenium` package (`.ci/run`
# installs them); without them a test that asks for it fails under NQUEENS_REQUIRE_OPTIONAL=1
# and is skipped, saying what to install, elsewhere.
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


def _missing() -> list[str]:
    absent = [what for what, ok in (
        ("the chromium browser (apt-get install chromium)", CHROMIUM),
        ("chromedriver (apt-get install chromium-driver)", DRIVER),
    ) if not ok]
    try:
        import selenium  # noqa: F401
    except ImportError:
        absent.append("selenium (pip install '.[system]')")
    return absent


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    absent = _missing()
    if absent:
        missing("the browser test needs " + ", ".join(absent))
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    assert CHROMIUM is not None and DRIVER is not None  # (nothing is missing)
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="nqueens-chromium-")
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 f"--user-data-dir={profile}", "--window-size=1400,1000"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)
